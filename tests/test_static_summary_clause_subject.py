"""Round 57 (session 26): a noun-phrase summary that goes on as a clause about its noun.

qcodes' ``validate_datadict(data_dict) -> str`` opens "A data dict has two keys, one of which
is 'Temperature (K)'.": the dict is the argument the sentence describes, not the return value.
Control: the noun phrase alone ("A data dict with two keys.") is still read as the return.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_CODE = '''
def validate(data: dict) -> str:
    """{summary}

    This validates it and gives back the unit it found.
    """
    return str(data)
'''


def _rules(tmp_path: Path, summary: str) -> list[str]:
    return [f.rule for f in default_findings(tmp_path, _CODE.format(summary=summary))]


@pytest.mark.parametrize(
    "summary",
    [
        "A data dict has two keys, one of which is 'Temperature (K)'.",
        "The data dictionary contains the curve and its units.",
        "A data dict is what the curve is read from.",
    ],
)
def test_summary_clause_about_its_noun_claims_no_return(tmp_path: Path, summary: str) -> None:
    assert "C2-PROSE-RETURN-TYPE" not in _rules(tmp_path, summary)


def test_noun_phrase_summary_stays_a_return_claim(tmp_path: Path) -> None:
    assert "C2-PROSE-RETURN-TYPE" in _rules(tmp_path, "A data dict with two keys.")
