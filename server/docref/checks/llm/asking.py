"""Sending the LLM tier's requests: the state one run shares and the requests of one function.

:class:`LlmRun` is shared by every function checked in one run: the call budget
(``max_calls``; :class:`CallBudgetExhausted` when it is spent), the fatal error that stops the
run (:data:`FATAL_ERRORS`: the running questions are cancelled, no new one is sent) and the
progress callback.  :class:`Asker` sends one function's requests through the model client and
keeps its counters (calls, tokens, cost, errors) in the function's result.  What is asked and
how the answers are read is :mod:`docref.checks.llm.tier`'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from docref.checks.llm.prompts import EXPLANATION_GENERATION, GENERATION, Message
from docref.checks.llm.result import LlmFunctionResult
from docref.core.findings import Criterion
from docref.core.segment import Segment
from docref.llm.client import Completion, ModelClient
from docref.llm.errors import ModelAuthError, ModelError, ModelRefused, ModelUnavailable

__all__ = ["FATAL_ERRORS", "Asker", "CallBudgetExhausted", "Check", "LlmRun", "count_endpoint"]

FATAL_ERRORS: tuple[type[ModelError], ...] = (ModelUnavailable, ModelAuthError, ModelRefused)
"""Errors that abort the run: the endpoint is dead, the key is wrong, or calling is refused."""


class CallBudgetExhausted(Exception):
    """The run's ``max_calls`` is spent: the question is not sent (its check is unknown)."""


class LlmRun:
    """State shared by every function checked in one run.

    Once :attr:`fatal` is set, running questions are cancelled and no new one is sent.
    ``max_calls`` caps the model requests of the whole run (judge questions, retries and
    explanations alike); questions beyond it become ``unknown`` and are counted in
    :attr:`not_asked`.  ``on_check_done`` is called once per finished (segment, criterion)
    check, for a progress display.
    """

    def __init__(
        self,
        max_calls: int | None = None,
        on_check_done: Callable[[], None] | None = None,
    ) -> None:
        self.fatal: ModelError | None = None
        self.max_calls = max_calls
        self.calls = 0
        self.not_asked = 0
        self.on_check_done = on_check_done
        self._tasks: set[asyncio.Task[object]] = set()

    def take_call(self) -> None:
        """Count one model request, or raise :class:`CallBudgetExhausted` when none is left."""
        if self.max_calls is not None and self.calls >= self.max_calls:
            raise CallBudgetExhausted(f"max_calls ({self.max_calls}) reached")
        self.calls += 1

    def abort(self, error: ModelError) -> None:
        if self.fatal is not None:
            return
        self.fatal = error
        current = asyncio.current_task()
        for task in list(self._tasks):
            if task is not current and not task.done():
                task.cancel()

    def track(self, task: asyncio.Task[object]) -> None:
        """Keep ``task`` to cancel it when the run aborts (until it is done)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


@dataclass
class Check:
    """One (segment, criterion) question of a function and its answer-cache key (``None``
    without a cache)."""

    segment: Segment
    criterion: Criterion
    key: str | None


class Asker:
    """Sends requests for one function and keeps its counters."""

    def __init__(
        self, client: ModelClient, run: LlmRun, out: LlmFunctionResult, label: str
    ) -> None:
        self.client = client
        self.run = run
        self.out = out
        self.label = label

    async def complete(self, messages: list[Message], explanation: bool) -> Completion:
        if self.run.fatal is not None:
            raise self.run.fatal
        params = EXPLANATION_GENERATION if explanation else GENERATION
        self.run.take_call()
        self.out.calls += 1
        result = await self.client.complete(
            messages,
            max_tokens=params["max_tokens"],
            temperature=params["temperature"],
            top_p=params["top_p"],
        )
        self.out.prompt_tokens += result.prompt_tokens
        self.out.completion_tokens += result.completion_tokens
        if result.cost_usd is None:
            self.out.cost_unknown += 1
        else:
            self.out.cost_usd += result.cost_usd
        return result

    def error(self, check: Check, exc: ModelError) -> str:
        message = f"{self.label}: {check.criterion.value} on line {_line(check.segment)}: {exc}"
        self.out.errors.append(message)
        if isinstance(exc, FATAL_ERRORS):
            self.run.abort(exc)
        return str(exc)


def count_endpoint(counts: dict[str, int], endpoint: str) -> None:
    """Count one more answer from ``endpoint`` in ``counts`` (a result's per-endpoint tally)."""
    counts[endpoint] = counts.get(endpoint, 0) + 1


def _line(segment: Segment) -> int:
    return segment.range[0][0] + 1
