"""The model's questions asked from several processes inside one ``docref check`` (issue 15).

One process spends some 8-10 ms of CPU per question in litellm (its Router, completion path
and logging objects) and docref's judge: 4 endpoints x 8 requests in flight / 0.3 s answers is
more than one core can ask.  So when a run has many questions, several endpoints, each with a
``max_concurrency``, and the machine several cores, spawned workers
(:mod:`docref.engine.model_worker`) ask with this process -- each through its own litellm
Router over every endpoint, with a share of each endpoint's ``max_concurrency`` (the shares add
up to the cap: never more requests in flight at an endpoint than configured).  The Router still
routes and fails over in every process.

The jobs are handed out in contiguous batches of at most :data:`BATCH_QUESTIONS` questions, a
next one to whichever process finished one (each keeps :data:`AHEAD` going, so its share of
the endpoints stays busy between batches): a process that gets less CPU than the others, or
starts later, asks less.  A batch is cut when handed out, smaller as fewer questions are left,
so all of them finish together (fixed batches of 64 left one process asking up to 128
questions with half of every endpoint at the end while the other had nothing).  The batches
are disjoint, so each question is asked by one process (once, as in a one-process run), and
their results are put back in job order: the findings are those of a one-process run.
``max_calls`` is handed out with the batches (what a batch did not use comes back).

A worker that cannot start, fails or dies leaves its batches to this process (a warning; the
same results).  A fatal model error (a dead endpoint, a wrong key) stops each process at its
own next call, and no batch handed out after it is asked.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from docref.engine.model_worker import Worker, start_workers
from docref.engine.outcome import ModelOutcome, Usage, count_unanswered

if TYPE_CHECKING:
    from docref.config.settings import Settings
    from docref.engine.model import ModelJob, ModelTier

__all__ = ["ask_spread", "asking_processes", "share_of", "start_workers"]

log = logging.getLogger(__name__)

#: Below this many questions per process a worker's start-up (a Python, docref and litellm
#: imported: 3-6 s of CPU, the CPU of some 400 questions, on a core of its own while this
#: process imports litellm too) costs more than its share of the asking saves (``--jobs N``
#: asks from N processes whatever the count).
MIN_QUESTIONS_PER_PROCESS = 400
MAX_PROCESSES = 4
#: How long after this process has litellm imported a worker may take to have it too (at
#: least; as long as this process took, when that was longer) when the processes were chosen
#: by docref; ``--jobs N`` waits up to :data:`READY_WAIT_S` for them (it asked for N).
READY_GRACE_S = 2.0
READY_WAIT_S = 120.0
#: Questions per batch handed out at most and at least (a batch is cut when handed out: about
#: the questions left over ``2 x AHEAD`` per process, so the last batches are small and the
#: processes finish together), and batches each process has going at once.
BATCH_QUESTIONS = 64
MIN_BATCH_QUESTIONS = 8
AHEAD = 2


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def asking_processes(settings: Settings, questions: int, wanted: int | None) -> int:
    """How many processes should ask ``questions``: 1 unless the settings name several
    endpoints that all have a ``max_concurrency`` (what a share is taken of).  ``wanted``:
    ``--jobs`` (``None``: with two endpoints or more, one process per CPU, at most one per
    endpoint, and only as many as the questions pay for; one endpoint: one process).

    One process asks at most ~80 questions a second (litellm's per-call work keeps its core
    busy): enough for one endpoint of 8 in flight at 0.3 s (27 q/s), not for four (107 q/s),
    so several endpoints get a process per core (on an idle 2-core machine, 4 endpoints:
    0.80x linear with two processes against 0.76x with one, ``benchmarks/RESULTS.md``,
    session 10; a loaded machine favours one)."""
    caps = [spec.max_concurrency for spec in settings.endpoints]
    if not caps or any(cap is None for cap in caps):
        return 1
    if settings.max_calls is not None:
        questions = min(questions, settings.max_calls)
    most = min(cap for cap in caps if cap is not None)
    if wanted is None:
        main = sum(1 for spec in settings.endpoints if not spec.fallback)
        if main < 2:
            return 1
        wanted = min(_cpus(), main, MAX_PROCESSES, questions // MIN_QUESTIONS_PER_PROCESS)
    return max(1, min(wanted, most, questions))


def share_of(settings: Settings, index: int, parts: int, questions: int, total: int) -> Settings:
    """Process ``index``'s settings of ``parts``: each endpoint's ``max_concurrency`` divided
    (the shares add up to it), ``max_calls`` in proportion to its ``questions`` of ``total``."""

    def part(value: int) -> int:
        return value // parts + (1 if index < value % parts else 0)

    endpoints = tuple(
        replace(spec, max_concurrency=part(spec.max_concurrency))
        if spec.max_concurrency is not None
        else spec
        for spec in settings.endpoints
    )
    max_calls = settings.max_calls
    if max_calls is not None:
        max_calls = max_calls * questions // max(total, 1)
    return replace(settings, endpoints=endpoints, max_calls=max_calls)


def _questions(jobs: Sequence[ModelJob], settings: Settings) -> int:
    return sum(len(job.segments) for job in jobs) * len(settings.criteria)


@dataclass
class _Handout:
    """The jobs not asked yet, cut into batches as they are handed out, the ``max_calls`` left,
    and the outcomes back (with the process that asked each: 0 is this one).

    A batch is a contiguous run of jobs, numbered by its first job (so the outcomes put in
    number order are in job order).  Its size follows what is left (:data:`AHEAD`,
    :data:`BATCH_QUESTIONS`): a batch handed out near the end is small, so no process is
    left asking a large last batch with its share of the endpoints while the others have
    nothing.  With ``max_calls``, a batch is given up to twice its questions (an
    unparseable answer is asked again, a failed check explained; near the end only its
    questions) and what it did not use comes back: while every call is given out and some
    may come back, nobody gets a batch (:attr:`wait_for_more`); once none can, the rest is
    handed to this process at once, with 0 calls (not asked), as after a fatal error."""

    jobs: Sequence[ModelJob]
    settings: Settings
    budget: int | None
    parts: int = 1
    cursor: int = 0  # the first job never handed out
    back: list[tuple[int, int]] = field(default_factory=list)  # put back: (first, end) jobs
    given: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # asking: end, calls
    outcomes: dict[int, tuple[int, ModelOutcome]] = field(default_factory=dict)
    fatal: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # a batch came back

    def __post_init__(self) -> None:
        per_job = len(self.settings.criteria)
        self._asks = [max(1, len(job.segments)) * per_job for job in self.jobs]
        self._left = sum(self._asks)  # questions in the jobs not handed out
        # a batch fills at least a process's share of the endpoints: with fewer questions in
        # hand than slots, slots sit idle between one batch and the next
        caps = [spec.max_concurrency or 0 for spec in self.settings.endpoints]
        self._least = max(MIN_BATCH_QUESTIONS, sum(caps) // max(self.parts, 1))

    @property
    def wait_for_more(self) -> bool:
        """Whether a process that got no batch should wait for one (jobs are left, and calls
        given out may come back)."""
        return (
            bool(self.back or self.cursor < len(self.jobs))
            and not self.fatal
            and (self.budget == 0 and any(give for _end, give in self.given.values()))
        )

    def take(self, process: int = 0) -> tuple[int, list[ModelJob], int | None] | None:
        """The next batch for ``process`` (number, jobs, its ``max_calls``), or ``None``."""
        if not self.back and self.cursor >= len(self.jobs):
            return None
        closing = self.fatal or self.budget == 0
        if closing and (process != 0 or self.wait_for_more):
            return None  # nothing to ask: the rest is this process's, once
        if self.back:
            first, end = self.back.pop(0)
        elif closing:
            first, end = self.cursor, len(self.jobs)
        else:
            first, end = self.cursor, self._cut(self.cursor)
        if first == self.cursor:
            self.cursor = end
            self._left -= sum(self._asks[first:end])
        jobs = list(self.jobs[first:end])
        give = self.budget
        if closing:
            give = 0  # nothing asked (each check left unknown)
        elif self.budget is not None:
            asks = sum(self._asks[first:end])
            # twice its questions while many calls are left; near the end only its questions,
            # else half of the last calls sit reserved in batches that will not use them
            # while the other processes wait for them with their share of the endpoints idle
            room = 2 * asks if self.budget >= 4 * AHEAD * self.parts * asks else asks
            give = min(self.budget, room)
            self.budget -= give
        self.given[first] = (end, give)
        return first, jobs, give

    def _cut(self, first: int) -> int:
        """Where the batch starting at job ``first`` ends: about the questions left (the
        calls left, with ``max_calls``) over ``2 x AHEAD`` per process."""
        left = self._left if self.budget is None else min(self._left, self.budget)
        want = left // (2 * AHEAD * max(self.parts, 1))
        want = max(self._least, min(BATCH_QUESTIONS, want))
        end, count = first, 0
        while end < len(self.jobs) and count < want:
            count += self._asks[end]
            end += 1
        return end

    def done(self, number: int, process: int, outcome: ModelOutcome) -> None:
        self.outcomes[number] = (process, outcome)
        _end, given = self.given.pop(number, (number, None))
        if self.budget is not None and given is not None:
            self.budget += max(0, given - outcome.usage.calls)
        if outcome.fatal is not None:
            self.fatal = True
        self._wake()

    def put_back(self, numbers: Sequence[int]) -> None:
        """A failed worker's batches: asked again here (their calls given back)."""
        for number in numbers:
            end, given = self.given.pop(number)
            if self.budget is not None and given is not None:
                self.budget += given
            self.back.append((number, end))
        self.back.sort()
        self._wake()

    def _wake(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


async def ask_spread(
    tier: ModelTier,
    settings: Settings,
    jobs: Sequence[ModelJob],
    parts: int,
    on_check_done: Callable[[], None] | None,
    workers: list[Worker],
) -> ModelOutcome:
    """``tier.run(settings, jobs)`` asked from up to ``parts`` processes (module docstring):
    this one and ``workers`` (started early by :func:`start_workers`; more are started when
    there are too few).  Without ``--jobs``, only the workers ready (litellm imported) when
    this process is, or within :data:`READY_GRACE_S` after, ask: each endpoint's cap is
    shared out before the asking starts, and a worker still importing would leave its share
    idle."""
    from docref.llm.litellm_setup import warm_litellm

    if len(workers) < parts - 1:
        workers = workers + start_workers(parts - 1 - len(workers), settings.model)
    started = time.monotonic()
    await asyncio.to_thread(warm_litellm, settings.model)
    # as long again as this process took (a busy machine slows both alike), 2 s at least;
    # --jobs N asked for N processes: wait for them (and a test of N processes is not
    # decided by the machine's load)
    grace = max(READY_GRACE_S, time.monotonic() - started)
    deadline = time.monotonic() + (READY_WAIT_S if tier.processes is not None else grace)
    ready = []
    for worker in workers:
        if await worker.wait_ready(deadline - time.monotonic()):
            ready.append(worker)
        else:
            worker.cancel()  # still importing: not waited for
    for spare in ready[parts - 1 :]:
        spare.cancel()
    workers = ready[: parts - 1]
    if not workers:
        return await tier.run_here(settings, jobs, on_check_done=on_check_done)
    parts = len(workers) + 1
    total = _questions(jobs, settings)
    shares = [share_of(settings, i, parts, total, total) for i in range(parts)]
    handout = _Handout(jobs, settings, settings.max_calls, parts)
    warnings: list[str] = []

    async def here() -> None:
        while True:
            item = handout.take()
            if item is None:
                if not handout.wait_for_more:
                    return
                await handout.changed.wait()
                continue
            number, batch, give = item
            mine = replace(shares[0], max_calls=give)
            handout.done(number, 0, await tier.run_here(mine, batch, on_check_done=on_check_done))

    async def there(process: int, worker: Worker) -> None:
        sent: dict[int, list[ModelJob]] = {}
        gone = False

        def send() -> bool:
            nonlocal gone
            item = handout.take(process)
            if item is None:
                return False
            number, batch, give = item
            sent[number] = batch
            share = replace(shares[process], max_calls=give)
            if not worker.ask(share, batch, tier.use_cache, number):
                handout.put_back([number])
                sent.pop(number)
                gone = True
                return False
            return True

        for _ in range(AHEAD):
            if not send():
                break
        while sent or (handout.wait_for_more and not gone):
            if not sent:  # every call is out: wait for some to come back
                await handout.changed.wait()
                send()
                continue
            done = await worker.next_done(on_check_done)
            if done is None:  # the worker is gone: what it had is asked here
                functions = sum(len(batch) for batch in sent.values())
                warnings.append(
                    f"a model worker process failed ({worker.problem}); its "
                    f"{functions} function(s) were asked by the main process"
                )
                handout.put_back(list(sent))
                return
            number, outcome = done
            sent.pop(number, None)
            tier.totals.add(outcome.usage)
            handout.done(number, process, outcome)
            while len(sent) < AHEAD and send():
                pass

    try:
        theirs = [there(i + 1, w) for i, w in enumerate(workers)]
        await asyncio.gather(*(here() for _ in range(AHEAD)), *theirs)
        await asyncio.gather(*(here() for _ in range(AHEAD)))  # a failed worker's batches
    finally:
        for worker in workers:
            worker.stop()
    return _merged(settings, handout, warnings)


def _merged(settings: Settings, handout: _Handout, warnings: list[str]) -> ModelOutcome:
    """One outcome from the batches' (in job order); per endpoint, the Router's answers and
    failed attempts are each process's totals (its last batch's), added up."""
    done = [handout.outcomes[number] for number in sorted(handout.outcomes)]
    parts = [outcome for _process, outcome in done]
    outcome = ModelOutcome(parts[0].model, parts[0].endpoint)
    outcome.results = [res for part in parts for res in part.results]
    outcome.usage = Usage.of(outcome.results)
    outcome.errors = list(dict.fromkeys(err for part in parts for err in part.errors))
    outcome.not_asked = sum(part.not_asked for part in parts)
    outcome.warnings = list(dict.fromkeys(w for part in parts for w in part.warnings))
    outcome.warnings.extend(warnings)
    outcome.fatal = next((part.fatal for part in parts if part.fatal is not None), None)
    count_unanswered(outcome, settings)
    rows: dict[str, dict[str, int]] = {
        where: {"asked": asked, "unanswered": outcome.unanswered.get(where, 0)}
        for where, asked in outcome.asked.items()
    }
    totals: dict[tuple[int, str], dict[str, int]] = {}  # the client's life so far, per process
    for process, part in done:
        for where, row in part.per_endpoint.items():
            mine = totals.setdefault((process, where), {})
            for name in ("answers", "errors"):
                if name in row:
                    mine[name] = max(mine.get(name, 0), row[name])
    for (_process, where), counts in totals.items():
        row = rows.setdefault(where, {"asked": 0, "unanswered": 0})
        for name, value in counts.items():
            row[name] = row.get(name, 0) + value
    outcome.per_endpoint = rows
    outcome.processes = len({process for process, _part in done})
    return outcome
