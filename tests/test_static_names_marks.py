"""Tests for docref.checks.static.names_marks: the string pre-tests of the mention scan answer
what the regexes they stand for answer."""

from __future__ import annotations

import re

from docref.checks.static.names_marks import any_mark, dot_then_name, word_then_paren
from docref.checks.static.names_mentions import _CALL, _PLAIN_DOTTED

_ANY_MARK = re.compile(r"[`{(@]|\w\.\w|\*\w|<code>")

WINDOWS = [
    "Plain words only, and a full stop.",
    "See os.path for more.",
    "Version 1.2 and 3.x are fine.",
    "A ratio of a.1 or a._b or _.x or \u00e9.\u00e9 or x.\u0661 or x.\u00b2.",
    "Emphasis *here* and a lone * star, 2 * 3.",
    "Call frob() or `name` or ``literal`` or {@link X} or L{y} or <code>z</code>.",
    "An email bob@example.org.",
    "Ends with a dot.x",
    ".starts with a dot",
    "(parenthesis) and value(s) and \u00e9(x) and f (x).",
    "<cod not a tag",
]


def test_any_mark_is_the_regex_on_every_window() -> None:
    for text in WINDOWS:
        for begin in range(len(text) + 1):
            for stop in range(begin, len(text) + 1):
                expected = _ANY_MARK.search(text, begin, stop) is not None
                assert any_mark(text, begin, stop) == expected, (text, begin, stop)


def test_the_pre_tests_hold_wherever_their_pattern_matches() -> None:
    for text in WINDOWS:
        for begin in range(len(text)):
            piece = text[begin:]
            if _PLAIN_DOTTED.search(piece):
                assert dot_then_name(piece), piece
            if _CALL.search(piece):
                assert word_then_paren(piece), piece
    assert not dot_then_name("Version 1.2 and a full stop.")
    assert not word_then_paren("(parenthesis) and a gap (here)")
