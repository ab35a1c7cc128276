"""Offset conversions: character offsets, UTF-8 byte offsets and LSP (line, UTF-16 column).

docref keeps three coordinate systems apart:

* the graph (tree-sitter) reports **byte offsets into the UTF-8 encoding** of a file;
* segments report **character offsets** (indices into the decoded ``str``);
* the language server speaks **0-based (line, UTF-16 column)** positions.

:class:`LineIndex` is built once per text (O(n), C-level work per line) and answers each
conversion with a :mod:`bisect` over the lines: line starts, each line's UTF-8 byte start,
and whether it holds astral characters (two UTF-16 code units each); a lookup inside a
non-ASCII line encodes that line's prefix.  Lines are broken at ``\\n``, ``\\r\\n`` and a
lone ``\\r``, as LSP does.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import partial
from itertools import accumulate, count, repeat
from operator import add, sub

__all__ = ["LineIndex", "byte_to_char", "char_to_byte", "keep_line_index", "line_index"]

_NEWLINE = re.compile(r"\r\n|\r|\n")
# a lone surrogate is written as its three bytes (and one UTF-16 unit), as before
_UTF8 = partial(str.encode, encoding="utf-8", errors="surrogatepass")
_UTF16 = partial(str.encode, encoding="utf-16-le", errors="surrogatepass")
_NOT_CONTINUATION = bytes(b for b in range(256) if not 0x80 <= b <= 0xBF)


class LineIndex:
    """Position lookups over one text.

    ``position(offset)`` gives ``(line, utf16_col)``; ``offset(line, utf16_col)`` inverts it.
    Offsets past the end are clamped to ``len(text)``; a column past the end of a line is
    clamped to the end of that line (as LSP clients expect).  An offset that falls between
    the ``\\r`` and ``\\n`` of a CRLF maps to the end of its line.
    """

    __slots__ = (
        "_astral",
        "_byte_starts",
        "_extra_before",
        "_line_ends",
        "_line_starts",
        "_next_starts",
        "text",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        if "\r" in text:
            starts = [0]
            ends: list[int] = []
            for match in _NEWLINE.finditer(text):
                ends.append(match.start())
                starts.append(match.end())
            ends.append(len(text))
        else:
            # built once per checked file: without CRs, C-level splitting beats a Python loop
            # over the matches.  Line i+1 starts after line i's length plus its "\n"
            ends = list(map(add, accumulate(map(len, text.split("\n"))), count()))
            starts = [0, *map(add, ends, repeat(1))]
            starts.pop()  # the last line has no successor
        self._line_starts = starts
        self._line_ends = ends
        # Per line (with its break): the extra UTF-8 bytes of the lines before it; whether
        # the text holds astral characters (two UTF-16 units).  C-level work only (one encode,
        # one split), so a file full of non-ASCII text (CJK docs, an emoji table) costs about
        # what an ASCII one does; a lookup inside a non-ASCII line encodes that line's prefix.
        self._next_starts = [*starts[1:], len(text)]
        self._extra_before: list[int] | None = None
        self._byte_starts: list[int] = starts
        self._astral = False
        if not text.isascii():
            data = _UTF8(text)
            if "\r" in text:  # the lines' own UTF-8 lengths
                pieces = map(text.__getitem__, map(slice, starts, self._next_starts))
                byte_starts = [0, *accumulate(map(len, map(_UTF8, pieces)))]
            else:  # the same "\n" split over the bytes
                byte_starts = [0, *map(add, accumulate(map(len, data.split(b"\n"))), count(1))]
            byte_starts.pop()
            self._byte_starts = byte_starts
            self._extra_before = [*map(sub, byte_starts, starts), len(data) - len(text)]
            self._astral = len(_UTF16(text)) != 2 * len(text)

    @property
    def line_count(self) -> int:
        """Number of lines (a text ending in a newline has an empty last line)."""
        return len(self._line_starts)

    def line_start(self, line: int) -> int:
        """Character offset where ``line`` starts (clamped to the valid range)."""
        line = min(max(line, 0), len(self._line_starts) - 1)
        return self._line_starts[line]

    def line_end(self, line: int) -> int:
        """Character offset of the end of ``line``, before its line break."""
        line = min(max(line, 0), len(self._line_ends) - 1)
        return self._line_ends[line]

    def line_of(self, offset: int) -> int:
        """0-based line containing the character ``offset``."""
        offset = min(max(offset, 0), len(self.text))
        return bisect_right(self._line_starts, offset) - 1

    def _astral_between(self, lo: int, hi: int) -> int:
        """Astral characters in ``text[lo:hi]``, a range inside one line."""
        if not self._astral or hi <= lo:
            return 0
        return len(_UTF16(self.text[lo:hi])) // 2 - (hi - lo)

    def position(self, offset: int) -> tuple[int, int]:
        """``(line, utf16_col)`` of a character offset."""
        offset = min(max(offset, 0), len(self.text))
        line = bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[line]
        offset = min(offset, self._line_ends[line])
        return line, (offset - start) + self._astral_between(start, offset)

    def offset(self, line: int, utf16_col: int) -> int:
        """Character offset of an LSP position (inverse of :meth:`position`)."""
        if line < 0:
            return 0
        if line >= len(self._line_starts):
            return len(self.text)
        start = self._line_starts[line]
        end = self._line_ends[line]
        col = max(utf16_col, 0)
        if not self._astral_between(start, end):
            return min(start + col, end)
        offset = start
        units = 0
        while offset < end:
            width = 2 if ord(self.text[offset]) > 0xFFFF else 1
            if units + width > col:
                break
            units += width
            offset += 1
        return offset

    def char_to_byte(self, offset: int) -> int:
        """UTF-8 byte offset of a character offset."""
        offset = min(max(offset, 0), len(self.text))
        extra = self._extra_before
        if extra is None:
            return offset
        line = bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[line]
        if extra[line + 1] == extra[line]:  # an ASCII line
            return offset + extra[line]
        return start + extra[line] + len(_UTF8(self.text[start:offset]))

    def byte_to_char(self, byte_offset: int) -> int:
        """Character offset of a UTF-8 byte offset.

        A byte offset inside a multi-byte character maps to that character's offset.
        """
        byte_offset = max(byte_offset, 0)
        extra = self._extra_before
        if extra is None:
            return min(byte_offset, len(self.text))
        if byte_offset >= len(self.text) + extra[-1]:
            return len(self.text)
        line = bisect_right(self._byte_starts, byte_offset) - 1
        start = self._line_starts[line]
        within = byte_offset - self._byte_starts[line]
        if extra[line + 1] == extra[line]:
            return start + within
        data = _UTF8(self.text[start : self._next_starts[line]])
        # characters begun before the offset: its bytes less the continuation bytes
        begun = within - len(data[:within].translate(None, _NOT_CONTINUATION))
        inside = within < len(data) and 0x80 <= data[within] <= 0xBF
        return start + begun - (1 if inside else 0)

    def byte_point_to_char(self, row: int, byte_col: int) -> int:
        """Character offset of a tree-sitter point ``(row, byte column)``."""
        line_start = self.line_start(row)
        return self.byte_to_char(self.char_to_byte(line_start) + byte_col)


_RECENT: dict[str, LineIndex] = {}  # by text, the most recently used last
_KEEP = 16


def line_index(text: str) -> LineIndex:
    """A cached :class:`LineIndex` for ``text`` (repeated calls on one file reuse it)."""
    index = _RECENT.get(text)
    if index is None:
        index = LineIndex(text)
    keep_line_index(index)
    return index


def keep_line_index(index: LineIndex) -> None:
    """Make ``index`` the most recent of the indexes :func:`line_index` answers from.

    A cold run's worker segments a file's docstrings ahead of its check
    (:mod:`docref.engine.cold_ahead`), often many files ahead: it hands the file's index
    back when the check takes the rows, instead of the check building it again (a third of
    a worker's line indexes on Django).  Safe between threads: a lost race drops an entry,
    never a wrong one (each is keyed by its own text)."""
    recent = _RECENT
    text = index.text
    recent.pop(text, None)
    recent[text] = index
    while len(recent) > _KEEP:
        try:
            del recent[next(iter(recent))]
        except (KeyError, RuntimeError, StopIteration):  # another thread got there first
            break


def byte_to_char(text: str | bytes, byte_offset: int) -> int:
    """Character offset for a UTF-8 ``byte_offset`` into ``text`` (``str`` or its bytes).

    One-shot helper; for many lookups on one text use :func:`line_index`.  A byte offset
    inside a multi-byte character maps to that character.
    """
    if isinstance(text, bytes):
        data = text
        byte_offset = min(max(byte_offset, 0), len(data))
        while byte_offset > 0 and byte_offset < len(data) and (data[byte_offset] & 0xC0) == 0x80:
            byte_offset -= 1
        return len(data[:byte_offset].decode("utf-8", "replace"))
    return line_index(text).byte_to_char(byte_offset)


def char_to_byte(text: str, offset: int) -> int:
    """UTF-8 byte offset of the character ``offset`` in ``text``."""
    return line_index(text).char_to_byte(offset)
