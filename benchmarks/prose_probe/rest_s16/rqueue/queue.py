"""A priority task queue (reST / Sphinx field lists)."""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

DEFAULT_PRIORITY = 5
VISIBILITY_TIMEOUT = 30.0


@dataclass(order=True)
class Task:
    """A unit of work.

    :ivar priority: Lower runs first.
    :ivar seq: Tie-breaker, the order of submission.
    :ivar payload: What the worker gets.
    """

    priority: int
    seq: int
    payload: Any = field(compare=False)


class TaskQueue:
    """Tasks waiting to run, lowest priority first."""

    def __init__(self) -> None:
        self._heap: list[Task] = []
        self._counter = itertools.count()
        self._leased: dict[int, tuple[Task, float]] = {}

    # PROBE param-name stale C1 | The ``prio`` defaults to
    def put(self, payload: Any, priority: int = DEFAULT_PRIORITY) -> Task:
        """Submit a task.

        The ``prio`` defaults to :data:`DEFAULT_PRIORITY`; lower values run first.

        :param payload: What the worker gets.
        :param priority: Scheduling priority.
        :returns: The queued task.
        """
        task = Task(priority, next(self._counter), payload)
        heapq.heappush(self._heap, task)
        return task

    # PROBE param-name ctrl - | The ``priority`` defaults to
    def put_many(self, payloads: list[Any], priority: int = DEFAULT_PRIORITY) -> list[Task]:
        """Submit several tasks.

        The ``priority`` defaults to :data:`DEFAULT_PRIORITY`; lower values run first.

        :param payloads: What the workers get, one task each.
        :param priority: Scheduling priority of every task.
        :returns: The queued tasks.
        """
        return [self.put(p, priority) for p in payloads]

    # PROBE param-name stale C1 | :paramref:`lease_time`
    def lease(self, lease_seconds: float = VISIBILITY_TIMEOUT) -> Task | None:
        """Take the next task for a while.

        The task comes back to the queue after :paramref:`lease_time` seconds
        unless acknowledged.

        :param lease_seconds: How long the lease lasts.
        :returns: The task, or ``None`` when the queue is empty.
        """
        if not self._heap:
            return None
        task = heapq.heappop(self._heap)
        self._leased[task.seq] = (task, time.monotonic() + lease_seconds)
        return task

    # PROBE param-name ctrl - | :paramref:`lease_seconds`
    def extend(self, task: Task, lease_seconds: float = VISIBILITY_TIMEOUT) -> bool:
        """Extend a lease.

        The task comes back to the queue :paramref:`lease_seconds` seconds
        from now unless acknowledged.

        :param task: A leased task.
        :param lease_seconds: How long the lease lasts from now.
        :returns: Whether the task was leased.
        """
        if task.seq not in self._leased:
            return False
        self._leased[task.seq] = (task, time.monotonic() + lease_seconds)
        return True

    # PROBE attr-name stale C1 | ``self._in_flight``
    def ack(self, task: Task) -> bool:
        """Acknowledge a leased task.

        The task is removed from ``self._in_flight`` for good.

        :param task: A leased task.
        :returns: Whether it was leased.
        """
        return self._leased.pop(task.seq, None) is not None

    # PROBE attr-name ctrl - | ``self._leased``
    def nack(self, task: Task) -> bool:
        """Give a leased task back.

        The task is removed from ``self._leased`` and queued again.

        :param task: A leased task.
        :returns: Whether it was leased.
        """
        held = self._leased.pop(task.seq, None)
        if held is None:
            return False
        heapq.heappush(self._heap, held[0])
        return True

    # PROBE helper-name stale C1 | :meth:`reap_expired`
    def requeue_expired(self) -> int:
        """Queue again every task whose lease ran out.

        Called by :meth:`reap_expired` before each lease; it can also be
        called directly.

        :returns: How many tasks went back.
        """
        now = time.monotonic()
        gone = [seq for seq, (_t, until) in self._leased.items() if until <= now]
        for seq in gone:
            heapq.heappush(self._heap, self._leased.pop(seq)[0])
        return len(gone)

    # PROBE helper-name ctrl - | :meth:`requeue_expired`
    def pending(self) -> int:
        """Tasks waiting, after the expired leases are reclaimed.

        Calls :meth:`requeue_expired` first, so expired leases count.

        :returns: The number of waiting tasks.
        """
        self.requeue_expired()
        return len(self._heap)

    # PROBE ret-type stale C2 | :returns: A list of the queued payloads
    def snapshot(self) -> dict[int, Any]:
        """The queue's content.

        :returns: A list of the queued payloads, lowest priority first.
        """
        return {t.seq: t.payload for t in sorted(self._heap)}

    # PROBE ret-type ctrl - | :returns: A list of the queued payloads
    def payloads(self) -> list[Any]:
        """The queue's payloads.

        :returns: A list of the queued payloads, lowest priority first.
        """
        return [t.payload for t in sorted(self._heap)]

    # PROBE ret-type stale C2 | :return: ``True`` if
    def is_idle(self) -> int:
        """Whether nothing is queued or leased.

        :return: ``True`` if both the heap and the leases are empty.
        """
        return len(self._heap) + len(self._leased)

    # PROBE ret-type ctrl - | :return: ``True`` if
    def is_empty(self) -> bool:
        """Whether nothing is queued.

        :return: ``True`` if the heap is empty.
        """
        return not self._heap

    # PROBE ret-type stale C2 | This returns the priority as a string
    def peek_priority(self) -> int | None:
        """The next task's priority.

        This returns the priority as a string, or ``None`` when empty.

        :rtype: int or None
        """
        return self._heap[0].priority if self._heap else None

    # PROBE ret-type ctrl - | This returns the priority as a string
    def peek_label(self) -> str | None:
        """The next task's priority, as a label.

        This returns the priority as a string, or ``None`` when empty.

        :rtype: str or None
        """
        return str(self._heap[0].priority) if self._heap else None


