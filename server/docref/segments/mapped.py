"""Text that remembers where every character came from.

A docstring's clean text differs from its source: quotes, indentation, Javadoc ``*`` and HTML
are removed, escapes are decoded, lines are joined.  :class:`Mapped` carries, for each
character of the clean text, the ``[start, end)`` range of source characters it stands for,
so a segment found in the clean text maps back to exact source offsets.  Synthetic
characters (a space joining two lines, a paragraph break for ``<p>``) are mapped to an empty
range at the position where they were inserted; they are always whitespace, and segment
bounds are taken from the first and last non-space characters, so they never show up in a
reported range.

The map is kept as *runs*, not one entry per character: most clean text is copied from the
source one-to-one (a docstring without escapes is one run; each of its lines, sliced, is one
run), so a slice, a join or a strip costs a few runs instead of a copy per character (a cold
run slices ~540,000 times).  Run ``k`` covers the clean text from ``offs[k]`` to the next
run's offset; with ``widths[k] == _ONE_TO_ONE`` its characters map one-to-one onto the source from
``srcs[k]`` on, else every one of them maps to ``[srcs[k], srcs[k] + widths[k])`` (a decoded
escape, a synthetic character).  The ranges are exactly those a per-character map holds.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import chain

__all__ = ["Builder", "Mapped"]

_WS_RUNS = re.compile(r"\s\s+")  # two or more
_OTHER_WS = re.compile(r"[^\S ]")  # whitespace other than a plain space
# a width no range has (a real one is ``end - start >= 0``): the run maps one-to-one
_ONE_TO_ONE = -(1 << 62)


def _bounds(text: str) -> tuple[int, int]:
    """``[lo, hi)`` of ``text`` without leading and trailing whitespace (``lo == hi`` if blank).

    ``str.strip`` and ``str.isspace`` agree on what whitespace is; stripping in C beats a
    Python loop over the characters (this runs for every line and sentence of a docstring).
    """
    hi = len(text.rstrip())
    return (hi - len(text[:hi].lstrip())), hi


class Mapped:
    """A string plus the source range of each of its characters (as runs, see above)."""

    __slots__ = ("offs", "srcs", "text", "widths")

    def __init__(
        self,
        text: str = "",
        offs: list[int] | None = None,
        srcs: list[int] | None = None,
        widths: list[int] | None = None,
    ) -> None:
        self.text = text
        self.offs: list[int] = offs if offs is not None else []
        self.srcs: list[int] = srcs if srcs is not None else []
        self.widths: list[int] = widths if widths is not None else []

    @classmethod
    def of_source(cls, source: str, start: int, end: int) -> Mapped:
        """``source[start:end]`` mapped one-to-one onto itself."""
        text = source[start:end]
        if not text:
            return cls(text)
        return cls(text, [0], [start], [_ONE_TO_ONE])

    @classmethod
    def from_lists(cls, text: str, starts: list[int], ends: list[int]) -> Mapped:
        """From a per-character map (``starts[i]``, ``ends[i]`` of ``text[i]``)."""
        builder = Builder()
        for char, start, end in zip(text, starts, ends, strict=True):
            builder.add(char, start, end)
        return builder.build()

    def __len__(self) -> int:
        return len(self.text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapped):
            return NotImplemented
        return (self.text, self.starts, self.ends) == (other.text, other.starts, other.ends)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        runs = list(zip(self.offs, self.srcs, self.widths, strict=True))
        return f"Mapped({self.text!r}, runs={runs})"

    # ---- per character ----------------------------------------------------------------

    def start_at(self, i: int) -> int:
        """Source start of character ``i`` (``0 <= i < len``)."""
        k = bisect_right(self.offs, i) - 1
        if self.widths[k] == _ONE_TO_ONE:
            return self.srcs[k] + i - self.offs[k]
        return self.srcs[k]

    def end_at(self, i: int) -> int:
        """Source end of character ``i`` (``0 <= i < len``)."""
        k = bisect_right(self.offs, i) - 1
        width = self.widths[k]
        if width == _ONE_TO_ONE:
            return self.srcs[k] + i - self.offs[k] + 1
        return self.srcs[k] + width

    @property
    def starts(self) -> list[int]:
        """Every character's source start (a copy; for tests and debugging)."""
        return [self.start_at(i) for i in range(len(self.text))]

    @property
    def ends(self) -> list[int]:
        """Every character's source end (a copy; for tests and debugging)."""
        return [self.end_at(i) for i in range(len(self.text))]

    # ---- slices -----------------------------------------------------------------------

    def slice(self, start: int, end: int) -> Mapped:
        """``self.text[start:end]`` with its map (Python's slice bounds)."""
        text = self.text
        n = len(text)
        if not 0 <= start <= end <= n:
            start, end, _ = slice(start, end).indices(n)
            if end <= start:
                return Mapped("")
        if start == end:
            return Mapped("")
        offs = self.offs
        if len(offs) == 1:  # one run (most lines): no search
            src, width = self.srcs[0], self.widths[0]
            if width == _ONE_TO_ONE:
                src += start
            return Mapped(text[start:end], [0], [src], [width])
        k = bisect_right(offs, start) - 1
        stop = bisect_left(offs, end, k + 1)
        srcs, widths = self.srcs, self.widths
        first_width = widths[k]
        first_src = srcs[k] + (start - offs[k] if first_width == _ONE_TO_ONE else 0)
        new_offs = [0]
        new_srcs = [first_src]
        new_widths = [first_width]
        for j in range(k + 1, stop):
            new_offs.append(offs[j] - start)
            new_srcs.append(srcs[j])
            new_widths.append(widths[j])
        return Mapped(text[start:end], new_offs, new_srcs, new_widths)

    def one_to_one_from(self) -> int | None:
        """The source offset of the first character when the whole text maps one-to-one onto
        the source from there (one run), else None."""
        if len(self.offs) == 1 and self.widths[0] == _ONE_TO_ONE:
            return self.srcs[0]
        return None

    @classmethod
    def one_to_one(cls, text: str, src: int) -> Mapped:
        """``text`` mapped one-to-one onto the source from ``src`` on."""
        if not text:
            return cls(text)
        return cls(text, [0], [src], [_ONE_TO_ONE])

    def strip(self) -> Mapped:
        lo, hi = _bounds(self.text)
        return self.slice(lo, hi)

    def stripped_slice(self, start: int, end: int) -> Mapped:
        """``self.slice(start, end).strip()``, slicing the map once."""
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
        # a lone whitespace character becomes a space mapped where it was: the same map with
        # the text replaced; only runs of two or more change the length (one slice per run,
        # not one per word: a paragraph with one double space used to be rebuilt word by word)
        spaced = stripped.replaced(_OTHER_WS.sub(" ", text))
        runs = _WS_RUNS.finditer(text)
        first = next(runs, None)
        if first is None:
            return spaced
        builder = Builder()
        pos = 0
        for match in chain((first,), runs):
            i = match.start()
            builder.extend(spaced.slice(pos, i))
            builder.add(" ", spaced.start_at(i), spaced.end_at(i))
            pos = match.end()
        builder.extend(spaced.slice(pos, len(text)))
        return builder.build()

    def source_span(self) -> tuple[int, int] | None:
        """Source ``[start, end)`` from the first to the last non-space character."""
        lo, hi = _bounds(self.text)
        if lo >= hi:
            return None
        return self.start_at(lo), self.end_at(hi - 1)

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

    def replaced(self, text: str) -> Mapped:
        """``text`` (as long as this one's) under this one's map."""
        assert len(text) == len(self.text)
        return Mapped(text, self.offs, self.srcs, self.widths)


