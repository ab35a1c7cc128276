"""Round 40's tuple items (session 21, a late held-out round; fixed after its first pass,
tuned): a NumPy Returns entry naming the items of a returned tuple (``height, width : int``,
C2-RETURN-TYPE, 1 FALSE), beside controls that stay reported.  Its other shape, "optional" on
a subscript method's key, is tested with the operator methods' operands in
test_static_leftovers_s21.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_returns import c2_return_type

from tests.static_helpers import flagged

_CANVAS = '''
def canvas(area, pixels) -> {annotation}:
    """Size a canvas.

    Returns
    -------
    {entry}
        Height and width of the canvas in pixels.
    """
    side = int(area * pixels)
    return {value}
'''


@pytest.mark.parametrize(
    ("annotation", "entry", "value", "reported"),
    [
        ("tuple", "height, width: int", "side, side", False),
        ("tuple[int, int]", "height, width : int", "side, side", False),
        ("str", "height, width : int", "str(side)", True),  # not a tuple: stays reported
        ("tuple", "height : int", "side, side", True),  # one name: a single int
    ],
    ids=["items", "items-typed", "control-str", "control-one-name"],
)
def test_a_numpy_returns_entry_naming_several_items_types_each_item(
    tmp_path: Path, annotation: str, entry: str, value: str, reported: bool
) -> None:
    code = _CANVAS.format(annotation=annotation, entry=entry, value=value)
    assert bool(flagged(c2_return_type, tmp_path, code, "canvas")) is reported
