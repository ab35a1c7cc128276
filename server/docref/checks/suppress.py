"""Silencing findings on purpose: inline ``docref: ignore`` markers and the config ignore list.

Inline markers are comments (real comment tokens of the tree-sitter parse: the same text in
a string literal or a docstring does nothing):

* ``# docref: ignore`` silences every finding; ``# docref: ignore[C4]`` or
  ``# docref: ignore[C1, C2-PARAM-TYPE]`` only the criteria or rule ids listed.  Case and
  whitespace do not matter.
* Python: on any line of the ``def``/``class`` header, from the first decorator through the
  line with the closing ``:``.  Decorator lines count because a comment there can only be
  about the definition it decorates; the line above the first decorator does not count.
* Java: a ``//`` (or plain ``/* */``, never Javadoc: ``/** */`` or ``///``) comment on any
  line of the declaration header through its last line (``public void f() { // docref:
  ignore``), or alone on the line just above the declaration, its annotations or its Javadoc.
* On the flagged line, which for a docstring is the line its literal ends on (as ruff reads
  ``noqa`` for multi-line strings): a marker after the closing quotes (Python) or after the
  Javadoc's ``*/`` (Java, ``/** … */ // docref: ignore[C2]``) covers the findings of that
  docstring only -- not the methods of a class, not nested functions.
* A marker on a header covers its entity and everything defined inside it: a marker on a
  class covers the class docstring and every method, nested classes included; a marker on a
  function covers its nested functions.  Java overloads share a qualname, so a marker also requires
  the finding to lie inside the marked declaration.

Bad markers (``ignore[C9]``, ``ignore[``, a marker on no declaration) become
:class:`SuppressionWarning` lines for the caller to print; the valid part still applies.

The config ignore list and the codes a marker may name are in :mod:`docref.core.codes`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.core.codes import code_applies, known_codes, normalise_path, unknown_code_message
from docref.core.findings import Finding
from docref.graph.model import Class, FileExtract, Function

__all__ = [
    "SuppressionWarning",
    "Suppressions",
    "inline_suppressions",
]

_MARKER = re.compile(
    r"(?<![\w.-])docref\s*:\s*ignore(?![\w-])"
    r"(?:\s*(?P<open>\[)(?P<codes>[^\[\]]*)(?P<close>\])?|\s*(?P<odd>[({=:]))?",
    re.IGNORECASE,
)
_CODE_SEPARATORS = re.compile(r"[,\s]+")
_PY_COMMENTS = frozenset({"comment"})
_JAVA_COMMENTS = frozenset({"line_comment", "block_comment"})


# ---------------------------------------------------------------------------------------------
# Inline markers


@dataclass(frozen=True, slots=True)
class SuppressionWarning:
    """A marker docref could not use fully; ``line`` is 1-based.  ``str()`` gives one line."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class _Scope:
    """One marked declaration: its qualname, 0-based first/last line and the codes it silences
    (``None`` silences everything)."""

    qualname: str
    first_line: int
    last_line: int
    codes: frozenset[str] | None

    def covers(self, finding: Finding) -> bool:
        qualname = finding.qualname
        if qualname != self.qualname and not qualname.startswith(f"{self.qualname}."):
            return False
        if not self.first_line <= finding.range[0][0] <= self.last_line:
            return False
        return self.codes is None or any(code_applies(c, finding) for c in self.codes)


@dataclass(frozen=True, slots=True)
class Suppressions:
    """The inline markers of one file, attached to the declarations they sit on."""

    path: str
    scopes: tuple[_Scope, ...] = ()
    warnings: tuple[SuppressionWarning, ...] = ()

    def covers(self, finding: Finding) -> bool:
        """Whether a marker of this file silences ``finding`` (findings of other files: no)."""
        if not self.scopes or normalise_path(finding.path) != normalise_path(self.path):
            return False
        return any(scope.covers(finding) for scope in self.scopes)


@dataclass(frozen=True, slots=True)
class _Marker:
    line: int  # 0-based row of the comment's start
    alone_on_line: bool  # nothing but whitespace before the comment on its line
    codes: frozenset[str] | None


