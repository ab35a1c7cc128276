"""Offset conversions: character offsets, UTF-8 byte offsets and LSP (line, UTF-16 column).

docref keeps three coordinate systems apart:

* the graph (tree-sitter) reports **byte offsets into the UTF-8 encoding** of a file;
* segments report **character offsets** (indices into the decoded ``str``);
* the language server speaks **0-based (line, UTF-16 column)** positions.

:class:`LineIndex` is built once per text (O(n)) and answers each conversion in O(log n):
line starts, astral characters (two UTF-16 code units each) and non-ASCII characters (extra
UTF-8 bytes) are kept in sorted lists and searched with :mod:`bisect`.  Lines are broken at
``\\n``, ``\\r\\n`` and a lone ``\\r``, as LSP does.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import lru_cache
from itertools import accumulate, count, repeat
from operator import add

__all__ = ["LineIndex", "byte_to_char", "char_to_byte", "line_index"]

_NEWLINE = re.compile(r"\r\n|\r|\n")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


class LineIndex:
    """Position lookups over one text.

    ``position(offset)`` gives ``(line, utf16_col)``; ``offset(line, utf16_col)`` inverts it.
    Offsets past the end are clamped to ``len(text)``; a column past the end of a line is
    clamped to the end of that line (as LSP clients expect).  An offset that falls between
    the ``\\r`` and ``\\n`` of a CRLF maps to the end of its line.
    """

    __slots__ = ("_astral", "_byte_chars", "_byte_extra", "_line_ends", "_line_starts", "text")

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
        # For UTF-8: the char offsets of non-ASCII characters and, for each, the extra bytes
        # accumulated up to and including it.  Scanned line by line: a regex scan of a whole
        # file costs ~15 ns a character, and a file with a few non-ASCII characters (a name
        # in a comment, a box-drawing example) must not pay that on every edit.
        chars: list[int] = []
        extra: list[int] = []
        self._astral: list[int] = []
        if not text.isascii():
            for start, end in zip(starts, ends, strict=True):
                if not text[start:end].isascii():
                    chars.extend(m.start() for m in _NON_ASCII.finditer(text, start, end))
            extra = list(accumulate(map(_utf8_extra, map(text.__getitem__, chars))))
            self._astral = [c for c in chars if text[c] >= "\U00010000"]
        self._byte_chars = chars
        self._byte_extra = extra

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
        if not self._astral or hi <= lo:
            return 0
        return bisect_left(self._astral, hi) - bisect_left(self._astral, lo)

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
        i = bisect_left(self._byte_chars, offset)
        return offset + (self._byte_extra[i - 1] if i else 0)

    def byte_to_char(self, byte_offset: int) -> int:
        """Character offset of a UTF-8 byte offset.

        A byte offset inside a multi-byte character maps to that character's offset.
        """
        byte_offset = max(byte_offset, 0)
        lo, hi = 0, len(self._byte_chars)
        # Find the number of non-ASCII characters whose *start byte* is < byte_offset.
        while lo < hi:
            mid = (lo + hi) // 2
            char = self._byte_chars[mid]
            start_byte = char + (self._byte_extra[mid - 1] if mid else 0)
            if start_byte < byte_offset:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            return min(byte_offset, len(self.text))
        last = lo - 1
        char = self._byte_chars[last]
        start_byte = char + (self._byte_extra[last - 1] if last else 0)
        char_end_byte = char + 1 + self._byte_extra[last]
        if byte_offset < char_end_byte:
            return char
        return min(byte_offset - self._byte_extra[last], len(self.text))

    def byte_point_to_char(self, row: int, byte_col: int) -> int:
        """Character offset of a tree-sitter point ``(row, byte column)``."""
        line_start = self.line_start(row)
        return self.byte_to_char(self.char_to_byte(line_start) + byte_col)


def _utf8_extra(char: str) -> int:
    """The UTF-8 bytes of a non-ASCII ``char`` beyond the first (a lone surrogate, written
    with ``surrogatepass``, takes three bytes like any other BMP character)."""
    return 1 if char < "\u0800" else (2 if char < "\U00010000" else 3)


@lru_cache(maxsize=16)
def line_index(text: str) -> LineIndex:
    """A cached :class:`LineIndex` for ``text`` (repeated calls on one file reuse it)."""
    return LineIndex(text)


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
