"""One model-asking worker process of :mod:`docref.engine.model_pool`, talked to over a pipe.

Protocol.  Worker to parent: ``("ready", None)`` once litellm is imported (and warmed:
`docref.llm.litellm_setup.warm_litellm`), ``("progress", n)`` for the questions answered since
the last (at most every :data:`PROGRESS_EVERY_S`, and before each batch's outcome),
``("done", (batch, outcome))`` per batch, ``("failed", reason)`` when a batch raised.  Parent
to worker: ``("ask", settings, batch, jobs, use_cache)`` any number of times (the batches are
asked at once, through one litellm Router and answer cache), then the pipe is closed: the
worker finishes what it was sent and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from docref.engine.outcome import ModelOutcome

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from docref.config.settings import Settings
    from docref.engine.model import ModelJob, ModelTier

__all__ = ["Worker", "start_workers"]

PROGRESS_EVERY_S = 0.2


def start_workers(count: int, model: str | None = None) -> list[Worker]:
    """``count`` worker processes, started now: each imports docref's model tier and litellm,
    and what litellm's first call for ``model`` imports (seconds of CPU), while this process
    still prepares the questions."""
    workers = [Worker(model) for _ in range(count)]
    for worker in workers:
        worker.start()
    return workers


class Worker:
    """One spawned process (``_serve``) asking the batches it is sent."""

    def __init__(self, model: str | None = None) -> None:
        self.model = model  # the model asked (what to import ahead: `warm_litellm`)
        self.jobs: list[ModelJob] = []  # of every batch sent
        self.problem = "it did not start"
        self._proc: Any = None
        self._conn: Connection | None = None

    def start(self) -> None:
        from docref.engine.cold_start import main_not_rerun

        # spawn, not fork: the language server has threads, and fork with threads is unsafe
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        try:
            with main_not_rerun():
                self._proc = ctx.Process(
                    target=_serve, args=(theirs, os.getpid(), self.model), daemon=True
                )
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

    def ask(
        self, settings: Settings, jobs: list[ModelJob], use_cache: bool, batch: int = 0
    ) -> bool:
        """Send the worker one batch (:meth:`next_done` has its answers); False when it is
        gone."""
        self.jobs = self.jobs + jobs
        if self._conn is None:
            return False
        try:
            self._conn.send(("ask", settings, batch, jobs, use_cache))
        except (OSError, ValueError) as exc:  # it is gone already
            self.problem = f"it could not be reached: {exc}"
            self._conn.close()
            self._conn = None
            return False
        return True

    async def next_done(
        self, on_check_done: Callable[[], None] | None
    ) -> tuple[int, ModelOutcome] | None:
        """The next batch answered, as (batch, outcome) (progress passed on as it comes), or
        ``None`` when the worker failed or is gone."""
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
                batch, outcome = value
                return int(batch), outcome
            else:
                self.problem = str(value)
                return None

    async def collect(self, on_check_done: Callable[[], None] | None) -> ModelOutcome | None:
        """The next batch's outcome (:meth:`next_done` without the batch number)."""
        done = await self.next_done(on_check_done)
        return None if done is None else done[1]

    def cancel(self) -> None:
        """Stop a worker that was never sent anything, without waiting for it to finish
        importing (:meth:`stop` would wait up to 5 s for that)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.terminate()
            self._proc.join(timeout=5)
            self._proc = None

    def stop(self) -> None:
        """Close the pipe (the worker finishes what it was sent, then exits) and reap it."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.join(timeout=5)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=5)
            self._proc = None


def _serve(conn: Connection, parent: int, model: str | None = None) -> None:
    """A worker process: import the model tier and litellm (and what litellm's first call
    imports: else about 1 s of CPU at the start of its asking, `warm_litellm`), then ask every
    batch it is sent (at once, with the settings sent: its share of each endpoint) and send
    each outcome back."""
    from docref.core.lifeline import exit_with_parent

    exit_with_parent(parent)  # a killed parent: not left importing or asking for nobody
    # what asking a batch imports, before saying ready: not in the asking (py-spy: a fifth of
    # the imports left in a worker's asking once litellm was warmed)
    from docref.checks.llm.tier import check_function_llm  # noqa: F401
    from docref.engine.model import ModelTier  # noqa: F401
    from docref.llm.litellm_setup import asking_collector, warm_litellm
    from docref.llm.router import make_client  # noqa: F401

    with asking_collector():  # all this process does is ask (litellm frozen once warmed)
        warm_litellm(model)
        try:
            conn.send(("ready", None))
        except (EOFError, OSError):  # not needed after all
            conn.close()
            return
        try:
            asyncio.run(_serve_batches(conn))
        except BaseException as exc:  # the parent asks what is left itself
            with contextlib.suppress(OSError, ValueError):
                conn.send(("failed", f"{type(exc).__name__}: {exc}"))
    conn.close()


async def _serve_batches(conn: Connection) -> None:
    from docref.engine.model import ModelTier

    tier: ModelTier | None = None
    asking: set[asyncio.Task[None]] = set()

    # progress goes up at most every PROGRESS_EVERY_S (a message per question was a pickle
    # and a pipe write here, and a thread hop and an unpickle in the parent, each question)
    unsent = 0
    sent_at = time.monotonic()

    def done() -> None:
        nonlocal unsent, sent_at
        unsent += 1
        if time.monotonic() - sent_at >= PROGRESS_EVERY_S:
            flush()

    def flush() -> None:
        nonlocal unsent, sent_at
        if unsent:
            conn.send(("progress", unsent))
        unsent, sent_at = 0, time.monotonic()

    async def one(tier: ModelTier, settings: Settings, batch: int, jobs: list[ModelJob]) -> None:
        try:
            outcome = await tier.run_here(settings, jobs, on_check_done=done)
        except Exception as exc:  # the parent asks this batch (and what else it sent) itself
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))
            return
        flush()
        conn.send(("done", (batch, outcome)))

    try:
        while True:
            try:
                message = await asyncio.to_thread(conn.recv)
            except (EOFError, OSError):  # the parent has sent everything (or is gone)
                break
            _kind, settings, batch, jobs, use_cache = message
            if tier is None:
                tier = ModelTier(use_cache=use_cache)
            task = asyncio.ensure_future(one(tier, settings, batch, jobs))
            asking.add(task)
            task.add_done_callback(asking.discard)
        for task in list(asking):
            await task
    finally:
        for task in asking:
            task.cancel()
        if tier is not None:
            await tier.close()
