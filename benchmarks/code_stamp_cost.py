"""CPU cost of the caches' code stamps (session 14): the results cache's stamp of docref's
own code (a wheel's ``RECORD``, else every module's path, size and mtime) and the index
cache's extractor fingerprint, each per call, and the CPU of whole warm ``docref check``
runs on a project for scale.

    python benchmarks/code_stamp_cost.py [--warm PROJECT] [--runs N]

Run it with ``PYTHONPATH`` naming the docref to measure (a checkout's ``server`` or a
``pip install --target`` folder of the wheel).  CPU, not wall time: it holds under load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def per_call_ms(fn: object, n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        fn()  # type: ignore[operator]
    return (time.process_time() - start) * 1e3 / n


def warm_run_ms(project: str, runs: int) -> list[float]:
    """CPU (user + sys) of ``runs`` warm ``docref check`` subprocesses on ``project``."""
    cache = tempfile.mkdtemp(prefix="docref-stamp-")
    try:
        return _timed(project, runs, cache)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _timed(project: str, runs: int, cache: str) -> list[float]:
    env = {**os.environ, "DOCREF_CACHE_DIR": cache}
    cmd = [sys.executable, "-m", "docref", "check", project, "--root", project]
    cmd += ["--format", "json", "--no-progress"]
    subprocess.run(cmd, env=env, capture_output=True, check=False)  # fills the cache
    out = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, env=env, capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        out.append(cpu * 1e3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warm", help="a project to time warm runs on (e.g. the stdlib)")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    from docref.engine import cache_key
    from docref.graph.extraction import extractor_fingerprint

    package = os.path.dirname(os.path.dirname(os.path.abspath(cache_key.__file__)))
    wheel = cache_key.wheel_record(package) is not None
    row: dict[str, object] = {
        "package": package,
        "stamp": "RECORD" if wheel else "stat",
        "code_stamp_ms": per_call_ms(cache_key._code_stamp.__wrapped__, 200),
        "stat_stamp_ms": per_call_ms(lambda: cache_key._stat_stamp(package), 200),
        "extractor_fingerprint_ms": per_call_ms(extractor_fingerprint.__wrapped__, 200),
    }
    if args.warm:
        cpu = warm_run_ms(args.warm, args.runs)
        row["warm_run_ms_median"] = statistics.median(cpu)
        row["warm_run_ms_min"] = min(cpu)
    print("| what | CPU ms |\n|---|---|")
    for key, value in row.items():
        if isinstance(value, float):
            print(f"| {key} | {value:.2f} |")
    print(json.dumps(row))


if __name__ == "__main__":
    main()
