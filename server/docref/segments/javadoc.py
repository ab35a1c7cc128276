"""Structure of a Javadoc comment: main description and block tags.

The comment's lines (``*`` decoration already removed) are grouped into the main description
and one block per block tag (a line starting with ``@tag``, except inside ``<pre>`` or an
unclosed inline tag).  Each block is rendered to clean text:

* inline tags keep their text: ``{@code x}`` and ``{@literal x}`` -> ``x`` (verbatim, no HTML
  processing), ``{@link Foo#bar}`` -> ``Foo#bar``, ``{@link Foo#bar label}`` -> ``label``
  (what Javadoc renders), ``{@value Foo#X}`` -> ``Foo#X``, ``{@return x}`` -> ``Returns x``,
  ``{@inheritDoc}``/``{@docRoot}`` -> nothing, any other inline tag -> its content;
* HTML: block-level tags (``<p>``, ``<ul>``, ``<li>``, ``<table>``, ``<h1>``…) break paragraphs,
  ``<br>`` breaks a line, other tags (``<b>``, ``<code>``, ``<a href>``) vanish leaving their
  content, ``<pre>…</pre>`` blocks (code) and ``<!-- -->`` comments are dropped, entities
  (``&lt;``, ``&#64;``) are decoded.

The main description is split into paragraphs (blank lines, block-level HTML) and sentences
(code-aware Punkt); its first sentence is the ``summary``.  Each block tag is one segment:
``@param`` (name = parameter, ``<T>`` for a type parameter), ``@return``/``@returns``,
``@throws``/``@exception`` (name = exception type; kind ``raises``); any other tag
(``@see``, ``@since``, ``@deprecated``…) is kind ``other``.  Javadoc states no types, so
``type`` is always None.

A Markdown documentation comment (``///`` lines, JEP 467) is read the same way: its block and
inline tags are the same; its code spans (backticks) are kept verbatim with their backticks, its
fenced code blocks are dropped as ``<pre>`` is, and its reference links (``[Foo#bar]``,
``[label][Foo#bar]``: :mod:`.markdown_links`) render as ``{@link}`` does.
"""

from __future__ import annotations

import html.entities
import re

from docref.core.segment import SegmentKind

from .drafts import Draft, prose_drafts
from .mapped import Builder, Mapped, join
from .markdown_links import reference_link_at

__all__ = ["parse_javadoc"]

_BLOCK_TAG = re.compile(r"@(?P<tag>[A-Za-z][\w.-]*)")
_MARKUP_START = re.compile(r"[{<&]")
_MARKDOWN_START = re.compile(r"[{<&`\[]")
_BACKTICKS = re.compile(r"`+")
# a Markdown fenced code block's opening or closing line: three backticks or tildes
_FENCE = re.compile(r"\s{0,3}(`{3,}|~{3,})")
_INLINE_START = re.compile(r"\{@(?P<tag>[A-Za-z][\w.-]*)\s?")
_HTML_TAG = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?>")
_ENTITY = re.compile(
    r"&(?:#(?P<dec>\d{1,7})|#[xX](?P<hex>[0-9a-fA-F]{1,6})|(?P<named>[A-Za-z]\w{0,31}));"
)
_PRE_OPEN = re.compile(r"<pre\b[^<>]*>", re.IGNORECASE)
_PRE_CLOSE = re.compile(r"</pre\s*>", re.IGNORECASE)
_BLOCK_HTML = frozenset(
    [
        "p",
        "div",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "td",
        "th",
        "caption",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "hr",
        "section",
        "article",
        "header",
        "footer",
        "nav",
        "aside",
        "details",
        "summary",
        "main",
        "figure",
        "figcaption",
    ]
)
_TAG_KINDS: dict[str, SegmentKind] = {
    "param": "param",
    "return": "returns",
    "returns": "returns",
    "throws": "raises",
    "exception": "raises",
}
_NAMED_TAGS = frozenset({"param", "throws", "exception"})


