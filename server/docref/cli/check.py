"""``docref check``: the static tier (and, with a model, the LLM tier) over files or folders.

Settings come from ``[tool.docref]`` in the workspace's ``pyproject.toml``; flags override them.
Exit codes: 0 no findings, 1 findings, 2 a usage or configuration error, a check that could
not run, or -- under ``on_llm_error = "fail"`` (the default) -- a model that could not be used
or failed on some question: a run whose requested model tier did not run is never green.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from docref.cli.check_after import (
    SelectionError,
    emit_more,
    fix_or_mark,
    select_findings,
    selected_settings,
    selection_of,
)
from docref.cli.check_output import (
    TURN_ON_LLM,
    CheckSummary,
    ScoreRow,
    report_json,
    summary_line,
)
from docref.cli.check_run import cached_static, index_project, no_cycle_collection
from docref.cli.check_select import select_targets, shard_filter, since_filter
from docref.config.root import find_root

if TYPE_CHECKING:

    from docref.checks.static.runner import FileReport
    from docref.cli.check_rules import Selection
    from docref.config import Settings
    from docref.config.endpoints import EndpointSpec
    from docref.core.codes import IgnoreList
    from docref.core.findings import Finding
    from docref.engine.model import ModelOutcome


_UNSAFE_FIXES = (
    "--unsafe-fixes lets a model rewrite docstrings: it needs --fix and a model "
    "(--model or model = ...), and not --no-llm"
)


class _UsageError(Exception):
    """A problem the user must fix before anything can be checked (exit 2)."""


def parse_criteria(text: str) -> tuple[str, ...]:
    """``"C1,C3"`` -> ``("C1", "C3")`` (argparse type; case-insensitive, duplicates dropped)."""
    from docref.config import CRITERIA

    items = [t.strip().upper() for t in text.split(",") if t.strip()]
    bad = [t for t in items if t not in CRITERIA]
    if bad or not items:
        raise argparse.ArgumentTypeError(
            f"invalid criteria {text!r}: expected a comma-separated subset of C1,C2,C3,C4"
        )
    return tuple(dict.fromkeys(items))


def settings_for(args: argparse.Namespace, root: str) -> Settings:
    """``[tool.docref]`` of ``root`` (or ``--config``) with the command line's flags applied."""
    from docref.cli.check_after import base_settings

    return base_settings(getattr(args, "config", None), root).override(
        model=args.model,
        api_base=args.api_base[0] if args.api_base and len(args.api_base) == 1 else None,
        endpoints=_endpoints(args.api_base),
        api_key_env=args.api_key_env,
        profile=args.profile,
        criteria=args.criteria,
        timeout=args.timeout,
        concurrency=args.max_concurrency,
        max_calls=args.max_calls,
        local_only=True if args.local_only else None,
        baseline=args.baseline,
        on_llm_error=args.on_llm_error,
        context_tokens=args.context_tokens,
        enable=_enabled(args.enable),
        cache_url=_flag("cache_url", args.cache_url),
    )


def _endpoints(bases: list[str] | None) -> tuple[EndpointSpec, ...] | None:
    """``--api-base`` given several times: one endpoint each, behind the Router."""
    from docref.config.endpoints import EndpointSpec

    if not bases or len(bases) < 2:
        return None
    return tuple(EndpointSpec(api_base=base) for base in dict.fromkeys(bases))


def _flag(name: str, value: object) -> Any:
    """A flag's value validated like the setting ``name`` (``None`` when not given)."""
    from docref.config import ConfigError, Settings

    if value is None:
        return None
    try:
        return getattr(Settings.from_mapping({name: value}, f"--{name.replace('_', '-')}"), name)
    except ConfigError as exc:
        raise _UsageError(str(exc)) from None


def _enabled(names: list[str] | None) -> tuple[str, ...] | None:
    """``--enable`` values, validated like the ``enable`` setting."""
    from docref.config import ConfigError, Settings

    if not names:
        return None
    try:
        return Settings.from_mapping({"enable": names}, "--enable").enable
    except ConfigError as exc:
        raise _UsageError(str(exc)) from None


