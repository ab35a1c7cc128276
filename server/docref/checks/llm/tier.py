"""The LLM tier: one ReFEree judge question per (docstring segment, criterion).

:func:`check_function_llm` asks every question of one function at once (the client's semaphore
bounds how many are in flight), reads each answer strictly with
:func:`~docref.checks.llm.replies.parse_answer` and

* ``1`` -> a ``pass`` :class:`~docref.core.score.CheckResult`;
* ``0`` -> a ``fail`` result plus a :class:`~docref.core.findings.Finding` (tier ``llm``,
  rule ``referee``) whose message is the first sentence of a follow-up explanation request;
* an unparseable answer is asked once more, then becomes ``unknown`` (never a finding);
* a model error makes the check ``unknown`` and is recorded in ``errors``.  An error that
  will not go away by asking again (:class:`ModelUnavailable` after the client's retries,
  :class:`ModelAuthError`, :class:`ModelRefused`) aborts the rest of the run: the other
  questions are cancelled (queued ones never reach the endpoint) and later functions
  sharing the same :class:`LlmRun` are not asked at all.

Parsed answers are cached (:mod:`docref.llm.answers`), so an unchanged question is free.
The state a run shares (the call budget, the fatal error) and the sending of one function's
requests are in :mod:`docref.checks.llm.asking`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from docref.checks.llm.asking import Asker, CallBudgetExhausted, Check, LlmRun, count_endpoint
from docref.checks.llm.prompts import (
    DEFAULT_PROFILE,
    PROMPT_VERSION,
    Profile,
    build_messages,
    explanation_messages,
)
from docref.checks.llm.replies import clean_explanation, parse_answer
from docref.checks.llm.result import LlmFunctionResult
from docref.core.catalog import MODEL_RULE
from docref.core.findings import Criterion, Finding, Tier, Verdict
from docref.core.score import CheckResult
from docref.core.segment import Segment
from docref.graph.model import Language
from docref.llm.answers import AnswerCache, CachedAnswer, answer_key
from docref.llm.client import ModelClient
from docref.llm.errors import ModelError

__all__ = [
    "ALL_CRITERIA",
    "LlmFunctionResult",
    "LlmRun",
    "check_function_llm",
    "first_sentence",
]

ALL_CRITERIA: tuple[Criterion, ...] = (Criterion.C1, Criterion.C2, Criterion.C3, Criterion.C4)


_SENTENCE = re.compile(r"^(.+?[.!?])[\"')\]\u2019\u201d]*(?=\s|$)")


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (all of it when no sentence end is found)."""
    line = " ".join(text.split())
    match = _SENTENCE.match(line)
    return match.group(0) if match else line


def generic_message(criterion: Criterion) -> str:
    return f"{criterion.display_name} (model judgement)"


async def check_function_llm(
    client: ModelClient,
    *,
    path: str,
    qualname: str,
    language: Language,
    code: str,
    related: str,
    segments: Sequence[Segment],
    criteria: Iterable[Criterion | str] = ALL_CRITERIA,
    profile: Profile = DEFAULT_PROFILE,
    cache: AnswerCache | None = None,
    run: LlmRun | None = None,
) -> LlmFunctionResult:
    """Judge every segment of one docstring against ``criteria`` with the model.

    ``code`` is the function's source, ``related`` its rendered 1-hop related information
    (``FunctionContext.render_related()``).  Pass one :class:`LlmRun` to every call of a run so
    a fatal model error stops the whole run, not just this function.
    """
    run = run if run is not None else LlmRun()
    crits = tuple(dict.fromkeys(Criterion(c) for c in criteria))
    judge = _FunctionJudge(
        client,
        run,
        LlmFunctionResult(path, qualname),
        _Question(language, code, related, profile),
        cache,
    )
    checks = [Check(s, c, judge.key(s, c)) for s in segments for c in crits]
    return await judge.judge_all(checks)


def question_keys(client: ModelClient, language: Language, code: str, related: str,
                  segments: Sequence[Segment], criteria: Iterable[Criterion | str],
                  profile: Profile) -> list[str]:  # fmt: skip
    """The answer-cache keys :func:`check_function_llm` looks up for one function (to read
    a run's answers at once: :meth:`AnswerCache.prefetch`)."""
    q = _Question(language, code, related, profile)
    return [_key(client, q, s, Criterion(c)) for s in segments for c in dict.fromkeys(criteria)]


def _key(client: ModelClient, q: _Question, segment: Segment, criterion: Criterion) -> str:
    return answer_key(model=client.settings.model, api_base=client.cache_identity,
                      prompt_version=PROMPT_VERSION, profile=q.profile, language=q.language,
                      criterion=criterion.value, segment=segment.text, code=q.code,
                      related=q.related)  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Question:
    """What every question about one function shares: the code, its context, the prompt."""

    language: Language
    code: str
    related: str
    profile: Profile


