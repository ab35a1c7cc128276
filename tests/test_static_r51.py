"""Round 51's shapes (session 24): the static tier on developer tooling, CLIs, parsers, text and
web-client projects seen for the first time."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import RULE_PROSE_RETURN, c2_prose_return_type

from tests.static_helpers import flagged as findings

# scons' ``Virtualenv`` (round 51b): a "whether" summary, then a sentence of the description
# stating the value that comes back in a kind the annotation has
_STATED = {
    "google": '''
def virtualenv(strict: bool = False) -> str:
    """Return whether operating in a virtualenv.

    {later}

    Args:
        strict: Whether to look for the real prefix too.
    """
    return ""
''',
    "numpy": '''
def virtualenv(strict: bool = False) -> str:
    """Return whether operating in a virtualenv.

    {later}

    Parameters
    ----------
    strict : bool
        Whether to look for the real prefix too.
    """
    return ""
''',
    "rest": '''
def virtualenv(strict: bool = False) -> str:
    """Return whether operating in a virtualenv.

    {later}

    :param strict: Whether to look for the real prefix too.
    """
    return ""
''',
}

_SAYS_THE_STRING = (
    "Returns the path to the virtualenv home if running within one, else an empty string."
)


def _flagged(tmp_path: Path, code: str) -> list[str]:
    found = findings((c2_prose_return_type,), tmp_path, code, "virtualenv")
    return [f.text for f in found if f.rule == RULE_PROSE_RETURN]


@pytest.mark.parametrize("style", sorted(_STATED))
def test_a_later_returns_sentence_naming_the_kind_states_the_value(
    tmp_path: Path, style: str
) -> None:
    code = _STATED[style].format(later=_SAYS_THE_STRING)
    assert _flagged(tmp_path, code) == []


@pytest.mark.parametrize("style", sorted(_STATED))
@pytest.mark.parametrize(
    "later",
    [
        "It looks at the prefixes of the interpreter.",  # no statement of the value
        "Returns the path to the virtualenv home.",  # states it in no kind's word
        "The home is an empty string outside one.",  # a kind's word, not a Returns sentence
    ],
)
def test_the_whether_summary_stays_without_a_stated_kind(
    tmp_path: Path, style: str, later: str
) -> None:
    code = _STATED[style].format(later=later)
    assert _flagged(tmp_path, code) == ["Return whether operating in a virtualenv."]


# translate-toolkit's ``get_comment_one_line`` (round 51): the Returns entry repeats the boolean
_STALE_ENTRY = '''
def get_comment_one_line(line: str) -> str | None:
    """
    Determine whether a *line* is a one-line comment.

    Returns the comment's text as a string when it is one.

    :param line: A properties line
    :return: True if line is a one-line comment
    """
    if line.startswith("#"):
        return line[1:]
    return None
'''


def test_a_returns_entry_saying_true_stays_beside_a_stating_sentence(tmp_path: Path) -> None:
    # the entry's "True if" is its own claim: a sentence elsewhere cannot excuse it
    found = findings((c2_prose_return_type,), tmp_path, _STALE_ENTRY, "get_comment_one_line")
    assert [f.text for f in found] == [":return: True if line is a one-line comment"]


def test_the_stale_whether_summary_and_entry_both_stay(tmp_path: Path) -> None:
    stating = "    Returns the comment's text as a string when it is one.\n\n"
    code = _STALE_ENTRY.replace(stating, "")
    found = findings((c2_prose_return_type,), tmp_path, code, "get_comment_one_line")
    assert len(found) == 2