def _require_llm_extra() -> None:
    """A model is asked for: without the ``llm`` extra that is a usage error, before indexing."""
    from docref.llm.extra import llm_extra_missing

    missing = llm_extra_missing()
    if missing is not None:
        raise _UsageError(missing)


def check(args: argparse.Namespace) -> int:
    from docref.config import ConfigError

    started = time.perf_counter()
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"docref: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    root = os.path.abspath(args.root) if args.root else find_root(args.paths[0])
    try:
        selection = selection_of(args)
        settings = selected_settings(settings_for(args, root), selection)
        if not selection.empty and not selection.criteria(settings.criteria):
            args.no_llm = True  # no model finding could be reported: ask nothing
        if args.unsafe_fixes and not (args.fix and settings.model and not args.no_llm):
            raise _UsageError(_UNSAFE_FIXES)
        if settings.model and not args.no_llm:
            _require_llm_extra()
        return _check(args, root, settings, started, selection)
    except (ConfigError, _UsageError, SelectionError) as exc:
        print(f"docref: error: {exc}", file=sys.stderr)
        return 2


def _check(
    args: argparse.Namespace, root: str, settings: Settings, started: float, selection: Selection
) -> int:
    from docref.cli.check_llm import count_checks, run_llm
    from docref.console.progress import ProgressBar
    from docref.core.codes import IgnoreList
    from docref.engine.model import ModelSetupError
    from docref.engine.static import check_static
    from docref.graph.project import ProjectGraph

    changed = _since(root, args.since) if args.since else None
    baseline = (
        _load_baseline(settings.baseline) if settings.baseline and not args.write_baseline else None
    )
    progress = ProgressBar.for_stderr(enabled=not (args.no_progress or args.quiet))
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    paths = [os.path.abspath(p) for p in args.paths]
    ignore = IgnoreList.parse(settings.effective_ignore)
    with no_cycle_collection():
        cached = cached_static(args, root, paths, settings, progress, changed)
        if cached is not None:
            static, targets = cached
        else:
            with progress.stage("indexing", unit="files") as bar:
                index_project(graph, paths, args.jobs, bar.update)
            targets = select_targets(root, graph.files, paths, settings, changed)
            with progress.stage("checking", unit="files", total=len(targets)) as bar:
                static = check_static(
                    graph,
                    targets,
                    enable=settings.enable,
                    ignore=ignore,
                    jobs=args.jobs,
                    on_file_done=bar.advance,
                )
    if not targets:
        print(
            "docref: warning: no indexable Python or Java files under the given paths",
            file=sys.stderr,
        )
    reports, warnings = static.reports, static.warnings
    if changed is not None:
        since_filter(graph, reports, changed)
    if args.shard is not None:
        shard_filter(reports, args.shard)
    llm: ModelOutcome | None = None
    if settings.model and not args.no_llm:
        total = count_checks(reports, settings.criteria)
        try:
            with progress.stage("asking the model", unit="checks", total=total) as bar:
                llm = run_llm(
                    settings,
                    graph,
                    reports,
                    use_cache=not args.no_llm_cache,
                    on_check_done=bar.advance,
                )
        except ModelSetupError as exc:
            raise _UsageError(str(exc)) from None
    findings, scores, summary = _collect(reports, llm, settings, ignore)
    findings = select_findings(findings, selection)
    if args.write_baseline:
        return _write_baseline(args.write_baseline, findings)
    if baseline is not None:
        findings, summary.baselined = baseline.filter(findings)
    summary.warnings = warnings + (llm.warnings if llm is not None else [])
    if summary.unanswered is not None:
        summary.warnings.append(summary.unanswered)
    findings, early = fix_or_mark(args, graph, findings, ignore, settings, selection)
    if early is not None:
        return early
    summary.seconds = time.perf_counter() - started
    files = [r.path for r in reports]
    _emit(args, findings, scores, summary, settings, root, llm is None, files)
    model_failed = bool(summary.llm_errors) or summary.fatal is not None
    model_failed = model_failed or summary.unanswered is not None
    if summary.errors or (model_failed and settings.on_llm_error == "fail"):
        return 2
    return 1 if findings and not args.exit_zero else 0


