"""``docref check``'s output over one or several roots' runs, in the four formats.

Paths: text lines (every text-like format) and GitHub annotations are relative to the working
directory (absolute outside it), so terminal links and problem matchers find the files; SARIF
and GitLab locations are relative to the repository root (``%SRCROOT%``); the JSON ``path``
stays relative to the finding's project root, named by ``root`` beside it.  A file that was
not checked is listed in every format with its reason.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

from docref.cli.check_output import (
    TURN_ON_LLM,
    ScoreRow,
    finding_json,
    report_json,
    score_json,
    summary_line,
)
from docref.cli.check_roots import display_path, rebase, relocate, repository_root

if TYPE_CHECKING:
    import argparse

    from docref.cli.check_output import CheckSummary
    from docref.cli.check_roots import NotChecked, RootRun
    from docref.config import Settings


def emit(
    args: argparse.Namespace,
    runs: list[RootRun],
    summary: CheckSummary,
    not_checked: list[NotChecked],
    *,
    static_only: bool,
) -> None:
    from docref.cli.check_after import emit_more

    fmt = args.format
    cwd = os.getcwd()
    here = [f for run in runs for f in relocate(run.findings, run.root, cwd)]
    if fmt == "gitlab":  # code quality reports are read against the repository root
        base = repository_root([r.root for r in runs] or [cwd], cwd)
        located = [f for run in runs for f in relocate(run.findings, run.root, base)]
        emit_more(fmt, located, _settings(runs), base, [], args.statistics)
    elif emit_more(fmt, here, _settings(runs), cwd, _files(runs, cwd), args.statistics):
        pass
    elif fmt == "json":
        print(json.dumps(_json(runs, summary, not_checked), indent=2))
    elif fmt == "sarif":
        print(json.dumps(_sarif(runs, summary, not_checked, cwd), indent=2))
    elif fmt == "github":
        from docref.cli import formats

        for run in runs:
            located = relocate(run.findings, run.root, cwd)
            for line in formats.github_lines(located, severity=dict(run.settings.severity)):
                print(line)
        for n in not_checked:
            print(formats.github_not_checked(display_path(n.path, cwd), n.reason, n.named))
    for n in not_checked:
        kind = "error" if n.named else "warning"
        where = display_path(n.path, cwd)
        print(f"docref: {kind}: {where}: not checked: {n.reason}", file=sys.stderr)
    for w in summary.warnings:
        print(f"docref: warning: {w}", file=sys.stderr)
    for e in summary.errors + summary.llm_errors:
        print(f"error: {e}", file=sys.stderr)
    if fmt in ("text", "concise", "full", "github") and not args.quiet:
        if len(summary.endpoints) > 1:  # several endpoints: how the work was spread
            for where, row in summary.endpoints.items():
                counts = ", ".join(f"{value} {name}" for name, value in row.items())
                print(f"docref: endpoint {where}: {counts}", file=sys.stderr)
        print(summary_line(here, summary), file=sys.stderr)
        if static_only:
            print(TURN_ON_LLM, file=sys.stderr)


def _settings(runs: list[RootRun]) -> Settings:
    """The settings the formats without a per-finding severity use: the first root's."""
    from docref.config import Settings

    return runs[0].settings if runs else Settings()


def _files(runs: list[RootRun], cwd: str) -> list[str]:
    return [rebase(path, run.root, cwd) for run in runs for path in run.files]


def _json(runs: list[RootRun], summary: CheckSummary, not_checked: list[NotChecked]) -> Any:
    """The JSON report; each finding and score also names its project ``root``."""
    severity = runs[0].settings.severity if runs else None
    doc = report_json([], [], summary, severity)
    doc["findings"] = [
        {**finding_json(f, run.settings.severity), "root": run.root}
        for run in runs
        for f in run.findings
    ]
    doc["scores"] = [{**score_json(r), "root": run.root} for run in runs for r in run.scores]
    doc["not_checked"] = [
        {"path": display_path(n.path), "reason": n.reason, "named": n.named} for n in not_checked
    ]
    doc["errors"] += [
        f"{display_path(n.path)}: not checked: {n.reason}" for n in not_checked if n.named
    ]
    doc["warnings"] += [
        f"{display_path(n.path)}: not checked: {n.reason}" for n in not_checked if not n.named
    ]
    return doc


def _sarif(
    runs: list[RootRun], summary: CheckSummary, not_checked: list[NotChecked], cwd: str
) -> Any:
    from docref import __version__
    from docref.cli import formats

    base = repository_root([r.root for r in runs] or [cwd], cwd)
    findings = [f for run in runs for f in relocate(run.findings, run.root, base)]
    severities = [dict(run.settings.severity) for run in runs for _ in run.findings]
    scores = [
        ScoreRow(rebase(r.path, run.root, base), r.qualname, r.score)
        for run in runs
        for r in run.scores
    ]
    return formats.report_sarif(
        findings,
        scores,
        summary,
        tool_version=__version__,
        root=base,
        severity=dict(runs[0].settings.severity) if runs else None,
        severities=severities,
        not_checked=[(rebase(n.path, base, base), n.reason, n.named) for n in not_checked],
    )
