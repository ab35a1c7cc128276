"""Entry point: one docstring literal or Javadoc comment -> :class:`ParsedDocstring`."""

from __future__ import annotations

from docref.core.segment import DocstringLanguage, DocstringStyle, ParsedDocstring, Segment

from .drafts import Draft
from .javadoc import parse_javadoc
from .literal import decode_python_literal, javadoc_lines
from .positions import LineIndex, line_index
from .python_doc import parse_python_docstring

__all__ = ["segment_docstring"]


def _segments(drafts: list[Draft], index: LineIndex) -> list[Segment]:
    segments: list[Segment] = []
    for draft in drafts:
        span = draft.content.source_span()
        if span is None:
            continue
        start, end = span
        segments.append(
            Segment(
                text=draft.content.text,
                kind=draft.kind,
                name=draft.name,
                type=draft.type,
                section=draft.section,
                start=start,
                end=end,
                range=(index.position(start), index.position(end)),
                name_span=draft.name_span,
                type_span=draft.type_span,
            )
        )
    return segments


def segment_docstring(
    source: str,
    start: int,
    end: int,
    language: DocstringLanguage,
    *,
    index: LineIndex | None = None,
) -> ParsedDocstring:
    """Segment the docstring ``source[start:end]`` of a Python or Java file.

    ``source`` is the whole file; ``source[start:end]`` the whole docstring literal with its
    prefix and quotes (Python: ``r\"\"\"…\"\"\"``, ``'…'``, implicitly concatenated pieces) or
    the whole ``/** … */`` comment (Java).  Offsets in the result are character offsets into
    ``source``; ranges are 0-based (line, UTF-16 column).  ``index`` may be passed to reuse a
    :class:`LineIndex` of ``source`` (one is otherwise built and cached per source text).

    Never raises: malformed input (unterminated literal, half a Javadoc comment, offsets out
    of range) yields whatever could be read plus ``warnings``.
    """
    warnings: list[str] = []
    length = len(source)
    if not 0 <= start <= end <= length:
        warnings.append(f"docstring range {start}:{end} outside the source (0:{length})")
        start = min(max(start, 0), length)
        end = min(max(end, start), length)
    style: DocstringStyle = "plain"
    body_start, body_end = start, end
    drafts: list[Draft] = []
    try:
        if language == "python":
            body, body_start, body_end, found = decode_python_literal(source, start, end)
            warnings.extend(found)
            drafts, style = parse_python_docstring(body)
        elif language == "java":
            style = "javadoc"
            lines, body_start, body_end, found = javadoc_lines(source, start, end)
            warnings.extend(found)
            drafts = parse_javadoc(lines, warnings, markdown=source.startswith("///", start))
        else:
            warnings.append(f"unsupported language {language!r}")
    except Exception as error:  # never raise on odd input; report it instead
        warnings.append(f"segmentation failed: {type(error).__name__}: {error}")
    index = index if index is not None else line_index(source)
    return ParsedDocstring(style, body_start, body_end, _segments(drafts, index), warnings)
