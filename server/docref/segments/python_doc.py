"""Structure of a Python docstring: Google, NumPy, reST and Epydoc, one line-based scanner.

The scanner works on the decoded body split into lines, each with its indentation relative to
the docstring's margin (as :func:`inspect.cleandoc` computes it) and its mapped content.  All
four styles are recognised in the same pass; the reported style is the one with the most
structural elements (ties: numpy, google, rest, epydoc), ``plain`` when there are none.

Blocks, tried in this order at each non-blank line:

* NumPy section: a title line underlined by ``---`` (also ``===``/``~~~``).  It ends at the
  next NumPy title or a dedent; an entry section (Parameters, Returns, Raises, …) also ends
  at a directive or doctest at its indentation, or at a blank line followed by a line at the
  header's indentation that is not an entry (``x : int``, ``x``, a bare type in Returns).
* Google section: a known title alone with a colon (``Args:``, ``Returns:``, ``Notes:``)
  whose next non-blank line is indented deeper.  It ends at the first line indented no
  deeper than the title (a dedent, a new header, a non-indented paragraph after a blank
  line), or at a known title indented shallower than its entries (`` Attributes:`` a space
  deeper than ``Args:``, a slip napoleon still reads as a new section).
  ``Returns the value.`` or ``Returns: x`` are prose, never headers.
* reST field (``:param x:``, ``:type x:``, ``:returns:``, ``:rtype:``, ``:raises E:``, …) and
  Epydoc field (``@param x:``, ``@rtype:``, …): one segment each, body continued by deeper
  lines (and by lines at the same indentation that follow without a blank line); the
  field's own reading is in :mod:`docref.segments.python_fields`.
* Directive (``.. note::``, ``.. versionadded:: 2.0``): admonitions and version notes become
  one ``other`` segment; any other directive (``.. code-block::``) and comments are skipped.
* Doctest (``>>>`` up to the next blank line): skipped.
* Paragraph: lines up to a blank line, a dedent or another block; split into sentences by
  the code-aware splitter.  A paragraph ending in ``::`` is followed by a literal block
  (everything indented deeper), which is skipped.  A bullet item starts a new paragraph.

Inside entry sections each entry is one segment (continuation lines included); NumPy's
``x1, x2 : int`` is one segment named ``"x1, x2"``.  Google ``Returns:``/``Yields:`` hold a
single entry.  Text at an entry section's indentation after a blank line that does not look
like an entry becomes prose of that section (Google) or ends the section (NumPy), so it never
invents parameters.  An entry section's body is read by :mod:`.python_entry_sections`; which
line starts an entry beyond the heads of :mod:`.heads` (numpydoc's and napoleon's fallbacks, a
head indented a column too deep) is :mod:`.python_entries`'.
"""

from __future__ import annotations

import re

from docref.core.segment import DocstringStyle

from .drafts import Draft, prose_drafts
from .mapped import Mapped, join
from .python_entry_sections import entry_section
from .python_fields import field_draft, field_match, type_fields_of_other_fields
from .python_lines import (
    ADMONITIONS,
    BULLET,
    COMMENT,
    DIRECTIVE,
    GOOGLE_HEADER,
    NUMPY_TITLE,
    UNDERLINE,
    Line,
    doctest_end,
    extent,
    fence_end,
    looks_like_code,
    next_text,
    split_lines,
    title_within,
)
from .section_titles import ENTRY_SECTIONS, PROSE_SECTIONS, section_key

__all__ = ["parse_python_docstring"]

_STYLE_ORDER: tuple[DocstringStyle, ...] = ("numpy", "google", "rest", "epydoc")
# a line of a YAML/config mapping: ``key: value``, ``- key:``, ``key:``
_MAPPING_LINE = re.compile(r"(?:-\s+)?[\w.-]+\s*:(?:\s|$)")


def _deep_title(title: Line, under: Line) -> bool:
    """A known section title indented deeper than its underline, which is at least as long
    (pyleecan's ``        Returns`` over ``    -------`` after the last parameter, round 99):
    numpydoc strips both lines and reads the section, so the entries below are returned
    values, not parameters (napoleon does not; the slip was judged DEBATABLE)."""
    name = title.text.removesuffix(":").rstrip()
    key = section_key(name)
    return (
        title.indent > under.indent
        and (key in ENTRY_SECTIONS or key in PROSE_SECTIONS)
        and under.text.startswith(under.text[0] * len(name))
    )


