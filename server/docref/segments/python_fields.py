"""reST (``:param x:``, ``:rtype:``, ``:raises E:``) and Epydoc (``@param x:``, ``@rtype:``)
fields of a Python docstring: which line opens one, and the segment draft of a field once the
scanner of :mod:`docref.segments.python_doc` found where its body ends."""

from __future__ import annotations

import re

from docref.core.segment import DocstringStyle, SegmentKind

from .drafts import Draft
from .heads import Head, body_exception
from .mapped import join
from .python_lines import EPY_FIELD, REST_FIELD, Line

__all__ = ["field_draft", "field_match", "type_fields_of_other_fields"]


# Field tag -> (segment kind, how to read it).  How: "arg-typed" (``:param int x:``: name is
# the argument's last word, type the words before), "arg-name" (name is the argument),
# "name-desc-type" (``:type x: int``: name is the argument, type the body), "desc-type"
# (``:rtype: int``), "none".
_REST_TAGS: dict[str, tuple[SegmentKind, str]] = {
    **dict.fromkeys(
        ("param", "parameter", "arg", "argument", "key", "keyword", "kwarg", "kwparam"),
        ("param", "arg-typed"),
    ),
    **dict.fromkeys(("type", "kwtype"), ("param", "name-desc-type")),
    **dict.fromkeys(("returns", "return"), ("returns", "none")),
    **dict.fromkeys(("rtype", "returntype"), ("returns", "desc-type")),
    **dict.fromkeys(("yields", "yield"), ("yields", "none")),
    "ytype": ("yields", "desc-type"),
    **dict.fromkeys(("raises", "raise", "except", "exception", "throws"), ("raises", "arg-name")),
    **dict.fromkeys(("var", "ivar", "cvar"), ("attribute", "arg-typed")),
    "vartype": ("attribute", "name-desc-type"),
}

_EPYDOC_TAGS: dict[str, tuple[SegmentKind, str]] = {
    **dict.fromkeys(("param", "keyword", "kwarg", "kwparam"), ("param", "arg-typed")),
    "type": ("param", "name-desc-type"),
    **dict.fromkeys(("return", "returns"), ("returns", "none")),
    "rtype": ("returns", "desc-type"),
    **dict.fromkeys(("raise", "raises", "exception", "except"), ("raises", "arg-name")),
    **dict.fromkeys(("ivar", "cvar", "var"), ("attribute", "arg-typed")),
    **dict.fromkeys(
        (
            "see",
            "note",
            "author",
            "since",
            "version",
            "deprecated",
            "todo",
            "warning",
            "attention",
            "bug",
            "precondition",
            "postcondition",
            "invariant",
            "summary",
            "change",
            "requires",
            "status",
            "copyright",
            "license",
            "contact",
            "organization",
            "group",
            "sort",
            "undocumented",
            "permission",
            "newfield",
        ),
        ("other", "arg-name"),
    ),
}

_ARG_TYPED = re.compile(r"(?:(?P<type>.*\S)\s+)?(?P<name>\S+)")
# ``:param shorthand - language and dataset, eg: vi_vlsp``: the name, then a dash where the
# colon belongs and the description, up to a colon inside it (round 42's stanza); no type
# is written with a spaced dash, so the last word ("eg") is not the name
_ARG_DASHED = re.compile(r"(?P<name>[A-Za-z_]\w*)\s+[-\u2013\u2014]{1,2}\s")


