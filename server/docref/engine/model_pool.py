"""The model's questions asked from several processes inside one ``docref check`` (issue 15).

One process spends some 8-10 ms of CPU per question in litellm (its Router, completion path
and logging objects) and docref's judge: 4 endpoints x 8 requests in flight / 0.3 s answers is
more than one core can ask.  So when a run has many questions and every endpoint a
``max_concurrency``, the jobs are split into contiguous parts of about equal question counts;
this process asks the first, spawned workers ask the others -- each through its own litellm
Router over every endpoint, with a share of each endpoint's ``max_concurrency`` (the shares add
up to the cap: never more requests in flight at an endpoint than configured).  The Router still
routes and fails over in every process.  The parts are disjoint, so each question is asked by
one process (once, as in a one-process run), and the parts' results are put back in job
order: the findings are those of a one-process run.  ``max_calls`` is shared out in
proportion to the parts' questions.

A worker that cannot start, fails or dies leaves its part to this process (a warning; the same
results).  A fatal model error (a dead endpoint, a wrong key) stops each process at its own
next call, not all of them at once.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from docref.engine.outcome import ModelOutcome, Usage, count_unanswered

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from docref.config.settings import Settings
    from docref.engine.model import ModelJob, ModelTier

__all__ = ["ask_spread", "asking_processes", "share_of"]

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


def _split(jobs: Sequence[ModelJob], parts: int) -> list[list[ModelJob]]:
    """``jobs`` in ``parts`` contiguous runs of about equal question counts."""
    sizes = [max(1, len(job.segments)) for job in jobs]
    total = sum(sizes)
    out: list[list[ModelJob]] = [[] for _ in range(parts)]
    seen = 0
    for job, size in zip(jobs, sizes, strict=True):
        out[min(parts - 1, seen * parts // max(total, 1))].append(job)
        seen += size
    return [chunk for chunk in out if chunk]


def _questions(jobs: Sequence[ModelJob], settings: Settings) -> int:
    return sum(len(job.segments) for job in jobs) * len(settings.criteria)


def start_workers(count: int) -> list[_Worker]:
    """``count`` worker processes, started now: each imports docref's model tier and litellm
    (seconds of CPU) while this process still prepares the questions."""
    workers = [_Worker() for _ in range(count)]
    for worker in workers:
        worker.start()
    return workers


async def ask_spread(
    tier: ModelTier,
    settings: Settings,
    jobs: Sequence[ModelJob],
    parts: int,
    on_check_done: Callable[[], None] | None,
    workers: list[_Worker],
) -> ModelOutcome:
    """``tier.run(settings, jobs)`` asked from up to ``parts`` processes (module docstring):
    this one and ``workers`` (started early by :func:`start_workers`; more are started when
    there are too few).  Without ``--jobs``, only the workers ready (litellm imported) when
    this process is, or within :data:`READY_GRACE_S` after, get a part: on a busy machine a
    worker still importing would leave its part, and its share of every endpoint, idle while
    this one waits."""
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
    if not ready:
        return await tier.run_here(settings, jobs, on_check_done=on_check_done)
    workers = ready[: parts - 1]
    for spare in ready[parts - 1 :]:
        spare.stop()
    parts = len(workers) + 1
    chunks = _split(jobs, parts)
    counts = [_questions(chunk, settings) for chunk in chunks]
    total = sum(counts)
    shares = [share_of(settings, i, len(chunks), n, total) for i, n in enumerate(counts)]
    for spare in workers[len(chunks) - 1 :]:
        spare.stop()
    workers = workers[: len(chunks) - 1]
    warnings: list[str] = []
    try:
        for worker, share, chunk in zip(workers, shares[1:], chunks[1:], strict=True):
            worker.ask(share, chunk, tier.use_cache)
        readers = [asyncio.ensure_future(w.collect(on_check_done)) for w in workers]
        mine = await tier.run_here(shares[0], chunks[0], on_check_done=on_check_done)
        outcomes = [mine]
        for worker, reader in zip(workers, readers, strict=True):
            theirs = await reader
            if theirs is None:  # the worker is gone: its part is asked here
                warnings.append(
                    f"a model worker process failed ({worker.problem}); its "
                    f"{len(worker.jobs)} function(s) were asked by the main process"
                )
                theirs = await tier.run_here(shares[0], worker.jobs, on_check_done=on_check_done)
            else:
                tier.totals.add(theirs.usage)
            outcomes.append(theirs)
    finally:
        for worker in workers:
            worker.stop()
    return _merged(settings, outcomes, warnings)


def _merged(settings: Settings, parts: list[ModelOutcome], warnings: list[str]) -> ModelOutcome:
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
    for part in parts:
        for where, row in part.per_endpoint.items():
            mine = rows.setdefault(where, {"asked": 0, "unanswered": 0})
            for name in ("answers", "errors"):
                if name in row:
                    mine[name] = mine.get(name, 0) + row[name]
    outcome.per_endpoint = rows
    outcome.processes = len(parts)
    return outcome


class _Worker:
    """One spawned process (``_serve``) asking one part, talked to over a pipe."""

    def __init__(self) -> None:
        self.jobs: list[ModelJob] = []
        self.problem = "it did not start"
        self._proc: Any = None
        self._conn: Connection | None = None

    def start(self) -> None:
        from docref.engine.cold import _main_not_rerun

        # spawn, not fork: the language server has threads, and fork with threads is unsafe
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        try:
            with _main_not_rerun():
                self._proc = ctx.Process(target=_serve, args=(theirs,), daemon=True)
                self._proc.start()
        except Exception as exc:  # no processes here (a sandbox): the main process asks
            self.problem = f"it could not start: {exc}"
            mine.close()
            return
        finally:
            theirs.close()
        self._conn = mine

    async def wait_ready(self, timeout: float) -> bool:
        """Whether the worker says, within ``timeout`` s, that it has litellm imported."""
        conn = self._conn
        if conn is None:
            return False
        try:
            if not await asyncio.to_thread(conn.poll, max(timeout, 0.0)):
                self.problem = "it was not ready in time"
                return False
            kind, _value = conn.recv()
        except (EOFError, OSError) as exc:
            self.problem = f"it stopped: {exc or 'no answer'}"
            return False
        return bool(kind == "ready")

    def ask(self, settings: Settings, jobs: list[ModelJob], use_cache: bool) -> None:
        """Hand the worker its part (:meth:`collect` has the answers)."""
        self.jobs = jobs
        if self._conn is None:
            return
        try:
            self._conn.send(("ask", settings, jobs, use_cache))
        except (OSError, ValueError) as exc:  # it is gone already
            self.problem = f"it could not be reached: {exc}"
            self._conn.close()
            self._conn = None

    async def collect(self, on_check_done: Callable[[], None] | None) -> ModelOutcome | None:
        """The part's outcome (progress passed on as it comes), or ``None`` when it failed."""
        conn = self._conn
        if conn is None:
            return None
        while True:
            try:
                kind, value = await asyncio.to_thread(conn.recv)
            except (EOFError, OSError) as exc:
                self.problem = f"it stopped: {exc or 'no answer'}"
                return None
            if kind == "progress":
                if on_check_done is not None:
                    for _ in range(value):
                        on_check_done()
            elif kind == "done":
                return value  # type: ignore[no-any-return]
            else:
                self.problem = str(value)
                return None

    def stop(self) -> None:
        """Close the pipe (an idle worker then exits) and reap the process."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.join(timeout=5)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=5)
            self._proc = None


def _serve(conn: Connection) -> None:
    """A worker process: import the model tier and litellm, then ask the part it is sent
    with the settings sent (its share) and send the outcome back."""
    from docref.engine.model import ModelTier
    from docref.llm.client import load_litellm

    load_litellm()
    try:
        conn.send(("ready", None))
        _kind, settings, jobs, use_cache = conn.recv()
    except (EOFError, OSError):  # not needed after all
        conn.close()
        return

    def done() -> None:
        conn.send(("progress", 1))

    async def ask() -> ModelOutcome:
        tier = ModelTier(use_cache=use_cache)
        try:
            return await tier.run_here(settings, jobs, on_check_done=done)
        finally:
            await tier.close()

    try:
        outcome = asyncio.run(ask())
    except BaseException as exc:  # the parent asks this part itself
        try:
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        finally:
            conn.close()
        return
    conn.send(("done", outcome))
    conn.close()
