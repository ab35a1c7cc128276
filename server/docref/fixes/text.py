"""Edits on a file's text and the line arithmetic the fixes need.

Offsets are character offsets into the file's text (as segments have them).  Lines break at
``\\r\\n``, ``\\r`` and ``\\n`` (as LSP and :class:`~docref.segments.positions.LineIndex`
do); a deleted line takes its own line break with it, so the file's line endings (CRLF
included) are never changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "Edit",
    "apply_edits",
    "cased",
    "line_bounds",
    "line_break",
    "minimal_edit",
    "one_line",
]

_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """``text`` with every edit applied; raises ``ValueError`` when two edits overlap."""
    ordered = sorted(set(edits), key=lambda e: (e.start, e.end))
    pieces: list[str] = []
    cursor = 0
    for edit in ordered:
        if edit.start < cursor or edit.end < edit.start:
            raise ValueError(f"overlapping edits at offset {edit.start}")
        pieces.append(text[cursor : edit.start])
        pieces.append(edit.new)
        cursor = edit.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def line_break(text: str) -> str:
    """The line break ``text`` uses first (``"\\n"`` when it has none)."""
    match = _BREAK.search(text)
    return match.group() if match else "\n"


def line_bounds(text: str, offset: int) -> tuple[int, int, int]:
    """``(start, end, next)`` of the line holding ``offset``: its first character, the
    position of its line break (or the text's end) and the start of the next line."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        offset -= 1  # between the two characters of a CRLF: the line that CRLF ends
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    match = _BREAK.search(text, offset)
    if match is None:
        return start, len(text), len(text)
    return start, match.start(), match.end()


def minimal_edit(old: str, new: str, base: int = 0) -> Edit:
    """One edit turning ``old`` into ``new``, trimmed to the part that differs (``base`` is
    ``old``'s offset in the file): an editor shows and undoes only what changed."""
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
        tail += 1
    # never split a CRLF between kept and replaced text
    while head > 0 and old[head - 1] == "\r":
        head -= 1
    while tail > 0 and old[len(old) - tail] == "\n":
        tail -= 1
    return Edit(base + head, base + len(old) - tail, new[head : len(new) - tail])


def cased(word: str, like: str) -> str:
    """``word`` written in the case of ``like`` (``Yields`` for ``Returns``)."""
    lead = len(like) - len(like.lstrip(":@"))
    head, body = like[:lead], word[len(word) - len(word.lstrip(":@")) :]
    letters = like[lead:]
    if letters.isupper():
        return head + body.upper()
    if letters[:1].isupper():
        return head + body[:1].upper() + body[1:]
    return head + body


def one_line(text: str) -> str:
    """``text`` on one line (a string annotation: the type it names, without its quotes)."""
    text = " ".join(text.split())
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]  # a string annotation: the type it names
    return text
