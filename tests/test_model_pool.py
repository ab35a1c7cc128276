"""The model's questions asked from worker processes inside one ``docref check`` (issue 15,
``docref.engine.model_pool``): real litellm Routers in every process against scripted
OpenAI-compatible servers, one of them killed mid-run; each endpoint's cap shared out."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from docref.config.endpoints import EndpointSpec
from docref.config.settings import Settings
from docref.engine import model_pool
from docref.engine.model import ModelJob, ModelTier, prepare_all
from docref.engine.model_pool import asking_processes, share_of, start_workers

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import docref_env
from tests.test_router import FUNCTIONS, answered_prompts, findings, script

REPO = Path(__file__).resolve().parents[1]
FUNCTION = '''def {name}(a: int, b: int) -> int:
    """Add two integers. The result is never negative."""
    return a + b
'''
CAP = 4


@pytest.fixture
def fakes() -> Iterator[list[FakeOpenAI]]:
    servers = [FakeOpenAI().start() for _ in range(3)]
    for server in servers:
        script(server, 0.1)
    yield servers
    for server in servers:
        server.stop()


def write_project(root: Path, bases: list[str]) -> Path:
    root.mkdir()
    lines = ["[project]", "name = 'ws'", "", "[tool.docref]", 'model = "openai/test"']
    lines.append("timeout = 20")
    for base in bases:
        lines += ["", "[[tool.docref.endpoints]]", f'api_base = "{base}"']
        lines.append(f"max_concurrency = {CAP}")
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = "\n\n".join(FUNCTION.format(name=f"add_{i}") for i in range(FUNCTIONS))
    (root / "calc.py").write_text(text, encoding="utf-8")
    return root


def check(root: Path, cache: Path, jobs: int) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "docref", "check", str(root), "--format", "json"]
    argv += ["--no-llm-cache", "--no-progress", "--jobs", str(jobs)]
    return subprocess.Popen(
        argv, cwd=REPO, env=docref_env(cache), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip


def test_two_processes_over_three_endpoints_one_killed_find_what_one_process_finds(
    fakes: list[FakeOpenAI], tmp_path: Path
) -> None:
    alone = FakeOpenAI().start()
    script(alone, 0.0)
    try:  # one process and one endpoint, and at the same time two processes and three
        one = check(write_project(tmp_path / "one", [alone.base_url]), tmp_path / "c1", 1)
        bases = [f.base_url for f in fakes]
        proc = check(write_project(tmp_path / "three", bases), tmp_path / "c2", 2)
        out, err = one.communicate(timeout=180)
    finally:
        alone.stop()
    assert one.returncode == 1, err
    single = json.loads(out)
    assert single["llm"]["processes"] == 1
    expected = findings(single)
    assert len(expected) == FUNCTIONS

    victim = fakes[1]  # holds what it is sent until it is killed: those must go elsewhere
    victim.set_default(Behaviour.hang(60, text="1"))
    deadline = time.monotonic() + 90
    while victim.in_flight < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim.stop()
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 1, err
    report = json.loads(out)
    llm = report["llm"]
    assert llm["processes"] == 2
    assert findings(report) == expected
    assert llm["unknown"] == 0 and report["stats"]["llm_errors"] == 0, err
    # every question and explanation answered exactly once, by one of the two processes
    answered = [p for f in fakes for p in answered_prompts(f)]
    assert len(answered) == llm["calls"] == 48 + FUNCTIONS
    assert Counter(answered).most_common(1)[0][1] == 1
    # both processes together never had more than an endpoint's cap in flight there
    assert all(f.max_in_flight <= CAP for f in fakes)
    per = llm["endpoints"]
    assert sum(row["answers"] for row in per.values()) == llm["calls"]
    for fake in fakes:
        assert per[fake.base_url]["answers"] == len(answered_prompts(fake))


def _settings(bases: list[str], cap: int | None = CAP, **more: object) -> Settings:
    specs = tuple(EndpointSpec(api_base=b, max_concurrency=cap) for b in bases)
    return Settings(model="openai/test", endpoints=specs, timeout=20, **more)  # type: ignore[arg-type]


def test_how_many_processes_ask_and_their_shares_of_each_cap() -> None:
    bases = ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"]
    assert asking_processes(_settings(bases), 400, 2) == 2
    assert asking_processes(_settings(bases), 400, 1) == 1
    assert asking_processes(_settings(bases, cap=None), 400, 2) == 1  # no cap to share
    assert asking_processes(_settings(bases[:1], cap=1), 400, 2) == 1  # a cap of 1 stays whole
    assert asking_processes(_settings(bases, max_calls=1), 400, 2) == 1
    assert asking_processes(_settings(bases), 10, None) == 1  # too few to pay a worker's start
    settings = _settings(bases, cap=5, max_calls=100)
    shares = [share_of(settings, i, 2, n, 400) for i, n in enumerate((300, 100))]
    assert [[e.max_concurrency for e in s.endpoints] for s in shares] == [[3, 3], [2, 2]]
    assert [s.max_calls for s in shares] == [75, 25]


@pytest.mark.parametrize(
    ("cpus", "endpoints", "expected"),
    [(1, 2, 1), (2, 2, 2), (8, 2, 2), (2, 4, 2), (3, 4, 3), (8, 4, 4), (8, 1, 1)],
)
def test_several_endpoints_are_asked_from_a_process_per_cpu(
    monkeypatch: pytest.MonkeyPatch, cpus: int, endpoints: int, expected: int
) -> None:
    # one process keeps up with one endpoint; more endpoints get a process per CPU, at most
    # one per endpoint
    monkeypatch.setattr(model_pool, "_cpus", lambda: cpus)
    bases = [f"http://127.0.0.1:{port}/v1" for port in range(1, endpoints + 1)]
    assert asking_processes(_settings(bases), 8000, None) == expected
    assert asking_processes(_settings(bases), 8000, 2) == 2  # --jobs 2 is what it says
    assert asking_processes(_settings(bases), 500, None) == min(expected, 1)  # too few


def _jobs(tmp_path: Path, settings: Settings) -> list[ModelJob]:
    from docref.engine.static import check_static
    from docref.graph.project import ProjectGraph

    root = write_project(tmp_path / "p", [])
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    reports = check_static(graph, ["calc.py"], jobs=1).reports
    jobs, problems = prepare_all(graph, reports, settings)
    assert not problems
    return jobs


def test_a_worker_that_dies_leaves_its_part_to_the_main_process(
    fakes: list[FakeOpenAI], tmp_path: Path
) -> None:
    settings = _settings([f.base_url for f in fakes[:2]])
    jobs = _jobs(tmp_path, settings)

    async def run() -> tuple[object, ...]:
        tier = ModelTier(use_cache=False, processes=2)
        tier.start_processes(settings, 48)
        (worker,) = tier._workers
        worker._proc.kill()  # before it is ready: the run does not wait for it
        worker._proc.join()
        try:
            outcome = await tier.run(settings, jobs)
        finally:
            await tier.close()
        return outcome.processes, len(outcome.findings), outcome.usage.calls

    processes, found, calls = asyncio.run(run())
    assert (processes, found, calls) == (1, FUNCTIONS, 48 + FUNCTIONS)
    answered = [p for f in fakes for p in answered_prompts(f)]
    assert Counter(answered).most_common(1)[0][1] == 1

    async def dies_while_asking() -> tuple[bool, object, str]:
        (worker,) = start_workers(1)
        ready = await worker.wait_ready(120)
        worker.ask(settings, jobs, False)
        worker._proc.kill()
        got = await worker.collect(None)
        worker.stop()
        return ready, got, worker.problem

    ready, got, problem = asyncio.run(dies_while_asking())
    assert ready and got is None and "stopped" in problem


def test_batches_are_handed_out_in_order_with_the_call_budget_and_come_back(
    tmp_path: Path,
) -> None:
    from docref.engine.model_pool import MIN_BATCH_QUESTIONS, _Handout
    from docref.engine.outcome import ModelOutcome

    settings = _settings(["http://127.0.0.1:1/v1"], max_calls=30)
    jobs = _jobs(tmp_path, settings)  # FUNCTIONS two-sentence functions, 8 questions each
    handout = _Handout(jobs, settings, 30, parts=2)
    first, second = handout.take(), handout.take(1)
    assert first is not None and second is not None
    # contiguous, in order; few calls left: batches of the smallest size, given their questions
    assert first[1] == jobs[: len(first[1])] and second[0] == len(first[1])
    assert 8 * len(first[1]) == MIN_BATCH_QUESTIONS and first[2] == second[2] == 8
    handout.put_back([0])  # a failed worker's batch goes first again, its calls given back
    again = handout.take()
    assert again is not None and again[0] == 0 and again[2] == first[2]
    third, fourth = handout.take(1), handout.take(1)
    assert third is not None and fourth is not None and (third[2], fourth[2]) == (8, 6)
    assert handout.budget == 0 and third[0] == second[0] + 1  # 30 calls given out
    assert handout.take(1) is None and handout.wait_for_more  # nobody asks until calls come back
    unused = ModelOutcome("m", "e")  # asked nothing: every call it was given comes back
    handout.done(0, 1, unused)
    assert handout.budget == 8 and not handout.wait_for_more
    nxt = handout.take(1)
    assert nxt is not None and nxt[0] == fourth[0] + 1 and nxt[2] == 8
    unused.fatal = "dead"
    handout.done(second[0], 0, unused)
    assert handout.take(1) is None  # after a fatal error a worker gets nothing more
    rest = handout.take()  # and this process gets the rest at once, asked by no one
    assert rest is not None and rest[2] == 0 and rest[1][-1] == jobs[-1]
    assert handout.take() is None


def test_a_batch_gets_twice_its_questions_while_many_calls_are_left(tmp_path: Path) -> None:
    from docref.engine.model_pool import _Handout

    settings = _settings(["http://127.0.0.1:1/v1"], max_calls=10_000)
    jobs = _jobs(tmp_path, settings)
    item = _Handout(jobs, settings, 10_000, parts=2).take()
    assert item is not None and item[2] == 2 * 8 * len(item[1])  # re-asks, explanations


def test_batches_shrink_as_the_questions_run_out(tmp_path: Path) -> None:
    from docref.engine.model_pool import BATCH_QUESTIONS, MIN_BATCH_QUESTIONS, _Handout

    settings = _settings(["http://127.0.0.1:1/v1"])
    jobs = _jobs(tmp_path, settings) * 20  # many questions, no max_calls
    handout = _Handout(jobs, settings, None, parts=2)
    sizes = []
    while (item := handout.take(len(sizes) % 2)) is not None:
        assert item[0] == sum(sizes) // 8 and item[2] is None  # contiguous, in order
        sizes.append(8 * len(item[1]))
    assert sum(sizes) == 8 * len(jobs)
    assert sizes[0] == BATCH_QUESTIONS and sizes[-1] == MIN_BATCH_QUESTIONS
    assert sizes == sorted(sizes, reverse=True)


def test_a_run_answered_from_the_cache_starts_no_asking_process(
    fakes: list[FakeOpenAI], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a second run finds its answers in the answer cache: the worker started for it (it
    # would import litellm, be waited for and ask nothing) is stopped at once
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "cache"))
    settings = _settings([f.base_url for f in fakes[:2]])
    jobs = _jobs(tmp_path, settings)
    spread = []
    real_spread = model_pool.ask_spread

    async def counted(*args: Any, **kwargs: Any) -> Any:
        spread.append(1)
        return await real_spread(*args, **kwargs)

    monkeypatch.setattr(model_pool, "ask_spread", counted)

    async def run(processes: int | None) -> tuple[int, int, list[tuple[object, ...]], bool]:
        tier = ModelTier(processes=processes)
        tier.start_processes(settings, 48)
        started = list(tier._workers)
        try:
            outcome = await tier.run(settings, jobs)
        finally:
            await tier.close()
        gone = bool(started) and all(w._proc is None for w in started)
        found = [(f.qualname, f.range, f.criterion, f.verdict, f.message) for f in outcome.findings]
        return outcome.processes, outcome.usage.calls, found, gone

    first = asyncio.run(run(2))
    assert first[:2] == (2, 48 + FUNCTIONS) and len(first[2]) == FUNCTIONS and spread == [1]
    # by default 48 questions would be asked from two processes here; all are cached
    monkeypatch.setattr(model_pool, "_cpus", lambda: 2)
    monkeypatch.setattr(model_pool, "MIN_QUESTIONS_PER_PROCESS", 10)
    processes, calls, found, gone = asyncio.run(run(None))
    assert spread == [1] and processes == 1 and gone
    assert calls == 0 and found == first[2]

    async def empty() -> int | None:  # nothing cached: decided on the full count, as before
        monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "empty"))
        tier = ModelTier(processes=None)
        try:
            return await tier._unanswered(settings, jobs)
        finally:
            await tier.close()

    assert asyncio.run(empty()) is None


def test_batches_asked_at_once_all_use_the_answer_cache(
    fakes: list[FakeOpenAI], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # two batches started together in one process (as a model worker asks them): the second
    # used to find the cache "being opened" and ran without one, its answers never kept
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "cache"))
    settings = _settings([f.base_url for f in fakes[:2]])
    jobs = _jobs(tmp_path, settings)
    half = len(jobs) // 2

    async def together() -> int:
        tier = ModelTier()
        try:
            done = await asyncio.gather(
                tier.run_here(settings, jobs[:half]), tier.run_here(settings, jobs[half:])
            )
        finally:
            await tier.close()
        return sum(outcome.usage.calls for outcome in done)

    assert asyncio.run(together()) == 48 + FUNCTIONS
    assert asyncio.run(together()) == 0  # every answer (and explanation) kept


def test_an_ask_arriving_as_the_answer_cache_finishes_opening_uses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a model worker's second batch arrived after the cache's open had finished but before
    # the first batch's ask resumed to keep it: it was handed no cache, and its answers were
    # neither read nor kept (a second run asked one function's questions again)
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "cache"))
    settings = _settings(["http://127.0.0.1:1/v1"])

    async def second_ask_in_the_window() -> tuple[object, object, object]:
        tier = ModelTier()
        try:
            first = asyncio.ensure_future(tier._answer_cache(settings))
            while tier._opening is None or not tier._opening.done():
                await asyncio.sleep(0)  # seen done here, the first ask has not resumed yet
            assert not first.done()
            second = await tier._answer_cache(settings)
            return second, await first, await tier._answer_cache(settings)
        finally:
            await tier.close()

    second, first, later = asyncio.run(second_ask_in_the_window())
    assert first is not None and second is first and later is first
