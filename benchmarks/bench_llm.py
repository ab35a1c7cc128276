"""LLM-tier speed of ``docref check`` against a local OpenAI-compatible endpoint (issue #3).

Target: with 300 ms per answer, a 40-function file with 6 segments per docstring is fully
checked in <= 2 x (4 criteria x 6 x 40 / concurrency) x 300 ms; the second run (same answer
cache) makes 0 calls and takes <= 1 s.

The script writes a temporary project, verifies the segment count with docref's own
segmenter, starts ``tests/fake_openai.py`` in this process (every answer delayed by
``--latency``) and runs the real CLI (``docref check --model openai/... --api-base ...``, real
litellm) as a subprocess per configuration: cold (fresh ``DOCREF_CACHE_DIR``), then warm (same
cache) ``--warm-runs`` times; the first warm run is the issue's "second run", the others show
how much it varies on a shared machine.  Variants: ``all-1`` (every answer "1": the bound
applies as stated) and ``mixed`` (every fifth function has one sentence answered "0" for all
four criteria; each "0" costs one more request, the explanation).  Prints a table and writes
JSON.

    python benchmarks/bench_llm.py [--concurrency 16 8] [--latency 0.3] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, cast

import docref
from docref.checks.static.runner import check_file
from docref.graph.project import ProjectGraph

# The fake server lives in tests/; the repository root is not on sys.path when this file runs
# as a script, and tests/ is a package there.
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)
from tests.fake_openai import Behaviour, FakeOpenAI, Received  # noqa: E402

FUNCTIONS = 40
SEGMENTS_PER_FUNCTION = 6
CRITERIA = 4
REJECT_EVERY = 5  # mixed variant: function i with i % 5 == 0 gets one "0" sentence
KEY_ENV = "DOCREF_BENCH_LLM_KEY"
MODEL = "openai/bench-judge"
MODULE = "judged.py"
EXPLANATION_MARK = "EXPLANATION:"  # ends every explanation prompt, never a judge prompt
EXPLANATION_TEXT = "The sentence claims a bound that the code does not enforce."


def summary_tail(index: int) -> str:
    """The second summary sentence of function ``index`` (the one the mixed variant rejects)."""
    return f"Both inputs must be at most {1000 + index}."


def function_source(index: int) -> str:
    """One documented function whose docstring has exactly six segments.

    Two summary sentences, two Args entries, one Returns entry and one Raises entry.
    """
    return f'''

def scaled_sum_{index:02d}(alpha: int, beta: int) -> int:
    """Add alpha to beta and multiply the sum by {index + 2}. {summary_tail(index)}

    Args:
        alpha: The first addend, not negative.
        beta: The second addend, not negative.

    Returns:
        The sum of alpha and beta times {index + 2}.

    Raises:
        ValueError: If alpha or beta is negative.
    """
    if alpha < 0 or beta < 0:
        raise ValueError("negative input")
    return (alpha + beta) * {index + 2}
'''


def write_project(root: str) -> str:
    """Write the workspace (marker file plus one module); returns the module's path."""
    with open(os.path.join(root, "pyproject.toml"), "w", encoding="utf-8") as fh:
        fh.write("[project]\nname = 'bench-llm'\n")
    path = os.path.join(root, MODULE)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('"""Functions for the LLM-tier speed benchmark."""\n')
        fh.write("".join(function_source(i) for i in range(FUNCTIONS)))
    return path


def verify_segments(root: str) -> int:
    """Segment every docstring the way ``docref check`` does; exit unless 40 x 6."""
    graph = ProjectGraph(root, use_cache=False)
    try:
        graph.index(workers=1)
        report = check_file(graph, MODULE)
    finally:
        graph.close()
    counts = {qualname: len(parsed.segments) for qualname, parsed in report.docstrings}
    wrong = {q: n for q, n in counts.items() if n != SEGMENTS_PER_FUNCTION}
    if len(counts) != FUNCTIONS or wrong:
        raise SystemExit(
            f"bench_llm: expected {FUNCTIONS} docstrings of {SEGMENTS_PER_FUNCTION} segments, "
            f"got {len(counts)} docstrings; wrong counts: {wrong}"
        )
    if report.findings:
        # static findings would not change the number of model calls, but the generated
        # file is meant to be clean so the exit code and findings reflect the model alone
        raise SystemExit(f"bench_llm: the generated file has static findings: {report.findings}")
    return sum(counts.values())


