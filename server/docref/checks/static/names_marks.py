"""Quick string tests that a docstring window may hold a mention, before any regex runs on it.

:func:`~docref.checks.static.names_mentions.find_mentions` scans every segment of every
docstring with a dozen patterns.  These tests answer, with string searches in C and a short
loop over the few candidate characters, what a regex beginning with ``\\w`` or a lookbehind
answered by trying every position of the window: each is exact (true whenever the pattern it
stands for could match), so skipping a window they reject changes no mention.
"""

from __future__ import annotations

__all__ = ["any_mark", "dot_then_name", "word_then_paren"]


def _word(char: str) -> bool:
    """``char`` is a regex ``\\w`` character."""
    return char.isalnum() or char == "_"


def any_mark(source: str, begin: int, stop: int) -> bool:
    """Whether ``source[begin:stop]`` holds one of the marks every mention needs in its
    window: a backtick (roles, literals), a brace (Epydoc, Javadoc tags), an opening
    parenthesis (call syntax), an ``@`` (Javadoc), ``<code>``, a ``*`` before a word character
    (emphasis) or a dot between two (a dotted name) -- the regex
    ``[`{(@]|\\w\\.\\w|\\*\\w|<code>``.  Most sentences have none, and skipping them is most of
    the rule's time."""
    for char in "`{(@":
        if source.find(char, begin, stop) != -1:
            return True
    if source.find("<code>", begin, stop) != -1:
        return True
    for char, after_word in (("*", False), (".", True)):
        at = source.find(char, begin, stop)
        while at != -1:
            word_after = at + 1 < stop and _word(source[at + 1])
            if word_after and (not after_word or (at > begin and _word(source[at - 1]))):
                return True
            at = source.find(char, at + 1, stop)
    return False


def dot_then_name(text: str) -> bool:
    """A dot followed by an identifier's first character (``[^\\W\\d]``): what every dotted
    name holds (nearly every sentence has a dot; few have one before a letter)."""
    at = text.find(".")
    while at != -1:
        after = text[at + 1 : at + 2]
        if after and (after == "_" or (after.isalnum() and not after.isdecimal())):
            return True
        at = text.find(".", at + 1)
    return False


def word_then_paren(text: str) -> bool:
    """An opening parenthesis right after a word character: what every call syntax holds."""
    at = text.find("(")
    while at != -1:
        if at > 0 and _word(text[at - 1]):
            return True
        at = text.find("(", at + 1)
    return False
