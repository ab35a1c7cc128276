"""Job queue helpers (reST / Sphinx style)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

MAX_ATTEMPTS = 3


class Job:
    """One unit of work."""

    def __init__(self, name: str, priority: int = 0) -> None:
        self.name = name
        self.priority = priority
        self.attempts = 0
        self._started_at: dt.datetime | None = None


class RetryPolicy:
    """How often to retry."""

    def __init__(self, limit: int = MAX_ATTEMPTS) -> None:
        self.limit = limit


def _pick_next(jobs: list[Job]) -> Job:
    """Pick the job to run next.

    :param jobs: The waiting jobs.
    :returns: The one with the highest priority.
    """
    return max(jobs, key=lambda j: j.priority)


class Queue:
    """A priority queue of jobs."""

    def __init__(self) -> None:
        self.jobs: list[Job] = []
        self._done_names: set[str] = set()

    # PROBE helper-name stale C1 | recorded in ``self._finished``
    def finish(self, job: Job) -> None:
        """Mark a job done; its name is recorded in ``self._finished``.

        :param job: The job.
        """
        self.jobs.remove(job)
        self._done_names.add(job.name)

    # PROBE helper-name ctrl - | recorded in ``self._done_names``
    def finish_all(self) -> None:
        """Mark every job done; their names are recorded in ``self._done_names``."""
        for job in list(self.jobs):
            self.jobs.remove(job)
            self._done_names.add(job.name)

    # PROBE helper-name stale C1 | chosen by :func:`_choose_next`
    def pop(self) -> Job:
        """Remove the job chosen by :func:`_choose_next` and return it.

        :returns: The job.
        """
        job = _pick_next(self.jobs)
        self.jobs.remove(job)
        return job

    # PROBE helper-name ctrl - | chosen by :func:`_pick_next`
    def peek(self) -> Job:
        """Return the job chosen by :func:`_pick_next`, leaving it queued.

        :returns: The job.
        """
        return _pick_next(self.jobs)

    # PROBE ret-ann stale C2 | :returns: True if the job was queued
    def push(self, job: Job) -> int:
        """Queue a job.

        :param job: The job.
        :returns: True if the job was queued, False if it was already there.
        """
        if job in self.jobs:
            return -1
        self.jobs.append(job)
        return len(self.jobs)

    # PROBE ret-ann ctrl - | :returns: True if the job was queued
    def offer(self, job: Job) -> bool:
        """Queue a job unless it is there.

        :param job: The job.
        :returns: True if the job was queued, False if it was already there.
        """
        if job in self.jobs:
            return False
        self.jobs.append(job)
        return True

    # PROBE ret-ann stale C2 | :return: a list of the job names
    def names(self) -> str:
        """Names of the queued jobs.

        :return: a list of the job names, in queue order.
        """
        return ",".join(j.name for j in self.jobs)

    # PROBE ret-ann ctrl - | :return: a list of the job names
    def name_list(self) -> list[str]:
        """Names of the queued jobs.

        :return: a list of the job names, in queue order.
        """
        return [j.name for j in self.jobs]

    # PROBE ret-ann stale C2 | :returns: the count of waiting jobs
    def waiting(self) -> list[Job]:
        """Jobs not yet tried.

        :returns: the count of waiting jobs.
        """
        return [j for j in self.jobs if j.attempts == 0]

    # PROBE ret-ann ctrl - | :returns: the count of waiting jobs
    def n_waiting(self) -> int:
        """Jobs not yet tried.

        :returns: the count of waiting jobs.
        """
        return sum(1 for j in self.jobs if j.attempts == 0)

    # PROBE ret-ann stale C2 | :returns: whether a job by that name is queued
    def queued(self, name: str) -> Job | None:
        """Look a job up.

        :param name: Its name.
        :returns: whether a job by that name is queued.
        """
        return next((j for j in self.jobs if j.name == name), None)

    # PROBE ret-ann ctrl - | :returns: whether a job by that name is queued
    def is_queued(self, name: str) -> bool:
        """Look a job up.

        :param name: Its name.
        :returns: whether a job by that name is queued.
        """
        return any(j.name == name for j in self.jobs)

    # PROBE ret-ann stale C2 | Returns the queue's string representation
    def render(self) -> list[str]:
        """Returns the queue's string representation, one job per line."""
        return [f"{j.priority} {j.name}" for j in self.jobs]

    # PROBE ret-ann ctrl - | Returns the queue's string representation
    def rendered(self) -> str:
        """Returns the queue's string representation, one job per line."""
        return "\n".join(f"{j.priority} {j.name}" for j in self.jobs)

    # PROBE trap ctrl - | the string form of each job's priority
    def priorities(self) -> list[int]:
        """Priorities of the queued jobs.

        Unlike :meth:`rendered`, this is not the string form of each job's priority.

        :returns: The priorities.
        """
        return [j.priority for j in self.jobs]

    # PROBE ret-inferred stale C2 | :returns: ``True`` if the queue is empty
    def drained(self):
        """Check the queue.

        :returns: ``True`` if the queue is empty.
        """
        return len(self.jobs)

    # PROBE ret-inferred ctrl - | :returns: ``True`` if the queue is empty
    def is_drained(self):
        """Check the queue.

        :returns: ``True`` if the queue is empty.
        """
        return len(self.jobs) == 0

    # PROBE ret-inferred stale C2 | :returns: a dict mapping
    def by_name(self):
        """Index the jobs.

        :returns: a dict mapping each name to its job.
        """
        return [(j.name, j) for j in self.jobs]

    # PROBE ret-inferred ctrl - | :returns: a dict mapping
    def index(self):
        """Index the jobs.

        :returns: a dict mapping each name to its job.
        """
        return {j.name: j for j in self.jobs}

    # PROBE ret-inferred stale C2 | :returns: a string summarising the queue
    def summary(self):
        """Summarise.

        :returns: a string summarising the queue.
        """
        return {"jobs": len(self.jobs), "done": len(self._done_names)}

    # PROBE ret-inferred ctrl - | :returns: a string summarising the queue
    def summary_text(self):
        """Summarise.

        :returns: a string summarising the queue.
        """
        return str({"jobs": len(self.jobs), "done": len(self._done_names)})

    # PROBE ret-inferred stale C2 | Returns the list of priorities
    def priority_set(self):
        """Returns the list of priorities in use."""
        return set(j.priority for j in self.jobs)


