"""From a docstring literal or a Javadoc comment to mapped clean text.

Python: the literal's prefix and quotes are removed and, unless it is raw, escapes are
decoded exactly as Python does (``\\n``, ``\\\\``, ``\\x41``, ``\\N{...}``, a backslash-newline
joins lines, an unknown escape such as ``\\*`` keeps its backslash).  Every decoded character
maps to the source characters of its escape sequence, so offsets never drift.  Newlines
(``\\r\\n``, ``\\r``) become ``\\n`` as in Python's tokenizer.  Implicitly concatenated
literals (``"a" "b"``) are decoded into one body.

Java: ``/**`` and ``*/`` are removed, and on every line the leading whitespace and ``*``
decoration; nothing is decoded here (HTML and inline tags are the Javadoc parser's job).  A
Markdown documentation comment (JEP 467: contiguous ``///`` lines) loses each line's leading
whitespace and ``///``.
"""

from __future__ import annotations

import re
import unicodedata

from .mapped import Builder, Mapped

__all__ = ["decode_python_literal", "javadoc_lines"]

_PREFIX = re.compile(r"[rRuUbBfFtT]{0,3}")
_SIMPLE_ESCAPES = {
    "\\": "\\",
    "'": "'",
    '"': '"',
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}
_HEX_LENGTH = {"x": 2, "u": 4, "U": 8}
_OCTAL = re.compile(r"[0-7]{1,3}")
# The body of a literal up to (not including) its closing quote.  Unrolled loops (a run of
# plain characters, then one escape or lone quote and the next run): the same match as a
# loop over one character at a time, ~5x faster (the regex engine takes a run in one step)
_BODY = {
    '"""': re.compile(r'[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*', re.DOTALL),
    "'''": re.compile(r"[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*", re.DOTALL),
    '"': re.compile(r'[^"\\\r\n]*(?:\\(?:\r\n|.)[^"\\\r\n]*)*', re.DOTALL),
    "'": re.compile(r"[^'\\\r\n]*(?:\\(?:\r\n|.)[^'\\\r\n]*)*", re.DOTALL),
}
_SPECIAL = re.compile(r"[\\\r]")
_BETWEEN_PIECES = re.compile(r"(?:\s|\\\r?\n|\\\r|#[^\r\n]*)*")


def _decode(source: str, lo: int, hi: int, raw: bool, out: Builder, warnings: list[str]) -> None:
    i = lo
    while i < hi:
        special = _SPECIAL.search(source, i, hi)
        stop = special.start() if special else hi
        if stop > i:
            out.add_source(source, i, stop)
            i = stop
            if i >= hi:
                break
        char = source[i]
        if char == "\r":
            width = 2 if i + 1 < hi and source[i + 1] == "\n" else 1
            out.add("\n", i, i + width)
            i += width
            continue
        if char != "\\" or i + 1 >= hi:
            out.add(char, i, i + 1)
            i += 1
            continue
        nxt = source[i + 1]
        if raw:
            # A raw string keeps the backslash; the escaped character is literal too.
            out.add_source(source, i, i + 1)
            i += 1
            continue
        if nxt in "\r\n":
            # Line continuation: contributes nothing.
            i += 3 if nxt == "\r" and i + 2 < hi and source[i + 2] == "\n" else 2
            continue
        if nxt in _SIMPLE_ESCAPES:
            out.add(_SIMPLE_ESCAPES[nxt], i, i + 2)
            i += 2
            continue
        octal = _OCTAL.match(source, i + 1, hi)
        if octal:
            out.add(chr(int(octal.group(), 8)), i, octal.end())
            i = octal.end()
            continue
        if nxt in _HEX_LENGTH:
            digits = source[i + 2 : i + 2 + _HEX_LENGTH[nxt]]
            if len(digits) == _HEX_LENGTH[nxt] and all(
                c in "0123456789abcdefABCDEF" for c in digits
            ):
                code = int(digits, 16)
                end = i + 2 + len(digits)
                out.add(chr(code) if code <= 0x10FFFF else "\ufffd", i, end)
                i = end
                continue
            warnings.append(f"invalid \\{nxt} escape at offset {i}")
        elif nxt == "N" and i + 2 < hi and source[i + 2] == "{":
            close = source.find("}", i + 3, hi)
            if close > 0:
                try:
                    out.add(unicodedata.lookup(source[i + 3 : close]), i, close + 1)
                    i = close + 1
                    continue
                except KeyError:
                    warnings.append(f"unknown \\N{{...}} name at offset {i}")
        # Unknown escape: Python keeps the backslash and the character.
        out.add_source(source, i, i + 2)
        i += 2


