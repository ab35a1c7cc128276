"""Every deterministic fix of one file at once (the editor's ``source.fixAll.docref``, a
CLI ``--fix``): no model, each docstring fixed and re-checked as
:func:`~docref.fixes.verify.deterministic_fix` does, only fixes that make nothing new wrong.

The caller holds whatever lock guards the graph; the graph's text of the file is what is
fixed, and it has that text again afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docref.core.findings import Finding
from docref.fixes.static import FIXABLE_RULES
from docref.fixes.text import Edit, minimal_edit
from docref.fixes.verify import StaticCheck, deterministic_fix, static_findings
from docref.graph.project import ProjectGraph

__all__ = ["FileFix", "fix_whole_file"]


@dataclass(slots=True)
class FileFix:
    """The edits of :func:`fix_whole_file` on the graph's text ``source`` of the file (one
    per fixed docstring, none overlapping), the findings they fix and those left with why."""

    source: str
    edits: list[Edit] = field(default_factory=list)
    fixed: list[Finding] = field(default_factory=list)
    left: list[tuple[Finding, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        """One line for the user: what was fixed and what is left."""
        if not self.fixed:
            return "nothing to fix without a model" + _left(self.left)
        return f"fixed {len(self.fixed)} finding(s) without a model" + _left(self.left)


def _left(left: list[tuple[Finding, str]]) -> str:
    return f"; {len(left)} left for you" if left else ""


def fix_whole_file(graph: ProjectGraph, path: str, check: StaticCheck) -> FileFix:
    """Fix every docstring of ``path`` that has a static finding a deterministic fix handles."""
    source = graph.source(path)
    outcome = FileFix(source)
    qualnames: list[str] = []
    for qualname in _flagged(graph, path, check):
        if qualname not in qualnames:
            qualnames.append(qualname)
    for qualname in qualnames:
        fix = deterministic_fix(graph, path, qualname, check)
        if fix is None:
            continue
        outcome.problems.extend(fix.problems)
        if not fix.usable:
            outcome.left.extend(fix.skipped)
            continue
        target = fix.target
        outcome.edits.append(minimal_edit(target.literal, fix.literal, target.start))
        outcome.fixed.extend(fix.fixed)
        outcome.left.extend(fix.skipped)
    return outcome


def _flagged(graph: ProjectGraph, path: str, check: StaticCheck) -> list[str]:
    """The qualnames of ``path`` with a finding of a rule that has a deterministic fix."""
    findings, _problems = static_findings(graph, path, None, check)
    return [f.qualname for f in findings if f.rule in FIXABLE_RULES]
