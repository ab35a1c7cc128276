"""C2-PROSE-RETURN-TYPE on Python: a string claim given for each of several things describes
each item of a returned list of strings (round 65, supervision's four ``Depth*.list() ->
list[str]``: "Return the string value of every colormap", 4 FALSE), as Java's ``String[]`` was
read already; one string said of the list stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import flagged

_GOOGLE = '''
def names(kind: str) -> {returns}:
    """{summary}

    Args:
        kind: The kind of colormap.
    """
    return [kind]
'''
_NUMPY = '''
def names(kind: str) -> {returns}:
    """{summary}

    Parameters
    ----------
    kind : str
        The kind of colormap.
    """
    return [kind]
'''
_REST = '''
def names(kind: str) -> {returns}:
    """{summary}

    :param kind: the kind of colormap.
    """
    return [kind]
'''
_STYLES = [_GOOGLE, _NUMPY, _REST]


def _rules(tmp_path: Path, template: str, returns: str, summary: str) -> list[str]:
    code = template.format(returns=returns, summary=summary)
    return [f.rule for f in flagged(c2_prose_return_type, tmp_path, code, "names")]


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    "summary",
    ["Return the string value of every colormap.", "Return a string for each known colormap."],
)
def test_a_string_for_each_thing_is_one_item_of_the_list(
    tmp_path: Path, template: str, summary: str
) -> None:
    assert _rules(tmp_path, template, "list[str]", summary) == []


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    ("returns", "summary"),
    [
        ("list[str]", "Return the string of the colormap."),  # one string: reported
        ("list[str]", "Return a string of characters for the colormap."),
        ("list[int]", "Return the string value of every colormap."),  # not strings at all
    ],
)
def test_one_string_said_of_the_list_is_still_reported(
    tmp_path: Path, template: str, returns: str, summary: str
) -> None:
    assert _rules(tmp_path, template, returns, summary) == ["C2-PROSE-RETURN-TYPE"]
