"""Round 55 (sessions 25-26): spatialmath-python documents parameters by their Greek letter.

A Greek-letter entry names the parameter whose name the letter's Unicode name spells
(``:param θ:`` for ``theta``, session 25), the ASCII letter it looks like (``ω`` for ``w``), or,
when every other parameter has its entry, the one left (``:param 𝚪:`` for ``*angles``,
``:arg θ:`` for ``angles``).  A Greek letter naming none of them stays reported.  Google and
NumPy entries named by a non-ASCII letter are read as reST's are (session 26; before, their
parsers took the line as the previous entry's text, so no rule saw it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.segments import segment_docstring

from tests.static_helpers import DOC_STYLES, default_findings, documented_function

# Epydoc fields too: the reST-like field list the Greek-letter shape was first seen in
_EPYDOC = '''
def rotate(x, {param}=0.0):
    """Rotate a value.

    @param x: the value
    @type x: float
    @param {letter}: the angle in radians
    @type {letter}: float
    """
    return x * {param}
'''


def _unknown_in(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"]


def _unknown(
    tmp_path: Path, style: str, signature: str, entries: list[tuple[str, str, str]]
) -> list[str]:
    if style == "epydoc":
        return _unknown_in(tmp_path, _EPYDOC.format(letter=entries[1][0], param=signature))
    return _unknown_in(tmp_path, documented_function(style, signature, entries, "return x"))


@pytest.mark.parametrize("style", DOC_STYLES)
def test_every_style_reads_an_entry_named_by_a_greek_letter(style: str) -> None:
    code = documented_function(
        style, "f(x, theta)", [("x", "float", "the value"), ("θ", "float", "the angle")]
    )
    start, end = code.index('"""'), code.rindex('"""') + 3
    parsed = segment_docstring(code, start, end, "python")
    assert [s.name for s in parsed.segments if s.kind == "param"][-1] == "θ"


@pytest.mark.parametrize("style", [*DOC_STYLES, "epydoc"])
@pytest.mark.parametrize(
    ("letter", "param"),
    [("θ", "theta"), ("ω", "omega"), ("Θ", "theta"), ("λ", "lambda_"), ("ω", "w")],
)
def test_greek_letter_names_the_parameter_it_spells_or_looks_like(
    tmp_path: Path, style: str, letter: str, param: str
) -> None:
    # ``x`` is documented too, so the letter is matched by its name, not as the one left
    entries = [("x", "float", "the value"), (letter, "float", "the angle")]
    assert (
        _unknown(tmp_path, style, param if style == "epydoc" else f"f(x, {param})", entries) == []
    )


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize("signature", ["f(cls, *angles, unit='rad')", "f(cls, angles, unit='rad')"])
def test_greek_letter_documents_the_one_parameter_left(
    tmp_path: Path, style: str, signature: str
) -> None:
    entries = [("𝚪", "", "the Euler angles"), ("unit", "str", "angular units")]
    assert _unknown(tmp_path, style, signature, entries) == []


@pytest.mark.parametrize("style", DOC_STYLES)
def test_greek_letter_beside_every_parameter_documented_stays_reported(
    tmp_path: Path, style: str
) -> None:
    # ``angle`` has its own entry: ``θ`` names none of the parameters
    entries = [("x", "float", "the value"), ("angle", "float", "the angle"), ("θ", "", "the turn")]
    assert _unknown(tmp_path, style, "f(x, angle)", entries) == ["θ"]


@pytest.mark.parametrize("style", DOC_STYLES)
def test_greek_letter_with_two_parameters_left_stays_reported(tmp_path: Path, style: str) -> None:
    entries = [("θ", "float", "the angle")]
    assert _unknown(tmp_path, style, "f(x, angle)", entries) == ["θ"]
