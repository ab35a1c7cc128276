"""Findings, per-check verdicts and the ReFEree score.

Vocabulary shared by every tier of checks:

* :class:`Criterion` -- the paper's four criteria C1..C4 with their names and one-line
  definitions (ReFEree Table 1 wording), used in diagnostics (``"C2 type inconsistency: …"``)
  and hovers.
* :class:`Verdict` -- the answer of one (segment, criterion) check: ``pass`` (the criterion
  holds), ``fail`` (an inconsistency was found) or ``unknown`` (the model's answer could not be
  parsed or the check could not run; never a finding, never counted in the score).
* :class:`Tier` -- who answered: the ``static`` rules or the ``llm`` judge.
* :class:`Finding` -- one flagged (or, for hovers, explicitly passed) docstring segment with its
  message, evidence and fix hint; JSON round-trip for the cache and a line-independent
  :meth:`Finding.key` for suppression files.

Per-check results and the ReFEree score live in :mod:`docref.core.score`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TypeVar

from docref.core.segment import Range, Segment

__all__ = [
    "Criterion",
    "Evidence",
    "Finding",
    "SegmentId",
    "Tier",
    "Verdict",
]


class Criterion(enum.StrEnum):
    """The four ReFEree criteria; the value is the short code (``"C1"`` … ``"C4"``)."""

    C1 = "C1"
    C2 = "C2"
    C3 = "C3"
    C4 = "C4"

    @property
    def display_name(self) -> str:
        """The paper's name, e.g. ``"Type inconsistency"``."""
        return _NAMES[self]

    @property
    def definition(self) -> str:
        """One-line definition (paper Table 1 wording, summarised)."""
        return _DEFINITIONS[self]

    @property
    def label(self) -> str:
        """Code and lower-cased name, the prefix of a headline: ``"C2 type inconsistency"``."""
        return f"{self.value} {_NAMES[self].lower()}"


_NAMES: Mapping[Criterion, str] = MappingProxyType(
    {
        Criterion.C1: "Name inconsistency",
        Criterion.C2: "Type inconsistency",
        Criterion.C3: "Functionality inconsistency",
        Criterion.C4: "Context irrelevant",
    }
)

_DEFINITIONS: Mapping[Criterion, str] = MappingProxyType(
    {
        Criterion.C1: (
            "A mentioned function, class or variable name does not match the actual identifier "
            "in the input code, or mistakenly refers to a different entity with the same name "
            "in the project."
        ),
        Criterion.C2: (
            "The described return type or variable type is inconsistent with the actual type in "
            "the input code or in directly dependent functions."
        ),
        Criterion.C3: (
            "The described functionality or purpose does not reflect what the input code or its "
            "dependent functions implement."
        ),
        Criterion.C4: (
            "Content unnecessary or irrelevant to the input code or relevant information, such "
            "as descriptions of unrelated entities or overly generalised dependency context."
        ),
    }
)


class Verdict(enum.StrEnum):
    """The answer of one (segment, criterion) check."""

    PASS = "pass"
    """The criterion holds: no inconsistency."""
    FAIL = "fail"
    """An inconsistency was found."""
    UNKNOWN = "unknown"
    """The model's answer was unparseable or the check could not run: never a finding."""


class Tier(enum.StrEnum):
    """Which tier answered a check."""

    STATIC = "static"
    LLM = "llm"


# ---------------------------------------------------------------------------------------------
# JSON helpers (the cache is plain JSON: every value must be checked on the way back in)


def _get_str(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"finding JSON: {key!r} must be a string, got {value!r}")
    return value


def _get_opt_str(data: Mapping[str, object], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"finding JSON: {key!r} must be a string or null, got {value!r}")
    return value


def _as_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"finding JSON: {what} must be an integer, got {value!r}")
    return value


def _get_opt_int(data: Mapping[str, object], key: str) -> int | None:
    value = data.get(key)
    return None if value is None else _as_int(value, repr(key))


