"""The LLM tier against a real local OpenAI-compatible server (tests/fake_openai.py).

Every call goes through the real litellm code path to 127.0.0.1; nothing in litellm is patched.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from docref.checks.llm.tier import (
    ALL_CRITERIA,
    LlmFunctionResult,
    LlmRun,
    check_function_llm,
    first_sentence,
    question_keys,
)
from docref.core.findings import Criterion, Tier, Verdict
from docref.core.score import score_docstring
from docref.core.segment import Segment
from docref.llm.answers import AnswerCache
from docref.llm.client import ModelClient
from docref.llm.endpoint import ModelSettings
from docref.llm.errors import ModelAuthError, ModelUnavailable
from docref.segments import segment_docstring

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port

KEY_ENV = "DOCREF_TEST_TIER_KEY"
ENV_VARS = ("OPENAI_BASE_URL", "OPENAI_API_BASE", "OPENAI_API_KEY")

SOURCE = '''def add(a: int, b: int) -> int:
    """Add two integers. The result is never negative. It writes a log line."""
    return a + b
'''
SEG_NEGATIVE = "The result is never negative."
# the segment as fenced in the prompt (the code, which holds the docstring, is in every prompt)
SEG_MARK = f"```text\n{SEG_NEGATIVE}\n```"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(KEY_ENV, "sk-test-tier")


pytestmark = pytest.mark.usefixtures("warm_litellm")


def segments_of(source: str) -> list[Segment]:
    start = source.index('"""')
    end = source.rindex('"""') + 3
    return segment_docstring(source, start, end, "python").segments


def client_for(base: str, **kw: Any) -> ModelClient:
    settings: dict[str, Any] = {
        "model": "openai/test",
        "api_base": base,
        "api_key_env": KEY_ENV,
        # generous: a test that wants a timeout sets its own; 1 s was outlasted under load
        # (session 32: one request timed out at load 35, so a cached count came out wrong)
        "timeout_s": 20.0,
        "num_retries": 0,
        "max_concurrency": 4,
    }
    settings.update(kw)
    return ModelClient(ModelSettings(**settings), backoff_base_s=0.01, backoff_max_s=0.05)


def check(
    client: ModelClient,
    source: str = SOURCE,
    *,
    cache: AnswerCache | None = None,
    run: LlmRun | None = None,
    **kw: Any,
) -> LlmFunctionResult:
    async def go() -> LlmFunctionResult:
        try:
            return await check_function_llm(
                client,
                path="m.py",
                qualname="add",
                language="python",
                code=source,
                related="",
                segments=segments_of(source),
                cache=cache,
                run=run,
                **kw,
            )
        finally:
            await client.aclose()

    return asyncio.run(go())


def judge_requests(fake: FakeOpenAI) -> list[Any]:
    return [r for r in fake.requests if r.body["max_tokens"] == 4]


def test_segments_fixture() -> None:
    assert [s.text for s in segments_of(SOURCE)] == [
        "Add two integers.",
        SEG_NEGATIVE,
        "It writes a log line.",
    ]


def test_all_pass_no_findings_score_one(fake: FakeOpenAI) -> None:
    # a short delay per answer: an instant answer can finish before the next request is even
    # sent, and then "in flight together" below depended on the scheduler (it failed in CI)
    fake.set_default(Behaviour.hang(0.05, text="1"))
    client = client_for(fake.base_url, max_concurrency=12)
    res = check(client)
    assert res.findings == [] and res.errors == [] and res.fatal is None
    assert len(res.results) == 12 and all(r.verdict is Verdict.PASS for r in res.results)
    assert all(r.tier is Tier.LLM for r in res.results)
    score = score_docstring(res.results)
    assert score.value == 1.0 and score.checked == 12 and score.unknown == 0
    assert res.calls == 12 == len(fake.requests)
    assert res.prompt_tokens == 12 * 11 and res.completion_tokens == 12
    body = fake.requests[0].body
    assert body["max_tokens"] == 4 and body["temperature"] == 0.1 and body["top_p"] == 0.9
    # all questions were in flight together (bounded by the client's semaphore)
    assert fake.max_in_flight > 1


