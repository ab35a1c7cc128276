"""``*prop1*, *prop2*, ...`` documents the values a ``*props`` collects, one by one.

Round 59 (periodictable's ``PeriodicTable.list(*props, **kw)``, 2 FALSE): C1-PROSE-NAME-STALE
read ``prop1`` and ``prop2`` as old names of ``props``.  The same names for a named ``props``
(one list argument) are still old names: ``show(prop1, prop2)`` became ``show(props)``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import DOC_STYLES, default_findings


def _method(style: str, signature: str, names: str) -> str:
    """``Table.show`` documenting ``names`` (one entry) and ``*format*`` in ``style``."""
    if style == "google":
        entries = f"Args:\n    {names}: The properties to print.\n    format: A template."
    elif style == "numpy":
        entries = (
            f"Parameters\n----------\n{names} : str\n    The properties to print.\n"
            "format : str\n    A template."
        )
    else:
        entries = f":Parameters:\n    {names} : string\n        The properties to print.\n"
        entries += "    *format*: string\n        A template."
    doc = "\n".join(f"        {line}" if line else "" for line in entries.splitlines())
    return f'''
class Table:
    def show(self, {signature}):
        """Print a list of elements with the given set of properties.

{doc}
        """
        return self
'''


def _stale(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split(" names")[0]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PROSE-NAME-STALE"
    )


@pytest.mark.parametrize("style", DOC_STYLES)
def test_numbered_items_of_a_variadic_parameter_are_not_old_names(
    tmp_path: Path, style: str
) -> None:
    code = _method(style, "*props, **kw", "*prop1*, *prop2*, ...")
    assert _stale(tmp_path, code) == []


@pytest.mark.parametrize("style", DOC_STYLES)
def test_a_numbered_name_of_a_named_parameter_stays_a_rename(tmp_path: Path, style: str) -> None:
    # control: a named ``props`` takes one list, so ``prop1`` and ``prop2`` were parameters
    code = _method(style, "props, **kw", "*prop1*, *prop2*, ...")
    assert _stale(tmp_path, code) == ["`prop1`", "`prop2`"]
