"""Round 36's emphasised concept (session 21, tuned after the round's first pass): a name in
emphasis whose words the docstring also writes as plain words (``*current_date*`` beside
"the current date") is a stressed concept, not an old name of something in scope
(C1-PROSE-NAME-STALE, 1 FALSE).  Controls: the same name in code markup, and an emphasised
name the docstring never spells out, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import static_input

_CODE = '''
def sanitize_date(text):
    return text


def get_date_data(date_string, date_formats=None):
    """Parse a date.

    Missing parts of the date are taken from the {words}.

    {doc}
    """
    return sanitize_date(date_string)
'''

_DOCS = {
    "google": "Args:\n        date_string (str): Parts missing are from {mark}.",
    "numpy": (
        "Parameters\n    ----------\n    date_string : str\n        Parts missing are from {mark}."
    ),
    "rest": ":param date_string: parts missing are from {mark}.",
}


def _stale(tmp_path: Path, words: str, mark: str, style: str) -> list[str]:
    doc = _DOCS[style].replace("{mark}", mark)
    code = _CODE.replace("{words}", words).replace("{doc}", doc)
    inp = static_input(tmp_path, code, "get_date_data")
    return [f.message for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]


@pytest.mark.parametrize("style", sorted(_DOCS))
def test_an_emphasised_concept_spelt_out_in_the_docstring_is_no_stale_name(
    tmp_path: Path, style: str
) -> None:
    assert _stale(tmp_path, "current date", "*current_date*", style) == []


@pytest.mark.parametrize("style", sorted(_DOCS))
def test_code_markup_or_a_concept_never_spelt_out_stays_reported(
    tmp_path: Path, style: str
) -> None:
    assert _stale(tmp_path / "a", "current date", "``current_date``", style) != []
    assert _stale(tmp_path / "b", "present day", "*current_date*", style) != []