# PROBE param-type stale C2 | *handlers* is a dict
def drain(queue: TaskQueue, handlers: list[Callable[[Any], None]]) -> int:
    """Run every queued task.

    *handlers* is a dict from payload type to callable; every handler is
    called on each payload.

    :param queue: The queue.
    :param handlers: Called on each payload in turn.
    :returns: How many tasks ran.
    """
    done = 0
    while (task := queue.lease()) is not None:
        for handler in handlers:
            handler(task.payload)
        queue.ack(task)
        done += 1
    return done


# PROBE param-type ctrl - | *handlers* is a dict
def dispatch(queue: TaskQueue, handlers: dict[type, Callable[[Any], None]]) -> int:
    """Run every queued task with the handler of its type.

    *handlers* is a dict from payload type to callable.

    :param queue: The queue.
    :param handlers: Handler per payload type.
    :returns: How many tasks ran.
    """
    done = 0
    while (task := queue.lease()) is not None:
        handlers[type(task.payload)](task.payload)
        queue.ack(task)
        done += 1
    return done


# PROBE param-type stale C2 | The deadline is given as an ISO-8601 string
def drain_until(queue: TaskQueue, deadline: float) -> int:
    """Run tasks until a deadline.

    The deadline is given as an ISO-8601 string in UTC.

    :param queue: The queue.
    :param deadline: When to stop (``time.monotonic()`` value).
    :returns: How many tasks ran.
    """
    done = 0
    while time.monotonic() < deadline and (task := queue.lease()) is not None:
        queue.ack(task)
        done += 1
    return done


# PROBE param-type ctrl - | The deadline is given as an ISO-8601 string
def drain_until_iso(queue: TaskQueue, deadline: str) -> int:
    """Run tasks until a wall-clock deadline.

    The deadline is given as an ISO-8601 string in UTC.

    :param queue: The queue.
    :param deadline: When to stop.
    :returns: How many tasks ran.
    """
    from datetime import datetime

    end = datetime.fromisoformat(deadline).replace(tzinfo=UTC).timestamp()
    done = 0
    while time.time() < end and (task := queue.lease()) is not None:
        queue.ack(task)
        done += 1
    return done
