"""Static rules: the shapes behind round 37's non-TRUE findings (session 21's public tuning
round), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.return_weak import c3_returns_weak
from docref.checks.static.returns_raises import c3_returns_vs_yields

from tests.static_helpers import rule_ids

_C3_RULES = (c3_returns_vs_yields, c3_returns_weak)

# A generator documented with Returns, in the three docstring styles.  "one or more" /
# "zero or more" items (round 37, html5lib's ``TreeWalker.text`` vendored in bleach, DEBATABLE,
# as on html5lib itself in round 22) is the loose word for items handed out one after another,
# like "sequence of": only the section's name is off, so the finding goes to the opt-in
# C3-RETURNS-WEAK.  A concrete value ("EmptyTag token", html5lib's ``emptyTag``, TRUE) or a
# concrete container ("a list of tokens") stays reported.
_REST = '''
def f(data):
    """Make tokens.

    :arg data: the text data

    :returns: ENTRY
    """
    for item in data:
        yield item
'''

_GOOGLE = '''
def f(data):
    """Make tokens.

    Args:
        data: the text data

    Returns:
        ENTRY
    """
    for item in data:
        yield item
'''

_NUMPY = '''
def f(data):
    """Make tokens.

    Parameters
    ----------
    data : str
        The text data.

    Returns
    -------
    ENTRY
        The tokens.
    """
    for item in data:
        yield item
'''


@pytest.mark.parametrize("form", [_REST, _GOOGLE, _NUMPY], ids=["reST", "Google", "NumPy"])
@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("one or more ``SpaceCharacters`` and ``Characters`` tokens", ["C3-RETURNS-WEAK"]),
        ("One or more tokens", ["C3-RETURNS-WEAK"]),
        ("zero or more tokens", ["C3-RETURNS-WEAK"]),
        # "sequence of" (round 19) now read after a reST field marker too
        ("A sequence of tokens", ["C3-RETURNS-WEAK"]),
        # controls: one concrete token, a concrete container, "one" alone
        ("EmptyTag token", ["C3-RETURNS-YIELDS"]),
        ("a list of one or more tokens", ["C3-RETURNS-YIELDS"]),
        ("one token", ["C3-RETURNS-YIELDS"]),
    ],
)
def test_generator_returns_one_or_more(
    tmp_path: Path, form: str, entry: str, expected: list[str]
) -> None:
    assert rule_ids(_C3_RULES, tmp_path, form.replace("ENTRY", entry)) == expected