def prompt_text(received: Received) -> str:
    messages = received.body.get("messages")
    if not isinstance(messages, list):
        return ""
    return "\n".join(str(m.get("content", "")) for m in messages if isinstance(m, dict))


def configure(fake: FakeOpenAI, variant: str, latency: float) -> int:
    """Script the answers; returns how many judge questions will be answered "0"."""
    fake.when(EXPLANATION_MARK, then=Behaviour.hang(latency, EXPLANATION_TEXT))
    rejected = 0
    if variant == "mixed":
        for index in range(0, FUNCTIONS, REJECT_EVERY):
            # the segment is fenced as ```text ... ```; the code block (which also holds the
            # docstring) is fenced ```python, so this matches only that segment's questions
            fence = f"```text\n{summary_tail(index)}\n```"
            fake.when(fence, then=Behaviour.hang(latency, "0"))
            rejected += CRITERIA
    fake.set_default(Behaviour.hang(latency, "1"))
    return rejected


@dataclass
class RunResult:
    wall_s: float
    returncode: int
    report: dict[str, Any]
    judge_requests: int
    explanation_requests: int
    max_in_flight: int
    first_request_s: float | None  # launch -> first request reached the server
    last_request_s: float | None  # launch -> last request reached the server
    client_cpu_s: float  # user + system CPU of the docref process
    server_cpu_s: float  # the same for this process, i.e. mostly the fake server's threads

    def as_json(self, latency: float) -> dict[str, Any]:
        stats = self.report.get("stats", {})
        requests = self.judge_requests + self.explanation_requests
        out: dict[str, Any] = {
            "wall_s": round(self.wall_s, 3),
            "returncode": self.returncode,
            "server_requests": requests,
            "judge_requests": self.judge_requests,
            "explanation_requests": self.explanation_requests,
            "max_in_flight": self.max_in_flight,
            "stats_llm_calls": stats.get("llm_calls"),
            "stats_cache_hits": stats.get("cache_hits"),
            "stats_seconds": stats.get("seconds"),
            "findings": len(self.report.get("findings", [])),
            "client_cpu_s": round(self.client_cpu_s, 2),
            "server_cpu_s": round(self.server_cpu_s, 2),
        }
        if self.first_request_s is not None and self.last_request_s is not None:
            # the request phase ends when the last answer has arrived (one latency later)
            phase = self.last_request_s + latency - self.first_request_s
            out["startup_s"] = round(self.first_request_s, 3)
            out["request_phase_s"] = round(phase, 3)
            out["after_last_answer_s"] = round(self.wall_s - self.last_request_s - latency, 3)
            out["mean_in_flight"] = round(requests * latency / phase, 2)
        return out