def test_concurrency_bounded_by_client(fake: FakeOpenAI) -> None:
    fake.set_default(Behaviour.hang(0.05, text="1"))
    res = check(client_for(fake.base_url, max_concurrency=3))
    assert res.calls == 12 and 1 < fake.max_in_flight <= 3


def test_one_zero_is_one_finding_with_explanation(fake: FakeOpenAI) -> None:
    explanation = (
        "The summary says 'never negative' but add() returns a + b, which is negative for "
        "negative inputs. Nothing clamps it."
    )
    fake.when("EXPLANATION:", SEG_MARK, then=Behaviour(text=explanation))
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Functionality inconsistency (1 or 0)",
        then=Behaviour(text="0"),
    )
    res = check(client_for(fake.base_url))
    assert len(res.findings) == 1
    f = res.findings[0]
    assert f.segment_text == SEG_NEGATIVE and f.criterion is Criterion.C3
    assert f.tier is Tier.LLM and f.rule == "referee" and f.verdict is Verdict.FAIL
    assert f.explanation == explanation
    assert f.message == first_sentence(explanation)
    assert f.message.endswith("negative inputs.")
    assert SOURCE[f.start : f.end] == SEG_NEGATIVE
    assert res.calls == 13  # 12 questions + 1 explanation
    explain = [r for r in fake.requests if r.body["max_tokens"] != 4]
    assert len(explain) == 1
    score = score_docstring(res.results)
    assert score.checked == 12 and score.passed == 11


def test_zero_without_explanation_gets_generic_message(fake: FakeOpenAI) -> None:
    fake.when("EXPLANATION:", then=Behaviour(text="   "))
    fake.when(
        "SCORE (score only):", SEG_MARK, "Type inconsistency (1 or 0)", then=Behaviour(text="0")
    )
    res = check(client_for(fake.base_url))
    assert [f.message for f in res.findings] == ["Type inconsistency (model judgement)"]
    assert res.findings[0].explanation is None


def test_garbage_answer_retried_once_then_unknown(fake: FakeOpenAI) -> None:
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Name inconsistency (1 or 0)",
        then=Behaviour(text="10"),
    )
    res = check(client_for(fake.base_url))
    assert res.findings == [] and res.errors == []
    unknown = [r for r in res.results if r.verdict is Verdict.UNKNOWN]
    assert len(unknown) == 1 and unknown[0].criterion is Criterion.C1
    assert unknown[0].reason is not None and "unparseable" in unknown[0].reason
    assert res.calls == 13 == len(judge_requests(fake))  # one retry
    assert res.unknown == 1
    score = score_docstring(res.results)
    assert score.unknown == 1 and score.checked == 11 and score.value == 1.0


def test_garbage_then_valid_answer_is_used(fake: FakeOpenAI) -> None:
    fake.when("EXPLANATION:", then=Behaviour(text="why"))
    fake.push(Behaviour(text="maybe"), Behaviour(text="**0**"))
    res = check(client_for(fake.base_url, max_concurrency=1), criteria=["C2"])
    # "maybe" is asked again (behind the queued questions); "**0**" reads as a fail
    assert [f.criterion for f in res.findings] == [Criterion.C2]
    assert res.findings[0].explanation == "why"
    assert res.unknown == 0 and res.calls == 5


def test_criteria_subset(fake: FakeOpenAI) -> None:
    res = check(client_for(fake.base_url), criteria=("C1", Criterion.C4))
    assert res.calls == 6
    assert {r.criterion for r in res.results} == {Criterion.C1, Criterion.C4}


def test_cache_second_run_makes_no_calls(fake: FakeOpenAI, tmp_path: Path) -> None:
    fake.when("EXPLANATION:", then=Behaviour(text="It can be negative. Really."))
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Functionality inconsistency (1 or 0)",
        then=Behaviour(text="0"),
    )
    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    first = check(client_for(fake.base_url), cache=cache)
    assert first.calls == 13 and first.cache_hits == 0
    seen = len(fake.requests)
    second = check(client_for(fake.base_url), cache=cache)
    assert len(fake.requests) == seen  # zero model calls
    assert second.calls == 0 and second.cache_hits == 12
    assert [(f.criterion, f.message, f.explanation) for f in second.findings] == [
        (Criterion.C3, "It can be negative.", "It can be negative. Really.")
    ]
    assert score_docstring(second.results) == score_docstring(first.results)
    # another profile is another question
    third = check(client_for(fake.base_url), cache=cache, profile="referee-ver4")
    assert third.cache_hits == 0 and third.calls >= 12
    cache.close()