# PROBE param-name stale C1 | each job in *job_list*
def retry_all(jobs: Iterable[Job], policy: RetryPolicy) -> int:
    """Retry jobs.

    Bumps the attempt count of each job in *job_list* that is under the policy's limit.

    :param jobs: The jobs.
    :param policy: The retry policy.
    :returns: How many were bumped.
    """
    n = 0
    for job in jobs:
        if job.attempts < policy.limit:
            job.attempts += 1
            n += 1
    return n


# PROBE param-name ctrl - | each job in *jobs*
def reset_all(jobs: Iterable[Job]) -> int:
    """Reset jobs.

    Clears the attempt count of each job in *jobs*.

    :param jobs: The jobs.
    :returns: How many there were.
    """
    n = 0
    for job in jobs:
        job.attempts = 0
        n += 1
    return n


# PROBE param-name stale C1 | no earlier than ``start_time``
def schedule(job: Job, start: dt.datetime) -> dt.datetime:
    """Schedule a job.

    The job runs no earlier than ``start_time``, rounded to the minute.

    :param job: The job.
    :param start: The earliest start.
    :returns: The start used.
    """
    when = start.replace(second=0, microsecond=0)
    job._started_at = when
    return when


# PROBE param-name ctrl - | no earlier than ``start``
def schedule_soon(job: Job, start: dt.datetime) -> dt.datetime:
    """Schedule a job.

    The job runs no earlier than ``start``, rounded to the hour.

    :param job: The job.
    :param start: The earliest start.
    :returns: The start used.
    """
    when = start.replace(minute=0, second=0, microsecond=0)
    job._started_at = when
    return when


# PROBE param-name stale C1 | Jobs with a priority below `min_prio`
def prune(jobs: list[Job], min_priority: int = 0) -> list[Job]:
    """Drop low-priority jobs.

    Jobs with a priority below `min_prio` are dropped.

    :param jobs: The jobs.
    :param min_priority: The lowest priority kept.
    :returns: The kept jobs.
    """
    return [j for j in jobs if j.priority >= min_priority]


# PROBE param-name stale C1 | unless `dry_run` is set
def purge(jobs: list[Job], dry: bool = False) -> int:
    """Empty a job list.

    The list is cleared unless `dry_run` is set.

    :param jobs: The jobs.
    :param dry: Only count.
    :returns: How many there were.
    """
    n = len(jobs)
    if not dry:
        jobs.clear()
    return n


# PROBE param-name ctrl - | unless `dry` is set
def purge_done(jobs: list[Job], dry: bool = False) -> int:
    """Drop tried jobs from a list.

    Tried jobs are dropped unless `dry` is set.

    :param jobs: The jobs.
    :param dry: Only count.
    :returns: How many were tried.
    """
    tried = [j for j in jobs if j.attempts]
    if not dry:
        for j in tried:
            jobs.remove(j)
    return len(tried)


