"""Javadoc comments turned into plain text.

Comment stars are stripped, inline tags replaced by their text (``{@code x}`` -> ``x``,
``{@link List#add(Object) label}`` -> ``label`` or ``List.add(Object)``), HTML turned into
plain text, and block tags reduced to ``@param``/``@return``/``@throws``/``@exception``/
``@deprecated``, one line each.
"""

from __future__ import annotations

import html
import re

from docref.external.lookup import trim_doc

_BLOCK_TAGS = frozenset(
    {
        "param",
        "return",
        "throws",
        "exception",
        "see",
        "since",
        "author",
        "version",
        "deprecated",
        "serial",
        "serialData",
        "serialField",
        "implSpec",
        "implNote",
        "apiNote",
        "jls",
        "jvms",
        "spec",
        "revised",
        "hidden",
        "provides",
        "uses",
        "moduleGraph",
    }
)
_KEEP_TAGS = frozenset({"param", "return", "throws", "exception", "deprecated"})
_LEADING_STAR = re.compile(r"^[ \t]*\*(?!/) ?")
_HTML_RULES = [
    (re.compile(r"(?i)</?p(?:\s[^<>]*)?/?>"), "\n\n"),
    (re.compile(r"(?i)<br\s*/?>"), "\n"),
    (re.compile(r"(?i)<sup>"), "^"),
    (re.compile(r"(?i)<li(?:\s[^<>]*)?>"), "\n- "),
    (
        re.compile(r"(?i)</?(?:ul|ol|dl|dt|dd|pre|blockquote|table|tr|h[1-6]|div)(?:\s[^<>]*)?>"),
        "\n",
    ),
    (re.compile(r"</?[A-Za-z][^<>]*>"), ""),
]


def _html_text(text: str) -> str:
    for pattern, replacement in _HTML_RULES:
        text = pattern.sub(replacement, text)
    return html.unescape(text)


def _reference(ref: str) -> str:
    return ref.strip().lstrip("#").replace("#", ".")


def _split_reference(content: str) -> tuple[str, str]:
    depth = 0
    for i, char in enumerate(content):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char.isspace() and depth <= 0:
            return content[:i], content[i:].strip()
    return content, ""


def _inline_tag(tag: str, content: str) -> str:
    if tag in ("code", "literal"):
        return content
    if tag in ("link", "linkplain"):
        ref, label = _split_reference(content.strip())
        return _inline(label) if label else _reference(ref)
    if tag == "value":
        return _reference(content)
    if tag in ("inheritDoc", "docRoot"):
        return ""
    if tag == "return":  # {@return x}: "Returns x."
        text = _inline(content).strip()
        return f"Returns {text}" if text.endswith(".") else f"Returns {text}."
    if tag == "index":
        content = content.strip()
        return content[1:].split('"', 1)[0] if content.startswith('"') else content.split(" ")[0]
    return _inline(content).strip()  # {@summary ...} and unknown tags: their text


def _inline(text: str) -> str:
    """Inline tags replaced by their text; HTML outside {@code}/{@literal} made plain text."""
    text = text.replace("{@docRoot}", "")  # only ever inside href="..."
    out: list[str] = []
    position = 0
    while True:
        start = text.find("{@", position)
        if start < 0:
            break
        depth, end = 0, start
        while end < len(text):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        if end >= len(text):
            break
        out.append(_html_text(text[position:start]))
        match = re.match(r"(\w+)\s?(.*)", text[start + 2 : end], re.S)
        if match:
            out.append(_inline_tag(match.group(1), match.group(2)))
        position = end + 1
    out.append(_html_text(text[position:]))
    return "".join(out)


def clean_javadoc(raw: str) -> str:
    """Plain text of a ``/** ... */`` comment (see the module docstring for the rules)."""
    main, tags = _clean_parts(raw)
    return "\n\n".join(part for part in (main, "\n".join(tags)) if part)


def _clean_parts(raw: str) -> tuple[str, list[str]]:
    """The cleaned main description and the kept block tags, one line each."""
    body = raw[3:] if raw.startswith("/**") else raw
    body = body[:-2] if body.endswith("*/") else body
    main: list[str] = []
    tags: list[list[str]] = []
    depth = 0
    for line in (_LEADING_STAR.sub("", line) for line in body.splitlines()):
        match = re.match(r"\s*@(\w+)", line)
        if depth == 0 and match and match.group(1) in _BLOCK_TAGS:
            tags.append([line.strip()])
        elif tags:
            tags[-1].append(line)
        else:
            main.append(line)
        depth = max(0, depth + line.count("{") - line.count("}"))
    text = _inline("\n".join(main))
    kept = []
    for tag in tags:
        joined = " ".join(tag)
        if joined[1:].split(None, 1)[0] not in _KEEP_TAGS:
            continue
        type_param = re.match(r"@param\s+<(\w+)>(.*)", joined, re.S)  # @param <T> ...
        if type_param:
            joined = f"@param <{type_param.group(1)}>{_inline(type_param.group(2))}"
        else:
            joined = _inline(joined)
        kept.append(" ".join(joined.split()))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip(), kept


def javadoc_text(raw: str | None, max_doc: int) -> str | None:
    """Cleaned, trimmed Javadoc; the block tags keep their room when they take half or less."""
    if not raw:
        return None
    main, tags = _clean_parts(raw)
    tags_text = "\n".join(tags)
    if not tags or not main or len(tags_text) > max_doc // 2:
        return trim_doc("\n\n".join(p for p in (main, tags_text) if p), max_doc)
    return f"{trim_doc(main, max_doc - len(tags_text) - 2)}\n\n{tags_text}"
