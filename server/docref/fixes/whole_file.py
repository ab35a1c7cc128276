"""Every deterministic fix of one file at once (the editor's ``source.fixAll.docref``, a
CLI ``--fix``): no model, the docstrings fixed and re-checked as
:func:`~docref.fixes.verify.deterministic_fix` does for one, only fixes that make nothing
new wrong.

The caller holds whatever lock guards the graph; the graph's text of the file is what is
fixed, and it has that text again afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docref.core.findings import Finding
from docref.fixes.static import FIXABLE_RULES, static_fix
from docref.fixes.target import FixTarget, find_target
from docref.fixes.text import Edit, apply_edits, minimal_edit
from docref.fixes.verify import FindingKey, StaticCheck, finding_key, static_findings
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


def fix_whole_file(
    graph: ProjectGraph, path: str, check: StaticCheck, *, rounds: int = 3
) -> FileFix:
    """Fix every docstring of ``path`` that has a static finding a deterministic fix handles.

    All docstrings are fixed together and the file re-checked once per round (a fix may
    reveal a finding the next round fixes), not once per docstring: a file with many flagged
    functions costs a few checks, not one each.  A docstring whose fix leaves none of its
    findings fixed, or makes a new one, keeps its text.
    """
    source = graph.source(path)
    outcome = FileFix(source)
    before, problems = static_findings(graph, path, None, check)
    outcome.problems.extend(problems)
    originals: dict[str, FixTarget] = {}
    for finding in before:
        if finding.rule in FIXABLE_RULES and finding.qualname not in originals:
            target = find_target(graph, path, finding.qualname)
            if target is not None:
                originals[finding.qualname] = target
    if not originals:
        outcome.left = [(f, "no deterministic fix for this rule") for f in before]
        return outcome
    findings, reasons = before, dict[FindingKey, str]()
    finals = dict(originals)
    updated = False
    try:
        for _ in range(rounds):
            edits = _round(graph, path, originals, findings, reasons)
            if not edits:
                break
            graph.update(path, apply_edits(graph.source(path), edits))
            updated = True
            findings, more = static_findings(graph, path, None, check)
            outcome.problems.extend(more)
        if updated:
            for qualname in originals:
                final = find_target(graph, path, qualname)
                if final is not None:
                    finals[qualname] = final
    finally:
        if updated:
            graph.update(path, check.original)
    _settle(outcome, before, findings, originals, finals, reasons)
    return outcome


def _round(
    graph: ProjectGraph,
    path: str,
    qualnames: dict[str, FixTarget],
    findings: list[Finding],
    reasons: dict[FindingKey, str],
) -> list[Edit]:
    """One round: the new literal of every flagged docstring, as edits of the current text."""
    by_function: dict[str, list[Finding]] = {}
    for finding in findings:
        by_function.setdefault(finding.qualname, []).append(finding)
    edits: list[Edit] = []
    for qualname in qualnames:
        mine = by_function.get(qualname)
        target = find_target(graph, path, qualname) if mine else None
        if target is None or not mine:
            continue
        fix = static_fix(target, mine)
        for finding, why in fix.skipped:
            reasons.setdefault(finding_key(finding), why)
        if fix.changed:
            edits.append(Edit(target.start, target.end, fix.text))
    return edits


def _settle(
    outcome: FileFix,
    before: list[Finding],
    after: list[Finding],
    originals: dict[str, FixTarget],
    finals: dict[str, FixTarget],
    reasons: dict[FindingKey, str],
) -> None:
    """Keep each docstring's fix when it fixed something and made nothing new wrong."""
    after_keys: dict[str, set[FindingKey]] = {}
    for finding in after:
        after_keys.setdefault(finding.qualname, set()).add(finding_key(finding))
    before_by: dict[str, list[Finding]] = {}
    for finding in before:
        before_by.setdefault(finding.qualname, []).append(finding)
    for qualname, mine in before_by.items():
        original, final = originals.get(qualname), finals.get(qualname)
        still = after_keys.get(qualname, set())
        fixed = [f for f in mine if finding_key(f) not in still]
        new = still - {finding_key(f) for f in mine}
        if (
            original is None
            or final is None
            or not fixed
            or new
            or final.literal == original.literal
        ):
            why = "the fix would cause new findings" if new else None
            outcome.left.extend(
                (f, why or reasons.get(finding_key(f), "no deterministic fix")) for f in mine
            )
            continue
        outcome.edits.append(minimal_edit(original.literal, final.literal, original.start))
        outcome.fixed.extend(fixed)
        outcome.left.extend(
            (f, reasons.get(finding_key(f), "the fix did not remove it"))
            for f in mine
            if finding_key(f) in still
        )