def _as_position(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"finding JSON: a range position must be [line, column], got {value!r}")
    return (_as_int(value[0], "range line"), _as_int(value[1], "range column"))


def _as_range(value: object) -> Range:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"finding JSON: 'range' must be [[line, col], [line, col]], got {value!r}")
    return (_as_position(value[0]), _as_position(value[1]))


_E = TypeVar("_E", bound=enum.StrEnum)


def _as_enum(cls: type[_E], value: object, key: str) -> _E:
    members = {m.value: m for m in cls}
    if isinstance(value, str) and value in members:
        return members[value]
    allowed = ", ".join(members)
    raise ValueError(f"finding JSON: {key!r} must be one of {allowed}, got {value!r}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------------
# Evidence and findings


@dataclass(frozen=True, slots=True)
class Evidence:
    """A piece of code or documentation supporting a finding.

    ``path`` is workspace-relative (``None`` for text that has no file, e.g. external API
    documentation); ``line`` is 1-based (``None`` when unknown).
    """

    text: str
    path: str | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        if self.line is not None and self.line < 1:
            raise ValueError(f"Evidence.line is 1-based, got {self.line}")

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "path": self.path, "line": self.line}

    @classmethod
    def from_json(cls, data: object) -> Evidence:
        if not isinstance(data, Mapping):
            raise ValueError(f"finding JSON: evidence must be an object, got {data!r}")
        return cls(
            text=_get_str(data, "text"),
            path=_get_opt_str(data, "path"),
            line=_get_opt_int(data, "line"),
        )


# (path, qualname, start, end): identifies one segment across tiers and criteria.
SegmentId = tuple[str, str, int, int]


