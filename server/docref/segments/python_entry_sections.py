"""The body of a Python docstring's entry section (Parameters, Returns, Raises, ...): each
entry one segment, continuation lines included.

:mod:`docref.segments.python_doc`'s scanner finds the section and its extent; this module
reads the lines in it.  Which line starts an entry is :mod:`.python_entries`'; at an entry
section's indentation after a blank line, text that does not look like an entry becomes prose
of that section (Google) or ends the section (NumPy), so it never invents parameters.
"""

from __future__ import annotations

from docref.core.segment import SegmentKind

from .drafts import Draft, prose_drafts
from .heads import Head, entry_head, google_typed, named_return
from .mapped import join
from .python_entries import (
    bullet_under_plain,
    entry_start,
    misindented_head,
    wrapped_mid_sentence,
)
from .python_lines import COMMENT, ENTRY_BULLET, Line, fence_end, next_text

__all__ = ["entry_section"]


def entry_section(
    lines: list[Line],
    drafts: list[Draft],
    title: str,
    spec: tuple[SegmentKind, str],
    lo: int,
    hi: int,
    numpy: bool,
    indent: int,
) -> int:
    """Append the drafts of the entry section ``title`` (``spec``: its segment kind and entry
    grammar) whose body is ``lines[lo:hi]``, its header at ``indent``; return where it ends."""
    return _EntrySection(lines, drafts).entries(title, spec[0], spec[1], lo, hi, numpy, indent)


class _EntrySection:
    def __init__(self, lines: list[Line], drafts: list[Draft]) -> None:
        self.lines = lines
        self.drafts = drafts

    def entries(
        self,
        title: str,
        kind: SegmentKind,
        grammar: str,
        lo: int,
        hi: int,
        numpy: bool,
        indent: int,
    ) -> int:
        first = next_text(self.lines, lo, hi)
        if first is None:
            return hi
        entry_indent = indent if numpy else self.lines[first].indent
        single = grammar == "typed" and not numpy
        current: list[int] = []
        # the first line of the entry read last, kept across a blank and the section prose
        # after it: a bullet list of that entry's values may start below its blank line
        last: list[int] = []
        head = Head()
        first_text = ""  # the first line of a single entry (Google Returns)
        prev_blank = False
        j = first
        while j < hi:
            line = self.lines[j]
            if not line.text:
                prev_blank = True
                j += 1
                continue
            if line.indent <= entry_indent:
                text = line.text
                if COMMENT.match(text) or text.startswith(">>>"):
                    break
                fenced = fence_end(self.lines, j, hi)
                if fenced is not None:
                    # a Markdown code fence among the entries (``b: 1`` in a YAML example):
                    # code, not entries; the entry before it may go on after it
                    j = fenced
                    continue
                if single:
                    if current:
                        if head.type and named_return(text) and named_return(first_text):
                            # ``loss (float): …`` then ``logits (Tensor): …``: the parts of a
                            # returned tuple, neither the type of the whole value
                            head = Head()
                        current.append(j)
                    else:
                        current, head, first_text = [j], google_typed(text), text
                    j += 1
                    continue
                new_head = entry_start(
                    self.lines, j, hi, grammar, numpy, after_named=bool(head.name)
                )
                if new_head is not None and last and bullet_under_plain(self.lines, last, j):
                    # ``xaxis: … Can be either`` then ``- capacity_grav: …`` at the same
                    # indent (round 16, pymatgen): the entry's list of values, as napoleon
                    # renders it, when the entries themselves are no bullets; also after a
                    # blank line and a first item that is no entry (round 33, fpdf2's
                    # ``style (str): … Possible values are:`` / blank / ``* `D` or None: …``
                    # / ``* `F`: fill``)
                    new_head = None
                if (
                    new_head is not None
                    and current
                    and not prev_blank
                    and wrapped_mid_sentence(self.lines, current, j)
                ):
                    new_head = None  # ``... Can be one of the`` / ``following:``: prose
                if (
                    new_head is not None
                    and numpy
                    and current
                    and not head.name
                    and not new_head.type
                    and not prev_blank
                ):
                    # a section written as flat prose (``*ecc* is an array of triangle`` /
                    # ``eccentricities``): a bare word wrapped onto the next line is prose
                    new_head = None
                if new_head is not None:
                    if current:
                        self._entry(current, head, kind, title)
                    current, head, last = [j], new_head, [j]
                elif current and not prev_blank:
                    current.append(j)
                elif not current and j == first:
                    current, head, last = [j], Head(), [j]
                elif numpy:
                    break
                else:
                    if current:
                        self._entry(current, head, kind, title)
                        current = []
                    j = self._section_prose(j, hi, title, grammar, entry_indent)
                    prev_blank = False
                    continue
            elif current and (
                misplaced := misindented_head(self.lines, grammar, current, j, entry_indent, numpy)
            ):
                self._entry(current, head, kind, title)
                current, head, last = [j], misplaced, [j]
            elif current:
                current.append(j)
            else:
                current, head, last = [j], Head(), [j]
            prev_blank = False
            j += 1
        if current:
            self._entry(current, head, kind, title)
        return j

    def _section_prose(self, i: int, hi: int, title: str, grammar: str, indent: int) -> int:
        """Prose inside a Google entry section (no entry head): up to a blank or an entry."""
        j = i + 1
        while j < hi:
            line = self.lines[j]
            if not line.text or (
                line.indent <= indent and entry_head(grammar, line.text, False) is not None
            ):
                break
            j += 1
        paragraph = join([self.lines[n].content for n in range(i, j)])
        self.drafts.extend(prose_drafts(paragraph, title, summary=False))
        return j

    def _entry(self, lines: list[int], head: Head, kind: SegmentKind, section: str) -> None:
        first = self.lines[lines[0]].content
        pieces = [self.lines[n].content for n in lines]
        bullet = ENTRY_BULLET.match(first.text)
        if bullet:
            pieces[0] = first.slice(bullet.end(), len(first.text))
        content = join(pieces).collapse()
        if not content.text:
            return
        self.drafts.append(
            Draft(
                content,
                kind,
                head.name,
                head.type,
                section,
                first.span_of(*head.name_span) if head.name_span else None,
                first.span_of(*head.type_span) if head.type_span else None,
            )
        )
