"""reST (``:param x:``, ``:rtype:``, ``:raises E:``) and Epydoc (``@param x:``, ``@rtype:``)
fields of a Python docstring: which line opens one, and the segment draft of a field once the
scanner of :mod:`docref.segments.python_doc` found where its body ends."""

from __future__ import annotations

import re

from docref.core.segment import DocstringStyle

from .drafts import Draft
from .heads import EPYDOC_TAGS, REST_TAGS, body_exception, field_head
from .mapped import join
from .python_lines import EPY_FIELD, REST_FIELD, Line

__all__ = ["field_draft", "field_match"]


def field_match(text: str) -> tuple[re.Match[str], DocstringStyle] | None:
    """The field ``text`` opens and its style, ``None`` when it opens none."""
    match = REST_FIELD.match(text)
    if match:
        return match, "rest"
    match = EPY_FIELD.match(text)
    if match and match.group("tag").lower() in EPYDOC_TAGS:
        return match, "epydoc"
    return None


def field_draft(
    lines: list[Line], i: int, end: int, match: re.Match[str], style: DocstringStyle
) -> Draft:
    """The draft of the field on ``lines[i:end]`` (``match`` its first line's
    :func:`field_match`): one segment, with the name and type the field gives."""
    line = lines[i]
    tag = match.group("tag")
    table = REST_TAGS if style == "rest" else EPYDOC_TAGS
    kind, how = table.get(tag.lower(), ("other", "arg-name"))
    arg_span = match.span("arg") if match.group("arg") else None
    head = field_head(how, line.text, arg_span)
    if kind == "raises" and head.name is None:
        head = body_exception(line.text, match.end()) or head
    content = join([lines[n].content for n in range(i, end)]).collapse()
    type_text, type_span = head.type, None
    if head.type_span:
        type_span = line.content.span_of(*head.type_span)
    if how in ("desc-type", "name-desc-type"):
        body = join(
            [line.content.slice(match.end(), len(line.text))]
            + [lines[n].content for n in range(i + 1, end)]
        ).collapse()
        type_text = body.text or None
        type_span = body.source_span()
    prefix = ":" if style == "rest" else "@"
    return Draft(
        content,
        kind,
        head.name,
        type_text,
        prefix + tag,
        line.content.span_of(*head.name_span) if head.name_span else None,
        type_span,
    )
