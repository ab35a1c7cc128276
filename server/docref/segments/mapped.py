"""Text that remembers where every character came from.

A docstring's clean text differs from its source: quotes, indentation, Javadoc ``*`` and HTML
are removed, escapes are decoded, lines are joined.  :class:`Mapped` carries, for each
character of the clean text, the ``[start, end)`` range of source characters it stands for,
so a segment found in the clean text maps back to exact source offsets.  Synthetic
characters (a space joining two lines, a paragraph break for ``<p>``) are mapped to an empty
range at the position where they were inserted; they are always whitespace, and segment
bounds are taken from the first and last non-space characters, so they never show up in a
reported range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Builder", "Mapped"]

_WS_RUN = re.compile(r"\s+")
_OTHER_WS = re.compile(r"[^\S ]")  # whitespace other than a plain space


def _bounds(text: str) -> tuple[int, int]:
    """``[lo, hi)`` of ``text`` without leading and trailing whitespace (``lo == hi`` if blank).

    ``str.strip`` and ``str.isspace`` agree on what whitespace is; stripping in C beats a
    Python loop over the characters (this runs for every line and sentence of a docstring).
    """
    hi = len(text.rstrip())
    return (hi - len(text[:hi].lstrip())), hi


@dataclass(slots=True)
class Mapped:
    """A string plus the source range of each of its characters."""

    text: str = ""
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)

    @classmethod
    def of_source(cls, source: str, start: int, end: int) -> Mapped:
        """``source[start:end]`` mapped one-to-one onto itself."""
        return cls(source[start:end], list(range(start, end)), list(range(start + 1, end + 1)))

    def __len__(self) -> int:
        return len(self.text)

    def slice(self, start: int, end: int) -> Mapped:
        return Mapped(self.text[start:end], self.starts[start:end], self.ends[start:end])

    def strip(self) -> Mapped:
        lo, hi = _bounds(self.text)
        return self.slice(lo, hi)

    def stripped_slice(self, start: int, end: int) -> Mapped:
        """``self.slice(start, end).strip()``, copying the maps once."""
        lo, hi = _bounds(self.text[start:end])
        return self.slice(start + lo, start + hi)

    def lstrip_count(self) -> int:
        """Number of leading whitespace characters."""
        return len(self.text) - len(self.text.lstrip())

    def collapse(self) -> Mapped:
        """Strip, and turn every whitespace run into one space (mapped to its first char)."""
        stripped = self.strip()
        text = stripped.text
        if "  " not in text and not _OTHER_WS.search(text):
            return stripped
        builder = Builder()
        pos = 0
        for match in _WS_RUN.finditer(text):
            builder.extend(stripped.slice(pos, match.start()))
            i = match.start()
            builder.add(" ", stripped.starts[i], stripped.ends[i])
            pos = match.end()
        builder.extend(stripped.slice(pos, len(text)))
        return builder.build()

    def source_span(self) -> tuple[int, int] | None:
        """Source ``[start, end)`` from the first to the last non-space character."""
        lo, hi = _bounds(self.text)
        if lo >= hi:
            return None
        return self.starts[lo], self.ends[hi - 1]

    def span_of(self, start: int, end: int) -> tuple[int, int] | None:
        """Source range of the clean-text slice ``[start, end)`` (None if it is blank)."""
        return self.slice(start, end).source_span()

    def split_lines(self) -> list[Mapped]:
        """Split at ``\\n`` (the newline characters are dropped)."""
        lines: list[Mapped] = []
        pos = 0
        text = self.text
        while True:
            nl = text.find("\n", pos)
            if nl < 0:
                lines.append(self.slice(pos, len(text)))
                return lines
            lines.append(self.slice(pos, nl))
            pos = nl + 1


class Builder:
    """Accumulates a :class:`Mapped` piece by piece."""

    __slots__ = ("_chars", "_ends", "_starts")

    def __init__(self) -> None:
        self._chars: list[str] = []
        self._starts: list[int] = []
        self._ends: list[int] = []

    def __len__(self) -> int:
        return len(self._chars)

    @property
    def last_end(self) -> int | None:
        return self._ends[-1] if self._ends else None

    def add(self, text: str, start: int, end: int) -> None:
        """Append ``text``, every character mapped to source ``[start, end)``."""
        for char in text:
            self._chars.append(char)
            self._starts.append(start)
            self._ends.append(end)

    def add_source(self, source: str, start: int, end: int) -> None:
        """Append ``source[start:end]`` mapped one-to-one."""
        self._chars.extend(source[start:end])
        self._starts.extend(range(start, end))
        self._ends.extend(range(start + 1, end + 1))

    def synthetic(self, text: str, at: int | None = None) -> None:
        """Append whitespace that stands for no source text (mapped to an empty range)."""
        pos = at if at is not None else (self.last_end or 0)
        self.add(text, pos, pos)

    def extend(self, mapped: Mapped) -> None:
        self._chars.extend(mapped.text)
        self._starts.extend(mapped.starts)
        self._ends.extend(mapped.ends)

    def ends_with_space(self) -> bool:
        return not self._chars or self._chars[-1].isspace()

    def build(self) -> Mapped:
        return Mapped("".join(self._chars), list(self._starts), list(self._ends))


def join(pieces: list[Mapped], sep: str = " ") -> Mapped:
    """Join pieces with a synthetic separator."""
    builder = Builder()
    for i, piece in enumerate(pieces):
        if i:
            builder.synthetic(sep)
        builder.extend(piece)
    return builder.build()
