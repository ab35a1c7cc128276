"""Round 84 (session 34): diffractio's ``r0 (float, float)`` on a parameter annotated ``float``
that the body unpacks (``x0, y0 = r0``), indexes (``angles[1]``) or measures (``len(size)``):
6 DEBATABLE C2-PARAM-TYPE rows, "the annotation is the stale side".  A number can be none of
these, so the body takes the pair the docstring says: the docstring is true to the code and
the annotation is what to fix (session 13's decision for this shape, :mod:`.type_wider`).
Controls: the same entry on a body that uses the parameter as a number, and a pair documented
for an annotation that is no number, stay reported.  Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_FORMS = {
    "google": '''
def square(r0: {ann}, size: float = 1.0) -> float:
    """Draw a square.

    Args:
        r0 ({doc}): centre of the square
        size (float): side of the square
    """
    {body}
''',
    "numpy": '''
def square(r0: {ann}, size: float = 1.0) -> float:
    """Draw a square.

    Parameters
    ----------
    r0 : {doc}
        centre of the square
    size : float
        side of the square
    """
    {body}
''',
    "rest": '''
def square(r0: {ann}, size: float = 1.0) -> float:
    """Draw a square.

    :param r0: centre of the square
    :type r0: {doc}
    :param size: side of the square
    :type size: float
    """
    {body}
''',
}

_UNPACKED = "x0, y0 = r0\n    return x0 * y0 * size"
_UNPACKED_PARENS = "(x0, y0) = r0  # the centre\n    return x0 * y0 * size"
_INDEXED = "return (r0[0] + r0[1]) * size"
_MEASURED = "if len(r0) == 1:\n        return size\n    return size * 2"
_AS_NUMBER = "return r0 * size"
_ATTRIBUTE = "return r0.real * size"


def _param_types(tmp_path: Path, style: str, doc: str, body: str, ann: str = "float") -> list[str]:
    code = _FORMS[style].replace("{doc}", doc).replace("{body}", body).replace("{ann}", ann)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-PARAM-TYPE"]


@pytest.mark.parametrize("style", sorted(_FORMS))
@pytest.mark.parametrize("doc", ["float, float", "(float, float)", "tuple of float"])
@pytest.mark.parametrize(
    "body",
    [_UNPACKED, _UNPACKED_PARENS, _INDEXED, _MEASURED],
    ids=["unpacked", "unpacked-in-parens", "indexed", "measured"],
)
def test_a_pair_the_body_unpacks_is_no_finding_against_the_docstring(
    tmp_path: Path, style: str, doc: str, body: str
) -> None:
    assert _param_types(tmp_path, style, doc, body) == []


@pytest.mark.parametrize("style", sorted(_FORMS))
@pytest.mark.parametrize("body", [_AS_NUMBER, _ATTRIBUTE], ids=["arithmetic", "attribute"])
def test_control_a_body_using_it_as_a_number_keeps_the_finding(
    tmp_path: Path, style: str, body: str
) -> None:
    found = _param_types(tmp_path, style, "float, float", body)
    assert len(found) == 1, found
    assert found[0].startswith('documents r0 as "')


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_control_a_pair_for_a_string_annotation_keeps_the_finding(
    tmp_path: Path, style: str
) -> None:
    # a str unpacks and indexes too: the body's reads do not tell it from a pair
    found = _param_types(tmp_path, style, "float, float", _UNPACKED, ann="str")
    assert len(found) == 1, found


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_control_a_number_documented_for_the_unpacked_pair_keeps_the_finding(
    tmp_path: Path, style: str
) -> None:
    # the other way round (documented a number, annotated a pair, the body unpacks it): the
    # docstring is the stale side
    found = _param_types(tmp_path, style, "float", _UNPACKED, ann="tuple[float, float]")
    assert len(found) == 1, found
