"""Where one literal name occurs in a text with regex word boundaries, without a regex per name.

The rules ask whether a name -- a mention, a parameter, a callee -- stands in a text as a word
of its own: ``re.search(rf"(?<!\\w){re.escape(name)}(?!\\w)", text)``.  Built per name, each
such pattern is compiled by ``re``'s parser, which is Python code: a cold astropy run compiled
~550 of them in each worker (~0.1 s of CPU each), more than ``re``'s cache of 512 holds, so the
fixed patterns of other modules were compiled again as well.  These functions give the answers
of those patterns with ``str.find`` and a look at the characters on either side.

``\\w`` in a ``str`` pattern is a letter, digit or numeric character of any script, or ``_``:
``str.isalnum`` tests the same Unicode properties (both are CPython's ``Py_UNICODE_ISALNUM``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = [
    "first_argument",
    "followed_by",
    "is_word_char",
    "occurrences",
    "preceded_by",
    "word_count",
    "word_in",
]


def is_word_char(char: str) -> bool:
    """Whether ``\\w`` (a ``str`` pattern, no flags) matches the one character ``char``."""
    return char == "_" or char.isalnum()


def occurrences(
    text: str, name: str, *, not_after: str = "", word_after: bool = True
) -> Iterator[int]:
    """The offsets of the matches of ``(?<![\\w{not_after}]){name}(?!\\w)`` in ``text``, as
    ``re.finditer`` finds them (left to right, not overlapping); without ``word_after``, of
    ``(?<![\\w{not_after}]){name}``.  ``name`` and the characters of ``not_after`` are taken
    literally."""
    if not name:  # empty matches advance differently: the regex itself (never asked for)
        tail = r"(?!\w)" if word_after else ""
        for match in re.finditer(rf"(?<![\w{re.escape(not_after)}]){tail}", text):
            yield match.start()
        return
    size, length = len(name), len(text)
    find = text.find
    at = find(name)
    while at != -1:
        end = at + size
        if _cut_before(text, at, not_after) or (
            word_after and end < length and is_word_char(text[end])
        ):
            at = find(name, at + 1)
        else:
            yield at
            at = find(name, end)


def word_in(text: str, name: str, *, not_after: str = "") -> bool:
    """Whether ``re.search(rf"(?<![\\w{not_after}]){re.escape(name)}(?!\\w)", text)`` finds
    ``name``."""
    return next(occurrences(text, name, not_after=not_after), None) is not None


def word_count(text: str, name: str, *, not_after: str = "") -> int:
    """``len(re.findall(rf"(?<![\\w{not_after}]){re.escape(name)}(?!\\w)", text))``."""
    return sum(1 for _ in occurrences(text, name, not_after=not_after))


def first_argument(text: str, opened: re.Pattern[str], name: str, then: re.Pattern[str]) -> bool:
    """Whether ``re.search(opened.pattern + re.escape(name) + then.pattern, text)`` finds a
    match (``isinstance(`` then ``name`` then ``,``), for an ``opened`` whose matches cannot
    overlap (it starts with a word of its own) and that ends in a greedy run of blanks
    (``\\s*``): a name that starts with no blank can only follow the whole run, so each match
    of ``opened`` is one place to look.  Patterns with flags are not combined."""
    if not name or name[0].isspace():  # (never asked for: the run could give a blank back)
        return re.search(opened.pattern + re.escape(name) + then.pattern, text) is not None
    for match in opened.finditer(text):
        at = match.end()
        if text.startswith(name, at) and then.match(text, at + len(name)) is not None:
            return True
    return False


def followed_by(text: str, name: str, then: re.Pattern[str], *, not_after: str = "") -> bool:
    """Whether ``re.search(rf"(?<![\\w{not_after}]){re.escape(name)}" + then.pattern, text,
    then.flags)`` finds a match: ``then`` matched where each occurrence of ``name`` ends.  With
    ``re.IGNORECASE``, ``name`` is found in the lower-cased text when both are ASCII (an ASCII
    letter then matches only its other case); otherwise the combined pattern is searched."""
    flags = then.flags & ~re.UNICODE
    folded = bool(flags & re.IGNORECASE)
    if not name or (folded and not (name.isascii() and text.isascii())) or flags & ~re.IGNORECASE:
        head = rf"(?<![\w{re.escape(not_after)}]){re.escape(name)}"
        return re.search(head + then.pattern, text, then.flags) is not None
    haystack, needle = (text.lower(), name.lower()) if folded else (text, name)
    at = haystack.find(needle)
    while at != -1:
        if not _cut_before(text, at, not_after) and then.match(text, at + len(name)) is not None:
            return True
        at = haystack.find(needle, at + 1)
    return False


def preceded_by(text: str, name: str, before: re.Pattern[str]) -> bool:
    """Whether ``re.search(head + re.escape(name) + r"\\b", text, before.flags)`` finds a
    match, where ``before`` is ``head`` anchored at its end (``head + r"\\Z"``): each
    occurrence of ``name`` that ends on a word boundary, with ``before`` searched in the text
    up to it (its ``endpos``: ``\\Z`` matches there, and every way ``head`` can end there is
    tried).  Case folding as in :func:`followed_by`."""
    if not before.pattern.endswith(r"\Z"):
        raise ValueError("preceded_by needs a pattern anchored at its end")
    flags = before.flags & ~re.UNICODE
    folded = bool(flags & re.IGNORECASE)
    if not name or (folded and not (name.isascii() and text.isascii())) or flags & ~re.IGNORECASE:
        head = before.pattern[:-2]
        return re.search(head + re.escape(name) + r"\b", text, before.flags) is not None
    haystack, needle = (text.lower(), name.lower()) if folded else (text, name)
    at = haystack.find(needle)
    while at != -1:
        end = at + len(name)
        after = text[end] if end < len(text) else ""
        bounded = is_word_char(text[end - 1]) != bool(after and is_word_char(after))
        if bounded and before.search(text, 0, at) is not None:
            return True
        at = haystack.find(needle, at + 1)
    return False


def _cut_before(text: str, at: int, not_after: str) -> bool:
    """Whether ``(?<![\\w{not_after}])`` fails at ``at``."""
    return at > 0 and (is_word_char(text[at - 1]) or text[at - 1] in not_after)
