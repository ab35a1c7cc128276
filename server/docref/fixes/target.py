"""The docstring a fix works on: where it sits in the file, parsed, and whose it is."""

from __future__ import annotations

from dataclasses import dataclass

from docref.graph.model import Class, Function
from docref.graph.project import ProjectGraph
from docref.segments import (
    DocstringLanguage,
    ParsedDocstring,
    byte_to_char,
    segment_docstring,
)

__all__ = ["FixTarget", "find_target", "literal_frame"]

_PREFIX_LETTERS = frozenset("rRuUbBfF")


@dataclass(frozen=True, slots=True)
class FixTarget:
    """One documented function (or class) of a file version.

    ``source`` is the file's whole text; ``source[start:end]`` the docstring literal with its
    prefix and quotes (Python) or the whole ``/** … */`` comment (Java).  ``function`` is
    ``None`` for a class docstring.
    """

    path: str
    qualname: str
    language: DocstringLanguage
    source: str
    start: int
    end: int
    parsed: ParsedDocstring
    function: Function | None = None
    entity: Function | Class | None = None

    @property
    def literal(self) -> str:
        return self.source[self.start : self.end]

    def with_literal(self, literal: str) -> str:
        """The file's text with the docstring replaced by ``literal``."""
        return self.source[: self.start] + literal + self.source[self.end :]


def literal_frame(literal: str) -> tuple[str, str]:
    """``(prefix, quote)`` of a Python string literal: ``('r', '\"\"\"')``."""
    i = 0
    while i < len(literal) and literal[i] in _PREFIX_LETTERS:
        i += 1
    rest = literal[i:]
    for quote in ('"""', "'''", '"', "'"):
        if rest.startswith(quote):
            return literal[:i], quote
    return literal[:i], ""


def find_target(graph: ProjectGraph, path: str, qualname: str) -> FixTarget | None:
    """The documented function, method or class ``qualname`` of ``path`` as the graph has
    it now (``None`` when there is no such documented entity)."""
    fe = graph.get(path)
    if fe is None:
        return None
    entity: Function | Class | None = next(
        (f for f in fe.functions if f.qualname == qualname and f.docstring is not None), None
    )
    if entity is None:
        entity = next(
            (c for c in fe.classes if c.qualname == qualname and c.docstring is not None), None
        )
    if entity is None or entity.docstring is None:
        return None
    source = graph.source(fe.path)
    data = source.encode("utf-8", "surrogatepass")
    span = entity.docstring.span
    start, end = byte_to_char(data, span.start_byte), byte_to_char(data, span.end_byte)
    language: DocstringLanguage = "java" if fe.language == "java" else "python"
    parsed = segment_docstring(source, start, end, language)
    function = entity if isinstance(entity, Function) else None
    return FixTarget(fe.path, qualname, language, source, start, end, parsed, function, entity)
