"""Segments before positions are attached, and the helpers both style parsers share."""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.core.segment import SegmentKind

from .mapped import Mapped
from .prose import segment_code_aware

__all__ = ["Draft", "looks_like_type", "prose_drafts"]


@dataclass(slots=True)
class Draft:
    """A segment whose text still carries its source mapping."""

    content: Mapped
    kind: SegmentKind
    name: str | None = None
    type: str | None = None
    section: str | None = None
    name_span: tuple[int, int] | None = None
    type_span: tuple[int, int] | None = None


def prose_drafts(paragraph: Mapped, section: str | None, summary: bool) -> list[Draft]:
    """Split one prose paragraph into sentence drafts (code-aware Punkt).

    With ``summary`` the first sentence is of kind ``"summary"``.
    """
    text = paragraph.collapse()
    drafts: list[Draft] = []
    if not text.text:
        return drafts
    for span in segment_code_aware(text.text):
        piece = text.stripped_slice(span.start, span.end)
        if not piece.text:
            continue
        kind: SegmentKind = "summary" if summary and not drafts else "prose"
        drafts.append(Draft(piece, kind, section=section))
    return drafts


_TYPE_WORD = re.compile(r"[~\w.*\\]+|`[^`]+`|'[^']*'|\"[^\"]*\"|\|")
_CONNECTORS = frozenset({"or", "of", "and", "optional", "default", "to", "|", ","})


def _top_level_words(text: str) -> list[str] | None:
    """Whitespace/comma separated words outside brackets; None if brackets are unbalanced."""
    words: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth < 0:
                return None
        if depth == 0 and (char.isspace() or char == ","):
            if current:
                words.append("".join(current))
                current = []
            if char == ",":
                words.append(",")
            continue
        current.append(char)
    if depth:
        return None
    if current:
        words.append("".join(current))
    return words


def looks_like_type(text: str) -> bool:
    """Whether ``text`` reads as a type expression rather than a phrase.

    Accepts ``int``, ``list[int]``, ``dict of str to int``, ``int or None``,
    ``int, optional``, ``Callable[[int], str]``, ``{'a', 'b'}``; rejects ``The value`` and
    anything with two plain words in a row, a sentence end, or more than 80 characters.
    """
    text = text.strip()
    if not text or len(text) > 80 or text.endswith((".", "!", "?")):
        return False
    words = _top_level_words(text)
    if not words:
        return False
    previous_is_word = False
    for word in words:
        low = word.lower()
        if low in _CONNECTORS or low.startswith("default"):
            previous_is_word = False
            continue
        bare = re.sub(r"[\[({].*", "", word)
        if bare and not _TYPE_WORD.fullmatch(bare):
            return False
        if previous_is_word:
            return False
        previous_is_word = True
    return True
