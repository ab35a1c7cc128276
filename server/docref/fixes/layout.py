"""Where the parts of a docstring sit in its source: lines, section headers, removable blocks.

A :class:`DocLayout` answers line questions for one docstring literal (Python) or Javadoc
comment, all in character offsets of the file's text: which lines are blank (a Javadoc line
holding only ``*`` is), where a Google or NumPy section header of an entry sits, and which
range to delete so that an entry or a whole section disappears without leaving a doubled
blank line or moving the closing quotes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.core.segment import DocstringLanguage, Segment
from docref.fixes.text import Edit, line_bounds

__all__ = ["DocLayout", "Header"]

_UNDERLINE = re.compile(r"\s*(-{3,}|={3,}|~{3,})\s*")


@dataclass(frozen=True, slots=True)
class Header:
    """A section header: its title's offsets and, for NumPy, its underline's."""

    line_start: int
    title_start: int
    title_end: int
    underline: tuple[int, int] | None  # NumPy: the dashes' start and end
    block_end: int  # where the header's lines end (start of the first body line)


class DocLayout:
    """Line geometry of the docstring ``text[start:end]`` (``body_start``/``body_end``
    delimit its content, inside the quotes or ``/**``…``*/``)."""

    def __init__(
        self,
        text: str,
        start: int,
        end: int,
        body_start: int,
        body_end: int,
        language: DocstringLanguage,
    ) -> None:
        self.text = text
        self.start = start
        self.end = end
        self.body_start = body_start
        self.body_end = body_end
        self.java = language == "java"

    # ---- lines --------------------------------------------------------------------------

    def content(self, line_start: int) -> str:
        """The line's text inside the docstring body (quotes and Javadoc ``*`` removed)."""
        _, line_end, _ = line_bounds(self.text, line_start)
        lo = max(line_start, self.body_start)
        hi = min(line_end, self.body_end)
        piece = self.text[lo:hi] if lo < hi else ""
        if self.java:
            stripped = piece.lstrip()
            if stripped.startswith("*"):
                piece = stripped[1:]
        return piece

    def is_blank(self, line_start: int) -> bool:
        """A body line with nothing on it (the lines holding the quotes are not blank)."""
        _, line_end, _ = line_bounds(self.text, line_start)
        if line_start < self.body_start or line_end > self.body_end:
            return False
        return not self.content(line_start).strip()

    def is_closing(self, line_start: int) -> bool:
        """The line holds nothing but indentation before the closing quotes (or ``*/``)."""
        _, line_end, _ = line_bounds(self.text, line_start)
        if not line_start <= self.body_end <= line_end:
            return False
        before = self.text[line_start : self.body_end]
        return not before.strip(" \t*" if self.java else " \t")

    def previous_line(self, line_start: int) -> int | None:
        """The start of the line before the one starting at ``line_start`` (``None`` at the
        docstring's first line)."""
        if line_start <= self.start:
            return None
        start, _, _ = line_bounds(self.text, line_start - 1)
        return start if start >= line_start_of(self.text, self.start) else None

    # ---- sections -----------------------------------------------------------------------

    def header_of(self, segment: Segment) -> Header | None:
        """The Google (``Raises:``) or NumPy (``Raises`` + dashes) header of ``segment``'s
        section: the nearest line above it holding the title alone."""
        title = (segment.section or "").strip()
        if not title or title.startswith((":", "@", "..")):
            return None
        line = self.previous_line(line_start_of(self.text, segment.start))
        while line is not None and line >= line_start_of(self.text, self.body_start):
            found = self._header_at(line, title)
            if found is not None:
                return found
            line = self.previous_line(line)
        return None

    def _header_at(self, line: int, title: str) -> Header | None:
        _, line_end, nxt = line_bounds(self.text, line)
        words = self.text[line:line_end]
        stripped = words.strip()
        lead = len(words) - len(words.lstrip())
        if self.java:
            return None
        if stripped == f"{title}:":
            return Header(line, line + lead, line + lead + len(title), None, nxt)
        if stripped != title or nxt >= self.end:
            return None
        _, under_end, after = line_bounds(self.text, nxt)
        under = self.text[nxt:under_end]
        if not _UNDERLINE.fullmatch(under):
            return None
        dashes = nxt + len(under) - len(under.lstrip())
        return Header(
            line,
            line + lead,
            line + lead + len(title),
            (dashes, dashes + len(under.strip())),
            after,
        )

    # ---- deleting -----------------------------------------------------------------------

    def lines_of(self, start: int, end: int) -> list[int]:
        """The starts of the lines from the one holding ``start`` to the one holding ``end``."""
        lines = [line_start_of(self.text, start)]
        while True:
            _, line_end, nxt = line_bounds(self.text, lines[-1])
            if line_end >= end or nxt >= self.end or nxt == lines[-1]:
                return lines
            lines.append(nxt)

    def delete_lines(self, first: int, last_end: int, *, tidy: bool) -> Edit:
        """Delete the lines from the one starting at ``first`` through the one holding
        ``last_end``.  When the closing quotes share that last line, the text from the end
        of the previous content through ``last_end`` goes instead, so the quotes stay.
        ``tidy``: a block that had a blank line before it also takes the blank lines after it
        (or, before the closing quotes, those before it), so no doubled blank line is left."""
        _, line_end, nxt = line_bounds(self.text, last_end)
        if self.text[last_end:line_end].strip() and last_end <= self.body_end <= line_end:
            lo = first
            while lo > self.body_start and self.text[lo - 1] in " \t\r\n*":
                lo -= 1
            lo = max(lo, self.body_start)
            return Edit(lo, last_end, "")
        lo, hi = first, nxt
        if tidy:
            before = self.previous_line(first)
            if before is not None and self.is_blank(before):
                after = hi
                while after < self.end and self.is_blank(after):
                    _, _, after_next = line_bounds(self.text, after)
                    if after_next == after:
                        break
                    after = after_next
                if after > hi:
                    hi = after
                elif self.is_closing(hi):
                    while before is not None and self.is_blank(before):
                        lo = before
                        before = self.previous_line(before)
        return Edit(lo, hi, "")


def line_start_of(text: str, offset: int) -> int:
    """The start of the line holding ``offset``."""
    return line_bounds(text, offset)[0]
