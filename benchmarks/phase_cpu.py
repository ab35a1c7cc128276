"""Who used the CPU during a benchmark's phase: a thread samples ``/proc`` every ``interval``
seconds -- the CPU of every process under this one (by role), the whole machine's busy CPU and
its run queue -- so a phase (two ``time.monotonic`` instants, the clock every process shares)
can be split afterwards: were the cores saturated, and by whom?  Linux only; elsewhere the
figures are empty.

Used by ``bench_scale.py`` (issue 15, session 14): the endpoints' process, the ``docref check``
processes, their model workers, and everything else on the machine (other users' work).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["PhaseSampler"]

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as fh:
                out += [int(c) for c in fh.read().split()]
    except (OSError, ValueError):
        pass
    return out


def _cpu_s(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (OSError, ValueError, IndexError):
        return None


def _machine() -> tuple[float, float, int]:
    """Busy and all CPU seconds of the machine so far (every core), processes runnable now."""
    with open("/proc/stat", encoding="ascii") as fh:
        ticks = [int(x) for x in fh.readline().split()[1:9]]
    with open("/proc/loadavg", encoding="ascii") as fh:
        running = int(fh.read().split()[3].split("/")[0])
    idle = ticks[3] + ticks[4]  # idle + iowait
    return (sum(ticks) - idle) / _TICK, sum(ticks) / _TICK, running


@dataclass
class _Sample:
    at: float
    busy_s: float
    all_s: float
    running: int
    cpu: dict[int, tuple[str, float]] = field(default_factory=dict)  # pid -> role, CPU s


class PhaseSampler:
    """Samples this process's descendants (``role(pid, depth)`` names each: depth 1 is a
    child) and the machine until :meth:`stop`; :meth:`over` splits a phase."""

    def __init__(self, role: Callable[[int, int], str], interval: float = 0.2) -> None:
        self._role = role
        self._interval = interval
        self._samples: list[_Sample] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.available = os.path.exists("/proc/stat")

    def __enter__(self) -> PhaseSampler:
        if self.available:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(OSError):  # a /proc file gone between two reads
                self._samples.append(self._sample())
            self._stop.wait(self._interval)

    def _sample(self) -> _Sample:
        busy, every, running = _machine()
        sample = _Sample(time.monotonic(), busy, every, running)
        todo = [(child, 1) for child in _children(os.getpid())]
        while todo:
            pid, depth = todo.pop()
            cpu = _cpu_s(pid)
            if cpu is not None:
                sample.cpu[pid] = (self._role(pid, depth), cpu)
            todo += [(child, depth + 1) for child in _children(pid)]
        return sample

    def over(self, start: float, end: float) -> dict[str, float]:
        """Cores used between ``start`` and ``end`` (the samples nearest inside them): per
        role, all of this process's descendants (``tree``), the machine (``machine``; at most
        the core count) and the rest of it (``others``: other users, this benchmark's own
        thread), and the mean run queue (``run_queue``: runnable processes, the sampler
        itself included)."""
        inside = [s for s in self._samples if start <= s.at <= end]
        if len(inside) < 2:
            return {}
        first, last = inside[0], inside[-1]
        seconds = last.at - first.at
        roles: dict[str, float] = {}
        for pid, (role, cpu) in last.cpu.items():
            before = first.cpu.get(pid, (role, 0.0))[1]  # a process started inside: all of it
            roles[role] = roles.get(role, 0.0) + cpu - before
        # a process that ended inside the phase: up to the last sample it was seen in
        for pid, (role, cpu) in first.cpu.items():
            if pid not in last.cpu:
                seen = max(s.cpu[pid][1] for s in inside if pid in s.cpu)
                roles[role] = roles.get(role, 0.0) + seen - cpu
        out = {role: round(cpu / seconds, 2) for role, cpu in sorted(roles.items())}
        tree = sum(roles.values()) / seconds
        machine = (last.busy_s - first.busy_s) / seconds
        out["tree"] = round(tree, 2)
        out["machine"] = round(machine, 2)
        out["others"] = round(max(0.0, machine - tree), 2)
        out["run_queue"] = round(sum(s.running for s in inside) / len(inside), 1)
        return out
