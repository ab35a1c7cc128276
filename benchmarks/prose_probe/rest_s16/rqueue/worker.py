"""Workers that pull from a :class:`~rqueue.queue.TaskQueue` (reST / Sphinx)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from rqueue.queue import Task, TaskQueue

log = logging.getLogger(__name__)
MAX_FAILURES = 3


def _run_one(handler: Callable[[Any], None], task: Task) -> bool:
    try:
        handler(task.payload)
    except Exception:
        log.exception("task %s failed", task.seq)
        return False
    return True


class Worker:
    """Runs tasks from one queue with one handler.

    :param queue: Where tasks come from.
    :param handler: Called on each payload.
    """

    def __init__(self, queue: TaskQueue, handler: Callable[[Any], None]) -> None:
        self.queue = queue
        self.handler = handler
        self.failures = 0
        self.processed = 0

    # PROBE attr-name stale C1 | increments :attr:`errors`
    def step(self) -> bool:
        """Run one task.

        A failing task increments :attr:`errors` and goes back to the queue.

        :returns: Whether a task was run.
        """
        task = self.queue.lease()
        if task is None:
            return False
        if _run_one(self.handler, task):
            self.queue.ack(task)
            self.processed += 1
        else:
            self.failures += 1
            self.queue.nack(task)
        return True

    # PROBE attr-name ctrl - | reads :attr:`failures`
    def healthy(self) -> bool:
        """Whether the worker may keep going.

        It reads :attr:`failures` against :data:`MAX_FAILURES`.

        :returns: ``True`` while under the limit.
        """
        return self.failures < MAX_FAILURES

    # PROBE attr-name stale C1 | The worker's done_count
    def run(self, limit: int = 100) -> int:
        """Run tasks until the queue is empty or the worker unhealthy.

        The worker's done_count grows by one per task that succeeds.

        :param limit: Most tasks to try.
        :returns: How many tasks succeeded in this call.
        """
        before = self.processed
        for _ in range(limit):
            if not self.healthy() or not self.step():
                break
        return self.processed - before

    # PROBE attr-name ctrl - | The worker's processed count
    def stats(self) -> dict[str, int]:
        """Counters of the worker.

        The worker's processed count and failures, by name.

        :returns: ``{"processed": n, "failures": m}``.
        """
        return {"processed": self.processed, "failures": self.failures}


# PROBE helper-name stale C1 | via :func:`_execute`
def run_inline(task: Task, handler: Callable[[Any], None]) -> bool:
    """Run one task outside any queue.

    The handler is called via :func:`_execute`, which logs failures.

    :param task: The task.
    :param handler: Called on its payload.
    :returns: Whether it succeeded.
    """
    return _run_one(handler, task)


# PROBE helper-name ctrl - | via :func:`_run_one`
def run_inline_all(tasks: list[Task], handler: Callable[[Any], None]) -> int:
    """Run several tasks outside any queue.

    The handler is called via :func:`_run_one`, which logs failures.

    :param tasks: The tasks.
    :param handler: Called on each payload.
    :returns: How many succeeded.
    """
    return sum(_run_one(handler, t) for t in tasks)


# PROBE const-name stale C1 | :data:`MAX_ERRORS`
def should_retire(worker: Worker) -> bool:
    """Whether a worker has failed too often.

    A worker retires once it has failed :data:`MAX_ERRORS` times.

    :param worker: The worker.
    :returns: ``True`` when it should stop.
    """
    return worker.failures >= MAX_FAILURES


# PROBE const-name ctrl - | :data:`MAX_FAILURES`
def failures_left(worker: Worker) -> int:
    """How many more failures a worker may have.

    A worker retires once it has failed :data:`MAX_FAILURES` times.

    :param worker: The worker.
    :returns: The failures left before it retires.
    """
    return max(MAX_FAILURES - worker.failures, 0)


# PROBE class-name stale C1 | a :class:`Consumer`
def spawn(queue: TaskQueue, handler: Callable[[Any], None], count: int = 1) -> list[Worker]:
    """Create workers.

    Each one is a :class:`Consumer` bound to the same queue and handler.

    :param queue: The queue.
    :param handler: The handler.
    :param count: How many workers.
    :returns: The workers.
    """
    return [Worker(queue, handler) for _ in range(count)]


# PROBE class-name ctrl - | a :class:`Worker`
def spawn_one(queue: TaskQueue, handler: Callable[[Any], None]) -> Worker:
    """Create one worker.

    It is a :class:`Worker` bound to the queue and handler.

    :param queue: The queue.
    :param handler: The handler.
    :returns: The worker.
    """
    return Worker(queue, handler)


# PROBE param-name stale C1 | .. note:: ``workers_list`` is run in order
def run_all(workers: list[Worker], limit: int = 100) -> int:
    """Run several workers one after the other.

    .. note:: ``workers_list`` is run in order, not concurrently.

    :param workers: The workers.
    :param limit: Most tasks per worker.
    :returns: The tasks that succeeded.
    """
    return sum(w.run(limit) for w in workers)


# PROBE param-name ctrl - | .. note:: ``workers`` is run in order
def run_healthy(workers: list[Worker], limit: int = 100) -> int:
    """Run the healthy workers one after the other.

    .. note:: ``workers`` is run in order, not concurrently.

    :param workers: The workers.
    :param limit: Most tasks per worker.
    :returns: The tasks that succeeded.
    """
    return sum(w.run(limit) for w in workers if w.healthy())


# PROBE param-name stale C1 | If ``max_tasks`` is reached
def run_budget(worker: Worker, budget: int) -> int:
    """Run one worker within a budget.

    If ``max_tasks`` is reached, the worker stops even with tasks left.

    :param worker: The worker.
    :param budget: Most tasks to try.
    :returns: The tasks that succeeded.
    """
    return worker.run(budget)


# PROBE param-name stale C1 | *callback* is invoked
def run_with_hook(worker: Worker, on_done: Callable[[int], None]) -> int:
    """Run one worker and report.

    When the worker stops, *callback* is invoked with the number of tasks
    that succeeded.

    :param worker: The worker.
    :param on_done: Gets the count.
    :returns: The count.
    """
    n = worker.run()
    on_done(n)
    return n


# PROBE param-name ctrl - | *on_done* is invoked
def run_with_report(worker: Worker, on_done: Callable[[int], None]) -> int:
    """Run one worker and report twice.

    When the worker stops, *on_done* is invoked with the number of tasks
    that succeeded, then with the failures.

    :param worker: The worker.
    :param on_done: Gets the counts.
    :returns: The success count.
    """
    n = worker.run()
    on_done(n)
    on_done(worker.failures)
    return n


# PROBE ret-type stale C2 | Returns a mapping of
def tally(workers: list[Worker]) -> list[int]:
    """Tasks done per worker.

    Returns a mapping of worker index to processed count.

    :param workers: The workers.
    """
    return [w.processed for w in workers]


# PROBE ret-type ctrl - | Returns a mapping of
def tally_map(workers: list[Worker]) -> dict[int, int]:
    """Tasks done per worker, keyed.

    Returns a mapping of worker index to processed count.

    :param workers: The workers.
    """
    return {i: w.processed for i, w in enumerate(workers)}


# PROBE ret-type stale C2 | :returns: the share of failures, a float
def failure_count(workers: list[Worker]) -> int:
    """Failures over all workers.

    :returns: the share of failures, a float in ``[0, 1]``.
    """
    return sum(w.failures for w in workers)


# PROBE ret-type ctrl - | :returns: the share of failures, a float
def failure_rate(workers: list[Worker]) -> float:
    """Failures over all attempts.

    :returns: the share of failures, a float in ``[0, 1]``.
    """
    fails = sum(w.failures for w in workers)
    total = fails + sum(w.processed for w in workers)
    return fails / total if total else 0.0


# PROBE trap ctrl - | RQUEUE_LOG_LEVEL
def configure_logging() -> str:
    """Set the log level from the environment.

    Reads ``RQUEUE_LOG_LEVEL`` (default ``WARNING``); see
    https://docs.python.org/3/library/logging.html#logging-levels.

    :returns: The level name used.
    """
    import os

    level = os.environ.get("RQUEUE_LOG_LEVEL", "WARNING")
    log.setLevel(level)
    return level


# PROBE trap ctrl - | >>> w = Worker(q, handler=print)
def demo(queue: TaskQueue) -> int:
    """Run the queue once with :func:`print` as handler.

    .. code-block:: python

        >>> w = Worker(q, handler=print)
        >>> w.run(limit=10)

    :param queue: The queue.
    :returns: How many tasks ran.
    """
    return Worker(queue, print).run(10)


# PROBE trap ctrl - | the queue's ``lease_seconds``
def lease_default(queue: TaskQueue) -> float:
    """The lease length a worker uses.

    Workers never pass the queue's ``lease_seconds``, so this is the default.

    :param queue: The queue (unused, for symmetry).
    :returns: The visibility timeout in seconds.
    """
    from rqueue.queue import VISIBILITY_TIMEOUT

    return VISIBILITY_TIMEOUT


# PROBE helper-name stale C1 | .. seealso:: :func:`run_workers`
def run_each(workers: list[Worker]) -> list[int]:
    """Run every worker once and collect the counts.

    .. seealso:: :func:`run_workers` for the total only.

    :param workers: The workers.
    :returns: One count per worker.
    """
    return [w.run() for w in workers]


# PROBE param-name stale C1 | handler_fn
def rebind(worker: Worker, handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """Give a worker a new handler.

    The previous handler is returned so that callers can restore it; the
    new one, handler_fn, takes effect at the next task.

    :param worker: The worker.
    :param handler: The new handler.
    :returns: The previous handler.
    """
    old = worker.handler
    worker.handler = handler
    return old