class _Parser:
    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.drafts: list[Draft] = []
        self.counts: dict[DocstringStyle, int] = dict.fromkeys(_STYLE_ORDER, 0)
        self.started = False
        # Indentation of the last paragraph if it ended with ":" (or of a prose section's
        # header): deeper code-like paragraphs right under it are examples, not prose.
        self.colon_indent: int | None = None
        # (index of the last line, indentation) of the last paragraph that was not the summary
        self.prose_end: tuple[int, int] | None = None

    # ----------------------------------------------------------------- helpers

    def _is_numpy_header(self, i: int, hi: int) -> bool:
        if i + 1 >= hi:
            return False
        title, under = self.lines[i], self.lines[i + 1]
        if not (NUMPY_TITLE.fullmatch(title.text) and UNDERLINE.fullmatch(under.text)):
            return False
        return under.indent == title.indent or _deep_title(title, under)

    def _google_title(self, i: int, hi: int) -> str | None:
        match = GOOGLE_HEADER.fullmatch(self.lines[i].text)
        if not match:
            return None
        key = section_key(match.group(1))
        if key not in ENTRY_SECTIONS and key not in PROSE_SECTIONS:
            return None
        if match.group(1)[0].islower() and i > 0 and _MAPPING_LINE.match(self.lines[i - 1].text):
            # ``module: copy`` / ``args:`` (round 28, ansible): a lower-case key right under
            # another ``key: value`` line is one more key of a YAML/config example, not a
            # heading; a heading starts its own block or is written capitalised
            return None
        nxt = next_text(self.lines, i + 1, hi)
        if nxt is None or self.lines[nxt].indent <= self.lines[i].indent:
            return None
        return match.group(1)

    def _bare_title(self, i: int, hi: int) -> str | None:
        """A Google entry title (``Returns:``) with its entries at its own indent, after a
        blank line, in a NumPy docstring: napari's ``Returns:`` then ``node : Node`` -- a
        NumPy section missing its underline, not a parameter named ``Returns``."""
        match = GOOGLE_HEADER.fullmatch(self.lines[i].text)
        if not match or not self.counts["numpy"] or section_key(match[1]) not in ENTRY_SECTIONS:
            return None
        if i > 0 and self.lines[i - 1].text:
            return None
        nxt = next_text(self.lines, i + 1, hi)
        if nxt is None or nxt != i + 1 or self.lines[nxt].indent != self.lines[i].indent:
            return None
        return match.group(1)

    def _starts_block(self, j: int, hi: int, headers: bool) -> bool:
        text = self.lines[j].text
        if COMMENT.match(text) or text.startswith(">>>") or fence_end(self.lines, j, hi):
            return True
        if BULLET.match(text) or field_match(text):
            return True
        return headers and (self._is_numpy_header(j, hi) or self._google_title(j, hi) is not None)

    # ----------------------------------------------------------------- blocks

    def blocks(self, lo: int, hi: int, section: str | None, headers: bool) -> None:
        i = lo
        while i < hi:
            line = self.lines[i]
            if not line.text:
                i += 1
                continue
            if (fenced := fence_end(self.lines, i, hi)) is not None:
                i = fenced  # a Markdown code fence: code, whatever it looks like
            elif headers and self._is_numpy_header(i, hi):
                i = self._numpy_section(i, hi)
            elif headers and self._bare_title(i, hi) is not None:
                i = self._numpy_section(i, hi, body=1)
            elif headers and (title := self._google_title(i, hi)) is not None:
                i = self._google_section(i, hi, title)
            elif (quoted := self._quoted_example(i, lo, hi, section)) is not None:
                i = quoted  # a pattern shown as an example: no field of this docstring
            elif (field := field_match(line.text)) is not None:
                i = self._field(i, hi, *field)
            elif COMMENT.match(line.text):
                i = self._directive(i, hi)
            elif line.text.startswith(">>>"):
                i = doctest_end(self.lines, i, hi)
            else:
                i = self._paragraph(i, hi, section, headers)
                self.started = True
                continue
            self.started = True
            self.colon_indent = None

    def _quoted_example(self, i: int, lo: int, hi: int, section: str | None) -> int | None:
        """The end of an indented block of fields shown as an example, not this docstring's
        fields; None when line ``i`` opens no field or is no such block.

        Two shapes: in a free-text section, a block a level deeper than a sentence ending in a
        colon ("Epytext field lists have the following pattern:" then ``@param x:``; round 34,
        docformatter); anywhere, a block a level deeper than the paragraph before it, after a
        blank line, that paragraph not the summary and its sentence running on into the block
        ("Symbolizes lines in form of" then ``:param arg: description``; round 60,
        docstring-parser) -- a reST block quote, whose field list Sphinx does not read as the
        object's fields.  A paragraph ending in a full stop or a colon before a deeper field
        list introduces the docstring's own fields indented too deep (asyncssh, scapy)."""
        if field_match(self.lines[i].text) is None:
            return None
        prev = next((j for j in range(i - 1, lo - 1, -1) if self.lines[j].text), None)
        if prev is None:
            return None
        base = self.lines[prev].indent
        colon = section is not None and self.lines[prev].text.endswith(":")
        # the sentence runs on into the block ("in form of"): the block is what it shows
        runs_on = self.lines[prev].text[-1].isalpha()
        quote = self.prose_end is not None and self.prose_end[0] == prev < i - 1 and runs_on
        if quote and self.prose_end is not None:
            base = self.prose_end[1]
        if not (colon or quote) or self.lines[i].indent <= base:
            return None
        end = i
        while end < hi and (not self.lines[end].text or self.lines[end].indent > base):
            end += 1
        return end

    def _numpy_section(self, i: int, hi: int, body: int = 2) -> int:
        """The section titled at line ``i``, its body from ``i + body`` (after the underline,
        or right after a :meth:`_bare_title`)."""
        self.counts["numpy"] += 1
        # the underline's indent is the section's (a :func:`_deep_title` sits deeper)
        indent = self.lines[i + 1].indent if body == 2 else self.lines[i].indent
        end = i + body
        while end < hi:
            line = self.lines[end]
            # a doctest's output or a fenced example may print a section of its own (nipype's
            # ``insert_doc`` prints the docstring it builds: round 29)
            skipped = None
            if line.text and line.indent >= indent:
                doctest = line.text.startswith(">>>")
                skipped = (doctest_end if doctest else fence_end)(self.lines, end, hi)
            if skipped is not None:
                end = skipped
                continue
            if line.text and (
                line.indent < indent
                or (line.indent == indent and self._bare_title(end, hi) is not None)
                or (self._is_numpy_header(end, hi) and self.lines[end + 1].indent == indent)
            ):
                break
            end += 1
        title = self.lines[i].text.removesuffix(":").rstrip()
        return self._section_body(title, i + body, end, True, indent)

    def _google_section(self, i: int, hi: int, title: str) -> int:
        self.counts["google"] += 1
        indent = self.lines[i].indent
        end = extent(self.lines, i, hi, indent)
        # `` Attributes:`` a space deeper than ``Args:`` opens its own section, as in napoleon
        end = title_within(self.lines, i + 1, end, lambda j: self._google_title(j, end))
        return self._section_body(title, i + 1, end, False, indent)

    def _section_body(self, title: str, lo: int, hi: int, numpy: bool, indent: int) -> int:
        spec = ENTRY_SECTIONS.get(section_key(title))
        if spec is None:
            self.colon_indent = indent
            self.blocks(lo, hi, title, headers=False)
            return hi
        return entry_section(self.lines, self.drafts, title, spec, lo, hi, numpy, indent)

    def _field(self, i: int, hi: int, match: re.Match[str], style: DocstringStyle) -> int:
        self.counts[style] += 1
        line = self.lines[i]
        last = i
        for j in range(i + 1, hi):
            other = self.lines[j]
            if not other.text:
                continue
            if other.indent > line.indent or (
                last == j - 1
                and other.indent == line.indent
                and not self._starts_block(j, hi, headers=True)
            ):
                last = j
                continue
            break
        end = last + 1
        self.drafts.append(field_draft(self.lines, i, end, match, style))
        return end

    def _directive(self, i: int, hi: int) -> int:
        line = self.lines[i]
        end = extent(self.lines, i, hi, line.indent)
        match = DIRECTIVE.match(line.text)
        if match and match.group("name").lower() in ADMONITIONS:
            content = join([self.lines[n].content for n in range(i, end)]).collapse()
            section = f".. {match.group('name')}::"
            self.drafts.append(Draft(content, "other", section=section))
        return end

    def _paragraph(self, i: int, hi: int, section: str | None, headers: bool) -> int:
        first = self.lines[i]
        marker = BULLET.match(first.text)
        bullet = marker is not None
        j = i + 1
        while j < hi:
            line = self.lines[j]
            if not line.text or line.indent < first.indent:
                break
            if bullet and line.indent == first.indent:
                break
            if self.lines[j - 1].text.endswith("::") or self._starts_block(j, hi, headers):
                break
            j += 1
        texts = [self.lines[n].text for n in range(i, j)]
        if (
            self.colon_indent is not None
            and first.indent > self.colon_indent
            and not bullet
            and looks_like_code(texts)
        ):
            return j  # an unmarked code example under "…:" (keeps colon_indent)
        pieces = [self.lines[n].content for n in range(i, j)]
        if marker is not None:
            pieces[0] = pieces[0].slice(marker.end(), len(pieces[0].text))
        paragraph = join(pieces)
        summary = not self.started and section is None
        if paragraph.text.strip() != "::":
            self.drafts.extend(prose_drafts(paragraph, section, summary))
        self.prose_end = None if summary else (j - 1, first.indent)
        self.colon_indent = first.indent if texts[-1].endswith(":") else None
        if texts[-1].endswith("::"):
            self.colon_indent = None
            return extent(self.lines, j - 1, hi, first.indent)
        return j

    def style(self) -> DocstringStyle:
        best: DocstringStyle = "plain"
        count = 0
        for style in _STYLE_ORDER:
            if self.counts[style] > count:
                best, count = style, self.counts[style]
        return best


def parse_python_docstring(body: Mapped) -> tuple[list[Draft], DocstringStyle]:
    """Segment drafts and detected style of a decoded Python docstring body."""
    parser = _Parser(split_lines(body))
    parser.blocks(0, len(parser.lines), None, headers=True)
    type_fields_of_other_fields(parser.drafts)
    return parser.drafts, parser.style()