class _FunctionJudge:
    """Every (segment, criterion) check of one function: answered from the cache or asked
    (an unparseable answer once more), explained when it fails, all at once."""

    def __init__(
        self,
        client: ModelClient,
        run: LlmRun,
        out: LlmFunctionResult,
        question: _Question,
        cache: AnswerCache | None,
    ) -> None:
        self.client = client
        self.run = run
        self.out = out
        self.question = question
        self.cache = cache
        self.asker = Asker(client, run, out, f"{out.path}::{out.qualname}")

    def key(self, segment: Segment, criterion: Criterion) -> str | None:
        """The answer-cache key of one check (``None`` without a cache)."""
        if self.cache is None:
            return None
        return _key(self.client, self.question, segment, criterion)

    def unknown(self, check: Check, reason: str) -> CheckResult:
        """An unanswered check (excluded from the score, never a finding)."""
        return self._result(check, Verdict.UNKNOWN, reason=reason)

    def _result(self, check: Check, verdict: Verdict, reason: str | None = None) -> CheckResult:
        return CheckResult.for_segment(
            check.segment,
            path=self.out.path,
            qualname=self.out.qualname,
            criterion=check.criterion,
            verdict=verdict,
            tier=Tier.LLM,
            rule=MODEL_RULE,
            reason=reason,
        )

    def judged(
        self, check: Check, answer: Literal[1, 0], explanation: str | None, cached: bool = False
    ) -> CheckResult:
        """The result of an answered check; a ``0`` carries its finding."""
        if answer == 1:
            return self._result(check, Verdict.PASS)
        finding = Finding.from_segment(
            check.segment,
            path=self.out.path,
            qualname=self.out.qualname,
            criterion=check.criterion,
            tier=Tier.LLM,
            rule=MODEL_RULE,
            message=(
                first_sentence(explanation) if explanation else generic_message(check.criterion)
            ),
            explanation=explanation,
            from_cache=cached,
        )
        return CheckResult.from_finding(finding)

    async def explain(self, check: Check) -> tuple[str | None, bool]:
        """The cleaned explanation and whether it is final (False: a model error, retry later)."""
        q = self.question
        messages = explanation_messages(
            check.criterion, check.segment.text, q.code, q.related, language=q.language
        )
        try:
            completion = await self.asker.complete(messages, explanation=True)
        except ModelError as exc:
            self.asker.error(check, exc)
            return None, False
        except CallBudgetExhausted:
            return None, False
        return clean_explanation(completion.text), True

    async def ask(self, check: Check) -> Literal[1, 0] | CheckResult:
        """The parsed answer to ``check``'s question, or the unknown result it ends in."""
        q = self.question
        messages = build_messages(
            check.criterion,
            check.segment.text,
            q.code,
            q.related,
            profile=q.profile,
            language=q.language,
        )
        last = ""
        for _attempt in range(2):  # an unparseable answer is asked once more
            try:
                completion = await self.asker.complete(messages, explanation=False)
            except ModelError as exc:
                return self.unknown(check, f"model error: {self.asker.error(check, exc)}")
            except CallBudgetExhausted as exc:
                self.run.not_asked += 1
                return self.unknown(check, f"not asked: {exc}")
            last = completion.text
            answer = parse_answer(last)
            if answer is not None:
                count_endpoint(self.out.asked, completion.endpoint)
                return answer
        count_endpoint(self.out.asked, completion.endpoint)
        count_endpoint(self.out.unanswered, completion.endpoint)
        return self.unknown(check, f"unparseable answer {last[:40]!r}")

    async def one(self, check: Check) -> CheckResult:
        """One check: from the cache, else asked (and explained when it fails), then cached."""
        cache = self.cache
        if cache is not None and check.key is not None:
            hit = await cache.get(check.key)
            if hit is not None:
                self.out.cache_hits += 1
                return self.judged(check, hit.answer, hit.explanation, cached=True)
        answer = await self.ask(check)
        if isinstance(answer, CheckResult):
            return answer
        explanation: str | None = None
        final = True
        if answer == 0:
            explanation, final = await self.explain(check)
        if cache is not None and check.key is not None and final:
            await cache.put(check.key, CachedAnswer(answer, explanation))
        return self.judged(check, answer, explanation)

    async def one_reported(self, check: Check) -> CheckResult:
        """:meth:`one`, telling the run's progress callback when it is done."""
        try:
            return await self.one(check)
        finally:
            if self.run.on_check_done is not None:
                self.run.on_check_done()

    async def judge_all(self, checks: list[Check]) -> LlmFunctionResult:
        """Every check at once; a fatal error of the run leaves the rest unknown."""
        run, out = self.run, self.out
        if run.fatal is not None:
            out.results = [self.unknown(c, f"not asked: {run.fatal}") for c in checks]
            out.fatal = run.fatal
            return out
        tasks: list[asyncio.Task[CheckResult]] = []
        for check in checks:
            task = asyncio.create_task(self.one_reported(check))
            run.track(task)
            tasks.append(task)
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        results: list[CheckResult] = []
        for check, outcome in zip(checks, outcomes, strict=True):
            if isinstance(outcome, CheckResult):
                results.append(outcome)
            elif isinstance(outcome, asyncio.CancelledError):
                results.append(self.unknown(check, f"not asked: {run.fatal}"))
            else:
                raise outcome
        out.results = results
        out.findings = [r.finding for r in results if r.finding is not None]
        out.fatal = run.fatal
        return out
