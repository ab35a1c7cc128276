"""Session 30 (weak30): a NumPy entry whose header writes the default in the name part
(``callback=None : Callable``, round 73's py_cui ``show_filedialog_popup``) is an entry of its
own: its description's "default=None" is ``callback``'s, not the previous entry's.  Beside it
the control: the same description under the previous entry with no header of its own is still
read as that entry's default and reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.params import c1_param_unknown
from docref.segments.heads import numpy_named

from tests.static_helpers import rule_ids

_DOC = '''
def show(initial_dir='.', callback=None):
    """Show a dialog.

    Parameters
    ----------
    initial_dir : str
        Directory to open, default "."
{second}
    """
    return initial_dir, callback
'''


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        # the default written in the name part: an entry of its own
        ("    callback=None : Callable\n        Fired when done, default=None", []),
        ("    callback = None : Callable\n        Fired when done, default=None", []),
        # control: the line is no header, so "default=None" continues initial_dir's entry
        ("        Fired when done, default=None", ["C2-DEFAULT-MISMATCH"]),
    ],
)
def test_a_numpy_header_with_its_default_in_the_name_part_is_an_entry(
    tmp_path: Path, second: str, expected: list[str]
) -> None:
    code = _DOC.format(second=second)
    assert rule_ids(c2_default_mismatch, tmp_path, code, "show") == expected


def test_the_entry_is_named_without_its_default(tmp_path: Path) -> None:
    # the name part is the parameter's name: a stale name is still reported
    code = _DOC.format(second="    on_done=None : Callable\n        Fired when done.")
    assert rule_ids(c1_param_unknown, tmp_path, code, "show") == ["C1-PARAM-UNKNOWN"]
    fine = _DOC.format(second="    callback=None : Callable\n        Fired when done.")
    assert rule_ids(c1_param_unknown, tmp_path, fine, "show") == []


@pytest.mark.parametrize(
    ("text", "name", "type_text"),
    [
        ("callback=None : Callable", "callback", "Callable"),
        ("mode='r' : str", "mode", "str"),
        ("n = 10 : int", "n", "int"),
        ("callback : Callable", "callback", "Callable"),
    ],
)
def test_numpy_named_reads_the_name_before_the_default(
    text: str, name: str, type_text: str
) -> None:
    head = numpy_named(text)
    assert head is not None
    assert head.name == name
    assert head.type == type_text
    assert head.name_span is not None
    assert text[head.name_span[0] : head.name_span[1]] == name


@pytest.mark.parametrize("text", ["x = f(y) is computed", "a=b", "Note that x=None here : ok"])
def test_prose_with_an_equals_sign_is_no_header(text: str) -> None:
    assert numpy_named(text) is None
