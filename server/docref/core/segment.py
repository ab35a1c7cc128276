"""What docstring segmentation produces: segments with exact source positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .frozen_init import fast_init

__all__ = [
    "DocstringLanguage",
    "DocstringStyle",
    "ParsedDocstring",
    "Position",
    "Range",
    "Segment",
    "SegmentKind",
]

DocstringLanguage = Literal["python", "java"]
DocstringStyle = Literal["google", "numpy", "rest", "epydoc", "javadoc", "plain"]
SegmentKind = Literal[
    "summary", "prose", "param", "returns", "yields", "raises", "attribute", "other"
]
# 0-based (line, UTF-16 column), the LSP convention.
Position = tuple[int, int]
Range = tuple[Position, Position]


@fast_init  # built by the ten thousand: docref.core.frozen_init
@dataclass(frozen=True, slots=True)
class Segment:
    """One checkable unit of a docstring: a prose sentence or one structured entry.

    ``text`` is the clean text: indentation, Javadoc ``*`` and HTML tags removed, escapes
    decoded, whitespace runs (line breaks included) collapsed to single spaces; a structured
    entry keeps its marker (``x (int): The x.``, ``:param x: The x.``, ``@param x the x``).
    ``start``/``end`` are character offsets into the file's source of the segment's first
    and last non-space characters (``end`` exclusive); ``range`` is the same span as
    0-based ``((line, utf16_col), (line, utf16_col))``.

    ``name`` is what an entry documents (parameter, attribute, exception; NumPy ``x1, x2 : T``
    gives one segment named ``"x1, x2"``), ``type`` the type it states, ``section`` the
    section header as written (``"Args"``, ``"Parameters"``) or the field/tag
    (``":param"``, ``":type"``, ``"@throws"``, ``".. versionadded::"``); ``None`` for prose
    outside sections.  ``name_span``/``type_span`` are the source offsets of those tokens.
    """

    text: str
    kind: SegmentKind
    name: str | None
    type: str | None
    section: str | None
    start: int
    end: int
    range: Range
    name_span: tuple[int, int] | None = None
    type_span: tuple[int, int] | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "text": self.text,
            "kind": self.kind,
            "name": self.name,
            "type": self.type,
            "section": self.section,
            "start": self.start,
            "end": self.end,
            "range": [list(self.range[0]), list(self.range[1])],
            "name_span": list(self.name_span) if self.name_span else None,
            "type_span": list(self.type_span) if self.type_span else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Segment:
        """The inverse of :meth:`to_json` (raises ``KeyError``/``TypeError``/``ValueError``
        on a malformed object)."""
        (sl, sc), (el, ec) = data["range"]
        name_span = data.get("name_span")
        type_span = data.get("type_span")
        return cls(
            text=str(data["text"]),
            kind=data["kind"],
            name=data["name"],
            type=data["type"],
            section=data["section"],
            start=int(data["start"]),
            end=int(data["end"]),
            range=((int(sl), int(sc)), (int(el), int(ec))),
            name_span=(int(name_span[0]), int(name_span[1])) if name_span else None,
            type_span=(int(type_span[0]), int(type_span[1])) if type_span else None,
        )


@dataclass(frozen=True, slots=True)
class ParsedDocstring:
    """A docstring split into segments.

    ``body_start``/``body_end`` delimit the docstring's content in the source (inside the
    quotes, or between ``/**`` and ``*/``).  ``warnings`` explain anything that was repaired
    or skipped (unterminated literal, unclosed inline tag, …); parsing never raises.
    """

    style: DocstringStyle
    body_start: int
    body_end: int
    segments: list[Segment] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "style": self.style,
            "body_start": self.body_start,
            "body_end": self.body_end,
            "segments": [s.to_json() for s in self.segments],
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ParsedDocstring:
        """The inverse of :meth:`to_json`."""
        return cls(
            style=data["style"],
            body_start=int(data["body_start"]),
            body_end=int(data["body_end"]),
            segments=[Segment.from_json(s) for s in data["segments"]],
            warnings=[str(w) for w in data["warnings"]],
        )
