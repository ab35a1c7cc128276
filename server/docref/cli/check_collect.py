"""One root's findings, scores and summary from its static reports and the model's outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docref.cli.check_output import CheckSummary, ScoreRow

if TYPE_CHECKING:
    from docref.checks.static.runner import FileReport
    from docref.config import Settings
    from docref.core.codes import IgnoreList
    from docref.core.findings import Finding
    from docref.engine.outcome import ModelOutcome

__all__ = ["SCORED_FORMATS", "collect"]

SCORED_FORMATS = frozenset({"json", "sarif"})
"""The output formats that show the functions' scores (the others show findings only)."""


def collect(
    reports: list[FileReport],
    llm: ModelOutcome | None,
    settings: Settings,
    ignore: IgnoreList,
    *,
    scores: bool = True,
) -> tuple[list[Finding], list[ScoreRow], CheckSummary]:
    """Per file, the static findings (already suppressed) merged with the model's that the
    same inline markers and ``ignore`` list let through (:mod:`docref.engine.results`); with
    ``scores``, the score of each function the model ran on."""
    summary = CheckSummary(
        files=len(reports),
        functions=sum(r.functions for r in reports),
        classes=sum(r.classes for r in reports),
        errors=[e for r in reports for e in r.errors],
    )
    if llm is None:
        return [f for r in reports for f in r.findings], [], summary
    from docref.engine.results import merge_findings, unsuppressed

    llm_by_file: dict[str, list[Finding]] = {}
    for res in llm.results:
        llm_by_file.setdefault(res.path, []).extend(res.findings)
    findings: list[Finding] = []
    for r in reports:
        model = unsuppressed(llm_by_file.get(r.path, []), r.suppressions, ignore)
        findings.extend(merge_findings(r.findings, model))
    rows = _scores(reports, llm, settings) if scores else []
    summary.model, summary.endpoint = llm.model, llm.endpoint
    usage = llm.usage
    summary.llm_calls, summary.cache_hits, summary.unknown = (
        usage.calls,
        usage.cache_hits,
        usage.unknown,
    )
    summary.prompt_tokens, summary.completion_tokens = usage.prompt_tokens, usage.completion_tokens
    summary.cost_usd = usage.cost_usd if usage.cost_known else None
    summary.fatal = llm.fatal
    summary.llm_errors = llm.errors
    summary.not_asked = llm.not_asked
    summary.unanswered = llm.unanswered_warning
    summary.endpoints = llm.per_endpoint
    summary.processes = llm.processes
    return findings, rows, summary


def _scores(reports: list[FileReport], llm: ModelOutcome, settings: Settings) -> list[ScoreRow]:
    """Each function's score: only the formats that show them pay for reading every answer
    (a fully cached run's answers are built when first read: 4,088 of them on flask)."""
    from docref.engine.results import function_score

    static_by_file = {r.path: r.findings for r in reports}
    rows = []
    for res in llm.results:
        static = [f for f in static_by_file.get(res.path, []) if f.qualname == res.qualname]
        score = function_score(static, res.results, settings.weights)
        rows.append(ScoreRow(res.path, res.qualname, score))
    return rows
