"""The parts the extract records of :mod:`docref.graph.model` are made of: where a thing
sits (:class:`Span`), a parameter, a name used, a docstring.  Each keeps its JSON form beside
its fields (a field added without it would be lost by the cache silently); positions are
UTF-8 byte offsets and 0-based (row, byte column) points, as tree-sitter reports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from docref.core.frozen_init import fast_init

__all__ = ["RECEIVER_NAMES", "Docstring", "Language", "Param", "RefKind", "Reference", "Span"]

Language = Literal["python", "java"]
RefKind = Literal["call", "attribute", "name", "annotation"]

# The conventional names of a Python method's receiver (PEP 8): a parameter so named is the
# bound instance or class, never an argument a caller passes or a docstring documents.
RECEIVER_NAMES = frozenset({"self", "cls"})


@fast_init  # built by the ten thousand: docref.core.frozen_init
@dataclass(slots=True, frozen=True)
class Span:
    """A region of a file: byte offsets and 0-based (row, byte column) points."""

    start_byte: int
    end_byte: int
    start_line: int
    start_col: int
    end_line: int
    end_col: int

    def to_json(self) -> list[int]:
        return [
            self.start_byte,
            self.end_byte,
            self.start_line,
            self.start_col,
            self.end_line,
            self.end_col,
        ]

    @classmethod
    def from_json(cls, data: list[int]) -> Span:
        return cls(*data)

    def contains(self, other: Span) -> bool:
        return self.start_byte <= other.start_byte and other.end_byte <= self.end_byte


@dataclass(slots=True)
class Param:
    """One parameter of a function or method signature."""

    name: str
    annotation: str | None = None
    default: str | None = None
    # positional | vararg (*args) | kwarg (**kw) | keyword_only | positional_only
    kind: str = "positional"

    def to_json(self) -> list[Any]:
        return [self.name, self.annotation, self.default, self.kind]

    @classmethod
    def from_json(cls, data: list[Any]) -> Param:
        return cls(*data)


@dataclass(slots=True)
class Reference:
    """A name a function body or signature uses, deduplicated, in order of first use.

    ``name`` is the full dotted text as written (``os.path.join``, ``self.cache.get``,
    ``helper``); ``line`` is the 0-based row of the first use; ``count`` how often it occurs.
    """

    name: str
    kind: RefKind
    line: int
    count: int = 1

    def to_json(self) -> list[Any]:
        return [self.name, self.kind, self.line, self.count]

    @classmethod
    def from_json(cls, data: list[Any]) -> Reference:
        return cls(*data)


@dataclass(slots=True)
class Docstring:
    """A docstring literal (Python) or Javadoc comment (Java) and where it sits.

    ``span`` covers the whole literal including quotes/prefix (``r\"\"\"...\"\"\"``) or the
    whole ``/** ... */`` comment; ``text`` is the raw source text of that span.
    """

    text: str
    span: Span

    def to_json(self) -> list[Any]:
        return [self.text, self.span.to_json()]

    @classmethod
    def from_json(cls, data: list[Any]) -> Docstring:
        return cls(data[0], Span.from_json(data[1]))
