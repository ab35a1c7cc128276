"""C1-PROSE-NAME-STALE keeps, by default, a lower-case word whose parameter is the word written
shorter (``text`` -> ``txt``: issue 12's own example), in Google, NumPy and reST docstrings; an
uncued word whose initials a parameter is (``timesince``/``ts``) or merely contained in it
(``last``/``latest``) stays with the opt-in C1-PROSE-NAME-WORD."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_prose_name_word
from docref.checks.static.names_stale_twin import contracted

from tests.static_helpers import static_input

_GOOGLE = '''
def split(PARAM):
    """Split a text into paragraphs.

    Args:
        PARAM: the input.

    SENTENCE
    """
    return PARAM
'''

_NUMPY = '''
def split(PARAM):
    """Split a text into paragraphs.

    Parameters
    ----------
    PARAM : str
        The input.

    Notes
    -----
    SENTENCE
    """
    return PARAM
'''

_REST = '''
def split(PARAM):
    """Split a text into paragraphs.

    SENTENCE

    :param PARAM: the input.
    """
    return PARAM
'''


@pytest.mark.parametrize("template", [_GOOGLE, _NUMPY, _REST], ids=["google", "numpy", "rest"])
@pytest.mark.parametrize(
    ("param", "sentence", "default", "opt_in"),
    [
        # the parameter is the word with a vowel dropped, cut short, or contracted
        ("txt", "The `text` is split on blank lines.", ["C1-PROSE-NAME-STALE"], []),
        ("dest", "Blank lines in ``destination`` are kept.", ["C1-PROSE-NAME-STALE"], []),
        ("cfg", "Blank lines in ``config`` are kept.", ["C1-PROSE-NAME-STALE"], []),
        # controls: initials of the word, a word the parameter only contains
        ("ts", "Formatted as `timesince` does.", [], ["C1-PROSE-NAME-WORD"]),
        ("latest", "Applied before `last` is read.", [], ["C1-PROSE-NAME-WORD"]),
        # control: the parameter's own name is no finding at all
        ("txt", "The `txt` is split on blank lines.", [], []),
    ],
)
def test_a_contracted_parameter_keeps_the_default_rule(
    tmp_path: Path,
    template: str,
    param: str,
    sentence: str,
    default: list[str],
    opt_in: list[str],
) -> None:
    code = template.replace("PARAM", param).replace("SENTENCE", sentence)
    inp = static_input(tmp_path, code, "split")
    assert [f.rule for f in c1_name_unresolved(inp)] == default
    assert [f.rule for f in c1_prose_name_word(inp)] == opt_in


@pytest.mark.parametrize(
    ("word", "parameter", "expected"),
    [
        ("text", "txt", True),
        ("destination", "dest", True),
        ("discont", "discontinuity", True),
        ("message", "msg", True),
        ("timesince", "ts", False),  # initials
        ("last", "latest", False),  # contained, not contracted
        ("patch", "path", False),  # another word
        ("Host", "hostname", False),  # a capitalised word is a name of its own
        ("data", "input_data", False),  # another first letter
    ],
)
def test_contracted(word: str, parameter: str, expected: bool) -> None:
    assert contracted(word, parameter) is expected
