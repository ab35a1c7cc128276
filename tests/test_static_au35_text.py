"""Round 84 (session 35): diffractio's ``normalize (str)`` on a parameter annotated ``bool``
that the body compares with ``'cut'``, and ``f1 (str)`` on one annotated ``float`` that the
body ``eval``-s: 4 DEBATABLE C2-PARAM-TYPE rows still firing, "the annotation is the stale
side".  A number or a flag is compared with no string, answers no string method and cannot be
``eval``-ed, so the body takes the text the docstring says: the docstring is true to the code
and the annotation is what to fix (session 13's decision, :mod:`.type_wider`).
Controls: the same entry on a body that only tests the flag for truth or uses the number as a
number, and a ``str`` documented for an annotation that is no number (a list), stay reported.
Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_FORMS = {
    "google": '''
def extrude(mask: list, mode: {ann} = {default}) -> list:
    """Extrude a mask.

    Args:
        mask (list): the mask to extrude
        mode ({doc}): how to treat values over 1
    """
    {body}
''',
    "numpy": '''
def extrude(mask: list, mode: {ann} = {default}) -> list:
    """Extrude a mask.

    Parameters
    ----------
    mask : list
        the mask to extrude
    mode : {doc}
        how to treat values over 1
    """
    {body}
''',
    "rest": '''
def extrude(mask: list, mode: {ann} = {default}) -> list:
    """Extrude a mask.

    :param mask: the mask to extrude
    :type mask: list
    :param mode: how to treat values over 1
    :type mode: {doc}
    """
    {body}
''',
}

_COMPARED = "if mode == 'cut':\n        return [min(m, 1) for m in mask]\n    return mask"
_COMPARED_LEFT = 'if "cut" != mode:\n        return mask\n    return [min(m, 1) for m in mask]'
_IN_CHOICES = 'if mode in ("mvn", "ms"):\n        return mask[::-1]\n    return mask'
_EVALUATED = "return [eval(mode, {}, {'x': m}) for m in mask]"
_STRING_METHOD = "if mode.lower() == mode:\n        return mask\n    return []"
_TRUTH_ONLY = "if mode:\n        return [min(m, 1) for m in mask]\n    return mask"
_AS_NUMBER = "return [m * mode for m in mask]"
# a comparison of another name with a string says nothing of ``mode``
_OTHER_COMPARED = "if mask == 'cut':\n        return mask\n    return [m * mode for m in mask]"


def _param_types(
    tmp_path: Path, style: str, body: str, ann: str = "bool", doc: str = "str"
) -> list[str]:
    default = "None" if "None" in ann else "False" if ann.startswith("bool") else "0"
    code = (
        _FORMS[style]
        .replace("{doc}", doc)
        .replace("{body}", body)
        .replace("{ann}", ann)
        .replace("{default}", default)
    )
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-PARAM-TYPE"]


@pytest.mark.parametrize("style", sorted(_FORMS))
@pytest.mark.parametrize("ann", ["bool", "float", "int | None"])
@pytest.mark.parametrize(
    "body",
    [_COMPARED, _COMPARED_LEFT, _IN_CHOICES, _EVALUATED, _STRING_METHOD],
    ids=["compared", "compared-left", "in-choices", "evaluated", "string-method"],
)
def test_text_the_body_reads_as_text_is_no_finding_against_the_docstring(
    tmp_path: Path, style: str, ann: str, body: str
) -> None:
    assert _param_types(tmp_path, style, body, ann) == []


@pytest.mark.parametrize("style", sorted(_FORMS))
@pytest.mark.parametrize(
    ("ann", "body"),
    [("bool", _TRUTH_ONLY), ("float", _AS_NUMBER), ("float", _OTHER_COMPARED)],
    ids=["flag-tested-for-truth", "number-used-as-number", "another-name-compared"],
)
def test_a_body_that_reads_no_text_keeps_the_finding(
    tmp_path: Path, style: str, ann: str, body: str
) -> None:
    assert len(_param_types(tmp_path, style, body, ann)) == 1


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_str_documented_for_a_list_annotation_stays_reported(tmp_path: Path, style: str) -> None:
    # a list is no number: comparing it with a string is the body's slip, not evidence that the
    # parameter is text
    assert len(_param_types(tmp_path, style, _COMPARED, "list | None")) == 1
