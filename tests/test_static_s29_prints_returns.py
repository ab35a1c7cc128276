"""Session 29 (weak29): a Returns entry saying what a valueless function prints ("Prints the
character table for the point group.", round 67's chempy ``print_table``) claims no value --
beside Returns texts about printing that do claim one, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings
from tests.test_static_r52 import _SIDE_EFFECT


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


_PRINTS = (
    "Prints the character table for the point group.",
    "Prints Mulliken notations for irreducible representations",
    "Just prints the fragment counts.",
)
# the function returns nothing, but these say it gives something back: still wrong
_CLAIMS = (
    "The printed fragment counts.",
    "The text it prints.",
    "Prints of the fragment counts, one per layer.",
    "Prints and returns the fragment counts.",
)


@pytest.mark.parametrize("text", _PRINTS)
@pytest.mark.parametrize("form", sorted(_SIDE_EFFECT))
def test_returns_text_saying_what_a_valueless_call_prints_is_no_claim(
    tmp_path: Path, form: str, text: str
) -> None:
    assert _rules(tmp_path, _SIDE_EFFECT[form].replace("{text}", text)) == []


@pytest.mark.parametrize("text", _CLAIMS)
@pytest.mark.parametrize("form", sorted(_SIDE_EFFECT))
def test_returns_text_about_printing_that_claims_a_value_stays_reported(
    tmp_path: Path, form: str, text: str
) -> None:
    found = _rules(tmp_path, _SIDE_EFFECT[form].replace("{text}", text))
    assert found == ["C3-RETURNS-YIELDS"]