def test_prefetched_answers_are_the_ones_each_question_would_read(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    # a run reads every question's answer at once (one thread hop, not one per question)
    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    client = client_for(fake.base_url)
    first = check(client, cache=cache)
    asyncio.run(cache.flush())
    seen = len(fake.requests)
    keys = question_keys(client, "python", SOURCE, "", segments_of(SOURCE), ALL_CRITERIA,
                         "paper")  # fmt: skip
    unknown = "answer:" + "0" * 64
    asyncio.run(cache.prefetch([*keys, unknown]))
    backend_reads: list[str] = []
    real_get = cache._backend.get
    cache._backend.get = lambda key, *a: backend_reads.append(key) or real_get(key, *a)
    second = check(client, cache=cache)
    assert len(fake.requests) == seen and second.cache_hits == len(keys) == 12
    assert backend_reads == []  # every answer came from the prefetch
    assert [r.verdict for r in second.results] == [r.verdict for r in first.results]
    assert asyncio.run(cache.get(unknown)) is None and backend_reads == []  # a miss, read once
    assert asyncio.run(cache.get(keys[0])) is not None and backend_reads == [keys[0]]
    cache.close()


def test_an_answer_another_batch_is_writing_is_read_from_memory(tmp_path: Path) -> None:
    # one batch's flush takes every answer kept so far (another batch's too) into its write;
    # until that write commits, the other batch's answers are neither kept nor on disk
    import threading

    from docref.llm.answers import CachedAnswer

    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    real_set, started, release = cache._backend.set, threading.Event(), threading.Event()

    def slow_set(key: str, value: str, *args: Any, **kwargs: Any) -> bool:
        started.set()
        release.wait(10)
        return bool(real_set(key, value, *args, **kwargs))

    cache._backend.set = slow_set
    key, other = "answer:" + "1" * 64, "answer:" + "2" * 64

    async def read_while_written() -> tuple[object, object]:
        await cache.put(key, CachedAnswer(0, "It can be negative."))
        writing = asyncio.ensure_future(cache.flush())
        await asyncio.to_thread(started.wait, 10)
        during = await cache.get(key), await cache.get(other)
        release.set()
        await writing
        return during

    during, missing = asyncio.run(read_while_written())
    assert during == CachedAnswer(0, "It can be negative.") and missing is None
    assert asyncio.run(cache.get(key)) == during  # and on disk once written
    cache.close()


def test_cache_key_segment_only_change(fake: FakeOpenAI, tmp_path: Path) -> None:
    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    code = "def add(a: int, b: int) -> int:\n    return a + b\n"

    async def go(source: str) -> LlmFunctionResult:
        client = client_for(fake.base_url)
        try:
            return await check_function_llm(
                client,
                path="m.py",
                qualname="add",
                language="python",
                code=code,
                related="# helper #\ndef helper(): ...\n",
                segments=segments_of(source),
                cache=cache,
            )
        finally:
            await client.aclose()

    first = asyncio.run(go(SOURCE))
    assert first.calls == 12
    seen = len(fake.requests)
    changed = SOURCE.replace("It writes a log line.", "It writes two log lines.")
    second = asyncio.run(go(changed))
    assert second.calls == 4 and second.cache_hits == 8
    new = fake.requests[seen:]
    assert len(new) == 4
    assert all("It writes two log lines." in r.body["messages"][1]["content"] for r in new)
    assert {r.criterion for r in second.results if r.verdict is Verdict.PASS} == set(Criterion)
    cache.close()


def test_unknown_answers_are_not_cached(fake: FakeOpenAI, tmp_path: Path) -> None:
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Name inconsistency (1 or 0)",
        then=Behaviour(text="dunno"),
    )
    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    check(client_for(fake.base_url), cache=cache)
    seen = len(fake.requests)
    res = check(client_for(fake.base_url), cache=cache)
    assert res.calls == 2 and len(fake.requests) == seen + 2  # asked again (with one retry)
    cache.close()


