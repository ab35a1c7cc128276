"""``docref check``: the static tier (and, with ``--model``, the LLM tier) over files or folders.

Exit codes: 0 no findings, 1 findings, 2 usage error or a check that could not run -- including
a model that could not be used (unreachable, authentication failed, refused by
``--local-only``): a run whose model did not answer is never reported green.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from docref.cli.check_output import (
    TURN_ON_LLM,
    CheckSummary,
    ScoreRow,
    report_json,
    summary_line,
    text_lines,
)
from docref.cli.commands import find_root

if TYPE_CHECKING:
    from docref.checks.findings import Finding
    from docref.checks.static.runner import FileReport
    from docref.graph.project import ProjectGraph
    from docref.llm.tier import LlmFunctionResult


def check(args: argparse.Namespace) -> int:
    from docref.checks.static.runner import check_file
    from docref.graph.project import ProjectGraph

    started = time.perf_counter()
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"docref: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    root = os.path.abspath(args.root) if args.root else find_root(args.paths[0])
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    graph.index()
    targets = _targets(graph, [os.path.abspath(p) for p in args.paths])
    if not targets:
        print(
            "docref: warning: no indexable Python or Java files under the given paths",
            file=sys.stderr,
        )
    reports: list[FileReport] = [check_file(graph, rel) for rel in targets]
    llm: _LlmOutcome | None = None
    if args.model and not args.no_llm:
        try:
            llm = _run_llm(args, graph, reports)
        except _LlmSetupError as exc:
            print(f"docref: error: {exc}", file=sys.stderr)
            return 2
    findings, scores, summary = _collect(reports, llm)
    summary.seconds = time.perf_counter() - started
    if args.format == "json":
        print(json.dumps(report_json(findings, scores, summary), indent=2))
    else:
        for line in text_lines(findings):
            print(line)
        for e in summary.errors + summary.llm_errors:
            print(f"error: {e}", file=sys.stderr)
        print(summary_line(findings, summary), file=sys.stderr)
        if llm is None:
            print(TURN_ON_LLM, file=sys.stderr)
    model_failed = bool(summary.llm_errors) or summary.fatal is not None
    if summary.errors or (model_failed and args.on_llm_error == "fail"):
        return 2
    return 1 if findings else 0


def _collect(
    reports: list[FileReport], llm: _LlmOutcome | None
) -> tuple[list[Finding], list[ScoreRow], CheckSummary]:
    """Static findings first, then the model's, per file; scores where the model ran."""
    from docref.checks.score import CheckResult, score_docstring

    summary = CheckSummary(
        files=len(reports),
        functions=sum(r.functions for r in reports),
        errors=[e for r in reports for e in r.errors],
    )
    if llm is None:
        return [f for r in reports for f in r.findings], [], summary
    llm_by_file: dict[str, list[Finding]] = {}
    for res in llm.results:
        llm_by_file.setdefault(res.path, []).extend(res.findings)
    findings = [f for r in reports for f in (*r.findings, *llm_by_file.get(r.path, []))]
    scores = []
    for res in llm.results:
        static = [
            CheckResult.from_finding(f)
            for r in reports
            if r.path == res.path
            for f in r.findings
            if f.qualname == res.qualname
        ]
        scores.append(ScoreRow(res.path, res.qualname, score_docstring([*static, *res.results])))
    summary.model, summary.endpoint = llm.model, llm.endpoint
    summary.llm_calls, summary.cache_hits, summary.unknown = llm.calls, llm.cache_hits, llm.unknown
    summary.prompt_tokens, summary.completion_tokens = llm.prompt_tokens, llm.completion_tokens
    summary.cost_usd = llm.cost_usd
    summary.fatal = llm.fatal
    summary.llm_errors = llm.errors
    return findings, scores, summary


def _targets(graph: ProjectGraph, paths: list[str]) -> list[str]:
    """Indexed files under the given paths (files or folders), workspace-relative, sorted."""
    wanted: list[str] = []
    rels = [graph.relpath(p) for p in paths]
    for rel in sorted(graph.files):
        for want in rels:
            if want in (".", "") or rel == want or rel.startswith(want.rstrip("/") + "/"):
                wanted.append(rel)
                break
    return wanted