def cpu_seconds(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def run_check(
    project: str, fake: FakeOpenAI, cache_dir: str, concurrency: int, already: int
) -> RunResult:
    """One ``docref check`` subprocess; ``already`` = requests the server had before it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": cache_dir, KEY_ENV: "sk-bench-llm"})
    script = os.path.join(os.path.dirname(sys.executable), "docref")
    cli = [script] if os.path.exists(script) else [sys.executable, "-m", "docref"]
    command = [
        *cli,
        "check",
        os.path.join(project, MODULE),
        "--root",
        project,
        "--format",
        "json",
        "--model",
        MODEL,
        "--api-base",
        fake.base_url,
        "--api-key-env",
        KEY_ENV,
        "--max-concurrency",
        str(concurrency),
    ]
    child_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    self_before = resource.getrusage(resource.RUSAGE_SELF)
    launched = time.monotonic()
    proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    wall = time.monotonic() - launched
    child_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    self_after = resource.getrusage(resource.RUSAGE_SELF)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"bench_llm: docref check exited {proc.returncode}:\n{proc.stderr}")
    try:
        report: dict[str, Any] = json.loads(proc.stdout)
    except ValueError:
        raise SystemExit(f"bench_llm: docref check printed no JSON:\n{proc.stderr}") from None
    if report.get("errors"):
        raise SystemExit(f"bench_llm: docref check reported errors: {report['errors']}")
    received = fake.requests[already:]
    explanations = sum(1 for r in received if EXPLANATION_MARK in prompt_text(r))
    starts = [r.started - launched for r in received]
    return RunResult(
        wall_s=wall,
        returncode=proc.returncode,
        report=report,
        judge_requests=len(received) - explanations,
        explanation_requests=explanations,
        max_in_flight=fake.max_in_flight if received else 0,  # the server's peak so far
        first_request_s=min(starts) if starts else None,
        last_request_s=max(starts) if starts else None,
        client_cpu_s=cpu_seconds(child_after) - cpu_seconds(child_before),
        server_cpu_s=cpu_seconds(self_after) - cpu_seconds(self_before),
    )


def disable_nagle(fake: FakeOpenAI) -> None:
    """Make the fake server send its answers with TCP_NODELAY, as real servers do.

    http.server writes the headers and the body of a response in two ``send`` calls; with
    Nagle's algorithm on, the body waits for the client's delayed ACK of the headers (about
    40 ms on Linux loopback), so every request of the stock fake server takes that much longer
    than its scripted delay.  uvicorn (vLLM) and llama.cpp's server set TCP_NODELAY.
    """
    # the handler class is the fake server's private detail; a benchmark may reach for it
    base = cast(type, fake._server.RequestHandlerClass)
    fake._server.RequestHandlerClass = type(
        "NoDelayHandler", (base,), {"disable_nagle_algorithm": True}
    )


def run_config(
    project: str,
    segments: int,
    variant: str,
    concurrency: int,
    latency: float,
    tcp_nodelay: bool,
    warm_runs: int,
) -> dict[str, Any]:
    questions = segments * CRITERIA
    bound = 2 * (questions / concurrency) * latency
    with FakeOpenAI() as fake, tempfile.TemporaryDirectory(prefix="docref-bench-") as cache:
        if tcp_nodelay:
            disable_nagle(fake)
        rejected = configure(fake, variant, latency)
        cold = run_check(project, fake, cache, concurrency, 0)
        warms = [
            run_check(project, fake, cache, concurrency, len(fake.requests))
            for _ in range(warm_runs)
        ]
    warm = warms[0]
    cold_calls = cold.judge_requests + cold.explanation_requests
    problems = []
    if cold.judge_requests != questions:
        problems.append(f"cold run: {cold.judge_requests} judge requests, want {questions}")
    if cold.explanation_requests != rejected:
        problems.append(f"cold run: {cold.explanation_requests} explanations, want {rejected}")
    if cold.report["stats"]["llm_calls"] != cold_calls:
        problems.append(f"cold run: stats.llm_calls != {cold_calls} server requests")
    if len(cold.report["findings"]) != rejected:
        problems.append(f"cold run: {len(cold.report['findings'])} findings, want {rejected}")
    for again in warms:
        if again.report["stats"]["cache_hits"] != questions:
            problems.append(f"warm run: {again.report['stats']['cache_hits']} cache hits")
    if problems:
        raise SystemExit("bench_llm: " + "; ".join(problems))
    # with explanations the same throughput argument gives a bound over all calls made
    calls_bound = 2 * math.ceil(cold_calls / concurrency) * latency
    cold_json = cold.as_json(latency)
    if "request_phase_s" in cold_json:
        # how long one concurrency slot takes per call; minus the latency = per-call overhead
        slot_ms = 1000 * cold_json["request_phase_s"] * concurrency / cold_calls
        cold_json["slot_ms_per_call"] = round(slot_ms, 1)
    return {
        "variant": variant,
        "tcp_nodelay": tcp_nodelay,
        "concurrency": concurrency,
        "questions": questions,
        "rejected_questions": rejected,
        "bound_s": round(bound, 3),
        "bound_with_explanations_s": round(calls_bound, 3),
        "ideal_s": round(math.ceil(questions / concurrency) * latency, 3),
        "cold": cold_json,
        "cold_ratio_to_bound": round(cold.wall_s / bound, 3),
        "cold_holds": cold.wall_s <= bound,
        "warm": warm.as_json(latency),
        "warm_holds": warm.wall_s <= 1.0 and warm.judge_requests + warm.explanation_requests == 0,
        "warm_runs_s": [round(w.wall_s, 3) for w in warms],
        "warm_median_s": round(statistics.median(w.wall_s for w in warms), 3),
        "warm_runs_in_process_s": [w.report["stats"]["seconds"] for w in warms],
        "warm_requests_total": sum(w.judge_requests + w.explanation_requests for w in warms),
    }


def print_table(rows: list[dict[str, Any]]) -> None:
    header = (
        f"{'variant':<7} {'conc':>4} {'bound':>7} {'cold':>7} {'ratio':>6} {'calls':>9} "
        f"{'max/mean in-flight':>18} {'slot/call':>9} {'start-up':>8} {'warm':>6} "
        f"{'in-proc':>7} {'median':>6} {'warm calls':>10}"
    )
    print(header)
    for row in rows:
        cold, warm = row["cold"], row["warm"]
        calls = f"{cold['judge_requests']}+{cold['explanation_requests']}"
        flight = f"{cold['max_in_flight']}/{cold.get('mean_in_flight', '-')}"
        print(
            f"{row['variant']:<7} {row['concurrency']:>4} {row['bound_s']:>6.1f}s "
            f"{cold['wall_s']:>6.2f}s {row['cold_ratio_to_bound']:>6.2f} {calls:>9} "
            f"{flight:>18} {cold.get('slot_ms_per_call', 0):>7.0f}ms "
            f"{cold.get('startup_s', 0):>7.2f}s {warm['wall_s']:>5.2f}s "
            f"{warm['stats_seconds']:>6.2f}s {row['warm_median_s']:>5.2f}s "
            f"{row['warm_requests_total']:>10}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--concurrency", type=int, nargs="+", default=[16, 8])
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per answer")
    parser.add_argument("--variants", nargs="+", choices=("all-1", "mixed"), default=None)
    parser.add_argument(
        "--tcp-nodelay",
        action="store_true",
        help="fake server answers with TCP_NODELAY (no ~40 ms Nagle/delayed-ACK stall)",
    )
    parser.add_argument("--json-out", default=os.path.join("benchmarks", "out", "bench_llm.json"))
    parser.add_argument("--warm-runs", type=int, default=3, help="warm runs per configuration")
    args = parser.parse_args()
    if args.latency <= 0 or args.warm_runs < 1 or any(c < 1 for c in args.concurrency):
        parser.error("--latency must be > 0, --warm-runs and every --concurrency >= 1")
    variants = args.variants or ["all-1", "mixed"]
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": (
            f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        ),
        "docref": os.path.dirname(docref.__file__),  # PYTHONPATH may point at a snapshot
        "load_average_before": os.getloadavg(),
        "latency_s": args.latency,
        "tcp_nodelay": args.tcp_nodelay,
        "functions": FUNCTIONS,
        "segments_per_function": SEGMENTS_PER_FUNCTION,
        "rows": [],
    }
    with tempfile.TemporaryDirectory(prefix="docref-bench-ws-") as project:
        write_project(project)
        segments = verify_segments(project)
        results["segments"] = segments
        for variant in variants:
            for concurrency in args.concurrency:
                row = run_config(
                    project,
                    segments,
                    variant,
                    concurrency,
                    args.latency,
                    args.tcp_nodelay,
                    args.warm_runs,
                )
                results["rows"].append(row)
                print(
                    f"{variant} concurrency {concurrency}: cold {row['cold']['wall_s']} s "
                    f"(bound {row['bound_s']} s), warm {row['warm']['wall_s']} s",
                    file=sys.stderr,
                )
    results["load_average_after"] = os.getloadavg()
    print(
        f"latency {args.latency} s, fake server TCP_NODELAY {'on' if args.tcp_nodelay else 'off'}"
    )
    print_table(results["rows"])
    os.makedirs(os.path.dirname(args.json_out) or ".", exist_ok=True)
    with open(args.json_out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    print(f"wrote {args.json_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
