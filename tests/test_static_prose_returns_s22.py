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
