"""C1-XREF-UNRESOLVED: a private name that resolves nowhere is corroborated by its leading
underscore (the project's own by convention: no Sphinx-only target or other library's object is
linked by a private name) -- matplotlib's ``:meth:`_interpolate_params``` (renamed
``_interpolate_single_key``), napari's ``:func:`_temporary_qrc_file```, dask's See Also
``_execute_task`` (all judged TRUE), the s16 prose probe's ``:func:`_execute```.  Controls: a
public name with no close name in scope stays the opt-in C1-XREF-UNCORROBORATED, a
dunder is not reported by default, a private name that exists is no finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_XREF, RULE_XREF_WEAK

from tests.names_helpers import xref_all
from tests.static_helpers import static_input

_STYLES = {
    "google": '''
def _run_one(handler, task):
    return handler(task)


def run_inline(task, handler):
    """Run one task outside any queue.

    The handler is called via {ref}, which logs failures.

    Args:
        task: The task.
        handler: Called on its payload.
    """
    return _run_one(handler, task)
''',
    "numpy": '''
def _run_one(handler, task):
    return handler(task)


def run_inline(task, handler):
    """Run one task outside any queue.

    Parameters
    ----------
    task : Task
        The task.
    handler : callable
        Called on its payload.

    See Also
    --------
    {name} : Runs the handler and logs failures.
    """
    return _run_one(handler, task)
''',
    "rest": '''
def _run_one(handler, task):
    return handler(task)


def run_inline(task, handler):
    """Run one task outside any queue.

    The handler is called via {ref}, which logs failures.

    :param task: The task.
    :param handler: Called on its payload.
    """
    return _run_one(handler, task)
''',
}


def _rules(tmp_path: Path, style: str, name: str) -> list[str]:
    code = _STYLES[style].format(ref=f":func:`{name}`", name=name)
    return [f.rule for f in xref_all(static_input(tmp_path, code, "run_inline"))]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_private_name_found_nowhere_is_reported(tmp_path: Path, style: str) -> None:
    assert _rules(tmp_path, style, "_execute") == [RULE_XREF]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_public_name_found_nowhere_stays_uncorroborated(tmp_path: Path, style: str) -> None:
    assert _rules(tmp_path, style, "execute_everything") == [RULE_XREF_WEAK]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_dunder_found_nowhere_is_not_corroborated(tmp_path: Path, style: str) -> None:
    assert RULE_XREF not in _rules(tmp_path, style, "__frobnicate__")


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_private_name_that_exists_is_no_finding(tmp_path: Path, style: str) -> None:
    assert _rules(tmp_path, style, "_run_one") == []
