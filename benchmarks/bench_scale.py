"""Scale-out of the model tier (issue 15): several endpoints, the shared Redis cache, memory
and cost against the project's size.

A generated project of ``--functions`` documented functions (one sentence each: 4 questions
per function), model tier only as far as the model is concerned (the static tier runs too, as
in every ``docref check``), through the real CLI as a subprocess and real litellm, against
local OpenAI-compatible servers:

1. **Throughput**: 1, 2 and 4 endpoints (``[[tool.docref.endpoints]]``, each
   ``max_concurrency = 8``, every answer delayed ``--latency`` s), ``--max-calls`` questions
   each (the rest are left unasked: the measure is a rate).  Questions per second are taken at
   the servers, from the first request's arrival to the last answer, so the CLI's start-up
   (indexing, importing litellm) is not in them.  Target: q/s(N) >= 0.8 x N x q/s(1).
   The docref processes' CPU per question is taken over the same phase (their CPU at the
   first request, read from ``/proc`` for the process and its live workers, subtracted).
   The endpoints are ``sim_endpoints.py`` (cheap asyncio servers) in a process of their own,
   whose CPU per question over the phase is reported apart: on a 2-core machine they share
   the cores with docref, where a real deployment's endpoints are other machines.
   ``--jobs auto 1`` (the default) runs each endpoint count as a user's ``docref check``
   does (``auto``: no ``--jobs``; docref asks from a process per CPU with two endpoints or
   more, one per endpoint at most, each endpoint's cap shared out, 400 questions per process
   at least: ``docref.engine.model_pool``) and with the questions asked from one process
   (``--jobs 1``; ``2``: two).  ``--processes 2`` runs two ``docref check --shard I/2``
   processes at once instead, each endpoint's cap split between them in the settings (4 + 4).
2. **Cost against size**: ``--sizes`` functions, every question answered (no latency, one
   ``tests/fake_openai.py`` endpoint, which records the prompts), a fresh local cache and a
   fresh Redis database each: calls, tokens, wall time
   and the docref process's peak RSS (``wait4``'s ``ru_maxrss`` of that child alone).
3. **Shared cache**: the largest size again from an empty local cache against the Redis the
   cost run filled: model calls must be 0.

Writes ``benchmarks/out/bench_scale.json`` and prints the tables for RESULTS.md.

    python benchmarks/bench_scale.py [--functions 2000] [--max-calls 960] [--latency 0.3]
                                     [--jobs auto 1] [--processes 1] [--sizes 500 1000 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)
from benchmarks.phase_cpu import PhaseSampler  # noqa: E402
from tests.fake_openai import Behaviour, FakeOpenAI  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

MODEL = "openai/bench-scale"
CAP = 8  # per-endpoint concurrency cap (the issue's)


def write_project(
    root: str, functions: int, endpoints: list[str], cache_url: str | None, cap: int = CAP
) -> None:
    """``functions`` documented functions over files of 50, and ``[tool.docref]``."""
    pkg = os.path.join(root, "pkg")
    os.makedirs(pkg, exist_ok=True)
    for start in range(0, functions, 50):
        parts = []
        for i in range(start, min(start + 50, functions)):
            parts.append(
                f"def scaled_{i}(alpha: int, beta: int) -> int:\n"
                f'    """Return alpha plus beta, times {i + 2}."""\n'
                f"    return (alpha + beta) * {i + 2}\n"
            )
        with open(os.path.join(pkg, f"mod_{start // 50:03d}.py"), "w", encoding="utf-8") as fh:
            fh.write("\n\n".join(parts))
    lines = ["[project]", 'name = "scale"', "", "[tool.docref]", f'model = "{MODEL}"']
    if cache_url:
        lines.append(f'cache_url = "{cache_url}"')
    for base in endpoints:
        lines += [
            "",
            "[[tool.docref.endpoints]]",
            f'api_base = "{base}"',
            f"max_concurrency = {cap}",
        ]
    with open(os.path.join(root, "pyproject.toml"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds so far of a running process and its live descendants (the
    model-asking workers of ``docref check``; Linux ``/proc``; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0
    children: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as fh:
                children += [int(c) for c in fh.read().split()]
    except (OSError, ValueError):
        pass
    return own + sum(_cpu_of(child) for child in children)


def run_check(
    root: str, cache_dir: str, *extra: str, first_request: threading.Event | None = None
) -> dict[str, Any]:
    """``docref check`` as a child; its JSON report, wall time, peak RSS, CPU, and (with
    ``first_request``) its CPU when the servers saw their first request (start-up: imports,
    indexing, the static tier), so the request phase's CPU per question can be told apart."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env["DOCREF_CACHE_DIR"] = cache_dir
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(REPO, "server"), env.get("PYTHONPATH", "")])
    argv = [sys.executable, "-m", "docref", "check", root, "--format", "json", "--no-progress"]
    argv += ["--on-llm-error", "warn", *extra]
    started = time.perf_counter()
    startup_cpu: list[float] = []
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=REPO)
        if first_request is not None:
            watch = threading.Thread(
                target=lambda: startup_cpu.append(
                    _cpu_of(proc.pid) if first_request.wait(600) else 0.0
                ),
                daemon=True,
            )
            watch.start()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        text, errors = out.read(), err.read()
    try:
        report = json.loads(text)
    except ValueError:
        raise SystemExit(f"docref check failed ({proc.returncode}):\n{errors[-3000:]}") from None
    return {
        "report": report,
        "seconds": seconds,
        "rss_mb": usage.ru_maxrss / 1024,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "startup_cpu_s": startup_cpu[0] if startup_cpu else None,
        "rc": proc.returncode,
        "stderr": errors,
    }


