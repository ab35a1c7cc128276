"""C2-PROSE-RETURN-TYPE, session 22: "a list of" said of an annotated mapping lists its keys ->
the opt-in C2-PROSE-RETURN-ITEMS (gunicorn round 36, openstacksdk round 32: debatable on first
sight), beside the container claims that stay in the default rule (a list said of a string, a
dict said of a list: the claims recall's mutations make), in Google, NumPy and reST form."""

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
def show_workers(arbiter) -> {ann}:
    """Show the workers.

    Args:
        arbiter: The arbiter.

    Returns:
        {claim}
    """
    return arbiter.workers
''',
    "numpy": '''
def show_workers(arbiter) -> {ann}:
    """Show the workers.

    Parameters
    ----------
    arbiter : Arbiter
        The arbiter.

    Returns
    -------
    {claim}
    """
    return arbiter.workers
''',
    "rest": '''
def show_workers(arbiter) -> {ann}:
    """Show the workers.

    :param arbiter: The arbiter.
    :returns: {claim}
    """
    return arbiter.workers
''',
}


def _rules(tmp_path: Path, style: str, ann: str, claim: str) -> list[str]:
    inp = static_input(tmp_path, _STYLES[style].format(ann=ann, claim=claim), "show_workers")
    return [f.rule for f in c2_prose_return_type(inp) + c2_prose_return_items(inp)]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("ann", "claim"),
    [
        ("dict", "list of HTTP workers."),
        ("dict[str, object]", "A list of vendor passthru methods for the node."),
        ("dict[str, int] | None", "The list of workers, or None."),
    ],
)
def test_a_list_said_of_a_mapping_lists_its_keys(
    tmp_path: Path, style: str, ann: str, claim: str
) -> None:
    assert _rules(tmp_path, style, ann, claim) == [RULE_PROSE_RETURN_ITEMS]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("ann", "claim"),
    [
        ("str", "list of HTTP workers."),  # recall: -> list turned into -> str
        ("list[int]", "A dictionary of workers."),  # recall: -> dict turned into a list
        ("int", "A list of workers."),
    ],
)
def test_other_container_claims_stay_in_the_default_rule(
    tmp_path: Path, style: str, ann: str, claim: str
) -> None:
    assert _rules(tmp_path, style, ann, claim) == [RULE_PROSE_RETURN]


# ---- round 45: "a set of ... details" written out as text, a conversion's participle ---------

_ROUND45 = {
    "google": '''
def f(value: str) -> {ann}:
    """{summary}

    Args:
        value: The input.

    Returns:
        {claim}
    """
    return value
''',
    "numpy": '''
def f(value: str) -> {ann}:
    """{summary}

    Parameters
    ----------
    value : str
        The input.

    Returns
    -------
    {claim}
    """
    return value
''',
    "rest": '''
def f(value: str) -> {ann}:
    """{summary}

    :param value: The input.
    :returns: {claim}
    """
    return value
''',
}


def _round45(tmp_path: Path, style: str, ann: str, summary: str, claim: str) -> list[str]:
    code = _ROUND45[style].format(ann=ann, summary=summary, claim=claim)
    inp = static_input(tmp_path, code, "f")
    return [f.rule for f in c2_prose_return_type(inp) + c2_prose_return_items(inp)]


@pytest.mark.parametrize("style", sorted(_ROUND45))
@pytest.mark.parametrize(
    ("ann", "summary", "claim"),
    [
        # faker ``credit_card_full``: the English group noun for what the text holds
        ("str", "Generate a set of credit card details.", "The details."),
        # robotframework ``encode_string_to_bytes``: the input, then what it became
        ("bytes", "Encode the string.", "The input string encoded to bytes."),
        ("bytes", "Encode the string.", "The given string converted into bytes."),
    ],
)
def test_a_group_noun_or_a_conversion_target_is_no_contradiction(
    tmp_path: Path, style: str, ann: str, summary: str, claim: str
) -> None:
    assert _round45(tmp_path, style, ann, summary, claim) == []


@pytest.mark.parametrize("style", sorted(_ROUND45))
@pytest.mark.parametrize(
    ("ann", "summary", "claim"),
    [
        ("str", "Generate a set of credit card numbers.", "The numbers."),  # a set of numbers
        ("bytes", "Encode the string.", "The input string, ready to be encoded."),  # no target
        ("bytes", "Encode the string.", "The input string encoded to text."),  # another target
    ],
)
def test_a_set_of_numbers_or_no_conversion_target_stays_reported(
    tmp_path: Path, style: str, ann: str, summary: str, claim: str
) -> None:
    assert _round45(tmp_path, style, ann, summary, claim) == [RULE_PROSE_RETURN]