# PROBE helper-name stale C1 | at most ``MAX_RETRIES`` times
def may_retry(job: Job) -> bool:
    """Whether a job may run again: at most ``MAX_RETRIES`` times.

    :param job: The job.
    :returns: Whether it may.
    """
    return job.attempts < MAX_ATTEMPTS


# PROBE helper-name ctrl - | at most ``MAX_ATTEMPTS`` times
def may_run(job: Job) -> bool:
    """Whether a job may run: at most ``MAX_ATTEMPTS`` times.

    :param job: The job.
    :returns: Whether it may.
    """
    return job.attempts <= MAX_ATTEMPTS


# PROBE helper-name stale C1 | the job's ``started`` attribute
def started(job: Job) -> dt.datetime | None:
    """When a job started: the job's ``started`` attribute.

    :param job: The job.
    :returns: The start, or None.
    """
    return job._started_at


# PROBE param-type stale C2 | *names* is a list of job names
def make_jobs(names: str, priority: int = 0) -> list[Job]:
    """Make jobs.

    *names* is a list of job names; each becomes one job.

    :param names: Comma-separated names.
    :param priority: Their priority.
    :returns: The jobs.
    """
    return [Job(n, priority) for n in names.split(",")]


# PROBE param-type ctrl - | *names* is a list of job names
def make_jobs_from(names: list[str], priority: int = 0) -> list[Job]:
    """Make jobs.

    *names* is a list of job names; each becomes one job.

    :param names: The names.
    :param priority: Their priority.
    :returns: The jobs.
    """
    return [Job(n, priority) for n in names]


# PROBE param-type stale C2 | :param label: a string naming
def tag(job: Job, label: float) -> str:
    """Tag a job.

    :param job: The job.
    :param label: a string naming the tag.
    :returns: The tagged name.
    """
    return f"{job.name}#{label:.1f}"


# PROBE param-type ctrl - | :param label: a string naming
def tag_text(job: Job, label: str) -> str:
    """Tag a job.

    :param job: The job.
    :param label: a string naming the tag.
    :returns: The tagged name.
    """
    return f"{job.name}#{label}"


# PROBE param-type stale C2 | :param when: the number of seconds
def delay(job: Job, when: dt.datetime) -> None:
    """Delay a job.

    :param job: The job.
    :param when: the number of seconds to wait before running it.
    """
    job._started_at = when


# PROBE param-type ctrl - | :param when: the number of seconds
def delay_by(job: Job, when: float) -> None:
    """Delay a job.

    :param job: The job.
    :param when: the number of seconds to wait before running it.
    """
    job._started_at = dt.datetime.now() + dt.timedelta(seconds=when)


# PROBE trap ctrl - | a string name such as
def rename(job: Job, new: str) -> None:
    """Rename a job.

    :param job: The job.
    :param new: the new name, a string name such as ``"nightly"``.
    """
    job.name = new


# PROBE doctype stale C1 | :type policy: RetryPolcy
def limit_of(policy) -> int:
    """Retry limit.

    :param policy: The policy.
    :type policy: RetryPolcy
    :returns: Its limit.
    :rtype: int
    """
    return policy.limit


# PROBE doctype ctrl - | :type policy: RetryPolicy
def limit_plus(policy) -> int:
    """Retry limit plus one.

    :param policy: The policy.
    :type policy: RetryPolicy
    :returns: Its limit plus one.
    :rtype: int
    """
    return policy.limit + 1


# PROBE doctype stale C1 | :type clock: Ticker
def stamp(job: Job, clock) -> None:
    """Stamp a job with the time.

    :param job: The job.
    :param clock: Where the time comes from.
    :type clock: Ticker
    """
    job._started_at = clock.now()


# PROBE doctype ctrl - | :type clock: type[datetime.datetime]
def stamp_with(job: Job, clock) -> None:
    """Stamp a job with the time.

    :param job: The job.
    :param clock: Where the time comes from (its class).
    :type clock: type[datetime.datetime]
    """
    job._started_at = clock.now()


# PROBE backtick stale C1 | use `requeue_failed`
def failed(jobs: list[Job]) -> list[Job]:
    """Jobs that ran out of attempts; use `requeue_failed` to try them again.

    :param jobs: The jobs.
    :returns: The failed jobs.
    """
    return [j for j in jobs if j.attempts >= MAX_ATTEMPTS]


# PROBE trap ctrl - | e.g. ``queue.push(Job("x"))``
def example() -> Queue:
    """Make a queue, e.g. ``queue.push(Job("x"))`` then ``queue.pop()``.

    :returns: An empty queue.
    """
    return Queue()
