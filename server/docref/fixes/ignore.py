"""The "Ignore Cn for this function" edit: an inline ``docref: ignore[...]`` marker.

The marker goes where :mod:`docref.checks.suppress` looks for it: at the end of the ``def``
line (Python: ``# docref: ignore[C2]``) or of the declaration header's last line (Java:
``// docref: ignore[C2]``).  A marker already on the header gets the code merged into its
list (``ignore[C1]`` → ``ignore[C1, C2]``) instead of a second marker.  Only real comments
count, never the same text inside a string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.fixes.text import Edit, line_bounds
from docref.graph.model import Class, Function
from docref.segments.positions import line_index

__all__ = ["IgnoreEdit", "ignore_edit", "line_marker_edit"]

_MARKER = re.compile(
    r"(?<![\w.-])docref\s*:\s*ignore(?![\w-])(?:\s*\[(?P<codes>[^\[\]]*)\])?", re.IGNORECASE
)
_COMMENTS = {"python": frozenset({"comment"}), "java": frozenset({"line_comment", "block_comment"})}


@dataclass(frozen=True, slots=True)
class IgnoreEdit:
    """The edit writing the marker, or why none is needed (``edit`` is then ``None``)."""

    edit: Edit | None
    reason: str | None = None


def _comments(source: str, language: str, lines: range) -> list[tuple[int, int]]:
    """``(start, end)`` character offsets of the comments starting on ``lines``."""
    if language == "java":
        from docref.graph.java_extract import parse
    else:
        from docref.graph.python_extract import parse
    data = source.encode("utf-8", "surrogatepass")
    index = line_index(source)
    root = parse(data).root_node
    found: list[tuple[int, int]] = []
    opener = "//" if language == "java" else "#"
    for line in lines:
        if line >= index.line_count:
            break
        start = index.line_start(line)
        end = index.line_end(line)
        for hit in re.finditer(
            re.escape(opener) + ("|/\\*" if language == "java" else ""), source[start:end]
        ):
            char = start + hit.start()
            byte = index.char_to_byte(char)
            node = root.descendant_for_byte_range(byte, byte + 1)
            if node is None or node.type not in _COMMENTS[language] or node.start_byte != byte:
                continue
            text = data[node.start_byte : node.end_byte].decode("utf-8", "replace")
            if text.startswith("/**"):
                continue  # Javadoc is documentation, never a directive
            found.append((char, index.byte_to_char(node.end_byte)))
    return found


def ignore_edit(source: str, entity: Function | Class, language: str, code: str) -> IgnoreEdit:
    """The edit silencing ``code`` (``"C2"`` or a rule id) for ``entity`` in ``source``."""
    code = code.upper()
    header = entity.header_span
    first = header.start_line if language != "java" else header.end_line
    if language != "java":
        # the line of ``def`` unless it ends in a backslash continuation (no comment there)
        start, end, _ = line_bounds(source, line_index(source).line_start(first))
        if source[start:end].rstrip().endswith("\\"):
            first = header.end_line
    lines = range(entity.span.start_line, header.end_line + 1)
    for start, end in _comments(source, language, lines):
        comment = source[start:end]
        for match in _MARKER.finditer(comment):
            if match["codes"] is None:
                return IgnoreEdit(None, "a docref: ignore marker silences everything here already")
            codes = [c for c in re.split(r"[,\s]+", match["codes"]) if c]
            if code in (c.upper() for c in codes):
                return IgnoreEdit(None, f"{code} is ignored here already")
            merged = ", ".join([*codes, code])
            lo, hi = start + match.start("codes"), start + match.end("codes")
            return IgnoreEdit(Edit(lo, hi, merged))
    return _new_marker(source, language, first, code)


def line_marker_edit(source: str, language: str, line: int, codes: list[str]) -> IgnoreEdit:
    """The edit silencing ``codes`` with a marker at the end of ``line`` (0-based; for
    ``docref check --add-ignore``, a docstring's closing line): merged into a marker already
    there, else a new comment after the line's text."""
    wanted = [c.upper() for c in codes]
    for start, end in _comments(source, language, range(line, line + 1)):
        comment = source[start:end]
        for match in _MARKER.finditer(comment):
            if match["codes"] is None:
                return IgnoreEdit(None, "a docref: ignore marker silences everything here already")
            have = [c for c in re.split(r"[,\s]+", match["codes"]) if c]
            missing = [c for c in dict.fromkeys(wanted) if c not in {h.upper() for h in have}]
            if not missing:
                return IgnoreEdit(None, "ignored here already")
            lo, hi = start + match.start("codes"), start + match.end("codes")
            return IgnoreEdit(Edit(lo, hi, ", ".join([*have, *missing])))
    return _new_marker(source, language, line, ", ".join(dict.fromkeys(wanted)))


def _new_marker(source: str, language: str, line: int, codes: str) -> IgnoreEdit:
    """A new ``docref: ignore[codes]`` comment at the end of ``line`` (0-based), two spaces
    after its text (none on a blank line; a docstring's closing line, where
    :func:`line_marker_edit` writes, never is)."""
    index = line_index(source)
    start, line_end = index.line_start(line), index.line_end(line)
    text = source[start:line_end]
    opener = "//" if language == "java" else "#"
    pad = "" if not text.strip() else "  "
    at = start + len(text.rstrip(" \t"))
    return IgnoreEdit(Edit(at, line_end, f"{pad}{opener} docref: ignore[{codes}]"))
