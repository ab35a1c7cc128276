"""C2-PARAM-TYPE: one entry naming N parameters with N types in a row (NumPy ``x, y : int,
int``, Google ``x, y (int, int)``) gives the i-th type to the i-th name (round 73, py_cui: each
name was compared with "int, int", 4 FALSE).  A name whose own type disagrees stays reported,
and ``x, y : float, optional`` is still one type for both.  reST documents one name per field,
so it has no such entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.static_helpers import documented_function, rule_ids

STYLES = ("google", "numpy")


def _flagged(tmp_path: Path, style: str, doc: str, x: str, y: str) -> list[str]:
    code = documented_function(
        style,
        f"move(x: {x}, y: {y}) -> None",
        [("x, y", doc, "where the cursor goes")],
        "print(x, y)",
    )
    return rule_ids([c2_param_type, c2_param_weak], tmp_path, code, "move")


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize(
    ("doc", "x", "y"),
    [
        ("int, int", "int", "int"),
        ("str, int", "str", "int"),
        ("list of str, dict", "list[str]", "dict"),
    ],
)
def test_each_name_takes_its_own_type_of_the_row(
    tmp_path: Path, style: str, doc: str, x: str, y: str
) -> None:
    assert _flagged(tmp_path, style, doc, x, y) == []


@pytest.mark.parametrize("style", STYLES)
def test_a_name_whose_own_type_disagrees_is_reported(tmp_path: Path, style: str) -> None:
    # control: ``x`` is documented an int and annotated a str; ``y`` agrees
    assert _flagged(tmp_path, style, "int, int", "str", "int") == ["C2-PARAM-TYPE"]


@pytest.mark.parametrize("style", STYLES)
def test_a_type_and_a_flag_are_one_type_for_every_name(tmp_path: Path, style: str) -> None:
    # control: "float, optional" is no row of two types: both names are documented float
    assert _flagged(tmp_path, style, "str, optional", "int", "int") == [
        "C2-PARAM-TYPE",
        "C2-PARAM-TYPE",
    ]
