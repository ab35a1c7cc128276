"""docref.core.word_search: the answers of the per-name patterns it replaces, without compiling
one per name -- on texts built to hit every boundary case (Unicode letters and digits, ``_``,
``.``, a name at either end, overlapping occurrences, case folding, non-ASCII text)."""

from __future__ import annotations

import random
import re

import pytest
from docref.checks.static.names_local import passed_keywords
from docref.core import word_search
from docref.core.word_search import (
    first_argument,
    followed_by,
    occurrences,
    preceded_by,
    word_count,
    word_in,
)

# pieces a text is built from: the names themselves, word characters of several scripts, the
# characters the boundaries test, blanks, the markup the patterns read after a name
_PIECES = [
    "ab",
    "a",
    "b",
    "aba",
    "_",
    ".",
    " ",
    "\n",
    "é",
    "Ab",
    "AB",
    "\u0661",  # an Arabic-Indic digit: a word character
    "²",
    "x",
    "(",
    ",",
    "`",
    "*",
    "()",
    " method",
    " Function",
    "isinstance(",
    "isinstance( ",
    "Kelvin",
    "K",
]
_NAMES = ["a", "ab", "aba", "Ab", "b.a", "_", "é", "a_", "ab()", "x", "K", "k"]


def _texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 12))) for _ in range(count)]


@pytest.mark.parametrize("not_after", ["", "."])
def test_occurrences_are_the_matches_of_the_bounded_pattern(not_after: str) -> None:
    for text in _texts(3000, 1):
        for name in _NAMES:
            bounded = rf"(?<![\w{re.escape(not_after)}]){re.escape(name)}"
            expected = [m.start() for m in re.finditer(bounded + r"(?!\w)", text)]
            assert list(occurrences(text, name, not_after=not_after)) == expected, (text, name)
            assert word_in(text, name, not_after=not_after) == bool(expected)
            assert word_count(text, name, not_after=not_after) == len(expected)
            open_ended = [m.start() for m in re.finditer(bounded, text)]
            found = list(occurrences(text, name, not_after=not_after, word_after=False))
            assert found == open_ended, (text, name)


def test_an_overlapping_occurrence_counts_as_the_regex_does() -> None:
    # ``a.a`` in ``a.a.a``: findall takes the first and goes on after it, as word_count does
    assert word_count("a.a.a", "a.a") == len(re.findall(r"(?<!\w)a\.a(?!\w)", "a.a.a")) == 1
    # a rejected occurrence does not hide the next one that overlaps it
    assert list(occurrences("aab", "ab")) == [m.start() for m in re.finditer(r"(?<!\w)ab", "aab")]


def test_the_empty_name_gives_the_regex_answers() -> None:
    for text in ["", " ", "a", " a ", ".", "a b"]:
        assert word_in(text, "") == bool(re.search(r"(?<!\w)(?!\w)", text))
        assert word_count(text, "") == len(re.findall(r"(?<!\w)(?!\w)", text))


def test_first_argument_is_the_combined_search() -> None:
    opened, then = re.compile(r"isinstance(?<!\wisinstance)\(\s*"), re.compile(r"\s*,")
    for text in _texts(3000, 2):
        for name in [*_NAMES, " a", ""]:
            pattern = opened.pattern + re.escape(name) + then.pattern
            assert first_argument(text, opened, name, then) == bool(re.search(pattern, text))


@pytest.mark.parametrize("flags", [0, re.IGNORECASE])
def test_followed_by_is_the_combined_search(flags: int) -> None:
    then = re.compile(r"(?:\}|`+|</code>|\*)?(?:\(\))?\s+(?:method|function)\b", flags)
    for text in _texts(3000, 3):
        for name in _NAMES:
            for not_after in ("", "."):
                head = rf"(?<![\w{re.escape(not_after)}]){re.escape(name)}"
                expected = bool(re.search(head + then.pattern, text, flags))
                assert followed_by(text, name, then, not_after=not_after) == expected, (text, name)


def test_case_folding_beyond_ascii_is_left_to_the_regex() -> None:
    # the Kelvin sign folds to ``k`` under re.IGNORECASE: a lower-cased ASCII search would miss
    then = re.compile(r"\s+method\b", re.IGNORECASE)
    assert followed_by("the \u212a method", "k", then)
    assert not followed_by("the k function", "k", then)


def test_no_pattern_is_compiled_per_name(monkeypatch: pytest.MonkeyPatch) -> None:
    then = re.compile(r"\s+(?:method|function)\b", re.IGNORECASE)  # fixed: compiled once
    opened, comma = re.compile(r"isinstance\(\s*"), re.compile(r"\s*,")
    article = re.compile(r"\b(?:an?|one)\s+\Z", re.IGNORECASE)
    compiled: list[object] = []
    real = re._compiler.compile  # type: ignore[attr-defined]

    def counting(pattern: object, flags: int = 0) -> object:
        compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(re._compiler, "compile", counting)  # type: ignore[attr-defined]
    for n in range(50):
        name = f"fresh_name_{n}"
        text = f"see {name} method; isinstance({name}, int) and f({name}=1)"
        assert word_in(text, name) and word_count(text, name, not_after=".") == 3
        assert followed_by(text, name, then) and first_argument(text, opened, name, comma)
        assert preceded_by(f"An {name} here", name, article)
    # the doctest's call and its keyword, as the names rule reads them
    example = ">>> run(fresh_keyword=1)\n"
    assert passed_keywords(example, "run", "run", ["x"]) == {"fresh_keyword"}
    assert compiled == [], compiled
    # the control: the per-name pattern these replace does compile one
    re.search(r"(?<!\w)another_fresh_name(?!\w)", "x")
    assert compiled
    assert word_search.is_word_char("\u0661") and not word_search.is_word_char(".")


def test_preceded_by_is_the_combined_search() -> None:
    head = r"\b(?:an?|one|single|instance\s+of)\s+[`*]*"
    before = re.compile(head + r"\Z", re.IGNORECASE)
    rng = random.Random(4)
    pieces = [*_PIECES, "an ", "A ", "one", " of ", "instance  of ", "Single\t", "`", "**", "ab "]
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        for name in [*_NAMES, "`ab", "*a", " a"]:
            expected = bool(re.search(head + re.escape(name) + r"\b", text, re.IGNORECASE))
            assert preceded_by(text, name, before) == expected, (text, name)


def test_preceded_by_needs_its_anchor() -> None:
    with pytest.raises(ValueError):
        preceded_by("an item", "item", re.compile(r"\ban\s+"))
