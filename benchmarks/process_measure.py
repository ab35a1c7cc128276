"""Measuring one benchmark command: a child process run to its end while its process tree is
sampled from ``/proc`` (wall time, CPU of the tree, peak memory three ways, the CPU the rest
of the machine used meanwhile); see ``bench_check.py`` for what each figure means.  Linux
only (``/proc``, ``wait4``)."""

from __future__ import annotations

import os
import resource
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Measured", "cpu_model", "measure", "tail"]


@dataclass
class Measured:
    """One command: wall time, memory of its process tree, exit status and output files."""

    label: str
    command: list[str]
    wall_s: float = 0.0
    returncode: int | None = None
    tree_peak_rss_mb: float = 0.0
    tree_peak_pss_mb: float = 0.0
    main_peak_rss_mb: float = 0.0  # the command's own process, without its workers
    largest_process_mb: float = 0.0
    processes_seen: int = 0
    load_average_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    cpu_s: float = 0.0  # user + system CPU of the tree (reaped workers included)
    others_cpu_s: float = 0.0  # busy CPU of every other process on the machine meanwhile
    error: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    findings_key: list[str] = field(default_factory=list)


def _parent_pids() -> dict[int, int]:
    """pid -> parent pid of every process visible in /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                stat = fh.read()
        except OSError:
            continue  # exited between listdir and open
        # the command name may hold spaces and parentheses: the fields after its last ")"
        # are fixed, and the parent pid is the second of them
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1:
            parents[int(entry)] = int(fields[1])
    return parents


def _tree(root: int) -> set[int]:
    parents, members, added = _parent_pids(), {root}, {root}
    while added:
        added = {pid for pid, ppid in parents.items() if ppid in added}
        members |= added
    return members


def _memory_kb(pid: int, file: str, key: str) -> int:
    """One ``key: N kB`` line of ``/proc/<pid>/<file>``; 0 once the process is gone."""
    try:
        with open(f"/proc/{pid}/{file}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(key):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass  # gone, or a zombie without memory lines
    return 0


def _busy_cpu_s() -> float:
    """CPU seconds the whole machine has spent busy since boot (all cores, from /proc/stat)."""
    with open("/proc/stat", encoding="utf-8") as fh:
        fields = fh.readline().split()[1:]
    ticks = [int(v) for v in fields]
    # user nice system idle iowait irq softirq steal ...: all but idle and iowait are busy
    busy = sum(ticks[:8]) - ticks[3] - ticks[4]
    return busy / os.sysconf("SC_CLK_TCK")


def measure(
    label: str, command: list[str], env: dict[str, str], out_path: str, interval: float
) -> Measured:
    """Run ``command`` to completion (stdout to ``out_path``), sampling its process tree."""
    result = Measured(label, command, load_average_before=os.getloadavg())
    seen: set[int] = set()
    with open(out_path, "wb") as out, open(out_path + ".err", "wb") as err:
        started, busy_before = time.perf_counter(), _busy_cpu_s()
        own_before = resource.getrusage(resource.RUSAGE_SELF)
        try:
            proc = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        except OSError as exc:
            result.error = f"cannot start {command[0]}: {exc}"
            return result
        while True:
            # wait4 rather than proc.wait(): its rusage is the child's own (plus reaped
            # descendants'), where RUSAGE_CHILDREN keeps the maximum over every earlier run
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            members = _tree(proc.pid)
            seen |= members
            rss = {member: _memory_kb(member, "status", "VmRSS:") for member in members}
            # PSS splits each shared page among the processes mapping it: the tree's sum of
            # PSS is its real footprint, where the sum of RSS counts shared libraries N times
            pss = sum(_memory_kb(member, "smaps_rollup", "Pss:") for member in members)
            result.tree_peak_rss_mb = max(result.tree_peak_rss_mb, sum(rss.values()) / 1024)
            result.tree_peak_pss_mb = max(result.tree_peak_pss_mb, pss / 1024)
            result.main_peak_rss_mb = max(result.main_peak_rss_mb, rss.get(proc.pid, 0) / 1024)
            time.sleep(interval)
        result.wall_s = time.perf_counter() - started
        own = _cpu_s(resource.getrusage(resource.RUSAGE_SELF)) - _cpu_s(own_before)
        result.cpu_s = _cpu_s(usage)
        # what the rest of the machine ran meanwhile (other users' tests): the noise figure
        result.others_cpu_s = max(0.0, _busy_cpu_s() - busy_before - result.cpu_s - own)
    proc.returncode = result.returncode = os.waitstatus_to_exitcode(status)
    result.largest_process_mb = usage.ru_maxrss / 1024
    result.processes_seen = len(seen)
    return result


def _cpu_s(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def tail(path: str, lines: int = 5) -> str:
    """The last ``lines`` lines of the text file ``path`` (a failed command's stderr)."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return "".join(fh.readlines()[-lines:]).strip()


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"
