"""``bench_check.py modes``: docref's cold, warm and one-file runs next to ruff and pydoclint
(issue 18), and a model run whose every answer is cached next to the static-only run.

On one tree (``--std``; the copy of the standard library without its tests by default),
each command a child process measured by :func:`process_measure.measure` (wall, CPU of the
process tree, peak memory):

- ruff ``check --select DOC --preview``: cold (``--no-cache``), warm (a second run on the
  same ``--cache-dir``), one file (``--one-file``, relative to the tree) in that warm project;
- pydoclint ``--style=numpy``: the whole tree (skipped with ``--no-pydoclint-tree``: it takes
  minutes) and the one file;
- docref ``check --no-llm``: cold (fresh ``DOCREF_CACHE_DIR``), warm (the second run), the
  one file in the warm project;
- with ``--model-tree DIR`` (alone with ``--model-only``): on that tree, ``--model`` against
  ``tests/fake_openai.py`` (every answer "1") once to fill the answer cache, then
  ``--model-repeat`` pairs of a warm static-only run and the same model run (every answer
  cached), alternated so that a loaded machine weighs on both alike, sampled every 5 ms (the
  50 ms of the other rows is a quarter of such a run); the median of each, and the ratio by
  wall and by CPU.  The tree should have thousands of cached answers
  (``/tmp/edlibs/src/flask``: 24 files, 4,088; the fill takes ~25 s of CPU): on
  ``examples/shop`` (120 answers, 0.1-s runs) the ratio measures the interpreter's start, not
  the cached model path (session 15).

Targets (issue 18): warm <= 4x ruff warm; one file <= pydoclint on that file; cold <= 0.5x
pydoclint; cached model run <= 1.3x static-only; peak memory <= 500 MB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from dataclasses import asdict, replace
from typing import Any

from process_measure import Measured, measure

STD_SOURCE = "/root/.pyenv/versions/3.11.7/lib/python3.11"
TEST_DIRS = {"test", "tests", "idle_test"}


def without_tests(source: str, target: str) -> str:
    """``target``: the ``.py`` files of ``source`` minus its test folders and ``test_*.py``
    (made once; the copy keeps the files' text, so findings are the library's)."""
    if os.path.isdir(target):
        return target
    for folder, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d not in TEST_DIRS and d != "site-packages")
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        rel = os.path.relpath(folder, source)
        for name in files:
            if name.endswith(".py") and not name.startswith("test_"):
                os.makedirs(os.path.join(target, rel), exist_ok=True)
                shutil.copy2(os.path.join(folder, name), os.path.join(target, rel, name))
    return target


def _run(
    label: str, command: list[str], env: dict[str, str], work: str, interval: float = 0.05
) -> Measured:
    out = os.path.join(work, label.replace(" ", "-") + ".out")
    result = measure(label, command, env, out, interval)
    print(
        f"{label}: {result.wall_s:.3f} s wall, {result.cpu_s:.3f} s CPU, "
        f"{result.tree_peak_rss_mb:.0f} MB",
        file=sys.stderr,
    )
    return result


def _median(
    label: str, command: list[str], env: dict[str, str], work: str, repeat: int
) -> Measured:
    """The run of median wall time among ``repeat`` runs of a warm mode (a loaded machine
    makes a single short run noisy)."""
    runs = sorted((_run(label, command, env, work) for _ in range(max(repeat, 1))),
                  key=lambda m: m.wall_s)  # fmt: skip
    return runs[len(runs) // 2]


def modes(args: argparse.Namespace) -> dict[str, Any]:
    tree = os.path.abspath(args.std)
    one = os.path.join(tree, args.one_file)
    base_env = dict(os.environ)
    rows: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="docref-bench-modes-") as work:
        if args.model_only and args.model_tree:  # the cached model line alone
            return _results(os.path.abspath(args.model_tree), args, _model_rows(args, work))
        ruff = [args.ruff, "check", "--select", "DOC", "--preview", "--exit-zero", "--quiet"]
        rcache = ["--cache-dir", os.path.join(work, "ruff-cache")]
        rows.append(_run("ruff cold", [*ruff, "--no-cache", tree], base_env, work))
        _run("ruff fill", [*ruff, *rcache, tree], base_env, work)
        n = args.repeat
        rows.append(_median("ruff warm", [*ruff, *rcache, tree], base_env, work, n))
        rows.append(_median("ruff one file", [*ruff, *rcache, one], base_env, work, n))
        pdl = [args.pydoclint, "--style=numpy", "--exclude", r"site-packages|\.git"]
        if not args.no_pydoclint_tree:
            rows.append(_run("pydoclint tree", [*pdl, tree], base_env, work))
        rows.append(_median("pydoclint one file", [*pdl, one], base_env, work, n))
        env = {**base_env, "DOCREF_CACHE_DIR": os.path.join(work, "docref-cache")}
        docref = [args.docref, "check", "--root", tree, "--no-llm", "--no-progress", "-q"]
        rows.append(_run("docref cold", [*docref, tree], env, work))
        rows.append(_median("docref warm", [*docref, tree], env, work, n))
        rows.append(_median("docref one file", [*docref, one], env, work, n))
        if args.model_tree:
            rows.extend(_model_rows(args, work))
    return _results(tree, args, rows)


def _results(tree: str, args: argparse.Namespace, rows: list[Measured]) -> dict[str, Any]:
    by = {r.label: r for r in rows}
    ratios = {
        "warm / ruff warm": _ratio(by, "docref warm", "ruff warm"),
        "one file / pydoclint one file": _ratio(by, "docref one file", "pydoclint one file"),
        "cold / pydoclint tree": _ratio(by, "docref cold", "pydoclint tree"),
        "cached model / static warm": _ratio(by, "docref model cached", "docref static warm"),
    }
    cpu = by.get("docref model cached"), by.get("docref static warm")
    if cpu[0] is not None and cpu[1] is not None and cpu[1].cpu_s > 0:
        ratios["cached model / static warm (CPU)"] = round(cpu[0].cpu_s / cpu[1].cpu_s, 3)
    peak = max((r.tree_peak_rss_mb for r in rows if r.label.startswith("docref")), default=0.0)
    return {
        "tree": tree,
        "one_file": args.one_file,
        "rows": [asdict(r) for r in rows],
        "ratios_wall": ratios,
        "docref_peak_rss_mb": peak,
    }


def _ratio(by: dict[str, Measured], top: str, bottom: str) -> float | None:
    if top not in by or bottom not in by or by[bottom].wall_s <= 0:
        return None
    return round(by[top].wall_s / by[bottom].wall_s, 3)


def _model_rows(args: argparse.Namespace, work: str) -> list[Measured]:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from tests.fake_openai import Behaviour, FakeOpenAI

    tree = os.path.abspath(args.model_tree)
    env = {**os.environ, "DOCREF_CACHE_DIR": os.path.join(work, "model-cache"), "BENCH_KEY": "x"}
    docref = [args.docref, "check", tree, "--root", tree, "--no-progress", "-q"]
    rows = []
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        model = [
            "--model",
            "openai/bench",
            "--api-base",
            server.base_url,
            "--api-key-env",
            "BENCH_KEY",
            "--max-concurrency",
            "32",
        ]
        _run("docref static fill", [*docref, "--no-llm"], env, work)
        _run("docref model fill", [*docref, *model], env, work)
        asked = len(server.requests)
        static: list[Measured] = []
        cached: list[Measured] = []
        for _ in range(max(args.model_repeat, 1)):
            static.append(_run("docref static warm", [*docref, "--no-llm"], env, work, 0.005))
            cached.append(_run("docref model cached", [*docref, *model], env, work, 0.005))
        print(f"model requests: {asked}, then {len(server.requests) - asked}", file=sys.stderr)
    for runs in (static, cached):
        rows.append(_middle(runs, "wall_s"))
        cpu = _middle(runs, "cpu_s").cpu_s  # the median of each figure, not of one run's
        rows[-1] = replace(rows[-1], cpu_s=cpu)
    return rows


def _middle(runs: list[Measured], figure: str) -> Measured:
    return sorted(runs, key=lambda m: float(getattr(m, figure)))[len(runs) // 2]


def print_modes(results: dict[str, Any]) -> None:
    print(f"tree {results['tree']} (one file: {results['one_file']})")
    print(f"{'run':<22}{'wall':>9}{'CPU':>9}{'tree RSS':>10}{'others CPU':>12}")
    for row in results["rows"]:
        print(
            f"{row['label']:<22}{row['wall_s']:>8.2f}s{row['cpu_s']:>8.2f}s"
            f"{row['tree_peak_rss_mb']:>7.0f} MB{row['others_cpu_s']:>11.1f}s"
        )
    for name, value in results["ratios_wall"].items():
        print(f"{name}: {value}")
    print(f"docref peak tree RSS: {results['docref_peak_rss_mb']:.0f} MB")