def _scan_state(text: str, depth: int, in_pre: bool) -> tuple[int, bool]:
    """Inline-tag nesting depth and ``<pre>`` state after one line."""
    k = 0
    while k < len(text):
        if depth:
            if text[k] == "{":
                depth += 1
            elif text[k] == "}":
                depth -= 1
        elif text.startswith("{@", k):
            depth = 1
            k += 1
        elif text[k] == "<":
            if _PRE_OPEN.match(text, k):
                in_pre = True
            elif _PRE_CLOSE.match(text, k):
                in_pre = False
        k += 1
    return depth, in_pre


def _match_brace(text: str, i: int) -> int | None:
    depth = 0
    for k in range(i, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return None


def _flat(mapped: Mapped) -> Mapped:
    """Line breaks inside an inline tag are plain spaces (they never break a paragraph)."""
    return mapped.replaced(mapped.text.replace("\n", " "))


class _Renderer:
    def __init__(self, warnings: list[str], markdown: bool = False) -> None:
        self.warnings = warnings
        self.markdown = markdown
        self.markup = _MARKDOWN_START if markdown else _MARKUP_START

    def render(self, src: Mapped) -> Mapped:
        out = Builder()
        self._render_into(src, out)
        return out.build()

    def _render_into(self, src: Mapped, out: Builder) -> None:
        text = src.text
        n = len(text)
        i = 0
        while i < n:
            char = text[i]
            if char not in "{<&`[":
                # a run of plain characters at once (only these can start markup)
                special = self.markup.search(text, i)
                stop = special.start() if special else n
                out.extend(src.slice(i, stop))
                i = stop
                continue
            if char == "`":
                # a Markdown code span, verbatim with its backticks (as a Python docstring's):
                # ``List<String>`` inside is no HTML tag, ``{@code}`` no inline tag
                run = _BACKTICKS.match(text, i)
                ticks = run.group() if run else "`"
                closing = re.compile(rf"(?<!`){ticks}(?!`)").search(text, i + len(ticks))
                stop = closing.end() if closing else i + len(ticks)
                out.extend(src.slice(i, stop))
                i = stop
                continue
            if char == "[" and self.markdown and (link := reference_link_at(text, i)):
                # a JEP 467 reference link renders as ``{@link}`` does: its label, or else
                # the reference itself (``[Foo#bar]`` -> ``Foo#bar``)
                if link["label"] is not None:
                    self._render_into(src.slice(*link.span("label")), out)
                else:
                    out.extend(src.slice(*link.span("target")))
                i = link.end()
                continue
            at = src.start_at(i)
            if char == "{" and (inline := _INLINE_START.match(text, i)):
                close = _match_brace(text, i)
                if close is None:
                    self.warnings.append(f"unclosed inline tag {{@{inline.group('tag')}")
                    close = n
                self._inline(inline.group("tag"), src.slice(inline.end(), close), at, out)
                i = close + 1
                continue
            if char == "<":
                if text.startswith("<!--", i):
                    end = text.find("-->", i + 4)
                    i = n if end < 0 else end + 3
                    continue
                tag = _HTML_TAG.match(text, i)
                if tag:
                    name = tag.group("name").lower()
                    i = tag.end()
                    if name == "pre" and not tag.group("close"):
                        close_pre = _PRE_CLOSE.search(text, i)
                        if close_pre is None:
                            self.warnings.append("unclosed <pre> block")
                        i = n if close_pre is None else close_pre.end()
                        out.synthetic("\n\n", at)
                    elif name in _BLOCK_HTML:
                        out.synthetic("\n\n", at)
                    elif name == "br":
                        out.synthetic("\n", at)
                    continue
            if char == "&" and (entity := _ENTITY.match(text, i)):
                decoded = _decode_entity(entity)
                if decoded is not None:
                    out.add(decoded, at, src.end_at(entity.end() - 1))
                    i = entity.end()
                    continue
            out.extend(src.slice(i, i + 1))
            i += 1

    def _inline(self, tag: str, content: Mapped, at: int, out: Builder) -> None:
        low = tag.lower()
        if low in ("code", "literal"):
            out.extend(_flat(content))
        elif low in ("link", "linkplain"):
            text = content.text
            depth, k = 0, 0
            # the reference ends at the first space outside its parentheses and type
            # arguments: ``{@link Map<String, String>}`` is all reference (sql2o's "@return
            # The {@link Map<String, String>} instance", round 98j), not "Map<String," with
            # the label "String>"
            while k < len(text) and (depth or not text[k].isspace()):
                depth += {"(": 1, ")": -1, "<": 1, ">": -1}.get(text[k], 0)
                k += 1
            label = content.slice(k, len(text)).strip()
            if label.text:
                self._render_into(_flat(label), out)
            else:
                out.extend(_flat(content.slice(0, k)))
        elif low in ("inheritdoc", "docroot"):
            return
        elif low == "return":
            out.add("Returns ", at, at + len("{@return"))
            self._render_into(_flat(content), out)
        else:
            self._render_into(_flat(content), out)


def _decode_entity(match: re.Match[str]) -> str | None:
    if match.group("dec"):
        code = int(match.group("dec"))
    elif match.group("hex"):
        code = int(match.group("hex"), 16)
    else:
        return html.entities.html5.get(match.group("named") + ";")
    return chr(code) if 0 < code <= 0x10FFFF else None


def _split_blocks(lines: list[Mapped]) -> list[tuple[str | None, list[Mapped]]]:
    blocks: list[tuple[str | None, list[Mapped]]] = [(None, [])]
    depth, in_pre = 0, False
    for line in lines:
        stripped = line.strip()
        match = _BLOCK_TAG.match(stripped.text)
        if match and depth == 0 and not in_pre:
            blocks.append((match.group("tag"), [stripped]))
        else:
            blocks[-1][1].append(line)
        depth, in_pre = _scan_state(line.text, depth, in_pre)
    return blocks


def _paragraphs(rendered: Mapped) -> list[Mapped]:
    paragraphs: list[Mapped] = []
    current: list[Mapped] = []
    for line in rendered.split_lines():
        if line.text.strip():
            current.append(line)
        elif current:
            paragraphs.append(join(current))
            current = []
    if current:
        paragraphs.append(join(current))
    return paragraphs


def _tag_draft(tag: str, lines: list[Mapped], renderer: _Renderer) -> Draft | None:
    first = lines[0]
    head_end = len(tag) + 1
    name: str | None = None
    name_span: tuple[int, int] | None = None
    low = tag.lower()
    if low in _NAMED_TAGS:
        match = re.compile(r"\s+(\S+)").match(first.text, head_end)
        if match:
            name = match.group(1)
            name_span = first.span_of(*match.span(1))
            head_end = match.end()
    rest = join([first.slice(head_end, len(first.text)), *lines[1:]], "\n")
    content = join([first.slice(0, head_end), renderer.render(rest)]).collapse()
    if not content.text:
        return None
    return Draft(content, _TAG_KINDS.get(low, "other"), name, None, "@" + tag, name_span)


def _without_fences(lines: list[Mapped]) -> list[Mapped]:
    """A Markdown comment's lines with its fenced code blocks blanked (code, as ``<pre>``:
    no sentence, no block tag)."""
    kept: list[Mapped] = []
    fence = ""
    for line in lines:
        match = _FENCE.match(line.text)
        if fence:
            if match and match.group(1).startswith(fence) and not line.text[match.end() :].strip():
                fence = ""
            kept.append(line.slice(0, 0))
        elif match:
            fence = match.group(1)
            kept.append(line.slice(0, 0))
        else:
            kept.append(line)
    return kept


def parse_javadoc(lines: list[Mapped], warnings: list[str], markdown: bool = False) -> list[Draft]:
    """Segment drafts of a Javadoc comment given its content lines (see module docstring);
    ``markdown``: a ``///`` comment (JEP 467), whose fenced code blocks are dropped and whose
    code spans are kept verbatim."""
    renderer = _Renderer(warnings, markdown)
    if markdown:
        lines = _without_fences(lines)
    drafts: list[Draft] = []
    for tag, block in _split_blocks(lines):
        if tag is None:
            rendered = renderer.render(join(block, "\n"))
            for paragraph in _paragraphs(rendered):
                drafts.extend(prose_drafts(paragraph, None, summary=not drafts))
        elif (draft := _tag_draft(tag, block, renderer)) is not None:
            drafts.append(draft)
    return drafts
