"""numpydoc's ``tuple of int, str`` (the items of a tuple listed after ``of``) is a reading of
``tuple[int, str]``: neither C2-PARAM-TYPE nor C2-RETURN-TYPE reports it against that
annotation (round 19, pandas' ``computation/expr.py``: 7 FALSE).  Controls: the same words
against an annotation no reading matches stay reported, and the plain readings are kept."""

from __future__ import annotations

from pathlib import Path

from docref.checks.types import parse_doc_readings

from tests.static_helpers import default_findings

ITEMS = '''
def rewrite(tok: tuple[int, str]) -> tuple[int, str]:
    """Rewrite one token.

    Parameters
    ----------
    tok : tuple of int, str
        The token's kind and text.

    Returns
    -------
    tuple of int, str
        Either the input or a new token.
    """
    return tok
'''


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


def test_tuple_items_after_of_match_the_annotation(tmp_path: Path) -> None:
    assert _rules(tmp_path, ITEMS) == []


def test_tuple_items_against_another_annotation_stay_reported(tmp_path: Path) -> None:
    code = ITEMS.replace("tuple[int, str]", "dict[str, bytes]")
    assert _rules(tmp_path, code) == ["C2-PARAM-TYPE", "C2-RETURN-TYPE"]


def test_tuple_items_of_another_order_stay_reported(tmp_path: Path) -> None:
    # the reading is the items in order: ``tuple of int, str`` is not ``tuple[str, float]``
    code = ITEMS.replace("tuple[int, str]", "tuple[str, float]")
    assert _rules(tmp_path, code) == ["C2-PARAM-TYPE", "C2-RETURN-TYPE"]


def test_the_readings_of_tuple_items() -> None:
    readings = parse_doc_readings("tuple of int, str")
    rendered = [r.render() if r is not None else None for r in readings]
    assert rendered[-1] == "tuple[int, str]"
    assert len(rendered) == 2  # the plain reading (a tuple of ints, or a string) stays first
    # not a list of items: one reading only
    assert len(parse_doc_readings("tuple of int")) == 1
    assert len(parse_doc_readings("int, str")) == 1
    # an item that is no single type word: no items reading
    assert len(parse_doc_readings("tuple of int, the text")) == 1