class Endpoints:
    """``count`` simulated endpoints (``sim_endpoints.py``) in a process of their own, so
    their CPU is measured apart from docref's (a real deployment's endpoints are other
    machines); :attr:`first` is set at the first request's arrival."""

    def __init__(
        self, count: int, latency: float, trace: str | None = None, cpu_of: int | None = None
    ) -> None:
        argv = [sys.executable, os.path.join(REPO, "benchmarks", "sim_endpoints.py"),
                "--count", str(count), "--latency", str(latency), "--text", "1"]  # fmt: skip
        trace = trace or os.environ.get("SIM_TRACE")
        if trace:
            argv += ["--trace", trace]
        if cpu_of is not None:
            argv += ["--cpu-of", str(cpu_of)]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)  # fmt: skip
        assert self.proc.stdout is not None
        self.urls: list[str] = json.loads(self.proc.stdout.readline())["urls"]
        self.first = threading.Event()
        self._report: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.strip() == "first":
                self.first.set()
            else:
                self._report.append(line)

    def stop(self) -> dict[str, Any]:
        """Their report (``sim_endpoints.py``'s last line) once they have stopped."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self._reader.join(timeout=10)
        self.first.set()
        return json.loads(self._report[-1]) if self._report else {}


def throughput(
    functions: int,
    endpoints: int,
    max_calls: int,
    latency: float,
    processes: int = 1,
    jobs: str = "auto",
) -> dict[str, Any]:
    """One throughput run.  ``processes`` > 1 runs that many ``docref check --shard I/P``
    children at once, each endpoint's cap split between them (``max_concurrency`` = 8 / P,
    so no endpoint ever has more than 8 in flight): the asking spread over several cores.
    ``jobs``: ``docref check --jobs`` (``auto``: not given; docref then asks from as many
    processes as pay off, ``docref.engine.model_pool``)."""
    sims = Endpoints(endpoints, latency)
    work = tempfile.mkdtemp(prefix="docref-scale-")

    def role(pid: int, depth: int) -> str:
        if pid == sims.proc.pid:
            return "endpoints"
        return "docref" if depth == 1 else "docref workers"

    sampler = PhaseSampler(role).__enter__()
    try:
        project = os.path.join(work, "p")
        write_project(project, functions, sims.urls, None, CAP // processes)
        shards = [("--shard", f"{i}/{processes}") if processes > 1 else () for i in
                  range(1, processes + 1)]  # fmt: skip
        runs: list[dict[str, Any]] = [{} for _ in shards]

        def one(index: int) -> None:
            runs[index] = run_check(project, os.path.join(work, f"cache{index}"),
                                    "--max-calls", str(max_calls // processes), *shards[index],
                                    *(() if jobs == "auto" else ("--jobs", jobs)),
                                    first_request=sims.first)  # fmt: skip

        threads = [threading.Thread(target=one, args=(i,)) for i in range(processes)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sampler.stop()
        sim = sims.stop()
        shutil.rmtree(work, ignore_errors=True)
    questions = sum(sim["per_endpoint"])
    phase = sim["last"] + latency - sim["first"]
    # the cores each side used over the request phase, and over its first third (the ramp)
    cores = sampler.over(sim["first"], sim["first"] + phase)
    cores_start = sampler.over(sim["first"], sim["first"] + phase / 3)
    cpu = sum(run["cpu_s"] for run in runs)
    phase_cpu = cpu - sum(run["startup_cpu_s"] or 0.0 for run in runs)
    sim_cpu = sim["cpu_s"] - (sim["startup_cpu_s"] or 0.0)
    return {
        "endpoints": endpoints,
        "processes": processes,
        "jobs": jobs,
        "asking_processes": sum(run["report"]["llm"].get("processes", 1) for run in runs),
        "questions": questions,
        "calls": sum(run["report"]["llm"]["calls"] for run in runs),
        "request_phase_s": round(phase, 2),
        "qps": round(questions / phase, 2),
        "per_endpoint": sim["per_endpoint"],
        "max_in_flight": sim["max_in_flight"],
        "wall_s": round(max(run["seconds"] for run in runs), 2),
        "cpu_s": round(cpu, 1),
        # the docref processes' CPU from the first request to the end, per question
        "cpu_ms_per_question": round(1000 * phase_cpu / max(questions, 1), 1),
        # the simulated endpoints' CPU over the same phase (their own process), per question
        "sim_cpu_ms_per_question": round(1000 * sim_cpu / max(questions, 1), 2),
        "rss_mb": round(max(run["rss_mb"] for run in runs), 1),
        "load": os.getloadavg()[0],
        # requests in flight at the endpoints over each tenth of the phase (all of them)
        "in_flight_by_tenth": sim.get("in_flight_by_tenth"),
        # how long an endpoint's slot stayed empty after an answer (sim_endpoints._slot_idle)
        "slot_idle_ms": sim.get("slot_idle_ms"),
        "cores": cores,
        "cores_first_third": cores_start,
    }


def cost(sizes: list[int], redis: RedisServer) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    fake = FakeOpenAI().start()
    fake.set_default(Behaviour(text="1", prompt_tokens=0))
    rows: list[dict[str, Any]] = []
    work = tempfile.mkdtemp(prefix="docref-scale-")
    shared: dict[str, Any] = {}
    try:
        for db, size in enumerate(sizes):
            root = os.path.join(work, f"p{size}")
            url = f"redis://127.0.0.1:{redis.port}/{db}"
            write_project(root, size, [fake.base_url], url)
            before = len(fake.requests)
            run = run_check(root, os.path.join(work, f"cache{size}"))
            llm = run["report"]["llm"]
            prompt_chars = sum(
                len(json.dumps(r.body.get("messages"))) for r in fake.requests[before:]
            )
            rows.append({
                "functions": size,
                "questions": run["report"]["stats"]["llm_calls"],
                "calls": llm["calls"],
                "prompt_chars": prompt_chars,
                "completion_tokens": llm["completion_tokens"],
                "wall_s": round(run["seconds"], 2),
                "cpu_s": round(run["cpu_s"], 1),
                "rss_mb": round(run["rss_mb"], 1),
            })  # fmt: skip
            if size == max(sizes):
                again = run_check(root, os.path.join(work, f"empty{size}"))
                shared = {
                    "functions": size,
                    "calls": again["report"]["llm"]["calls"],
                    "cache_hits": again["report"]["llm"]["cache_hits"],
                    "wall_s": round(again["seconds"], 2),
                    "rss_mb": round(again["rss_mb"], 1),
                    "warnings": again["report"]["warnings"],
                }
    finally:
        fake.stop()
        shutil.rmtree(work, ignore_errors=True)
    return rows, shared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--functions", type=int, default=2000)
    parser.add_argument("--max-calls", type=int, default=960)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--endpoints", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument(
        "--processes", type=int, nargs="+", default=[1],
        help="docref processes asking at once (shards; each endpoint's cap split between them)",
    )  # fmt: skip
    parser.add_argument(
        "--jobs", nargs="+", default=["auto", "1"],
        help="docref check --jobs of each run (auto: not given, the model asked from as many "
        "processes as pay off; 1: one process)",
    )  # fmt: skip
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument(
        "--json-out", default=os.path.join(REPO, "benchmarks", "out", "bench_scale.json")
    )
    args = parser.parse_args()

    rates = [
        throughput(args.functions, n, args.max_calls, args.latency, p, j)
        for j in args.jobs
        for p in args.processes
        for n in args.endpoints
    ]
    base = rates[0]["qps"]  # 1 endpoint (the first of --endpoints), the first mode
    for row in rates:
        row["growth"] = round(row["qps"] / (base * row["endpoints"]), 2)
    print(
        "| endpoints | --jobs | shards | asking processes | questions | request phase | q/s "
        "| growth vs linear | per endpoint | max in flight | wall | CPU | CPU per question "
        "| endpoints' CPU per question | peak RSS | load |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rates:
        print(f"| {r['endpoints']} | {r['jobs']} | {r['processes']} | {r['asking_processes']} | "
              f"{r['questions']} | "
              f"{r['request_phase_s']} s | {r['qps']} | {r['growth']}x | {r['per_endpoint']} | "
              f"{r['max_in_flight']} | {r['wall_s']} s | {r['cpu_s']} s | "
              f"{r['cpu_ms_per_question']} ms | {r['sim_cpu_ms_per_question']} ms | "
              f"{r['rss_mb']} MB | {r['load']:.1f} |")  # fmt: skip
    print()
    print("requests in flight at the endpoints, mean over each tenth of the request phase:")
    for r in rates:
        print(f"- {r['endpoints']} endpoint(s), --jobs {r['jobs']}: {r['in_flight_by_tenth']}")
    print()
    print("cores used over the request phase (first third / all of it; machine: every process "
          "on it, others: not this benchmark's), run queue, and an endpoint slot's idle time "
          "after an answer (mean / p50 / p90):")  # fmt: skip
    for r in rates:

        def two(name: str, r: dict[str, Any] = r) -> str:
            return f"{r['cores_first_third'].get(name, '-')} / {r['cores'].get(name, '-')}"

        idle = r["slot_idle_ms"] or {}
        print(f"- {r['endpoints']} endpoint(s), --jobs {r['jobs']}: docref {two('docref')}, "
              f"workers {two('docref workers')}, endpoints {two('endpoints')}, machine "
              f"{two('machine')}, others {two('others')}, run queue {two('run_queue')}; "
              f"slot idle {idle.get('mean')} / {idle.get('p50')} / {idle.get('p90')} "
              "ms")  # fmt: skip

    work = tempfile.mkdtemp(prefix="docref-scale-redis-")
    with RedisServer(Path(work)) as redis:
        sizes, shared = cost(args.sizes, redis)
    shutil.rmtree(work, ignore_errors=True)
    print()
    print("| functions | calls | prompt characters | per function | wall | CPU | peak RSS |")
    print("|---|---|---|---|---|---|---|")
    for r in sizes:
        per = r["prompt_chars"] / r["functions"]
        print(f"| {r['functions']} | {r['calls']} | {r['prompt_chars']:,} | {per:,.0f} | "
              f"{r['wall_s']} s | {r['cpu_s']} s | {r['rss_mb']} MB |")  # fmt: skip
    print()
    print(f"second run, empty local cache, shared Redis: {shared}")
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "args": vars(args),
        "throughput": rates,
        "sizes": sizes,
        "shared_second_run": shared,
    }
    os.makedirs(os.path.dirname(args.json_out), exist_ok=True)
    with open(args.json_out, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
