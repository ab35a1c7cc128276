"""C2-PROSE-RETURN-TYPE: "a list of" said of a mapping the body builds itself stays in the
default rule (the s16 prose probe's planted "Returns a list of the relative paths" over
``return {e.rel_path: e for e in entries}``: a list made a mapping, the words kept), while
session 22's loose summaries stay the opt-in C2-PROSE-RETURN-ITEMS: a mapping made elsewhere
(tests/test_static_prose_returns_s22.py) or one the Returns entry itself calls a dictionary
(gunicorn's "Return list of HTTP workers." over "Returns: Dictionary with workers list")."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import (
    RULE_PROSE_RETURN,
    RULE_PROSE_RETURN_ITEMS,
    c2_prose_return_items,
    c2_prose_return_type,
)

from tests.static_helpers import static_input

_STYLES = {
    "google": '''
def index(entries) -> dict[str, object]:
    """{summary}

    Args:
        entries: The entries.

    Returns:
        {claim}
    """
    {body}
''',
    "numpy": '''
def index(entries) -> dict[str, object]:
    """{summary}

    Parameters
    ----------
    entries : list
        The entries.

    Returns
    -------
    {claim}
    """
    {body}
''',
    "rest": '''
def index(entries) -> dict[str, object]:
    """{summary}

    :param entries: The entries.
    :returns: {claim}
    """
    {body}
''',
}

_BUILT = [
    "return {e.path: e for e in entries}",
    "return dict(zip(entries, entries))",
    "return {'first': entries[0], 'last': entries[-1]}",
]


def _rules(tmp_path: Path, style: str, summary: str, claim: str, body: str) -> list[str]:
    code = _STYLES[style].format(summary=summary, claim=claim, body=body)
    inp = static_input(tmp_path, code, "index")
    return [f.rule for f in c2_prose_return_type(inp) + c2_prose_return_items(inp)]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize("body", _BUILT)
def test_a_list_said_of_a_mapping_the_body_builds_is_reported(
    tmp_path: Path, style: str, body: str
) -> None:
    rules = _rules(tmp_path, style, "Index the entries.", "A list of the relative paths.", body)
    assert rules == [RULE_PROSE_RETURN]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize("body", _BUILT)
def test_a_returns_entry_calling_it_a_dictionary_keeps_the_summary_loose(
    tmp_path: Path, style: str, body: str
) -> None:
    rules = _rules(
        tmp_path, style, "Return list of the entries.", "Dictionary with the entries.", body
    )
    assert rules == [RULE_PROSE_RETURN_ITEMS]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_mapping_made_elsewhere_stays_opt_in(tmp_path: Path, style: str) -> None:
    body = "return entries.as_mapping()"
    rules = _rules(tmp_path, style, "Index the entries.", "A list of the relative paths.", body)
    assert rules == [RULE_PROSE_RETURN_ITEMS]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_mapping_built_on_one_path_only_stays_opt_in(tmp_path: Path, style: str) -> None:
    body = "if not entries:\n        return {}\n    return entries.as_mapping()"
    rules = _rules(tmp_path, style, "Index the entries.", "A list of the relative paths.", body)
    assert rules == [RULE_PROSE_RETURN_ITEMS]
