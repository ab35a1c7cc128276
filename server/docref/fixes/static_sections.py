"""What a static fix does to whole entries and sections (:mod:`docref.fixes.static` plans
the fixes): deleting removed entries, a Google/NumPy section emptied by them going with its
header (:func:`removal_edits`), and a Returns section (or reST tag) renamed to Yields or back
(:func:`swap_section`).
"""

from __future__ import annotations

from collections.abc import Callable

from docref.core.segment import Segment
from docref.fixes.layout import DocLayout, Header, line_start_of
from docref.fixes.text import Edit, cased

__all__ = ["Replace", "removal_edits", "swap_section"]

# the planner's replacement of ``source[start:end]``: the reason it cannot, or ``None``
Replace = Callable[[int, int, str], str | None]

_SWAPPED_TITLES = {"returns": "yields", "return": "yield", "yields": "returns", "yield": "return"}
_SWAPPED_TAGS = {
    ":returns": ":yields",
    ":return": ":yield",
    ":rtype": ":ytype",
    ":yields": ":returns",
    ":yield": ":return",
    ":ytype": ":rtype",
}


def swap_section(
    layout: DocLayout, source: str, replace: Replace, entries: list[Segment]
) -> str | None:
    """Rename the Returns section (or tags) of ``entries`` to Yields, or back."""
    if not entries:
        return "no entry to move"
    headers: dict[int, Header] = {}
    for entry in entries:
        section = entry.section or ""
        if section.startswith(":"):
            tag = _SWAPPED_TAGS.get(section.lower())
            written = source[entry.start : entry.start + len(section)]
            if tag is None or written.lower() != section.lower():
                return f"{section} has no counterpart to rename it to"
            problem = replace(entry.start, entry.start + len(section), cased(tag, written))
            if problem is not None:
                return problem
            continue
        if section.startswith("@"):
            return f"Epydoc has no counterpart of {section}"
        header = layout.header_of(entry)
        if header is None:
            return "the section header cannot be located"
        headers[header.title_start] = header
    for header in headers.values():
        problem = _rename_header(layout, source, replace, header)
        if problem is not None:
            return problem
    return None


def _rename_header(layout: DocLayout, source: str, replace: Replace, header: Header) -> str | None:
    written = source[header.title_start : header.title_end]
    swapped = _SWAPPED_TITLES.get(written.lower())
    if swapped is None:
        return f"the section {written!r} has no counterpart"
    new = cased(swapped, written)
    problem = replace(header.title_start, header.title_end, new)
    if problem is None and header.underline is not None:
        start, end = header.underline
        if end - start == len(written):  # an underline as long as its title stays so
            problem = replace(start, end, source[start] * len(new))
    return problem


def removal_edits(
    layout: DocLayout, source: str, segments: list[Segment], removed: list[Segment], end: int
) -> list[Edit]:
    """The edits deleting the ``removed`` entries of a docstring (its ``segments``, the
    literal ending at ``end``); a Google/NumPy section left without any other line goes with
    its header."""
    by_header: dict[int, tuple[Header, list[Segment]]] = {}
    loose: list[Segment] = []
    for segment in dict.fromkeys(removed):
        header = layout.header_of(segment)
        if header is None:
            loose.append(segment)
        else:
            by_header.setdefault(header.title_start, (header, []))[1].append(segment)
    edits = [layout.delete_lines(*_entry_lines(source, s), tidy=True) for s in loose]
    for header, segments in by_header.values():
        covered = {line for s in segments for line in layout.lines_of(s.start, s.end)}
        last = max(s.end for s in _section_segments(layout, segments, header))
        body = layout.lines_of(header.block_end, max(last, header.block_end))
        emptied = all(line in covered or layout.is_blank(line) for line in body if line < end)
        if emptied and last <= max(s.end for s in segments):
            edits.append(layout.delete_lines(header.line_start, last, tidy=True))
        else:
            edits.extend(
                layout.delete_lines(*_entry_lines(source, s), tidy=False) for s in segments
            )
    return edits


def _entry_lines(source: str, segment: Segment) -> tuple[int, int]:
    return line_start_of(source, segment.start), segment.end


def _section_segments(layout: DocLayout, segments: list[Segment], header: Header) -> list[Segment]:
    return [
        s
        for s in segments
        if s.start > header.title_start
        and (found := layout.header_of(s)) is not None
        and found.title_start == header.title_start
    ]
