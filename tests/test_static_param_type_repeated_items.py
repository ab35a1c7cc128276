"""C2-PARAM-TYPE: one type word said again for each item (``float, float``) documents a tuple of
them, never a union of a type with itself (round 63, moderngl-window's ``angles (float, float)``
on ``tuple[float, float]``, 1 FALSE).  A single word for the pair, and repeated words that name
another type than the annotation's items, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_param_weak
from docref.checks.types_parse import parse_doc_type

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids


def _flagged(tmp_path: Path, style: str, doc: str, ann: str) -> list[str]:
    code = documented_function(
        style,
        f"rotate(angles: {ann}) -> float",
        [("angles", doc, "the x and y angles")],
        "return angles[0] + angles[1]",
    )
    return rule_ids([c2_param_type, c2_param_weak], tmp_path, code, "rotate")


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"),
    [
        ("float, float", "tuple[float, float]"),
        ("int, int, int", "tuple[int, int, int]"),
        ("float, float, optional", "tuple[float, float] | None = None"),
    ],
)
def test_a_type_word_repeated_per_item_documents_the_tuple(
    tmp_path: Path, style: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, style, doc, ann) == []


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"),
    [
        ("float", "tuple[float, float]"),  # one float for the pair
        ("str, str", "tuple[float, float]"),  # a pair, of the wrong items
    ],
)
def test_one_word_for_the_pair_or_other_items_stay_reported(
    tmp_path: Path, style: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, style, doc, ann) != []


def test_different_words_stay_a_union() -> None:
    parsed = parse_doc_type("int, float")
    assert parsed is not None and parsed.render() == "float | int"
    repeated = parse_doc_type("float, float")
    assert repeated is not None and repeated.render() == "tuple[float, float]"
