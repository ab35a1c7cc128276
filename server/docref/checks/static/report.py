"""What the static tier reports for one file (kept apart from the rules, so that reading a
stored report -- the results cache of ``docref check`` -- imports none of them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docref.core.findings import Finding
from docref.core.segment import ParsedDocstring
from docref.graph.model import Language

if TYPE_CHECKING:
    from docref.checks.suppress import Suppressions

__all__ = ["FileReport", "StaticRun"]


@dataclass(slots=True)
class FileReport:
    """Findings of one file; ``errors`` are rule failures (a docref bug, reported, not fatal).

    ``functions`` counts the documented functions checked, ``classes`` the class docstrings
    checked against a constructor (``class_names`` their qualnames: ``--shard`` counts a class
    in the shard its findings go to).  ``docstrings`` keeps each documented function's qualname
    and parsed docstring (in source order) for later tiers (classes are not among them);
    ``language`` is the file's language; ``suppressions`` the file's inline
    ``docref: ignore`` markers once read, ``warnings`` what was wrong with them (malformed
    markers); ``deps`` the other files the check read (the results cache's dependencies);
    ``asked`` the names asked of the project's code identifiers and the files that used each.
    """

    path: str
    functions: int = 0
    classes: int = 0
    class_names: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    language: Language = "python"
    docstrings: list[tuple[str, ParsedDocstring]] = field(default_factory=list)
    suppressions: Suppressions | None = None
    warnings: list[str] = field(default_factory=list)
    deps: list[str] = field(default_factory=list)
    asked: dict[str, list[str]] = field(default_factory=dict)


@dataclass(slots=True)
class StaticRun:
    """The static tier's reports (in the order of the paths asked for, findings already
    through the markers and the ``ignore`` list, the markers kept on each report for the model
    tier) and the warnings met on the way (malformed markers), as text."""

    reports: list[FileReport] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