def _emit(
    args: argparse.Namespace,
    findings: list[Finding],
    scores: list[ScoreRow],
    summary: CheckSummary,
    settings: Settings,
    root: str,
    static_only: bool,
    files: list[str],
) -> None:
    from docref.cli import formats

    fmt = args.format
    if emit_more(fmt, findings, settings, root, files, args.statistics):
        pass
    elif fmt == "json":
        print(json.dumps(report_json(findings, scores, summary, settings.severity), indent=2))
    elif fmt == "sarif":
        from docref import __version__

        sarif = formats.report_sarif(
            findings,
            scores,
            summary,
            tool_version=__version__,
            root=root,
            severity=dict(settings.severity),
        )
        print(json.dumps(sarif, indent=2))
    elif fmt == "github":
        for line in formats.github_lines(findings, severity=dict(settings.severity)):
            print(line)
    for w in summary.warnings:
        print(f"docref: warning: {w}", file=sys.stderr)
    for e in summary.errors + summary.llm_errors:
        print(f"error: {e}", file=sys.stderr)
    if fmt in ("text", "concise", "full", "github") and not args.quiet:
        if len(summary.endpoints) > 1:  # several endpoints: how the work was spread
            for where, row in summary.endpoints.items():
                counts = ", ".join(f"{value} {name}" for name, value in row.items())
                print(f"docref: endpoint {where}: {counts}", file=sys.stderr)
        print(summary_line(findings, summary), file=sys.stderr)
        if static_only:
            print(TURN_ON_LLM, file=sys.stderr)


def _since(root: str, ref: str) -> dict[str, list[tuple[int, int]]]:
    from docref.cli.since import SinceError, changed_lines

    try:
        return changed_lines(root, ref)
    except SinceError as exc:
        raise _UsageError(f"--since {ref}: {exc}") from None


def _load_baseline(path: str) -> Any:
    from docref.checks.baseline import BaselineError, load_baseline

    try:
        return load_baseline(path)
    except BaselineError as exc:
        raise _UsageError(str(exc)) from None


def _write_baseline(path: str, findings: list[Finding]) -> int:
    from docref.checks.baseline import BaselineError, write_baseline

    try:
        written = write_baseline(path, findings)
    except BaselineError as exc:
        raise _UsageError(str(exc)) from None
    print(f"docref: wrote {len(written)} finding(s) to the baseline {path}", file=sys.stderr)
    return 0


def _collect(
    reports: list[FileReport], llm: ModelOutcome | None, settings: Settings, ignore: IgnoreList
) -> tuple[list[Finding], list[ScoreRow], CheckSummary]:
    """Per file, the static findings (already suppressed) merged with the model's that the
    same inline markers and ``ignore`` list let through (:mod:`docref.engine.results`); scores
    where the model ran."""
    from docref.engine.results import function_score, merge_findings, unsuppressed

    summary = CheckSummary(
        files=len(reports),
        functions=sum(r.functions for r in reports),
        classes=sum(r.classes for r in reports),
        errors=[e for r in reports for e in r.errors],
    )
    if llm is None:
        return [f for r in reports for f in r.findings], [], summary
    llm_by_file: dict[str, list[Finding]] = {}
    for res in llm.results:
        llm_by_file.setdefault(res.path, []).extend(res.findings)
    findings: list[Finding] = []
    for r in reports:
        model = unsuppressed(llm_by_file.get(r.path, []), r.suppressions, ignore)
        findings.extend(merge_findings(r.findings, model))
    static_by_file = {r.path: r.findings for r in reports}
    scores = []
    for res in llm.results:
        static = [f for f in static_by_file.get(res.path, []) if f.qualname == res.qualname]
        score = function_score(static, res.results, settings.weights)
        scores.append(ScoreRow(res.path, res.qualname, score))
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
    return findings, scores, summary