def _field_head(how: str, text: str, arg_span: tuple[int, int] | None) -> Head:
    """Name/type of a reST or Epydoc field from its argument (``:param int x:`` -> x, int).

    ``text`` is the line, ``arg_span`` where the field argument lies in it (None if absent).
    Types stated in the field body (``:type x: int``) are filled in by the caller.
    """
    if arg_span is None or how in ("none", "desc-type"):
        return Head()
    lo, hi = arg_span
    arg = text[lo:hi]
    if how == "arg-typed":
        dashed = _ARG_DASHED.match(arg)
        if dashed:
            return Head(dashed.group("name"), (lo + dashed.start("name"), lo + dashed.end("name")))
        match = _ARG_TYPED.fullmatch(arg)
        if match:
            name_span = (lo + match.start("name"), lo + match.end("name"))
            if match.group("type"):
                type_span = (lo + match.start("type"), lo + match.end("type"))
                return Head(match.group("name"), name_span, match.group("type"), type_span)
            return Head(match.group("name"), name_span)
    return Head(arg, (lo, hi))


def field_match(text: str) -> tuple[re.Match[str], DocstringStyle] | None:
    """The field ``text`` opens and its style, ``None`` when it opens none."""
    match = REST_FIELD.match(text)
    if match:
        return match, "rest"
    match = EPY_FIELD.match(text)
    if match and match.group("tag").lower() in _EPYDOC_TAGS:
        return match, "epydoc"
    return None


# the plural noun of a parameter list: ``:Keyword Arguments:`` heads the bullet list of the
# keyword parameters below it (pycryptodome, round 100)
_LIST_NOUN = re.compile(r"(?:arg(?:ument)?s|param(?:eter)?s)", re.I)


def _heading(tag: str, arg: str | None) -> bool:
    """Whether a parameter field (``:keyword NAME:``) is a capitalised heading instead,
    ``:Keyword Arguments:`` over a bullet list of the keyword parameters (pycryptodome's
    ``pss.new``, ``ARC4.new``: round 100).  Sphinx's field tags are lower-case, so it renders
    the heading as a plain field; the same words in lower case stay a parameter's entry, the
    word after the tag its name."""
    return tag[:1].isupper() and arg is not None and _LIST_NOUN.fullmatch(arg) is not None


def field_draft(
    lines: list[Line], i: int, end: int, match: re.Match[str], style: DocstringStyle
) -> Draft:
    """The draft of the field on ``lines[i:end]`` (``match`` its first line's
    :func:`field_match`): one segment, with the name and type the field gives."""
    line = lines[i]
    tag = match.group("tag")
    table = _REST_TAGS if style == "rest" else _EPYDOC_TAGS
    kind, how = table.get(tag.lower(), ("other", "arg-name"))
    arg_span = match.span("arg") if match.group("arg") else None
    # ``:type return: Config`` (clearml's vendored pyhocon, round 50): ``return`` is a keyword,
    # never a parameter's name, so the field is the return's type, an ``:rtype:`` (``returns``
    # is no keyword: pypfopt's parameters are so named)
    if how == "name-desc-type" and kind == "param" and match.group("arg") == "return":
        kind, how = "returns", "desc-type"
    if kind == "param" and _heading(tag, match.group("arg")):
        kind, how = "other", "none"
    head = _field_head(how, line.text, arg_span)
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


def type_fields_of_other_fields(drafts: list[Draft]) -> None:
    """Re-kind the ``:type X:`` fields that type another field named ``X`` than a parameter's.

    datadog's constructors document the environment variables they read as
    ``:envvar DD_ENV: ...`` followed by ``:type DD_ENV: string`` (round 97): the type belongs
    to the field above it, an ``other`` segment, so it is no parameter's entry.  Only when no
    parameter field names ``X``: a lone ``:type old_name:`` is still a parameter's (stale) type.
    """
    params = {d.name for d in drafts if d.kind == "param" and not _is_type_field(d)}
    others = {
        d.name for d in drafts if d.kind == "other" and d.name and (d.section or "")[:1] in ":@"
    }
    for draft in drafts:
        if (
            draft.kind == "param"
            and _is_type_field(draft)
            and draft.name in others
            and draft.name not in params
        ):
            draft.kind = "other"


def _is_type_field(draft: Draft) -> bool:
    section = (draft.section or "").lower()
    return section[:1] in ":@" and section[1:] in ("type", "kwtype")