def decode_python_literal(source: str, start: int, end: int) -> tuple[Mapped, int, int, list[str]]:
    """Decode ``source[start:end]``, a (possibly concatenated) string literal.

    Returns ``(body, body_start, body_end, warnings)``: the decoded text with its source
    mapping and the source range inside the quotes (from the first piece's opening quote to
    the last piece's closing quote).  Garbage or unterminated input gives a best-effort body
    and a warning; this never raises.
    """
    warnings: list[str] = []
    out = Builder()
    body_start: int | None = None
    body_end = start
    pos = start
    pieces = 0
    while pos < end:
        if pieces:
            between = _BETWEEN_PIECES.match(source, pos, end)
            pos = between.end() if between else pos
            if pos >= end:
                break
        prefix = _PREFIX.match(source, pos, end)
        q = prefix.end() if prefix else pos
        if source.startswith(('"""', "'''"), q) and q + 3 <= end:
            quote = source[q : q + 3]
        elif q < end and source[q] in "\"'":
            quote = source[q]
        else:
            if pieces == 0:
                warnings.append("not a string literal; reading the range as raw text")
                _decode(source, start, end, True, out, warnings)
                return out.build(), start, end, warnings
            warnings.append(f"unexpected text after the string literal at offset {pos}")
            break
        raw = "r" in source[pos:q].lower()
        content_start = q + len(quote)
        body = _BODY[quote].match(source, content_start, end)
        content_end = body.end() if body else content_start
        closed = source.startswith(quote, content_end) and content_end + len(quote) <= end
        close = content_end if closed else None
        if close is None:
            warnings.append(f"unterminated string literal starting at offset {pos}")
        _decode(source, content_start, content_end, raw, out, warnings)
        if body_start is None:
            body_start = content_start
        body_end = content_end
        pieces += 1
        pos = close + len(quote) if close is not None else end
        if close is None:
            break
    if body_start is None:
        body_start = body_end = start
    return out.build(), body_start, body_end, warnings


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def javadoc_lines(source: str, start: int, end: int) -> tuple[list[Mapped], int, int, list[str]]:
    """The content lines of a Javadoc comment ``source[start:end]``.

    Returns ``(lines, body_start, body_end, warnings)``; each line is the raw text after the
    ``*`` decoration (leading whitespace kept after the ``*``, trailing whitespace removed).
    """
    warnings: list[str] = []
    if source.startswith("///", start) and start + 3 <= end:
        return _markdown_lines(source, start, end)
    if source.startswith("/**", start) and start + 3 <= end:
        body_start = start + 3
    elif source.startswith("/*", start) and start + 2 <= end:
        body_start = start + 2
        warnings.append("a /* comment, not a /** Javadoc comment")
    else:
        body_start = start
        warnings.append("not a Javadoc comment: missing /**")
    if end - 2 >= body_start and source.startswith("*/", end - 2):
        body_end = end - 2
    else:
        body_end = end
        warnings.append("unterminated Javadoc comment: missing */")
    bounds = _line_bounds(source, body_start, body_end)
    lines: list[Mapped] = []
    for number, (lo, hi) in enumerate(bounds):
        i = lo
        if number or lo == body_start:
            while i < hi and source[i] in " \t\f":
                i += 1
            while i < hi and source[i] == "*":
                i += 1
        j = hi
        while j > i and source[j - 1] in " \t\f":
            j -= 1
        if number == len(bounds) - 1:
            while j > i and source[j - 1] == "*":
                j -= 1
        lines.append(Mapped.of_source(source, i, j))
    return lines, body_start, body_end, warnings


def _line_bounds(source: str, start: int, end: int) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of each line of ``source[start:end]``, line breaks left out."""
    bounds: list[tuple[int, int]] = []
    pos = start
    for match in _LINE_BREAK.finditer(source, start, end):
        bounds.append((pos, match.start()))
        pos = match.end()
    bounds.append((pos, end))
    return bounds


def _markdown_lines(source: str, start: int, end: int) -> tuple[list[Mapped], int, int, list[str]]:
    """The content lines of a Markdown documentation comment ``source[start:end]``: each line
    after its leading whitespace and ``///`` (what javadoc removes before it shifts the lines
    left, which changes no meaning here: block tags and sentences are read line by line)."""
    lines: list[Mapped] = []
    for lo, hi in _line_bounds(source, start, end):
        i = lo
        while i < hi and source[i] in " \t\f":
            i += 1
        if source.startswith("///", i) and i + 3 <= hi:
            i += 3
        j = hi
        while j > i and source[j - 1] in " \t\f":
            j -= 1
        lines.append(Mapped.of_source(source, i, j))
    return lines, start + 3, end, []
