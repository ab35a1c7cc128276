"""The codes a finding answers to, and the config ignore list.

A code is a criterion (``C1``..``C4``) or a rule id: those of :mod:`docref.core.catalog` plus
:data:`~docref.core.catalog.MODEL_RULE` for the judge.  Inline markers
(:mod:`docref.checks.suppress`) and the ``ignore`` setting (:class:`IgnoreList`: ``"C4"``,
``"C2-PARAM-TYPE"`` or ``"GLOB:CODE"`` such as ``"tests/**:C1"``, gitignore-style paths) both
name codes, and the settings validator rejects an unknown one when the settings are read.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docref.core.catalog import MODEL_RULE, STATIC_RULES
from docref.core.findings import Criterion, Finding, Tier

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "IgnoreList",
    "code_applies",
    "finding_code",
    "known_codes",
    "normalise_path",
    "unknown_code_message",
]


@functools.cache
def known_codes() -> frozenset[str]:
    """Every code a marker or ignore entry may name: the criteria and all rule ids, upper-cased."""
    return frozenset({c.value for c in Criterion} | set(STATIC_RULES) | {MODEL_RULE.upper()})


def unknown_code_message(code: str) -> str:
    """The error for a code that names no criterion and no rule."""
    return (
        f"unknown code {code!r}: expected a criterion (C1..C4) or a rule id such as C2-PARAM-TYPE"
    )


def finding_code(finding: Finding) -> str:
    """The code a finding is shown with: its rule id (``C2-PARAM-TYPE``) for a static finding,
    its criterion (``C2``) for the model's, which answers per criterion."""
    if finding.tier is Tier.LLM or finding.rule == finding.criterion.value:
        return finding.criterion.value
    return finding.rule


def code_applies(code: str, finding: Finding) -> bool:
    """Whether ``code`` (upper-cased) is ``finding``'s criterion or its rule id."""
    return code == finding.criterion.value or code == finding.rule.upper()


def normalise_path(path: str) -> str:
    """``path`` with forward slashes, no leading ``./``: how ignore globs and markers compare."""
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


@dataclass(frozen=True, slots=True)
class _IgnoreEntry:
    code: str
    paths: pathspec.GitIgnoreSpec | None  # None: every path

    def covers(self, finding: Finding) -> bool:
        if not code_applies(self.code, finding):
            return False
        return self.paths is None or bool(self.paths.match_file(normalise_path(finding.path)))


@dataclass(frozen=True, slots=True)
class IgnoreList:
    """The config ``ignore = [...]`` entries: ``"C4"``, ``"C2-PARAM-TYPE"`` or ``"GLOB:CODE"``."""

    entries: tuple[_IgnoreEntry, ...] = ()

    @classmethod
    def parse(cls, entries: Iterable[object]) -> IgnoreList:
        """Parse config entries; ``ValueError`` names every bad entry and what is wrong with it."""
        parsed: list[_IgnoreEntry] = []
        problems: list[str] = []
        for raw in entries:
            try:
                parsed.append(_parse_entry(raw))
            except ValueError as exc:
                problems.append(f"{raw!r}: {exc}")
        if problems:
            noun = "entry" if len(problems) == 1 else "entries"
            raise ValueError(f"ignore: bad {noun} {'; '.join(problems)}")
        return cls(tuple(parsed))

    def covers(self, finding: Finding) -> bool:
        """Whether an entry silences ``finding`` (its code matches and so does its path glob)."""
        return any(entry.covers(finding) for entry in self.entries)


def _parse_entry(raw: object) -> _IgnoreEntry:
    if not isinstance(raw, str):
        kind = type(raw).__name__
        raise ValueError(f"expected a string such as 'C4' or 'tests/**:C1', got {kind}")
    glob, colon, code = raw.strip().rpartition(":")
    code = code.strip().upper()
    glob = glob.strip()
    if not code:
        raise ValueError("names no criterion or rule id (write e.g. 'tests/**:C1')")
    if code not in known_codes():
        raise ValueError(unknown_code_message(code))
    if not colon:
        return _IgnoreEntry(code, None)
    if not glob:
        raise ValueError("the path glob before ':' is empty (write e.g. 'tests/**:C1')")
    if glob.startswith("!"):
        raise ValueError("a negated glob ('!…') cannot select findings to ignore")
    import pathspec  # only for a glob entry: ~20 ms of imports every run would pay

    try:
        spec = pathspec.GitIgnoreSpec.from_lines([glob])
    except ValueError as exc:  # pathspec's pattern errors derive from ValueError
        raise ValueError(f"bad path glob {glob!r} ({exc})") from None
    return _IgnoreEntry(code, spec)
