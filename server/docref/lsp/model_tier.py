"""The LLM tier in the editor: the configured model's judgements of one document's docstrings.

Work is split so the folder's graph is held only briefly: :func:`prepare_jobs` (on a worker
thread, under the folder's turn) renders every documented function's code and 1-hop related
information; :meth:`ModelTier.run` then asks the model with no graph in use, so edits are taken
in meanwhile and a newer edit can cancel the run (every request in flight included: the
asyncio cancellation reaches litellm's HTTP call).

One :class:`ModelTier` serves the whole server: a client per distinct model configuration
(kept, so connections and the concurrency bound are shared by every document), one answer
cache (an unchanged question is never asked twice, which is what makes a re-save free and a
one-sentence edit cost exactly one question per criterion), and running totals for the status
bar.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docref.checks.static.runner import FileReport
from docref.checks.suppress import Suppressions
from docref.config.settings import Settings
from docref.core.codes import IgnoreList
from docref.core.findings import Finding
from docref.graph.model import Language
from docref.segments.model import Segment

if TYPE_CHECKING:
    from docref.checks.llm.tier import LlmFunctionResult
    from docref.graph.project import ProjectGraph
    from docref.llm.answers import AnswerCache
    from docref.llm.client import ModelClient

__all__ = [
    "ModelJob",
    "ModelOutcome",
    "ModelSetupError",
    "ModelTier",
    "prepare_jobs",
    "unsuppressed",
]

log = logging.getLogger(__name__)

_ClientKey = tuple[str, str | None, str | None, float, int, bool]


class ModelSetupError(Exception):
    """The configured model cannot be used at all (bad settings, a ``local_only`` refusal)."""


@dataclass(frozen=True, slots=True)
class ModelJob:
    """What the model is asked about one documented function (rendered under the turn)."""

    path: str
    qualname: str
    language: Language
    code: str
    related: str
    segments: tuple[Segment, ...]


def prepare_jobs(
    graph: ProjectGraph, report: FileReport, settings: Settings
) -> tuple[list[ModelJob], list[str]]:
    """The model questions for ``report``'s documented functions, and the functions whose
    context could not be built (as messages: they are left out, the others go on)."""
    from docref.context.build import ContextError, build_context

    jobs: list[ModelJob] = []
    problems: list[str] = []
    for qualname, parsed in report.docstrings:
        if not parsed.segments:
            continue
        try:
            ctx = build_context(graph, report.path, qualname, token_budget=settings.context_tokens)
        except ContextError as exc:
            problems.append(f"{report.path}::{qualname}: no context for the model: {exc}")
            continue
        jobs.append(
            ModelJob(
                path=report.path,
                qualname=qualname,
                language=report.language,
                code=ctx.code,
                related=ctx.render_related(),
                segments=tuple(parsed.segments),
            )
        )
    return jobs, problems


def unsuppressed(
    findings: Sequence[Finding], marks: Suppressions | None, ignore: IgnoreList
) -> list[Finding]:
    """The model's ``findings`` that neither the file's inline markers (``marks``, read by
    the static tier) nor the ``ignore`` list silence."""
    return [f for f in findings if (marks is None or not marks.covers(f)) and not ignore.covers(f)]


@dataclass(slots=True)
class ModelOutcome:
    """The model's answers for one document: findings, per-function results (for scores),
    the errors met, and ``fatal`` when the endpoint could not be used at all."""

    model: str
    endpoint: str
    results: list[LlmFunctionResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    fatal: str | None = None
    calls: int = 0
    cache_hits: int = 0

    @property
    def findings(self) -> list[Finding]:
        """Every ``fail`` the model gave, in the order the functions were asked."""
        return [f for res in self.results for f in res.findings]


@dataclass(slots=True)
class ModelTotals:
    """What the model cost since the server started (for the status bar)."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_known: bool = False

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens


class ModelTier:
    """The server's model clients, answer cache and totals (see the module docstring)."""

    def __init__(self, *, use_cache: bool = True) -> None:
        self._clients: dict[_ClientKey, ModelClient] = {}
        self._cache: AnswerCache | None = None
        self._cache_opened = not use_cache
        self.totals = ModelTotals()

    def client_for(self, settings: Settings) -> ModelClient:
        """The client for ``settings``' model (made once per distinct configuration).

        Raises :class:`ModelSetupError` before any network use when the settings are invalid
        or ``local_only`` refuses the endpoint.
        """
        from docref.llm.client import ModelClient
        from docref.llm.endpoint import ModelSettings
        from docref.llm.errors import ModelRefused

        if settings.model is None:
            raise ModelSetupError("no model is configured")
        key: _ClientKey = (
            settings.model,
            settings.api_base,
            settings.api_key_env,
            settings.timeout,
            settings.concurrency,
            settings.local_only,
        )
        client = self._clients.get(key)
        if client is None:
            try:
                model_settings = ModelSettings.from_settings(settings)
            except ValueError as exc:
                raise ModelSetupError(str(exc)) from None
            client = ModelClient(model_settings)
            self._clients[key] = client
        try:
            client.check_allowed()
        except ModelRefused as exc:
            raise ModelSetupError(str(exc)) from None
        return client

    async def _answer_cache(self) -> AnswerCache | None:
        if not self._cache_opened:
            from docref.llm.answers import AnswerCache

            self._cache_opened = True
            self._cache = await asyncio.to_thread(AnswerCache.open)
        return self._cache

    async def run(self, settings: Settings, jobs: Sequence[ModelJob]) -> ModelOutcome:
        """Ask every question of ``jobs`` at once (the client bounds what is in flight).

        Raises :class:`ModelSetupError` when the model cannot be used; ``CancelledError``
        propagates (a newer edit), cancelling every request still in flight.
        """
        from docref.checks.llm.prompts import Profile
        from docref.checks.llm.tier import LlmRun, check_function_llm

        client = self.client_for(settings)
        outcome = ModelOutcome(settings.model or "", client.endpoint.describe())
        cache = await self._answer_cache()
        run = LlmRun(max_calls=settings.max_calls)
        profile: Profile = "referee-ver4" if settings.profile == "referee-ver4" else "paper"
        asks = [
            check_function_llm(
                client,
                path=job.path,
                qualname=job.qualname,
                language=job.language,
                code=job.code,
                related=job.related,
                segments=job.segments,
                criteria=settings.criteria,
                profile=profile,
                cache=cache,
                run=run,
            )
            for job in jobs
        ]
        outcome.results = list(await asyncio.gather(*asks))
        self._count(outcome)
        seen: set[str] = set()
        for res in outcome.results:
            for err in res.errors:
                if err not in seen:
                    seen.add(err)
                    outcome.errors.append(err)
        if run.fatal is not None:
            outcome.fatal = str(run.fatal)
        return outcome

    def _count(self, outcome: ModelOutcome) -> None:
        totals = self.totals
        for res in outcome.results:
            outcome.calls += res.calls
            outcome.cache_hits += res.cache_hits
            totals.prompt_tokens += res.prompt_tokens
            totals.completion_tokens += res.completion_tokens
            totals.cost_usd += res.cost_usd
            totals.cost_known = totals.cost_known or res.cost_usd > 0
        totals.calls += outcome.calls
        totals.cache_hits += outcome.cache_hits

    async def close(self) -> None:
        """Close every client and the answer cache (at shutdown)."""
        for client in self._clients.values():
            try:
                await client.aclose()
            except Exception as exc:  # shutting down: a failing close must not stop the rest
                log.debug("closing a model client failed: %s", exc)
        self._clients.clear()
        if self._cache is not None:
            self._cache.close()
            self._cache = None