def inline_suppressions(file: FileExtract, source: str) -> Suppressions:
    """The ``docref: ignore`` markers of ``file`` (whose text is ``source``) and their warnings.

    Never raises on odd input: a file that does not parse still yields the markers the
    parser recovered, and every marker that cannot be used becomes a warning.
    """
    if "docref" not in source.lower():
        return Suppressions(file.path)  # most files: no parse needed
    data = source.encode("utf-8", "surrogatepass")
    warnings: list[SuppressionWarning] = []
    markers = _find_markers(file, data, warnings)
    scopes: list[_Scope] = []
    entities: list[Function | Class] = [*file.classes, *file.functions]
    for marker in markers:
        attached = [e for e in entities if _marker_fits(file, e, marker)]
        # the docstrings whose literal ends on the marker's line: the flagged line
        closing = [
            _Scope(e.qualname, e.docstring.span.start_line, e.docstring.span.end_line, marker.codes)
            for e in entities
            if e.docstring is not None and e.docstring.span.end_line == marker.line
        ]
        scopes.extend(closing)
        if not attached and not closing:
            where = (
                "on or just above a method or class declaration, or after a Javadoc's */"
                if file.language == "java"
                else "on a def or class header line (decorators included) or a docstring's "
                "closing line"
            )
            warnings.append(
                SuppressionWarning(
                    file.path,
                    marker.line + 1,
                    f"docref: ignore marker is not {where}; it suppresses nothing",
                )
            )
        scopes.extend(_scope(e, marker.codes) for e in attached)
    return Suppressions(file.path, tuple(scopes), tuple(warnings))


def _scope(entity: Function | Class, codes: frozenset[str] | None) -> _Scope:
    first = entity.span.start_line
    if entity.docstring is not None:  # a Javadoc sits before the declaration's span
        first = min(first, entity.docstring.span.start_line)
    return _Scope(entity.qualname, first, entity.span.end_line, codes)


def _marker_fits(file: FileExtract, entity: Function | Class, marker: _Marker) -> bool:
    header_end = entity.header_span.end_line
    if file.language != "java":
        # ``span`` starts at the first decorator, ``header_span`` ends at the closing ``:``
        return entity.span.start_line <= marker.line <= header_end
    lead = entity.span.start_line
    if entity.docstring is not None:
        lead = min(lead, entity.docstring.span.start_line)
    if marker.line < entity.span.start_line:
        # before the declaration only a comment of its own counts: a trailing comment on the
        # previous member's last line belongs to that member
        return marker.alone_on_line and lead - 1 <= marker.line
    return marker.line <= header_end


def _find_markers(
    file: FileExtract, data: bytes, warnings: list[SuppressionWarning]
) -> list[_Marker]:
    # imported here so that a Python-only workspace never loads the Java grammar (and back)
    if file.language == "java":
        from docref.graph.java_extract import parse

        comment_types = _JAVA_COMMENTS
    else:
        from docref.graph.python_extract import parse

        comment_types = _PY_COMMENTS
    root = parse(data).root_node
    seen: set[int] = set()
    markers: list[_Marker] = []
    for hit in re.finditer(rb"docref", data, re.IGNORECASE):
        node = root.descendant_for_byte_range(hit.start(), hit.end())
        if node is None or node.type not in comment_types or node.start_byte in seen:
            continue
        seen.add(node.start_byte)
        text = data[node.start_byte : node.end_byte].decode("utf-8", "replace")
        if text.startswith("/**") or (text.startswith("///") and not text.startswith("////")):
            continue  # Javadoc (``/** */`` or Markdown ``///``) is documentation, never a directive
        line = node.start_point[0]
        usable, codes = _marker_codes(text, file.path, line + 1, warnings)
        if usable:
            line_start = data.rfind(b"\n", 0, node.start_byte) + 1
            alone = not data[line_start : node.start_byte].strip()
            markers.append(_Marker(line, alone, codes))
    return markers


def _marker_codes(
    comment: str, path: str, line: int, warnings: list[SuppressionWarning]
) -> tuple[bool, frozenset[str] | None]:
    """Whether ``comment`` holds a usable marker, and the codes it silences (``None``: all)."""
    codes: set[str] = set()
    usable = False
    for match in _MARKER.finditer(comment):
        if match["odd"] is not None:
            warnings.append(
                SuppressionWarning(
                    path,
                    line,
                    f"malformed marker {match[0].strip()!r}: write 'docref: ignore' or "
                    "'docref: ignore[C4, C2-PARAM-TYPE]'; it suppresses nothing",
                )
            )
            continue
        if match["open"] is None:
            return True, None
        if match["close"] is None:
            warnings.append(
                SuppressionWarning(
                    path, line, "unclosed '[' in docref: ignore marker; it suppresses nothing"
                )
            )
            continue
        named = [c.upper() for c in _CODE_SEPARATORS.split(match["codes"]) if c]
        if not named:
            warnings.append(
                SuppressionWarning(
                    path,
                    line,
                    "empty 'docref: ignore[]': name codes, or write 'docref: ignore' to "
                    "suppress everything; it suppresses nothing",
                )
            )
            continue
        for code in named:
            if code in known_codes():
                codes.add(code)
                usable = True
            else:
                warnings.append(SuppressionWarning(path, line, unknown_code_message(code)))
    return usable, frozenset(codes)
