"""The seed papers' LLM judges as evaluation methods (prompts in :mod:`docref.eval.judges`).

Every question goes through :class:`~docref.llm.client.ModelClient` (litellm, bounded
concurrency, retries).  An unparseable answer is asked once more and then counted as
*unknown*; an item whose every answer is unknown has no score (excluded, counted).  A model
error that will not go away (dead endpoint, bad key, refused endpoint) raises
:class:`~docref.eval.methods.MethodFatal` so the run stops the method and keeps what is done.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

from docref.checks.llm.asking import FATAL_ERRORS
from docref.checks.llm.prompts import Message
from docref.eval import judges
from docref.eval.datasets import Item
from docref.eval.methods import EvalOptions, ItemResult, Method, MethodFatal
from docref.llm.client import ModelClient
from docref.llm.endpoint import ModelSettings
from docref.llm.errors import ModelError

__all__ = ["JudgeMethod", "ModelAsker", "judge_method"]

T = TypeVar("T")

# Judges are asked deterministically; the room is what the answer form needs.
TEMPERATURE = 0.0
TOP_P = 1.0
SHORT_ANSWER = 16
LONG_ANSWER = 600


class ModelAsker:
    """Sends one question, parses the answer strictly, retries an unparseable one once, and
    adds the cost to an :class:`ItemResult`."""

    def __init__(self, client: ModelClient) -> None:
        self.client = client
        self.fatal: str | None = None

    async def ask(
        self,
        out: ItemResult,
        messages: list[Message],
        parse: Callable[[str], T | None],
        *,
        max_tokens: int = SHORT_ANSWER,
    ) -> T | None:
        """The parsed answer, or ``None`` (counted in ``out.unknown``) when there is none.

        Args:
            out: the item's result, which gets the call's cost and unknown count.
            messages: the chat messages to send.
            parse: reads the answer strictly; ``None`` means unparseable.
            max_tokens: the answer's length limit.

        Raises:
            MethodFatal: the model cannot be used at all (dead endpoint, bad key, refusal).
        """
        last = ""
        for _attempt in range(2):
            if self.fatal is not None:
                raise MethodFatal(self.fatal)
            try:
                completion = await self.client.complete(
                    messages, max_tokens=max_tokens, temperature=TEMPERATURE, top_p=TOP_P
                )
            except ModelError as exc:
                if isinstance(exc, FATAL_ERRORS):
                    self.fatal = str(exc)
                    raise MethodFatal(str(exc)) from None
                out.unknown += 1
                out.detail.setdefault("errors", []).append(str(exc))
                return None
            out.calls += 1
            out.prompt_tokens += completion.prompt_tokens
            out.completion_tokens += completion.completion_tokens
            if completion.cost_usd is None:
                out.cost_unknown += 1
            else:
                out.cost_usd += completion.cost_usd
            last = completion.text
            value = parse(last)
            if value is not None:
                return value
        out.unknown += 1
        out.detail.setdefault("unparseable", []).append(last[:80])
        return None


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


class JudgeMethod(Method):
    """One of ``llm-judge``, ``g-eval``, ``coderpe``, ``ask-llm``, ``factscore``."""

    uses_model = True

    def __init__(self, name: str, options: EvalOptions, settings: ModelSettings) -> None:
        self.name = name
        self.options = options
        self.model = settings
        self.asker = ModelAsker(ModelClient(settings))

    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "model": self.model.model,
            "api_base": self.model.api_base,
            "context": self.options.context,
            "language": self.options.language,
            "prompts": "docref-judges-1",
        }
        if self.name == "coderpe":
            out.update(rounds=self.options.rounds, form=self.options.coderpe_form)
        if self.name == "ask-llm":
            out["with_reference"] = self.options.with_reference
        return out

    def _info(self, item: Item) -> str:
        return item.info if self.options.context == "dataset" else ""

    async def judge(self, item: Item) -> ItemResult:
        started = time.perf_counter()
        out = ItemResult(None)
        info, lang = self._info(item), self.options.language
        if self.name == "llm-judge":
            messages = judges.llm_judge_messages(item.code, info, item.summary, lang)
            parse = judges.parse_llm_judge
            out.score = await self.asker.ask(out, messages, parse, max_tokens=LONG_ANSWER)
        elif self.name == "g-eval":
            messages = judges.g_eval_messages(item.code, info, item.summary, lang)
            out.score = await self.asker.ask(out, messages, judges.parse_g_eval)
        elif self.name == "ask-llm":
            if self.options.with_reference and not item.reference:
                return ItemResult(None, note="no reference summary (--with-reference)")
            reference = item.reference if self.options.with_reference else None
            messages = judges.ask_llm_messages(item.code, info, item.summary, reference, lang)
            out.score = await self.asker.ask(out, messages, judges.parse_ask_llm)
        elif self.name == "coderpe":
            out.score = await self._coderpe(item, info, out)
        else:
            out.score = await self._factscore(item, info, out)
        if out.score is None and out.note is None:
            out.note = "no parseable answer"
        out.seconds = time.perf_counter() - started
        return out

    def _coderpe_form(self, dimension: str) -> str:
        form = self.options.coderpe_form
        if form == "paper":
            return "analyze" if dimension in judges.ANALYZE_RATE_DIMENSIONS else "score"
        return form

    async def _coderpe(self, item: Item, info: str, out: ItemResult) -> float | None:
        """Mean rating over roles x dimensions x rounds (0-4 scale), per dimension kept."""
        jobs = []
        keys = []
        for _round in range(self.options.rounds):
            for role in judges.CODERPE_ROLES:
                for dimension in judges.CODERPE_DIMENSIONS:
                    form = self._coderpe_form(dimension)
                    messages = judges.coderpe_messages(
                        role, dimension, item.code, info, item.summary, self.options.language, form
                    )

                    def parse(text: str, form: str = form) -> float | None:
                        return judges.parse_coderpe(text, form)

                    size = LONG_ANSWER if form == "analyze" else SHORT_ANSWER
                    jobs.append(self.asker.ask(out, messages, parse, max_tokens=size))
                    keys.append(dimension)
        answers = await _gather(jobs)
        per: dict[str, list[float]] = {}
        for dimension, value in zip(keys, answers, strict=True):
            if value is not None:
                per.setdefault(dimension, []).append(value)
        out.detail["dimensions"] = {d: _mean(v) for d, v in per.items()}
        return _mean([v for values in per.values() for v in values])

    async def _factscore(self, item: Item, info: str, out: ItemResult) -> float | None:
        facts = await self.asker.ask(
            out, judges.facts_messages(item.summary), judges.parse_facts, max_tokens=LONG_ANSWER
        )
        if facts is None:
            out.note = "no parseable list of atomic facts"
            return None
        jobs = [
            self.asker.ask(
                out,
                judges.fact_check_messages(fact, item.code, info, self.options.language),
                judges.parse_fact_verdict,
            )
            for fact in facts
        ]
        verdicts = [v for v in await _gather(jobs) if v is not None]
        out.detail["facts"] = len(facts)
        if not verdicts:
            out.note = "no fact could be judged"
            return None
        return sum(1.0 for v in verdicts if v) / len(verdicts)

    async def close(self) -> None:
        await self.asker.client.aclose()


async def _gather(jobs: list[Any]) -> list[Any]:
    """All answers; the first :class:`MethodFatal` cancels the rest and is raised."""
    tasks = [asyncio.ensure_future(job) for job in jobs]
    try:
        return list(await asyncio.gather(*tasks))
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise


def judge_method(name: str, options: EvalOptions, settings: ModelSettings) -> JudgeMethod:
    """The judge called ``name`` asking the model described by ``settings``."""
    return JudgeMethod(name, options, settings)
