"""Where a cold run's processes wait: a timeline per process of a pooled ``docref check``.

    python benchmarks/cold_timeline.py run OUT TREE [docref check flags...]
    python benchmarks/cold_timeline.py show OUT

``run`` starts ``docref check TREE --root TREE --no-llm --no-cache --format json`` (stdout to
``OUT/report.json``) in this process with the pool's stages wrapped from outside (nothing in
docref changes): each process appends ``name start end a b`` lines to ``OUT/<pid>.txt``
(monotonic clock, shared by the forked workers).  ``show`` prints, for the parent, the CPU it
spent before the workers were forked (the serial start, while the other core has nothing to
do) and its phases; for each worker, its phase 1 (extraction, segmenting ahead) and phase 2
(checks) split into on-CPU time, time runnable but waiting for a core (``run_delay`` of
``/proc/thread-self/schedstat``: other processes' load) and time asleep (blocked on its pipe:
the idle the pool's structure causes), with the longest sleeps.  Asleep time is what stays
meaningful on a loaded machine; wall times there are mostly the run queue.  Linux only.
"""

from __future__ import annotations

import functools
import glob
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

_files: dict[int, Any] = {}
_out = ""


def _emit(name: str, t0: float, t1: float, a: float = 0.0, b: float = 0.0) -> None:
    pid = os.getpid()
    fh = _files.get(pid)
    if fh is None:
        fh = _files[pid] = open(os.path.join(_out, f"{pid}.txt"), "a", buffering=1)  # noqa: SIM115
    fh.write(f"{name} {t0:.6f} {t1:.6f} {a:.6f} {b:.6f}\n")


def _sched() -> tuple[float, float]:
    """This thread's seconds on a CPU and runnable-but-waiting, since it started."""
    with open("/proc/thread-self/schedstat", encoding="ascii") as fh:
        run, wait, _ = fh.read().split()
    return int(run) / 1e9, int(wait) / 1e9


def _mark(name: str) -> None:
    now = time.monotonic()
    on_cpu, waiting = _sched()
    _emit(name, now, now, on_cpu, waiting)


def _wrap(owner: Any, attr: str, label: str, *, asleep: bool = False) -> None:
    """Record each call of ``owner.attr``: its wall span and its CPU (``asleep``: the part of
    its wall spent neither on a CPU nor waiting for one)."""
    fn = getattr(owner, attr)

    @functools.wraps(fn)
    def inner(*args: Any, **kwargs: Any) -> Any:
        t0, c0 = time.monotonic(), time.process_time()
        s0 = _sched() if asleep else (0.0, 0.0)
        try:
            return fn(*args, **kwargs)
        finally:
            t1 = time.monotonic()
            if asleep:
                s1 = _sched()
                slept = (t1 - t0) - (s1[0] - s0[0]) - (s1[1] - s0[1])
                _emit(label, t0, t1, slept, 0.0)
            else:
                _emit(label, t0, t1, c0, time.process_time())

    setattr(owner, attr, inner)


def run(out: str, tree: str, flags: list[str]) -> int:
    global _out
    _out = out
    os.makedirs(out, exist_ok=True)
    _mark("start")
    from multiprocessing import connection

    import docref.cli
    from docref.engine import cold, cold_worker
    from docref.graph import project

    _wrap(cold.ColdPool, "_start", "p.fork")
    _wrap(cold.ColdPool, "check", "p.check")
    _wrap(cold.ColdPool, "close", "p.close")
    _wrap(project.ProjectGraph, "index", "p.index")
    for name in ("extract", "check"):
        _wrap(cold_worker._Worker, name, f"w.{name}")
    _wrap(connection.Connection, "recv", "recv", asleep=True)
    _wrap(connection.Connection, "send", "send", asleep=True)
    build = cold_worker._Worker.build

    def marked_build(self: Any, setup: Any) -> None:
        _mark("w.graph")
        build(self, setup)

    cold_worker._Worker.build = marked_build  # type: ignore[method-assign]
    worker_main: Callable[..., None] = cold_worker.main

    def traced_main(*args: Any) -> None:
        _mark("w.start")
        try:
            worker_main(*args)
        finally:
            _mark("w.end")

    cold.main = traced_main  # type: ignore[assignment]
    sys.argv = ["docref", "check", tree, "--root", tree, "--no-llm", "--no-cache"]
    sys.argv += ["--format", "json", "--no-progress", *flags]
    sys.stdout = open(os.path.join(out, "report.json"), "w", encoding="utf-8")  # noqa: SIM115
    t0, c0 = time.monotonic(), time.process_time()
    try:
        code = docref.cli.main()
    finally:
        _emit("p.main", t0, time.monotonic(), c0, time.process_time())
        sys.stdout.close()
    return code


def show(out: str) -> None:
    rows: dict[int, list[list[str]]] = defaultdict(list)
    for path in glob.glob(os.path.join(out, "*.txt")):
        pid = int(os.path.basename(path)[:-4])
        rows[pid] = [line.split() for line in open(path, encoding="ascii")]  # noqa: SIM115
    parent = next(pid for pid, lines in rows.items() if any(r[0] == "p.main" for r in lines))
    origin = next(float(r[1]) for r in rows[parent] if r[0] == "start")
    named = {r[0]: [float(x) for x in r[1:]] for r in rows[parent]}
    fork, main = named["p.fork"], named["p.main"]
    print(
        f"parent: CPU before the fork {fork[3]:.3f} s (of it the preload and fork "
        f"{fork[3] - fork[2]:.3f}); forked at {fork[1] - origin:.2f} s wall; "
        f"checks {named['p.check'][0] - origin:.2f}-{named['p.check'][1] - origin:.2f} s; "
        f"CPU in all {main[3]:.3f} s"
    )
    for pid, lines in sorted(rows.items()):
        if pid == parent:
            continue
        marks = {r[0]: [float(x) for x in r[1:]] for r in lines if r[0].startswith("w.")}
        print(f"worker {pid}:")
        for label, a, b in (("phase 1", "w.start", "w.graph"), ("phase 2", "w.graph", "w.end")):
            wall = marks[b][0] - marks[a][0]
            on_cpu = marks[b][2] - marks[a][2]
            waiting = marks[b][3] - marks[a][3]
            print(
                f"  {label}: wall {wall:6.2f}  on CPU {on_cpu:5.2f}  run queue {waiting:6.2f}  "
                f"asleep {wall - on_cpu - waiting:5.3f}"
            )
        slept: Counter[str] = Counter()
        longest = []
        graph_at = marks["w.graph"][0]
        for r in lines:
            if r[0] in ("recv", "send"):
                t0, t1, asleep = float(r[1]), float(r[2]), float(r[3])
                slept[f"{r[0]} phase {1 if t1 <= graph_at else 2}"] += asleep
                longest.append((asleep, r[0], t0 - origin))
        longest.sort(reverse=True)
        print("  asleep in " + ", ".join(f"{k} {v:.3f}" for k, v in sorted(slept.items())))
        print("  longest: " + ", ".join(f"{n} at {t:.2f} s {s:.3f}" for s, n, t in longest[:4]))


def main() -> int:
    if len(sys.argv) >= 4 and sys.argv[1] == "run":
        return run(sys.argv[2], sys.argv[3], sys.argv[4:])
    if len(sys.argv) == 3 and sys.argv[1] == "show":
        show(sys.argv[2])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
