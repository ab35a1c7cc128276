"""The model tier's one orchestrator, for every front end (``docref check``, the language
server, fixes): one client per model configuration, the answer cache, concurrency,
cancellation and what it all cost; which questions are asked is :mod:`.model_jobs`'s
(re-exported here).

Work is split so a project graph is held only briefly: :func:`prepare_jobs` renders every
documented function's code and 1-hop related information (a function whose context cannot be
built is left out, with a message); :meth:`ModelTier.run` then asks the model with no graph in
use, so the editor takes edits in meanwhile and a newer edit can cancel the run (every request
in flight included: the asyncio cancellation reaches litellm's HTTP call).

A :class:`ModelTier` keeps a client per distinct model configuration (connections and the
concurrency bound are shared by every document of a server), one answer cache (an unchanged
question is never asked twice, which is what makes a re-save free and a one-sentence edit cost
exactly one question per criterion), and :class:`Usage` totals for a status bar.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from docref.config.settings import Settings
from docref.engine.model_jobs import ModelJob, prepare_all, prepare_jobs, profile_of
from docref.engine.outcome import ModelOutcome, ModelSetupError, Usage, count_unanswered

if TYPE_CHECKING:
    from collections.abc import Callable

    from docref.checks.llm.prompts import GenerationParams, Profile
    from docref.core.findings import Criterion
    from docref.llm.answers import AnswerCache
    from docref.llm.client import Completion, ModelClient
    from docref.llm.endpoint import ModelSettings

__all__ = [
    "ModelJob",
    "ModelOutcome",
    "ModelSetupError",
    "ModelTier",
    "Usage",
    "prepare_all",
    "prepare_jobs",
    "profile_of",
]

log = logging.getLogger(__name__)


#: Questions whose cached answers are read before a run decides to ask from several processes
#: (``ModelTier._unanswered``): most of them cached, every answer is read and only the rest
#: counts.
CACHE_SAMPLE = 64


class ModelTier:
    """The server's model clients, answer cache and totals (see the module docstring)."""

    def __init__(self, *, use_cache: bool = True, processes: int | None = 1) -> None:
        self.use_cache = use_cache
        #: processes :meth:`run` may ask from (``None``: as many as pay off; see
        #: :mod:`docref.engine.model_pool`); 1 for the language server, fixes and eval
        self.processes = processes
        self._workers: list[Any] = []  # model_pool's workers, started early
        self._clients: dict[ModelSettings, ModelClient] = {}
        self._cache: AnswerCache | None = None
        self._cache_opened = not use_cache
        self._opening: asyncio.Future[AnswerCache | None] | None = None  # the cache being opened
        self._cache_url: str | None = None
        self._shared_warned = False
        self.totals = Usage()

    def start_processes(self, settings: Settings, questions: int) -> None:
        """Start the worker processes a :meth:`run` of about ``questions`` will ask from
        (when it will; :mod:`docref.engine.model_pool`), so that they import litellm while
        the caller still prepares the questions."""
        if self.processes == 1 or self._workers:
            return
        from docref.engine import model_pool

        parts = model_pool.asking_processes(settings, questions, self.processes)
        if parts > 1:
            self._workers = model_pool.start_workers(parts - 1, settings.model)

    def client_for(self, settings: Settings) -> ModelClient:
        """The client for ``settings``' model (made once per distinct configuration).

        Raises :class:`ModelSetupError` before any network use when the settings are invalid
        or ``local_only`` refuses the endpoint.
        """
        from docref.llm.endpoint import ModelSettings

        if settings.model is None:
            raise ModelSetupError("no model is configured")
        try:
            model_settings = ModelSettings.from_settings(settings)
        except ValueError as exc:
            raise ModelSetupError(str(exc)) from None
        return self.client_of(model_settings)

    def client_of(self, model_settings: ModelSettings) -> ModelClient:
        """The client for ``model_settings`` (made once per distinct configuration; ``docref
        eval`` names its model this way, without docref's settings).

        Raises :class:`ModelSetupError` when the ``llm`` extra is missing or ``local_only``
        refuses the endpoint, before any network use.
        """
        from docref.llm.errors import ModelRefused
        from docref.llm.extra import llm_extra_missing
        from docref.llm.router import make_client

        if (no_llm := llm_extra_missing()) is not None:
            raise ModelSetupError(no_llm)
        client = self._clients.get(model_settings)
        if client is None:
            client = self._clients[model_settings] = make_client(model_settings)
        try:
            client.check_allowed()
        except ModelRefused as exc:
            raise ModelSetupError(str(exc)) from None
        return client

    async def _answer_cache(self, settings: Settings) -> AnswerCache | None:
        """The answer cache, opened on first use (reopened when ``cache_url`` changes)."""
        if self._cache_opened and settings.cache_url != self._cache_url and self._cache:
            self._cache.close()
            self._cache_opened, self._shared_warned = False, False
        if not self._cache_opened:
            from docref.cache.shared import SharedCache
            from docref.llm.answers import AnswerCache

            self._cache_opened, self._cache_url = True, settings.cache_url
            shared = (
                SharedCache(
                    settings.cache_url,
                    password_env=settings.cache_password_env,
                    ttl_s=settings.cache_ttl,
                )
                if settings.cache_url
                else None
            )
            # asks started together wait for this one open (the second of two batches
            # asked at once by a model worker found the flag set and no cache yet, and ran
            # without one: its answers neither read nor kept)
            self._opening = asyncio.ensure_future(asyncio.to_thread(AnswerCache.open, None, shared))
            try:
                self._cache = await asyncio.shield(self._opening)
            finally:
                self._opening = None
        elif self._opening is not None:
            # the opening's own result: an ask arriving after the open finished but before
            # the opener resumed does not wait (a done future), and ``_cache`` is not set yet
            return await asyncio.shield(self._opening)
        return self._cache

    @property
    def shared_problem(self) -> str | None:
        """Why the shared answer cache is off (it stays off: the editor's status shows it)."""
        return None if self._cache is None else self._cache.shared_problem

    def _shared_warning(self) -> list[str]:
        """The shared cache's problem, once per cache (the run went on with the local one)."""
        problem = None if self._cache is None else self._cache.shared_problem
        if problem is None or self._shared_warned:
            return []
        self._shared_warned = True
        return [f"{problem}; the local cache carried on"]

    async def run(
        self,
        settings: Settings,
        jobs: Sequence[ModelJob],
        *,
        on_check_done: Callable[[], None] | None = None,
    ) -> ModelOutcome:
        """Ask every question of ``jobs`` at once (the client bounds what is in flight);
        ``on_check_done`` is called once per question answered (a progress bar).

        Raises :class:`ModelSetupError` when the model cannot be used; ``CancelledError``
        propagates (a newer edit), cancelling every request still in flight.
        """
        if self.processes != 1 and jobs:
            from docref.engine import model_pool

            questions = sum(len(job.segments) for job in jobs) * len(settings.criteria)
            parts = model_pool.asking_processes(settings, questions, self.processes)
            if parts > 1:
                self.client_for(settings)  # a setup error before any process starts
                workers, self._workers = self._workers, []
                left = await self._unanswered(settings, jobs)
                if left is not None:  # answered from the cache: only what is left counts
                    parts = model_pool.asking_processes(settings, left, self.processes)
                if parts > 1:
                    return await model_pool.ask_spread(
                        self, settings, jobs, parts, on_check_done, workers
                    )
                for worker in workers:  # still importing litellm: not needed
                    worker.cancel()
        return await self.run_here(settings, jobs, on_check_done=on_check_done)

    async def _unanswered(self, settings: Settings, jobs: Sequence[ModelJob]) -> int | None:
        """How many of ``jobs``' questions the answer cache has no answer for (all read now,
        for the asking that follows), or ``None`` when there is no cache or most of a sample
        of :data:`CACHE_SAMPLE` questions are not in it (then nothing more is read here).

        A run whose answers are mostly cached (a CI runner with an empty local cache in
        front of the team's shared one) asks too few questions to pay for worker processes:
        each would import litellm (seconds of CPU) and be waited for, to ask nothing."""
        from docref.checks.llm.tier import question_keys

        cache = await self._answer_cache(settings)
        if cache is None:
            return None
        client = self.client_for(settings)
        profile = profile_of(settings)
        keys = [
            key for job in jobs for key in question_keys(
                client, job.language, job.code, job.related, job.segments, settings.criteria,
                profile)
        ]  # fmt: skip
        sample = keys[:: max(1, len(keys) // CACHE_SAMPLE)][:CACHE_SAMPLE]
        if 2 * await cache.cached(sample) < len(sample):
            return None
        return len(keys) - await cache.cached(keys)

    async def run_here(
        self,
        settings: Settings,
        jobs: Sequence[ModelJob],
        *,
        on_check_done: Callable[[], None] | None = None,
    ) -> ModelOutcome:
        """:meth:`run` in this process."""
        return await self.ask(
            self.client_for(settings),
            jobs,
            model=settings.model or "",
            criteria=settings.criteria,
            profile=profile_of(settings),
            max_calls=settings.max_calls,
            on_check_done=on_check_done,
            settings=settings,
        )

    async def ask(
        self,
        client: ModelClient,
        jobs: Sequence[ModelJob],
        *,
        model: str,
        criteria: Iterable[Criterion | str],
        profile: Profile,
        max_calls: int | None = None,
        on_check_done: Callable[[], None] | None = None,
        settings: Settings | None = None,
    ) -> ModelOutcome:
        """:meth:`run` with the client, criteria and profile given one by one (``docref
        eval``'s ``referee`` method judges dataset items with no ``Settings`` behind them);
        ``settings``, when given, name the shared answer cache (``cache_url``)."""
        from docref.checks.llm.tier import LlmRun, check_function_llm, question_keys

        settings = settings if settings is not None else Settings()
        outcome = ModelOutcome(model, client.endpoint.describe())
        cache = await self._answer_cache(settings)
        run = LlmRun(max_calls=max_calls, on_check_done=on_check_done)
        asked = tuple(criteria)
        if cache is not None:
            # every question's answer read at once (a thread hop each was 8,000 for 2,000
            # functions, queued ahead of litellm's own executor jobs)
            await cache.prefetch([
                key for job in jobs for key in question_keys(
                    client, job.language, job.code, job.related, job.segments, asked, profile)
            ])  # fmt: skip
        asks = [
            check_function_llm(
                client,
                path=job.path,
                qualname=job.qualname,
                language=job.language,
                code=job.code,
                related=job.related,
                segments=job.segments,
                criteria=asked,
                profile=profile,
                cache=cache,
                run=run,
            )
            for job in jobs
        ]
        try:
            outcome.results = list(await asyncio.gather(*asks))
        finally:
            if cache is not None:  # the answers of this run, for the next one
                await asyncio.shield(cache.flush())
        outcome.usage = Usage.of(outcome.results)
        self.totals.add(outcome.usage)
        outcome.errors = list(dict.fromkeys(err for res in outcome.results for err in res.errors))
        outcome.not_asked = run.not_asked
        outcome.warnings.extend(self._shared_warning())
        count_unanswered(outcome, settings)
        outcome.per_endpoint = _per_endpoint(client, outcome)
        if run.fatal is not None:
            outcome.fatal = str(run.fatal)
        return outcome

    async def complete(
        self,
        client: ModelClient,
        messages: Sequence[Mapping[str, str]],
        generation: GenerationParams,
    ) -> Completion:
        """One free-form completion through ``client`` (a fix's rewrite), counted in
        :attr:`totals`; raises what :meth:`ModelClient.complete` raises."""
        done = await client.complete(messages, **generation)
        cost = done.cost_usd
        self.totals.add(
            Usage(
                calls=1,
                prompt_tokens=done.prompt_tokens,
                completion_tokens=done.completion_tokens,
                cost_usd=cost or 0.0,
                cost_known=cost is not None,
            )
        )
        return done

    async def close(self) -> None:
        """Close every client and the answer cache (at shutdown), stop unused workers."""
        for worker in self._workers:
            worker.cancel()  # never sent anything
        self._workers = []
        for client in self._clients.values():
            try:
                await client.aclose()
            except Exception as exc:  # shutting down: a failing close must not stop the rest
                log.debug("closing a model client failed: %s", exc)
        self._clients.clear()
        if self._cache is not None:
            self._cache.close()
            self._cache = None


def _per_endpoint(client: ModelClient, outcome: ModelOutcome) -> dict[str, dict[str, int]]:
    """Per endpoint: questions answered there, those without a verdict, and (several
    endpoints) the answers and failed attempts the Router saw (the client's life so far)."""
    from docref.llm.router import RouterClient

    out = {
        where: {"asked": asked, "unanswered": outcome.unanswered.get(where, 0)}
        for where, asked in outcome.asked.items()
    }
    if isinstance(client, RouterClient):
        for where, counts in client.per_endpoint.items():
            row = out.setdefault(where, {"asked": 0, "unanswered": 0})
            row.update(answers=counts.answers, errors=counts.errors)
    return out
