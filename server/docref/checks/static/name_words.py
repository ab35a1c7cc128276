"""The words of an identifier and how two identifiers' words relate: shared by the rules that
match a stale name in prose with its renamed twin (:mod:`.prose_names`,
:mod:`.prose_names_called`, :mod:`.names_used`) and by :mod:`.names_swapped`.

A name's words are its snake_case or camelCase parts, lowercased (:func:`words_of`); two names
may be word-by-word abbreviations of each other (:func:`word_abbreviation`), differ by exactly
one word (:func:`one_word`) or by one character (:func:`one_edit`); :func:`convention` tells
snake_case, CapWords and camelCase apart.
"""

from __future__ import annotations

import re

__all__ = [
    "abbreviates",
    "convention",
    "one_edit",
    "one_word",
    "spelt_shorter",
    "transposed",
    "word_abbreviation",
    "words_of",
]

_WORD = re.compile(r"[A-Za-z0-9]+")


def words_of(name: str) -> list[str]:
    """The words of a snake_case or camelCase name, lowercased."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return [w.lower() for w in _WORD.findall(spaced)]


def abbreviates(short: str, long: str) -> bool:
    """``short`` is an abbreviation of ``long``: same first letter, its letters in order,
    at least two of them, and shorter (``hdr`` for ``header``, ``txt`` for ``text``)."""
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0]:
        return False
    if short in long and not long.startswith(short):
        return False  # ``node`` in ``newnode`` is another word, not an abbreviation
    rest = iter(long[1:])
    return all(ch in rest for ch in short[1:])


def spelt_shorter(word: str, short: str) -> bool:
    """``short`` is the one word ``word`` written shorter by its vowels dropped (``heatmap`` ->
    ``htmp``, ``acquire`` -> ``acqr``), three letters at least.  Consonants dropped make
    another word as often (``fit`` in ``filter``, ``legend`` over ``len``), and so does a
    word cut short: one word of code is often two run together (``read`` of ``readline``,
    ``take`` of ``takewhile``)."""
    word, short = word.lower(), short.lower()
    if len(short) < 3 or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word)
    if not all(ch in rest for ch in short):
        return False
    dropped = list(word)
    for ch in short:
        dropped.remove(ch)
    return all(ch in "aeiou" for ch in dropped)


def word_abbreviation(a: list[str], b: list[str]) -> bool:
    """Word by word, equal or one abbreviating the other, with at least one abbreviation."""
    if len(a) != len(b):
        return False
    short = 0
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        if not (abbreviates(x, y) or abbreviates(y, x)):
            return False
        short += 1
    return short > 0


def one_word(a: list[str], b: list[str]) -> bool:
    """Same number of words (two or more), exactly one different."""
    return len(a) == len(b) >= 2 and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one inserted, deleted or replaced character (no transposition:
    :mod:`.names_spelling` counts those for misspellings)."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def transposed(a: str, b: str) -> bool:
    """``a`` and ``b`` differ only by two neighbouring letters swapped (``hmtl_fmt`` for
    ``html_fmt``): a slip of the fingers, not a word changed."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(diff) != 2 or diff[1] != diff[0] + 1:
        return False
    i, j = diff
    return a[i] == b[j] and a[j] == b[i]


def convention(name: str) -> str:
    """snake_case (``add_etag``), CapWords (``WriteObject``) or camelCase (``getValue``)."""
    bare = name.lstrip("_")
    if bare[:1].isupper():
        return "cap"
    return "camel" if re.search(r"[a-z0-9][A-Z]", bare) else "snake"