def test_dead_endpoint_stops_early() -> None:
    client = client_for(f"http://127.0.0.1:{dead_port()}/v1", max_concurrency=2)
    run = LlmRun()
    res = check(client, run=run)
    assert isinstance(run.fatal, ModelUnavailable) and res.fatal is run.fatal
    assert res.findings == []
    assert all(r.verdict is Verdict.UNKNOWN for r in res.results) and len(res.results) == 12
    assert res.errors and "cannot connect" in res.errors[0]
    assert client.stats.requests <= 2  # not 12: queued questions were cancelled
    # a later function of the same run is not asked at all
    client2 = client_for(f"http://127.0.0.1:{dead_port()}/v1")
    later = check(client2, run=run)
    assert later.calls == 0 and client2.stats.requests == 0 and later.unknown == 12


def test_auth_error_aborts_after_one_request(fake: FakeOpenAI) -> None:
    fake.set_default(Behaviour.error(401))
    run = LlmRun()
    res = check(client_for(fake.base_url, max_concurrency=1), run=run)
    assert isinstance(run.fatal, ModelAuthError)
    assert len(fake.requests) == 1
    assert res.unknown == 12 and res.findings == []


def test_rate_limit_is_unknown_but_not_fatal(fake: FakeOpenAI) -> None:
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Name inconsistency (1 or 0)",
        then=Behaviour.error(429, quota=True),
    )
    run = LlmRun()
    res = check(client_for(fake.base_url), run=run)
    assert run.fatal is None and res.unknown == 1 and len(res.errors) == 1
    assert res.calls == 12


def test_first_sentence() -> None:
    assert first_sentence("It is wrong. Very.") == "It is wrong."
    assert first_sentence("No end") == "No end"
    assert first_sentence('Says "x." Then y.') == 'Says "x."'


def test_max_calls_caps_requests_and_leaves_the_rest_unknown(fake: FakeOpenAI) -> None:
    done: list[int] = []
    run = LlmRun(max_calls=5, on_check_done=lambda: done.append(1))
    res = check(client_for(fake.base_url), run=run)
    assert len(fake.requests) == 5 == res.calls == run.calls
    assert len(res.results) == 12 and len(done) == 12
    unknown = [r for r in res.results if r.verdict is Verdict.UNKNOWN]
    assert len(unknown) == 7 == run.not_asked
    assert all("max_calls (5) reached" in (r.reason or "") for r in unknown)
    assert res.findings == [] and res.errors == []  # a spent budget is not a model error


@pytest.mark.parametrize("answer", ["I think the answer is 1", "", "   "])
def test_chatty_or_empty_answer_is_unknown_never_a_finding(fake: FakeOpenAI, answer: str) -> None:
    fake.when(SEG_MARK, "Type inconsistency (1 or 0)", then=Behaviour(text=answer))
    res = check(client_for(fake.base_url))
    assert res.findings == [] and res.errors == []
    unknown = [r for r in res.results if r.verdict is Verdict.UNKNOWN]
    assert [r.criterion for r in unknown] == [Criterion.C2]
    assert res.calls == 13  # asked once more, then unknown


@pytest.mark.parametrize("failure", [Behaviour.error(500), Behaviour.hang(3.0)])
def test_persistent_server_error_or_timeout_stops_the_run(
    fake: FakeOpenAI, failure: Behaviour
) -> None:
    """A 500 or a timeout that outlasts the retries means the endpoint is not usable: the run
    stops (no flood of doomed requests), every check is unknown, nothing is a finding."""
    fake.when(SEG_MARK, "Type inconsistency (1 or 0)", then=failure)
    res = check(client_for(fake.base_url, timeout_s=0.5, max_concurrency=1))
    assert res.findings == [] and res.fatal is not None
    assert all(r.verdict in (Verdict.UNKNOWN, Verdict.PASS) for r in res.results)
    assert any(r.criterion is Criterion.C2 and r.verdict is Verdict.UNKNOWN for r in res.results)
    assert len(res.results) == 12 and res.errors
