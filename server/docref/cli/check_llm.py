"""The LLM tier of ``docref check``: every documented function's segments, asked per criterion."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docref.checks.llm.tier import LlmFunctionResult
    from docref.checks.static.runner import FileReport
    from docref.config import Settings
    from docref.graph.project import ProjectGraph
    from docref.llm.client import ModelClient


class LlmSetupError(Exception):
    """The model cannot be used at all (bad settings, a ``local_only`` refusal)."""


class LlmOutcome:
    """What the model tier did in one run (sums over the functions it checked)."""

    def __init__(self, model: str, endpoint: str) -> None:
        self.model = model
        self.endpoint = endpoint
        self.results: list[LlmFunctionResult] = []
        self.errors: list[str] = []
        self.fatal: str | None = None
        self.not_asked = 0

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
    def cost_usd(self) -> float | None:
        """Known costs summed; ``None`` when litellm knew the price of no call at all."""
        if any(r.cost_unknown for r in self.results) and not any(r.cost_usd for r in self.results):
            return None
        return sum(r.cost_usd for r in self.results)


def count_checks(reports: list[FileReport], criteria: tuple[str, ...]) -> int:
    """How many (segment, criterion) questions the model tier will ask at most."""
    return sum(len(parsed.segments) * len(criteria) for r in reports for _q, parsed in r.docstrings)


def run_llm(
    settings: Settings,
    graph: ProjectGraph,
    reports: list[FileReport],
    *,
    use_cache: bool = True,
    on_check_done: Callable[[], None] | None = None,
) -> LlmOutcome:
    """Ask the configured model about every segment of every documented function in
    ``reports``; raise :class:`LlmSetupError` before any request when it cannot be used."""
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings
    from docref.llm.errors import ModelRefused

    assert settings.model is not None
    try:
        model_settings = ModelSettings.from_settings(settings)
    except ValueError as exc:
        raise LlmSetupError(str(exc)) from None
    client = ModelClient(model_settings)
    try:
        endpoint = client.check_allowed()  # before any network use
    except ModelRefused as exc:
        raise LlmSetupError(str(exc)) from None
    where = endpoint.describe()
    print(f"docref: model endpoint: {where}", file=sys.stderr)
    outcome = LlmOutcome(model_settings.model, where)
    asyncio.run(_ask_all(settings, graph, reports, client, outcome, use_cache, on_check_done))
    return outcome


async def _ask_all(
    settings: Settings,
    graph: ProjectGraph,
    reports: list[FileReport],
    client: ModelClient,
    outcome: LlmOutcome,
    use_cache: bool,
    on_check_done: Callable[[], None] | None,
) -> None:
    from docref.checks.llm.prompts import Profile
    from docref.checks.llm.tier import LlmRun, check_function_llm
    from docref.context.build import ContextError, build_context
    from docref.llm.answers import AnswerCache

    cache = await asyncio.to_thread(AnswerCache.open) if use_cache else None
    run = LlmRun(max_calls=settings.max_calls, on_check_done=on_check_done)
    profile: Profile = "referee-ver4" if settings.profile == "referee-ver4" else "paper"
    jobs = []
    try:
        for report in reports:
            for qualname, parsed in report.docstrings:
                if not parsed.segments:
                    continue
                try:
                    ctx = build_context(
                        graph, report.path, qualname, token_budget=settings.context_tokens
                    )
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
                        criteria=settings.criteria,
                        profile=profile,
                        cache=cache,
                        run=run,
                    )
                )
        outcome.results = list(await asyncio.gather(*jobs))
    finally:
        await client.aclose()
        if cache is not None:
            cache.close()
    outcome.not_asked = run.not_asked
    seen: set[str] = set()
    for res in outcome.results:
        for err in res.errors:
            if err not in seen:
                seen.add(err)
                outcome.errors.append(err)
    if run.fatal is not None:
        outcome.fatal = str(run.fatal)
        outcome.errors.append(f"the model could not be used, run stopped: {run.fatal}")