class Builder:
    """Accumulates a :class:`Mapped` piece by piece (adjacent runs that continue each other
    are merged, so the map stays as short as the text's history allows)."""

    __slots__ = ("_length", "_offs", "_pieces", "_srcs", "_widths")

    def __init__(self) -> None:
        self._pieces: list[str] = []
        self._length = 0
        self._offs: list[int] = []
        self._srcs: list[int] = []
        self._widths: list[int] = []

    def __len__(self) -> int:
        return self._length

    @property
    def last_end(self) -> int | None:
        if not self._length:
            return None
        width = self._widths[-1]
        if width == _ONE_TO_ONE:
            return self._srcs[-1] + self._length - self._offs[-1]
        return self._srcs[-1] + width

    def _run(self, size: int, src: int, width: int) -> None:
        """Append a run of ``size`` characters (``size > 0``) at the end."""
        if self._widths:
            last_width = self._widths[-1]
            if width == last_width:
                if width == _ONE_TO_ONE:
                    if self._srcs[-1] + self._length - self._offs[-1] == src:
                        self._length += size
                        return
                elif self._srcs[-1] == src:
                    self._length += size
                    return
        self._offs.append(self._length)
        self._srcs.append(src)
        self._widths.append(width)
        self._length += size

    def add(self, text: str, start: int, end: int) -> None:
        """Append ``text``, every character mapped to source ``[start, end)``."""
        if not text:
            return
        self._pieces.append(text)
        if len(text) == 1 and end == start + 1:
            self._run(1, start, _ONE_TO_ONE)  # one character of its own: one-to-one
        else:
            self._run(len(text), start, end - start)

    def add_source(self, source: str, start: int, end: int) -> None:
        """Append ``source[start:end]`` mapped one-to-one."""
        if end <= start:
            return
        piece = source[start:end]
        self._pieces.append(piece)
        self._run(len(piece), start, _ONE_TO_ONE)

    def synthetic(self, text: str, at: int | None = None) -> None:
        """Append whitespace that stands for no source text (mapped to an empty range)."""
        pos = at if at is not None else (self.last_end or 0)
        self.add(text, pos, pos)

    def extend(self, mapped: Mapped) -> None:
        text = mapped.text
        if not text:
            return
        self._pieces.append(text)
        offs, srcs, widths = mapped.offs, mapped.srcs, mapped.widths
        last = len(offs) - 1
        for k in range(last + 1):
            stop = offs[k + 1] if k < last else len(text)
            self._run(stop - offs[k], srcs[k], widths[k])

    def ends_with_space(self) -> bool:
        return not self._length or self._pieces[-1][-1].isspace()

    def build(self) -> Mapped:
        return Mapped("".join(self._pieces), list(self._offs), list(self._srcs), list(self._widths))


def join(pieces: list[Mapped], sep: str = " ") -> Mapped:
    """Join pieces with a synthetic separator."""
    if len(pieces) == 1:
        return pieces[0]  # nothing to join (a Mapped is never changed in place)
    builder = Builder()
    for i, piece in enumerate(pieces):
        if i:
            builder.synthetic(sep)
        builder.extend(piece)
    return builder.build()
