"""``docref check``: the static tier (and, with a model, the LLM tier) over files or folders.

The paths are grouped by project root (:mod:`docref.cli.check_roots`); each group's settings
come from ``[tool.docref]`` in its root's ``pyproject.toml``; flags override them.
Exit codes: 0 no findings, 1 findings, 2 a usage or configuration error, a check that could
not run, or -- under ``on_llm_error = "fail"`` (the default) -- a model that could not be used
or failed on some question: a run whose requested model tier did not run is never green.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from docref.cli.check_after import (
    SelectionError,
    fix_or_mark,
    select_findings,
    selected_settings,
    selection_of,
)
from docref.cli.check_collect import SCORED_FORMATS, collect
from docref.cli.check_emit import emit
from docref.cli.check_output import CheckSummary
from docref.cli.check_roots import (
    NotChecked,
    RootRun,
    display_path,
    group_by_root,
    unindexed,
    unwalked,
)
from docref.cli.check_run import (
    ask_model,
    cached_static,
    index_project,
    no_cycle_collection,
    reap_workers,
)
from docref.cli.check_select import select_targets, shard_filter, since_filter

if TYPE_CHECKING:
    from docref.cli.check_rules import Selection
    from docref.config import Settings
    from docref.config.endpoints import EndpointSpec
    from docref.core.findings import Finding
    from docref.engine.outcome import ModelOutcome
    from docref.graph.project import ProjectGraph


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
    """Group the paths by project root, check each group with its root's settings, report
    once (:mod:`docref.cli.check_roots`).  A path that cannot be checked is reported with its
    reason in every format and makes the exit 2; the other groups are still checked."""
    from docref.config import ConfigError

    started = time.perf_counter()
    missing = [p for p in args.paths if not os.path.exists(p)]
    present = [p for p in args.paths if os.path.exists(p)]
    if not present:
        print(f"docref: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    groups = group_by_root(present, args.root)
    not_checked = [NotChecked(os.path.abspath(p), "no such file or folder", True) for p in missing]
    runs: list[RootRun] = []
    early: list[int] = []
    try:
        if args.write_baseline and len(groups) > 1:
            raise _UsageError(
                f"--write-baseline takes the files of one project, got {len(groups)} roots "
                f"({', '.join(display_path(r) for r in groups)}): run it per project or "
                "give --root"
            )
        selection = selection_of(args)
        for root, paths in groups.items():
            try:
                settings = selected_settings(settings_for(args, root), selection)
                if not selection.empty and not selection.criteria(settings.criteria):
                    args.no_llm = True  # no model finding could be reported: ask nothing
                if args.unsafe_fixes and not (args.fix and settings.model and not args.no_llm):
                    raise _UsageError(_UNSAFE_FIXES)
                if settings.model and not args.no_llm:
                    _require_llm_extra()
            except ConfigError as exc:
                if len(groups) == 1:
                    raise
                not_checked += [NotChecked(p, str(exc), True) for p in paths]
                continue
            run = _check(args, root, paths, settings, selection)
            if isinstance(run, int):  # --write-baseline, --add-ignore, --diff: done
                early.append(run)
            else:
                runs.append(run)
    except (ConfigError, _UsageError, SelectionError) as exc:
        print(f"docref: error: {exc}", file=sys.stderr)
        return 2
    finally:
        reap_workers()
    if early and not runs:
        return max(early)
    for run in runs:
        not_checked += run.not_checked
    summary = CheckSummary.total(r.summary for r in runs)
    summary.seconds = time.perf_counter() - started
    emit(args, runs, summary, not_checked, static_only=all(r.static_only for r in runs))
    if any(r.failed for r in runs) or any(n.named for n in not_checked):
        return 2
    findings = any(r.findings for r in runs)
    return max([1 if findings and not args.exit_zero else 0, *early])


def _check(
    args: argparse.Namespace, root: str, paths: list[str], settings: Settings, selection: Selection
) -> RootRun | int:
    """One root's run: index, select, the static tier, the model tier, the baseline, fixes.
    An exit code once ``--write-baseline``, ``--add-ignore`` or ``--diff`` is done."""
    # only what every run needs: a run answered by the results cache imports no rule, no
    # parser and no model client (tests/test_lazy_imports.py)
    from docref.console.progress import ProgressBar
    from docref.core.codes import IgnoreList
    from docref.graph.source import DEFAULT_MAX_BYTES

    changed = _since(root, args.since) if args.since else None
    baseline = (
        _load_baseline(settings.baseline) if settings.baseline and not args.write_baseline else None
    )
    progress = ProgressBar.for_stderr(enabled=not (args.no_progress or args.quiet))
    graph: ProjectGraph | None = None  # none when the results cache answered
    ignore = IgnoreList.parse(settings.effective_ignore)
    llm: ModelOutcome | None = None
    with no_cycle_collection():
        try:
            cached = cached_static(args, root, paths, settings, progress, changed)
        except Exception as exc:  # the class is imported only when one was raised
            from docref.engine.outcome import ModelSetupError

            if isinstance(exc, ModelSetupError):
                raise _UsageError(str(exc)) from None
            raise
        not_checked: list[NotChecked] = []
        if cached is not None:
            not_checked, forced = unwalked(root, paths, settings, cached.targets, DEFAULT_MAX_BYTES)
            if forced:  # a named file the walk leaves out: indexed and checked the long way
                cached = None
        if cached is not None:
            static, targets, llm = cached.static, cached.targets, cached.model
            if llm is not None and not cached.asked:  # every answer from the results cache
                print(f"docref: model endpoint: {llm.endpoint}", file=sys.stderr)
        else:
            from docref.engine.cold import ColdPool
            from docref.engine.static import check_static
            from docref.graph.project import ProjectGraph

            graph = ProjectGraph(root, use_cache=not args.no_cache)
            # a cold index starts the pool; its workers then check what they extracted
            with ColdPool(args.jobs) as pool:
                with progress.stage("indexing", unit="files") as bar:
                    skipped = index_project(graph, paths, args.jobs, bar.update, pool)
                not_checked = unindexed(graph, paths, skipped)
                targets = select_targets(root, graph.files, paths, settings, changed)
                later = bool(settings.model and not args.no_llm) or changed is not None
                with progress.stage("checking", unit="files", total=len(targets)) as bar:
                    static = check_static(
                        graph,
                        targets,
                        enable=settings.enable,
                        ignore=ignore,
                        jobs=args.jobs,
                        on_file_done=bar.advance,
                        pool=pool,
                        docstrings=later or args.shard is not None,
                    )
    if not targets and not not_checked:
        print(
            "docref: warning: no indexable Python or Java files under "
            + ", ".join(display_path(p) for p in paths),
            file=sys.stderr,
        )
    reports, warnings = static.reports, static.warnings
    if changed is not None and graph is not None:
        since_filter(graph, reports, changed)
    if args.shard is not None:
        shard_filter(reports, args.shard)
    if settings.model and not args.no_llm and graph is not None:
        from docref.engine.outcome import ModelSetupError

        try:
            llm = ask_model(args, settings, graph, reports, progress)
        except ModelSetupError as exc:
            raise _UsageError(str(exc)) from None
    scored = args.format in SCORED_FORMATS
    findings, scores, summary = collect(reports, llm, settings, ignore, scores=scored)
    findings = select_findings(findings, selection)
    if args.write_baseline:
        return _write_baseline(args.write_baseline, findings)
    if baseline is not None:
        findings, summary.baselined = baseline.filter(findings)
    summary.warnings = warnings + (llm.warnings if llm is not None else [])
    if summary.unanswered is not None:
        summary.warnings.append(summary.unanswered)
    if graph is not None:  # --fix, --diff and --add-ignore always take the long way
        findings, early = fix_or_mark(args, graph, findings, ignore, settings, selection)
        if early is not None:
            return early
    model_failed = bool(summary.llm_errors) or summary.fatal is not None
    model_failed = model_failed or summary.unanswered is not None
    failed = bool(summary.errors) or (model_failed and settings.on_llm_error == "fail")
    return RootRun(
        root,
        settings,
        findings,
        scores,
        summary,
        not_checked,
        static_only=llm is None,
        failed=failed,
        files=[r.path for r in reports],
    )


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