@dataclass(frozen=True, slots=True)
class Finding:
    """One checked docstring segment, reported against one criterion.

    ``path`` is workspace-relative, ``qualname`` the documented entity (``pkg.mod.Class.method``).
    ``start``/``end``/``range`` locate the segment exactly like :class:`Segment` (character
    offsets, end exclusive; 0-based ``((line, utf16_col), (line, utf16_col))``).  ``rule`` names
    the check (``"C1-PARAM-UNKNOWN"`` for a static rule, ``"referee"`` for the LLM judge).

    ``message`` is one line (whitespace runs, line breaks included, are collapsed on
    construction), e.g. ``says "returns a list", but read_lines() returns Iterator[str]``;
    ``explanation`` may be longer.  ``verdict`` is normally ``fail``; ``pass`` is allowed for
    hovers that report a criterion explicitly checked, ``unknown`` is rejected (an unknown
    answer is never a finding).  ``from_cache`` is a run-time flag: the finding was read back
    from the cache rather than computed.
    """

    path: str
    qualname: str
    start: int
    end: int
    range: Range
    segment_text: str
    criterion: Criterion
    verdict: Verdict
    tier: Tier
    rule: str
    message: str
    explanation: str | None = None
    evidence: tuple[Evidence, ...] = ()
    fix_hint: str | None = None
    from_cache: bool = False

    def __post_init__(self) -> None:
        # Coerce plain strings (Criterion is a StrEnum, so "C2" == Criterion.C2).
        object.__setattr__(self, "criterion", Criterion(self.criterion))
        object.__setattr__(self, "verdict", Verdict(self.verdict))
        object.__setattr__(self, "tier", Tier(self.tier))
        object.__setattr__(self, "evidence", tuple(self.evidence))
        object.__setattr__(self, "message", _one_line(self.message))
        if self.verdict is Verdict.UNKNOWN:
            raise ValueError("an unknown verdict is never a finding (use CheckResult)")
        if not self.message:
            raise ValueError("Finding.message must not be empty")
        if not self.rule:
            raise ValueError("Finding.rule must not be empty")
        if not 0 <= self.start <= self.end:
            raise ValueError(
                f"Finding span must satisfy 0 <= start <= end: {self.start}, {self.end}"
            )

    @classmethod
    def from_segment(
        cls,
        segment: Segment,
        *,
        path: str,
        qualname: str,
        criterion: Criterion | str,
        tier: Tier | str,
        rule: str,
        message: str,
        verdict: Verdict | str = Verdict.FAIL,
        explanation: str | None = None,
        evidence: Iterable[Evidence] = (),
        fix_hint: str | None = None,
        from_cache: bool = False,
    ) -> Finding:
        """A finding located on ``segment`` (its text, offsets and range are copied)."""
        return cls(
            path=path,
            qualname=qualname,
            start=segment.start,
            end=segment.end,
            range=segment.range,
            segment_text=segment.text,
            criterion=Criterion(criterion),
            verdict=Verdict(verdict),
            tier=Tier(tier),
            rule=rule,
            message=message,
            explanation=explanation,
            evidence=tuple(evidence),
            fix_hint=fix_hint,
            from_cache=from_cache,
        )

    @property
    def line(self) -> int:
        """1-based line of the segment's start (for CLI output)."""
        return self.range[0][0] + 1

    @property
    def segment_id(self) -> SegmentId:
        return (self.path, self.qualname, self.start, self.end)

    def headline(self) -> str:
        """``"C2 type inconsistency: <message>"``."""
        return f"{self.criterion.label}: {self.message}"

    def key(self) -> str:
        """Stable identity for suppression files: survives line shifts and re-indentation.

        Built from the path (``/`` separators), the qualname, the criterion, the rule and a
        hash of the segment text with whitespace collapsed -- never from offsets or lines.
        """
        import hashlib  # only suppression files need it: ~1-3 ms of every start-up

        digest = hashlib.sha256(_one_line(self.segment_text).encode("utf-8")).hexdigest()[:16]
        path = self.path.replace("\\", "/")
        return f"{path}::{self.qualname}::{self.criterion.value}::{self.rule}::{digest}"

    def cached(self) -> Finding:
        """This finding marked as read back from the cache."""
        return replace(self, from_cache=True)

    def to_json(self) -> dict[str, object]:
        """JSON-safe dict (str, int, bool, None, lists, dicts only)."""
        return {
            "path": self.path,
            "qualname": self.qualname,
            "start": self.start,
            "end": self.end,
            "range": [list(self.range[0]), list(self.range[1])],
            "segment_text": self.segment_text,
            "criterion": self.criterion.value,
            "verdict": self.verdict.value,
            "tier": self.tier.value,
            "rule": self.rule,
            "message": self.message,
            "explanation": self.explanation,
            "evidence": [e.to_json() for e in self.evidence],
            "fix_hint": self.fix_hint,
            "from_cache": self.from_cache,
        }

    @classmethod
    def from_json(cls, data: object) -> Finding:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on a malformed entry.

        Optional fields (``explanation``, ``evidence``, ``fix_hint``, ``from_cache``) may be
        absent.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"finding JSON must be an object, got {type(data).__name__}")
        evidence = data.get("evidence", [])
        if not isinstance(evidence, list | tuple):
            raise ValueError(f"finding JSON: 'evidence' must be a list, got {evidence!r}")
        from_cache = data.get("from_cache", False)
        if not isinstance(from_cache, bool):
            raise ValueError(f"finding JSON: 'from_cache' must be a boolean, got {from_cache!r}")
        return cls(
            path=_get_str(data, "path"),
            qualname=_get_str(data, "qualname"),
            start=_as_int(data.get("start"), "'start'"),
            end=_as_int(data.get("end"), "'end'"),
            range=_as_range(data.get("range")),
            segment_text=_get_str(data, "segment_text"),
            criterion=_as_enum(Criterion, data.get("criterion"), "criterion"),
            verdict=_as_enum(Verdict, data.get("verdict"), "verdict"),
            tier=_as_enum(Tier, data.get("tier"), "tier"),
            rule=_get_str(data, "rule"),
            message=_get_str(data, "message"),
            explanation=_get_opt_str(data, "explanation"),
            evidence=tuple(Evidence.from_json(e) for e in evidence),
            fix_hint=_get_opt_str(data, "fix_hint"),
            from_cache=from_cache,
        )
