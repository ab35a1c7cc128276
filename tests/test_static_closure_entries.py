"""Round 55 (session 26): a nested function documenting a variable of its enclosing function.

poppy's nested ``cached_R(n, m)`` documents ``rho``, which it reads from the function it is
defined in ("found implicitly in the scope of the calling fn").  Controls: the same entry on a
nested function that does not read the variable, and on a top-level function, stay reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import DOC_STYLES, default_findings, documented_function

_ENTRIES = [("n", "int", "the degree"), ("rho", "array", "radial coordinates")]


def _nested(style: str, body: str) -> str:
    inner = documented_function(style, "radial(n)", _ENTRIES, body)
    indented = "".join(f"    {line}\n" if line else "\n" for line in inner.splitlines())
    return f"def basis(npix):\n    rho = npix * 2\n{indented}    return radial(3)\n"


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize("style", DOC_STYLES)
def test_nested_function_documents_the_enclosing_variable_it_reads(
    tmp_path: Path, style: str
) -> None:
    assert _unknown(tmp_path, _nested(style, "return rho ** n")) == []


@pytest.mark.parametrize("style", DOC_STYLES)
def test_nested_function_not_reading_it_stays_reported(tmp_path: Path, style: str) -> None:
    assert _unknown(tmp_path, _nested(style, "return n")) == ["rho"]


@pytest.mark.parametrize("style", DOC_STYLES)
def test_top_level_function_reading_a_global_stays_reported(tmp_path: Path, style: str) -> None:
    code = "rho = 2\n\n\n" + documented_function(style, "radial(n)", _ENTRIES, "return rho ** n")
    assert _unknown(tmp_path, code) == ["rho"]
