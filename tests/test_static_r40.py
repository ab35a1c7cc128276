"""Round 40's shapes (session 21, a late held-out round; fixed after its first pass, tuned):
a NumPy Returns entry naming the items of a returned tuple (``height, width : int``,
C2-RETURN-TYPE, 1 FALSE) and "optional" on a subscript method's key (C2-OPTIONAL-FLAG,
2 DEBATABLE: ``obj[key]`` always supplies it -- the opt-in weak rule, as for an operator's
operand).  Each beside a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
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


_KEY_DOCS = {
    "reST": ":param key: (optional) the variable's name.",
    "Google": "Args:\n            key (str, optional): the variable's name.",
    "NumPy": "Parameters\n        ----------\n        key : str, optional\n"
    "            the variable's name.",
}

_ACCESSOR = '''
class Accessor:
    def __init__(self, data):
        self.data = data

    def {name}(self, key):
        """Look a variable up.

        {doc}
        """
        return self.data[key]
'''


@pytest.mark.parametrize("style", sorted(_KEY_DOCS))
@pytest.mark.parametrize(
    ("name", "strong"), [("__getitem__", 0), ("__delitem__", 0), ("lookup", 1)]
)
def test_a_subscript_methods_key_documented_optional_is_the_weak_rule(
    tmp_path: Path, style: str, name: str, strong: int
) -> None:
    code = _ACCESSOR.format(name=name, doc=_KEY_DOCS[style])
    strong_found = flagged(c2_optional_flag, tmp_path, code, f"Accessor.{name}")
    weak_found = flagged(c2_optional_flag_weak, tmp_path / "w", code, f"Accessor.{name}")
    assert (len(strong_found), len(weak_found)) == (strong, 1 - strong)
