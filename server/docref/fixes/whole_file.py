"""Every deterministic fix of one file at once, the one fix path of both front ends: the
editor's ``source.fixAll.docref`` (every static finding, the edits shown for review) and
``docref check --fix`` / ``--diff`` (the findings the run reported, the file written without
review, so each kept fix must leave it parsing with only docstrings changed).  No model: the
docstrings are fixed and re-checked as :func:`~docref.fixes.verify.deterministic_fix` does
for one, and only fixes that make nothing new wrong are kept.

The caller holds whatever lock guards the graph; the graph's text of the file is what is
fixed, and it has that text again afterwards.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from docref.core.findings import Finding
from docref.fixes.safety import why_unsafe
from docref.fixes.static import FIXABLE_RULES, static_fix
from docref.fixes.target import FixTarget, find_target
from docref.fixes.text import Edit, apply_edits, minimal_edit
from docref.fixes.verify import FindingKey, StaticCheck, finding_key, static_findings
from docref.graph.project import ProjectGraph

__all__ = ["Asked", "FileFix", "fix_whole_file"]

Asked = Collection[tuple[str, FindingKey]]
"""The findings a fix is asked for, as ``(qualname, finding_key(f))``."""


@dataclass(slots=True)
class FileFix:
    """The edits of :func:`fix_whole_file` on the graph's text ``source`` of the file (one
    per fixed docstring, none overlapping), the findings they fix and those left with why;
    ``rejected`` the ``(qualname, why)`` of each docstring whose fix was computed but not
    kept."""

    source: str
    edits: list[Edit] = field(default_factory=list)
    fixed: list[Finding] = field(default_factory=list)
    left: list[tuple[Finding, str]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def new_source(self) -> str:
        """The file's text with every kept fix applied."""
        return apply_edits(self.source, self.edits)

    @property
    def message(self) -> str:
        """One line for the user: what was fixed and what is left."""
        if not self.fixed:
            return "nothing to fix without a model" + _left(self.left)
        return f"fixed {len(self.fixed)} finding(s) without a model" + _left(self.left)


def _left(left: list[tuple[Finding, str]]) -> str:
    return f"; {len(left)} left for you" if left else ""


def fix_whole_file(
    graph: ProjectGraph,
    path: str,
    check: StaticCheck,
    *,
    asked: Asked | None = None,
    unattended: bool = False,
    rounds: int = 3,
) -> FileFix:
    """Fix every docstring of ``path`` that has a static finding a deterministic fix handles
    (of those in ``asked`` when given: a CLI run fixes what it reported, not what its rule
    selection left out).

    All docstrings are fixed together and the file re-checked once per round (a fix may
    reveal a finding the next round fixes), not once per docstring: a file with many flagged
    functions costs a few checks, not one each.  A docstring whose fix leaves none of its
    findings fixed, or makes a new one, keeps its text; ``unattended`` (the file is written
    without review) also keeps it when the file with the fix would not parse or would differ
    in more than docstrings.
    """
    source = graph.source(path)
    outcome = FileFix(source)
    before, problems = static_findings(graph, path, None, check)
    outcome.problems.extend(problems)
    wanted = _only(before, asked)
    originals: dict[str, FixTarget] = {}
    for finding in wanted:
        if finding.rule in FIXABLE_RULES and finding.qualname not in originals:
            target = find_target(graph, path, finding.qualname)
            if target is not None:
                originals[finding.qualname] = target
    if not originals:
        outcome.left = [(f, "no deterministic fix for this rule") for f in wanted]
        return outcome
    after, reasons = before, dict[FindingKey, str]()
    finals = dict(originals)
    updated = False
    try:
        for _ in range(rounds):
            edits = _round(graph, path, originals, _only(after, asked), reasons)
            if not edits:
                break
            graph.update(path, apply_edits(graph.source(path), edits))
            updated = True
            after, more = static_findings(graph, path, None, check)
            outcome.problems.extend(more)
        if updated:
            for qualname in originals:
                final = find_target(graph, path, qualname)
                if final is not None:
                    finals[qualname] = final
    finally:
        if updated:
            graph.update(path, check.original)
    _settle(outcome, _Versions(before, wanted, after, originals, finals), reasons, unattended)
    return outcome


def _only(findings: list[Finding], asked: Asked | None) -> list[Finding]:
    if asked is None:
        return findings
    return [f for f in findings if (f.qualname, finding_key(f)) in asked]


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


@dataclass(frozen=True, slots=True)
class _Versions:
    """The file before and after the rounds: every finding before, those asked for, every
    finding after; each fixed docstring as it was and as it ended."""

    before: list[Finding]
    wanted: list[Finding]
    after: list[Finding]
    originals: dict[str, FixTarget]
    finals: dict[str, FixTarget]


def _settle(
    outcome: FileFix, versions: _Versions, reasons: dict[FindingKey, str], unattended: bool
) -> None:
    """Keep each docstring's fix when it fixed something and made nothing new wrong."""
    after_keys: dict[str, set[FindingKey]] = {}
    for finding in versions.after:
        after_keys.setdefault(finding.qualname, set()).add(finding_key(finding))
    before_keys: dict[str, set[FindingKey]] = {}
    for finding in versions.before:
        before_keys.setdefault(finding.qualname, set()).add(finding_key(finding))
    wanted_by: dict[str, list[Finding]] = {}
    for finding in versions.wanted:
        wanted_by.setdefault(finding.qualname, []).append(finding)
    for qualname, mine in wanted_by.items():
        original, final = versions.originals.get(qualname), versions.finals.get(qualname)
        still = after_keys.get(qualname, set())
        fixed = [f for f in mine if finding_key(f) not in still]
        new = still - before_keys[qualname]
        if original is None or final is None or final.literal == original.literal:
            outcome.left.extend(
                (f, reasons.get(finding_key(f), "no deterministic fix")) for f in mine
            )
            continue
        why = _rejection(versions.after, qualname, new, fixed)
        edit = minimal_edit(original.literal, final.literal, original.start)
        if why is None and unattended:
            candidate = apply_edits(outcome.source, [*outcome.edits, edit])
            why = why_unsafe(outcome.source, candidate, original.language)
        if why is not None:
            outcome.rejected.append((qualname, why))
            why_left = "the fix would cause new findings" if new else None
            outcome.left.extend(
                (f, why_left or reasons.get(finding_key(f), "no deterministic fix")) for f in mine
            )
            continue
        outcome.edits.append(edit)
        outcome.fixed.extend(fixed)
        outcome.left.extend(
            (f, reasons.get(finding_key(f), "the fix did not remove it"))
            for f in mine
            if finding_key(f) in still
        )


def _rejection(
    after: list[Finding], qualname: str, new: set[FindingKey], fixed: list[Finding]
) -> str | None:
    """Why a changed docstring's fix is not kept (``None``: it is)."""
    if new:
        first = next(f for f in after if f.qualname == qualname and finding_key(f) in new)
        return f"it would cause {first.headline()}"
    if not fixed:
        return "it removed no finding"
    return None
