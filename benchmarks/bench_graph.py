"""Graph/context speed and memory on the installed CPython standard library.

Measures, in one run: tree-sitter parse time alone (the reference), cold index (empty cache;
parallel and single-process), warm index, single-file incremental update of a ~2,000-line
module (incl. finding dependents), ``build_context`` latency, and peak RSS of the indexed graph.
Prints a table and writes JSON (default ``benchmarks/out/graph.json``).

    python benchmarks/bench_graph.py [--root DIR] [--out FILE] [--updates N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from typing import Any

from docref.context import build_context
from docref.graph import python_extract
from docref.graph.discovery import Candidate, walk_workspace
from docref.graph.project import ProjectGraph

UPDATE_MODULE = "subprocess.py"  # 2,200 lines in 3.11: close to the 2,000-line module
CONTEXT_TARGETS = [
    ("subprocess.py", "run"),
    ("subprocess.py", "Popen.communicate"),
    ("json/__init__.py", "dumps"),
    ("argparse.py", "ArgumentParser.parse_known_args"),
    ("pathlib.py", "Path.read_text"),
    ("shutil.py", "copytree"),
    ("tarfile.py", "TarFile.extractall"),
    ("logging/__init__.py", "Logger.warning"),
    ("http/client.py", "HTTPConnection.request"),
    ("email/message.py", "Message.get_payload"),
]


def parse_only(root: str) -> tuple[float, int, int]:
    files = [c for c in walk_workspace(root) if isinstance(c, Candidate)]
    total_bytes = 0
    started = time.perf_counter()
    for cand in files:
        with open(cand.abspath, "rb") as fh:
            data = fh.read()
        total_bytes += len(data)
        python_extract.parse(data)
    return time.perf_counter() - started, len(files), total_bytes


def rss_of_index(root: str, cache: str, materialise: bool) -> tuple[float, int]:
    """(peak RSS in MB, cache hits) of a fresh process that indexes ``root``."""
    code = (
        "from docref.graph.project import ProjectGraph\n"
        f"g=ProjectGraph({root!r}, cache_directory={cache!r}); r=g.index()\n"
        + ("[g.files[p] for p in g.files]\n" if materialise else "")
        # VmHWM, not ru_maxrss: Linux carries the parent's peak into ru_maxrss across exec
        + "hwm=[l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
        + "print(r.cache_hits, int(hwm)/1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    hits, rss = out.stdout.strip().splitlines()[-1].split()
    return float(rss), int(hits)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=sysconfig.get_paths()["stdlib"])
    parser.add_argument("--out", default=os.path.join("benchmarks", "out", "graph.json"))
    parser.add_argument("--updates", type=int, default=40)
    args = parser.parse_args()
    root = args.root
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": (
            f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        ),
        "root": root,
    }

    parse_s, nfiles, nbytes = parse_only(root)
    results.update(files=nfiles, megabytes=round(nbytes / 1e6, 1), parse_only_s=round(parse_s, 2))

    with tempfile.TemporaryDirectory() as cache_parallel, tempfile.TemporaryDirectory() as cache_1:
        graph = ProjectGraph(root, cache_directory=cache_parallel)
        report = graph.index()
        results["cold_s"] = round(report.seconds, 2)
        results["cold_ratio"] = round(report.seconds / parse_s, 2)
        results.update(functions=report.functions, classes=report.classes, edges=report.edges)
        single = ProjectGraph(root, cache_directory=cache_1).index(workers=1)
        results["cold_single_process_s"] = round(single.seconds, 2)
        results["cold_single_process_ratio"] = round(single.seconds / parse_s, 2)
        warm_graph = ProjectGraph(root, cache_directory=cache_parallel)
        warm = warm_graph.index()
        results["warm_s"] = round(warm.seconds, 2)
        results["warm_pct_of_cold"] = round(100 * warm.seconds / report.seconds, 1)
        results["warm_cache_hits"] = warm.cache_hits

        # incremental update: edit one function body of a ~2,000-line module, alternately
        path = os.path.join(root, UPDATE_MODULE)
        with open(path, encoding="utf-8") as fh:
            original = fh.read()
        results["update_module_lines"] = original.count("\n")
        anchor = "def list2cmdline(seq):\n"
        times: list[float] = []
        dependents = 0
        for i in range(args.updates):
            edited = original.replace(anchor, f"{anchor}    _bench = {i}\n", 1)
            started = time.perf_counter()
            result = warm_graph.update(path, edited)
            times.append(time.perf_counter() - started)
            dependents = len(result.dependents)
        results["update_first_ms"] = round(1000 * times[0], 1)
        results["update_median_ms"] = round(1000 * statistics.median(times[1:] or times), 1)
        results["update_dependents"] = dependents

        ctx_times: list[float] = []
        for rel, qualname in CONTEXT_TARGETS:
            target = os.path.join(root, rel)
            if warm_graph.find_function(target, qualname) is None:
                continue
            started = time.perf_counter()
            build_context(warm_graph, target, qualname)
            ctx_times.append(time.perf_counter() - started)
        results["context_first_ms"] = round(1000 * ctx_times[0], 1) if ctx_times else None
        results["context_median_ms"] = (
            round(1000 * statistics.median(ctx_times), 1) if ctx_times else None
        )
        results["context_max_ms"] = round(1000 * max(ctx_times), 1) if ctx_times else None
        results["context_functions"] = len(ctx_times)

        warm_graph.close()
        graph.close()
        rss, hits = rss_of_index(root, cache_parallel, False)
        results["peak_rss_mb_indexed"], results["peak_rss_cache_hits"] = round(rss, 1), hits
        results["peak_rss_mb_all_decoded"] = round(rss_of_index(root, cache_parallel, True)[0], 1)
        with tempfile.TemporaryDirectory() as cold_cache:
            rss, hits = rss_of_index(root, cold_cache, True)
            results["peak_rss_mb_cold_all_decoded"], results["peak_rss_cold_hits"] = rss, hits

    rows = [
        ("files / MB", f"{nfiles} / {results['megabytes']}", ""),
        ("tree-sitter parse only", f"{parse_s:.2f} s", "reference"),
        (
            "cold index (parallel)",
            f"{results['cold_s']} s",
            f"{results['cold_ratio']}x parse (<= 2.5x)",
        ),
        (
            "cold index (1 process)",
            f"{results['cold_single_process_s']} s",
            f"{results['cold_single_process_ratio']}x parse",
        ),
        (
            "warm index",
            f"{results['warm_s']} s",
            f"{results['warm_pct_of_cold']}% of cold (<= 25%)",
        ),
        (
            f"update {UPDATE_MODULE} ({results['update_module_lines']} lines)",
            f"{results['update_median_ms']} ms median",
            f"first {results['update_first_ms']} ms (<= 30 ms)",
        ),
        (
            "build_context",
            f"{results['context_median_ms']} ms median",
            f"max {results['context_max_ms']} ms over {len(ctx_times)} (<= 50 ms)",
        ),
        ("peak RSS, indexed", f"{results['peak_rss_mb_indexed']} MB", "(<= 500 MB)"),
        ("peak RSS, all extracts decoded", f"{results['peak_rss_mb_all_decoded']} MB", ""),
        (
            "peak RSS, cold index + all decoded",
            f"{results['peak_rss_mb_cold_all_decoded']:.1f} MB",
            "(parent process; workers are separate)",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>18}  {note}")
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
