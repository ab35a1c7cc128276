"""Checking a candidate docstring in its project, and the deterministic fix loop.

A candidate is checked where it will live: the graph takes the file's text with the new
docstring (as it takes an editor buffer), the static tier runs on that file, and the graph
gets the original text back before anyone else uses it.  The caller holds whatever lock
guards the graph (the language server's folder turn).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from docref.checks.static.base import Rule
from docref.checks.static.runner import RULES
from docref.core.codes import IgnoreList
from docref.core.findings import Finding
from docref.engine.static import check_static
from docref.fixes.static import StaticFix, static_fix
from docref.fixes.target import FixTarget, find_target
from docref.graph.project import ProjectGraph

__all__ = [
    "DeterministicFix",
    "FindingKey",
    "StaticCheck",
    "deterministic_fix",
    "finding_key",
    "static_findings",
]

FindingKey = tuple[str, str, str]


def finding_key(finding: Finding) -> FindingKey:
    """What identifies a finding across versions of a file: criterion, rule and the text of
    its sentence (offsets move when the text above changes)."""
    return (finding.criterion.value, finding.rule, " ".join(finding.segment_text.split()))


@dataclass(frozen=True, slots=True)
class StaticCheck:
    """How one version of a file is checked: the rules and the ignore list of its folder,
    and the text the graph must get back afterwards (``None``: the file on disk)."""

    rules: tuple[Rule, ...] = RULES
    ignore: IgnoreList = field(default_factory=IgnoreList)
    original: str | None = None


def static_findings(
    graph: ProjectGraph, path: str, qualname: str | None, check: StaticCheck
) -> tuple[list[Finding], list[str]]:
    """The static findings of ``qualname`` (``None``: of every function) in the graph's
    current text of ``path``, after inline markers and the ignore list; and the rule
    failures met (a docref bug)."""
    run = check_static(graph, [path], rules=check.rules, ignore=check.ignore)
    report = run.reports[0]
    problems = [*report.errors, *run.warnings]
    return [f for f in report.findings if qualname in (None, f.qualname)], problems


@dataclass(slots=True)
class DeterministicFix:
    """The outcome of :func:`deterministic_fix`.

    ``literal`` replaces ``target.source[target.start:target.end]`` (it equals the old
    literal when nothing could be fixed).  ``fixed`` are the original findings gone after
    the fix, ``remaining`` those still there, ``introduced`` findings the fix created and
    could not fix in turn; ``skipped`` says why each remaining finding was not fixed.
    """

    target: FixTarget
    literal: str
    fixed: list[Finding] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)
    introduced: list[Finding] = field(default_factory=list)
    skipped: list[tuple[Finding, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.literal != self.target.literal

    @property
    def usable(self) -> bool:
        """It changes the docstring, fixes something and makes nothing new wrong."""
        return self.changed and bool(self.fixed) and not self.introduced


def deterministic_fix(
    graph: ProjectGraph,
    path: str,
    qualname: str,
    check: StaticCheck,
    *,
    rounds: int = 3,
    first: str | None = None,
) -> DeterministicFix | None:
    """Fix the static findings of ``qualname`` (in the graph's current text of ``path``)
    as far as :func:`static_fix` can, re-checking after each round: a fix may reveal a
    finding the next round fixes (a renamed ``:type x:`` entry now compared with ``x``'s
    annotation).  The finding whose :meth:`~Finding.key` is ``first`` (the one the user
    asked about) is planned before the others, so its change wins where two would touch the
    same text.  ``None`` when ``qualname`` has no docstring there."""
    target = find_target(graph, path, qualname)
    if target is None:
        return None
    before, problems = static_findings(graph, path, qualname, check)
    outcome = DeterministicFix(target, target.literal, problems=problems)
    current, findings = target, before
    last: StaticFix | None = None
    updated = False
    try:
        for _ in range(rounds):
            findings.sort(key=lambda f: f.key() != first)  # stable: the rest keep their order
            fix = static_fix(current, findings)
            last = last or fix
            if not fix.changed:
                break
            updated = True
            graph.update(path, current.with_literal(fix.text))
            found = find_target(graph, path, qualname)
            if found is None:  # the new text no longer parses to the same function
                outcome.problems.append("the fixed docstring could not be read back")
                return outcome
            current = found
            findings, more = static_findings(graph, path, qualname, check)
            outcome.problems.extend(more)
            if not findings:
                break
    finally:
        if updated:
            graph.update(path, check.original)
    outcome.literal = current.literal
    after_keys = {finding_key(f) for f in findings}
    before_keys = {finding_key(f) for f in before}
    outcome.fixed = [f for f in before if finding_key(f) not in after_keys]
    outcome.remaining = [f for f in before if finding_key(f) in after_keys]
    outcome.introduced = [f for f in findings if finding_key(f) not in before_keys]
    reasons = dict(_reasons(last.skipped if last is not None else []))
    outcome.skipped = [
        (f, reasons.get(finding_key(f), "the fix did not remove it")) for f in outcome.remaining
    ]
    return outcome


def _reasons(skipped: Iterable[tuple[Finding, str]]) -> Iterable[tuple[FindingKey, str]]:
    for finding, reason in skipped:
        yield finding_key(finding), reason
