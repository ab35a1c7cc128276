"""Round 55 (session 25): a parameter documented by the Greek letter its name spells
(``:param θ:`` for ``theta``, spatialmath-python's 11 DEB) names that parameter; a Greek letter
that spells none of the parameters stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

# reST and Epydoc fields only: the Google and NumPy entry parsers read no entry for a name
# outside ASCII (the line is taken as the previous entry's text), so no rule sees one there
_STYLES = {
    "rest": '''
def rotate(x, {param}=0.0):
    """Rotate a value.

    :param x: the value
    :type x: float
    :param {letter}: the angle in radians
    :type {letter}: float
    """
    return x * {param}
''',
    "epydoc": '''
def rotate(x, {param}=0.0):
    """Rotate a value.

    @param x: the value
    @type x: float
    @param {letter}: the angle in radians
    @type {letter}: float
    """
    return x * {param}
''',
}


def _unknown(tmp_path: Path, style: str, letter: str, param: str) -> list[str]:
    code = _STYLES[style].format(letter=letter, param=param)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("letter", "param"), [("θ", "theta"), ("ω", "omega"), ("Θ", "theta"), ("λ", "lambda_")]
)
def test_greek_letter_names_the_parameter_it_spells(
    tmp_path: Path, style: str, letter: str, param: str
) -> None:
    assert _unknown(tmp_path, style, letter, param) == []


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_greek_letter_spelling_no_parameter_stays_reported(tmp_path: Path, style: str) -> None:
    # ``θ`` beside a parameter ``angle``: the letter names no parameter of the signature
    found = _unknown(tmp_path, style, "θ", "angle")
    assert len(found) == 1 and '"θ"' in found[0]
