"""Round 102 (session 38, private): mikeio writes the types an ``axis`` may have as a
parenthesised list with ``None`` among them, ``axis: (int, str, None), optional`` -- the
alternatives ``isinstance`` takes, not a tuple of three items (no tuple types an item
``None``): 6 FALSE and 19 DEB C2-PARAM-TYPE rows -- beside the controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.types_parse import parse_doc_type

from tests.static_helpers import default_findings

_MEAN = '''
def mean(axis: {annotation} = 0) -> int:
    """Mean value along an axis.

    Parameters
    ----------
    axis: {documented}, optional
        axis number or "time" or "space", by default 0

    Returns
    -------
    int
        the mean
    """
    return 0 if axis is None else 1
'''


def _param_types(tmp_path: Path, annotation: str, documented: str) -> list[str]:
    code = _MEAN.format(annotation=annotation, documented=documented)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-PARAM-TYPE"]


def test_parenthesised_alternatives_with_none_are_a_union() -> None:
    parsed = parse_doc_type("(int, str, None)")
    assert parsed is not None and parsed.render() == "int | str | None"
    # without a None item the parentheses still hold a tuple's items
    pair = parse_doc_type("(float, float)")
    assert pair is not None and pair.render() == "tuple[float, float]"


def test_the_alternatives_match_the_annotation(tmp_path: Path) -> None:
    assert _param_types(tmp_path / "a", "int | str | None", "(int, str, None)") == []
    # an extra None, as "int, str or None" has it (not reported either)
    assert _param_types(tmp_path / "b", "int | str", "(int, str, None)") == []
    assert _param_types(tmp_path / "c", "int | str", "int, str or None") == []


def test_other_alternatives_and_a_pair_stay_reported(tmp_path: Path) -> None:
    # alternatives naming other types than the annotation
    assert len(_param_types(tmp_path / "a", "bytes | None", "(int, str, None)")) == 1
    # a parenthesised pair of types is a tuple: reported against one float
    assert len(_param_types(tmp_path / "b", "float", "(float, float)")) == 1
