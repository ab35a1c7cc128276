"""Type, return and raise rules, session 17 (fxt2): mechanisms behind first-pass false alarms
of rounds 17-22, each with a control of the same shape that stays reported.  Numbers:
benchmarks/PRECISION.md, "Session 17 fixes (fxt2)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_returns import c2_return_type

from tests.static_helpers import flagged

_GOOGLE_RETURNS = '''
class Column:
    """A column."""


def f(x: int) -> RETURNS:
    """Do it.

    Args:
        x (int): The x.

    Returns:
        RESULT
    """
    return None
'''


@pytest.mark.parametrize(
    ("returns", "result", "reported"),
    [
        # round 22 (evaluate): Hugging Face marks each item's type: `` `dict`: ...`` per line
        ("tuple[dict, Column]", "`dict`:  metric inputs.\n        `list`:  inputs.", False),
        ("tuple[dict, Column]", ":obj:`dict`: inputs.\n        :obj:`list`: inputs.", False),
        # control: one marked type for a tuple, its description going on, stays reported
        ("tuple[dict, Column]", "`dict`:  metric inputs\n            for the pipeline.", True),
        ("tuple[dict, Column]", "`dict`:  metric inputs.", True),
    ],
)
def test_google_marked_types_per_tuple_item(
    tmp_path: Path, returns: str, result: str, reported: bool
) -> None:
    code = _GOOGLE_RETURNS.replace("RETURNS", returns).replace("RESULT", result)
    assert bool(flagged(c2_return_type, tmp_path, code)) is reported
