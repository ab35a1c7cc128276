"""The model's questions asked from several processes inside one ``docref check`` (issue 15).

One process spends some 8-10 ms of CPU per question in litellm (its Router, completion path
and logging objects) and docref's judge: 4 endpoints x 8 requests in flight / 0.3 s answers is
more than one core can ask.  So when a run has many questions, every endpoint a
``max_concurrency`` and the machine a core to spare, spawned workers
(:mod:`docref.engine.model_worker`) ask with this process -- each through its own litellm
Router over every endpoint, with a share of each endpoint's ``max_concurrency`` (the shares add
up to the cap: never more requests in flight at an endpoint than configured).  The Router still
routes and fails over in every process.

The jobs are handed out in contiguous batches of about :data:`BATCH_QUESTIONS` questions, a
next one to whichever process finished one (each keeps :data:`AHEAD` going, so its share of
the endpoints stays busy between batches): a process that gets less CPU than the others, or
starts later, asks less, and all of them finish together.  The batches are disjoint, so each
question is asked by one process (once, as in a one-process run), and their results are put
back in job order: the findings are those of a one-process run.  ``max_calls`` is handed out
with the batches (what a batch did not use comes back).

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
#: imported: 3-6 s of CPU, the CPU of some 400 questions) costs more than its share of the
#: asking saves (``--jobs N`` asks from N processes whatever the count).
MIN_QUESTIONS_PER_PROCESS = 500
MAX_PROCESSES = 4
#: How long after this process has litellm imported a worker may take to have it too (at
#: least; as long as this process took, when that was longer) when the processes were chosen
#: by docref; ``--jobs N`` waits up to :data:`READY_WAIT_S` for them (it asked for N).
READY_GRACE_S = 2.0
READY_WAIT_S = 120.0
#: Questions per batch handed out (fewer in a small run: every process gets several), and
#: batches each process has going at once.
BATCH_QUESTIONS = 64
AHEAD = 2


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def asking_processes(settings: Settings, questions: int, wanted: int | None) -> int:
    """How many processes should ask ``questions``: 1 unless the settings name several
    endpoints that all have a ``max_concurrency`` (what a share is taken of).  ``wanted``:
    ``--jobs`` (``None``: one process per CPU beyond the first, and only as many as the
    questions pay for).

    A worker is started by itself only when a CPU is left over for it: each asking process
    keeps about one core busy (litellm's per-call work), so on a 2-CPU machine a second one
    only takes CPU from the first and from whatever else runs there (often the model
    servers themselves), and measured slower (0.54x against 0.75x linear at 4 endpoints,
    ``benchmarks/RESULTS.md``)."""
    caps = [spec.max_concurrency for spec in settings.endpoints]
    if not caps or any(cap is None for cap in caps):
        return 1
    if settings.max_calls is not None:
        questions = min(questions, settings.max_calls)
    most = min(cap for cap in caps if cap is not None)
    if wanted is None:
        wanted = min(_cpus() - 1, MAX_PROCESSES, questions // MIN_QUESTIONS_PER_PROCESS)
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


def _batches(jobs: Sequence[ModelJob], settings: Settings, parts: int) -> list[list[ModelJob]]:
    """``jobs`` in contiguous batches of about :data:`BATCH_QUESTIONS` questions (a small run
    in smaller ones: at least ``2 x AHEAD`` per process)."""
    size = max(1, min(BATCH_QUESTIONS, _questions(jobs, settings) // (parts * AHEAD * 2)))
    out: list[list[ModelJob]] = []
    batch: list[ModelJob] = []
    count = 0
    for job in jobs:
        batch.append(job)
        count += max(1, len(job.segments)) * len(settings.criteria)
        if count >= size:
            out.append(batch)
            batch, count = [], 0
    if batch:
        out.append(batch)
    return out


def _questions(jobs: Sequence[ModelJob], settings: Settings) -> int:
    return sum(len(job.segments) for job in jobs) * len(settings.criteria)


@dataclass
class _Handout:
    """The batches not asked yet, the ``max_calls`` left, and the outcomes back (with the
    process that asked each: 0 is this one)."""

    batches: list[list[ModelJob]]
    settings: Settings
    budget: int | None
    todo: list[int] = field(default_factory=list)
    given: dict[int, int | None] = field(default_factory=dict)
    outcomes: dict[int, tuple[int, ModelOutcome]] = field(default_factory=dict)
    fatal: bool = False

    def __post_init__(self) -> None:
        self.todo = list(range(len(self.batches) - 1, -1, -1))  # popped from the end

    def take(self) -> tuple[int, list[ModelJob], int | None] | None:
        """The next batch (number, jobs, its ``max_calls``), or ``None`` when none is left."""
        if not self.todo:
            return None
        number = self.todo.pop()
        jobs = self.batches[number]
        give = self.budget
        if self.fatal:
            give = 0  # the model cannot be used: asked by no one (each left unknown)
        elif self.budget is not None:
            # as many calls as the batch could make (an unparseable answer is asked again, a
            # failed check explained): what it does not use comes back
            give = min(self.budget, 2 * _questions(jobs, self.settings))
            self.budget -= give
        self.given[number] = give
        return number, jobs, give

    def done(self, number: int, process: int, outcome: ModelOutcome) -> None:
        self.outcomes[number] = (process, outcome)
        given = self.given.get(number)
        if self.budget is not None and given is not None:
            self.budget += max(0, given - outcome.usage.calls)
        if outcome.fatal is not None:
            self.fatal = True

    def put_back(self, numbers: Sequence[int]) -> None:
        """A failed worker's batches: asked again here (their calls given back)."""
        for number in sorted(numbers, reverse=True):
            given = self.given.pop(number, None)
            if self.budget is not None and given is not None:
                self.budget += given
            self.todo.append(number)
        self.todo.sort(reverse=True)


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
    from docref.llm.client import load_litellm

    if len(workers) < parts - 1:
        workers = workers + start_workers(parts - 1 - len(workers))
    started = time.monotonic()
    await asyncio.to_thread(load_litellm)
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
            worker.stop()
    for spare in ready[parts - 1 :]:
        spare.stop()
    workers = ready[: parts - 1]
    if not workers:
        return await tier.run_here(settings, jobs, on_check_done=on_check_done)
    parts = len(workers) + 1
    total = _questions(jobs, settings)
    shares = [share_of(settings, i, parts, total, total) for i in range(parts)]
    handout = _Handout(_batches(jobs, settings, parts), settings, settings.max_calls)
    warnings: list[str] = []

    async def here() -> None:
        while (item := handout.take()) is not None:
            number, batch, give = item
            mine = replace(shares[0], max_calls=give)
            handout.done(number, 0, await tier.run_here(mine, batch, on_check_done=on_check_done))

    async def there(process: int, worker: Worker) -> None:
        sent: dict[int, list[ModelJob]] = {}

        def send() -> bool:
            item = handout.take()
            if item is None:
                return False
            number, batch, give = item
            sent[number] = batch
            share = replace(shares[process], max_calls=give)
            if not worker.ask(share, batch, tier.use_cache, number):
                handout.put_back([number])
                sent.pop(number)
                return False
            return True

        for _ in range(AHEAD):
            if not send():
                break
        while sent:
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
            send()

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