# --------------------------------------------------------------------------- the LLM tier


class _LlmSetupError(Exception):
    """The model cannot be used at all (bad options, ``--local-only`` refusal)."""


class _LlmOutcome:
    def __init__(self, model: str, endpoint: str) -> None:
        self.model = model
        self.endpoint = endpoint
        self.results: list[LlmFunctionResult] = []
        self.errors: list[str] = []
        self.fatal: str | None = None

    @property
    def calls(self) -> int:
        return sum(r.calls for r in self.results)

    @property
    def cache_hits(self) -> int:
        return sum(r.cache_hits for r in self.results)

    @property
    def unknown(self) -> int:
        return sum(r.unknown for r in self.results)

    @property
    def prompt_tokens(self) -> int:
        return sum(r.prompt_tokens for r in self.results)

    @property
    def completion_tokens(self) -> int:
        return sum(r.completion_tokens for r in self.results)

    @property
    def cost_usd(self) -> float:
        return sum(r.cost_usd for r in self.results)


def parse_criteria(text: str) -> tuple[str, ...]:
    """``"C1,C3"`` -> ``("C1", "C3")`` (argparse type; case-insensitive, duplicates dropped)."""
    from docref.checks.findings import Criterion

    items = [t.strip().upper() for t in text.split(",") if t.strip()]
    allowed = {c.value for c in Criterion}
    bad = [t for t in items if t not in allowed]
    if bad or not items:
        raise argparse.ArgumentTypeError(
            f"invalid criteria {text!r}: expected a comma-separated subset of C1,C2,C3,C4"
        )
    return tuple(dict.fromkeys(items))


def _run_llm(
    args: argparse.Namespace, graph: ProjectGraph, reports: list[FileReport]
) -> _LlmOutcome:
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings
    from docref.llm.errors import ModelRefused

    try:
        settings = ModelSettings(
            model=args.model,
            api_base=args.api_base,
            api_key_env=args.api_key_env,
            timeout_s=args.timeout,
            max_concurrency=args.max_concurrency,
            local_only=args.local_only,
        )
    except ValueError as exc:
        raise _LlmSetupError(str(exc)) from None
    client = ModelClient(settings)
    try:
        endpoint = client.check_allowed()  # before any network use
    except ModelRefused as exc:
        raise _LlmSetupError(str(exc)) from None
    where = endpoint.describe()
    print(f"docref: model endpoint: {where}", file=sys.stderr)
    outcome = _LlmOutcome(settings.model, where)
    asyncio.run(_llm_all(args, graph, reports, client, outcome))
    return outcome


async def _llm_all(
    args: argparse.Namespace,
    graph: ProjectGraph,
    reports: list[FileReport],
    client: Any,
    outcome: _LlmOutcome,
) -> None:
    from docref.context.build import ContextError, build_context
    from docref.llm.answers import AnswerCache
    from docref.llm.tier import LlmRun, check_function_llm

    cache = None if args.no_llm_cache else await asyncio.to_thread(AnswerCache.open)
    run = LlmRun()
    jobs = []
    try:
        for report in reports:
            for qualname, parsed in report.docstrings:
                if not parsed.segments:
                    continue
                try:
                    ctx = build_context(graph, report.path, qualname)
                except ContextError as exc:
                    outcome.errors.append(f"{report.path}::{qualname}: no context: {exc}")
                    continue
                jobs.append(
                    check_function_llm(
                        client,
                        path=report.path,
                        qualname=qualname,
                        language=report.language,
                        code=ctx.code,
                        related=ctx.render_related(),
                        segments=parsed.segments,
                        criteria=args.criteria,
                        profile=args.profile,
                        cache=cache,
                        run=run,
                    )
                )
        outcome.results = list(await asyncio.gather(*jobs))
    finally:
        await client.aclose()
        if cache is not None:
            cache.close()
    seen: set[str] = set()
    for res in outcome.results:
        for err in res.errors:
            if err not in seen:
                seen.add(err)
                outcome.errors.append(err)
    if run.fatal is not None:
        outcome.fatal = str(run.fatal)
        outcome.errors.append(f"the model could not be used, run stopped: {run.fatal}")
