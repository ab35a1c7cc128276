"""Static-tier speed of ``docref check --no-llm`` against pydoclint on one tree (issue #3).

Target: on the CPython standard library, ``docref check --no-llm`` takes <= 0.5x the time of
pydoclint on the same tree, measured in the same run, with a peak RSS <= 500 MB.

``timing`` (the default) runs, one after the other: pydoclint ``--style=numpy`` and
``--style=sphinx`` (``--styles``; none with ``--styles`` given no value); then for each
``--jobs`` configuration (``1`` and ``default``, docref without the flag), docref cold (a fresh
``DOCREF_CACHE_DIR``) and ``--warm-runs`` times warm (the same cache).  Each command is a child
process whose wall time and memory are measured here; docref's worker processes are counted:

- *tree peak*: the largest sum of ``VmRSS`` over the command and all its live descendants,
  sampled from ``/proc`` every ``--interval`` seconds (a peak shorter than that can be missed;
  pages shared between processes are counted once per process, so this errs high); the same
  for the sum of ``Pss`` (shared pages divided among their processes) and for the command's
  own process alone;
- *largest process*: ``ru_maxrss`` from ``wait4`` of the command, i.e. the kernel's high-water
  mark of the biggest single process of the tree (exact; it includes this script's own small
  peak, which a child inherits across ``exec``).

Also per command: its CPU time (workers included) and the CPU every other process of the
machine used meanwhile (the noise on a shared machine).  Findings per rule come from docref's
JSON; each docref run's findings are compared with the first run's.  ``sample`` runs docref on
each ``--corpus`` folder and draws a stratified sample of findings for reading by hand: every
finding of the ``--take-all`` folders, then round-robin over the rules, up to ``--per-rule``
each (lifted only if the sample would stay short of ``--size``), random within a rule, seeded.

    python benchmarks/bench_check.py [timing] [--std DIR] [--pydoclint PATH] [--json-out FILE]
        [--styles numpy sphinx] [--jobs 1 default] [--warm-runs 2]
    python benchmarks/bench_check.py sample --corpus DIR... [--take-all DIR...] [--size 30]
    python benchmarks/bench_check.py modes --std DIR [--one-file REL] [--model-tree DIR]
        [--model-repeat 9]
        [--no-pydoclint-tree]   (see bench_check_modes.py)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from typing import Any

from process_measure import Measured, cpu_model, measure, tail

STD = "/root/.pyenv/versions/3.11.7/lib/python3.11"
PYDOCLINT = "/tmp/pdl/bin/pydoclint"
EXCLUDE = r"site-packages|\.git"  # docref's discovery skips both, so pydoclint must too
TARGET_RATIO = 0.5
TARGET_RSS_MB = 500.0
OUT_DIR = os.path.join("benchmarks", "out")


def run_pydoclint(exe: str, std: str, style: str, work: str, interval: float) -> Measured:
    command = [exe, f"--style={style}", "--exclude", EXCLUDE, std]
    out = os.path.join(work, f"pydoclint-{style}.txt")
    result = measure(f"pydoclint {style}", command, dict(os.environ), out, interval)
    if result.error:
        return result
    if result.returncode not in (0, 1):
        result.error = f"pydoclint exited {result.returncode}: {tail(out + '.err')}"
    codes: Counter[str] = Counter()
    for path in (out, out + ".err"):  # it prints violations to stderr, file names to stdout
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                parts = line.strip().split(": ", 2)
                if len(parts) == 3 and parts[1].startswith("DOC"):
                    codes[parts[1]] += 1
    result.counts = dict(sorted(codes.items()))
    return result


def read_report(result: Measured, out: str) -> dict[str, Any]:
    """docref's JSON report, or {} with ``result.error`` saying why there is none."""
    if result.returncode not in (0, 1):
        result.error = f"docref exited {result.returncode}: {tail(out + '.err')}"
    try:
        with open(out, encoding="utf-8") as fh:
            report: dict[str, Any] = json.load(fh)
    except (OSError, ValueError):
        result.error = result.error or f"docref printed no JSON: {tail(out + '.err')}"
        return {}
    if report.get("errors"):
        result.error = f"docref reported errors: {report['errors'][:3]}"
    return report


def run_docref(
    docref: str, target: str, jobs: int | None, label: str, cache: str, interval: float
) -> tuple[Measured, dict[str, Any]]:
    """Time one ``docref check`` of ``target`` on the cache folder ``cache``; its report."""
    env = {**os.environ, "DOCREF_CACHE_DIR": os.path.join(cache, "cache")}
    out = os.path.join(cache, f"{label.replace(' ', '-')}.json")
    command = [docref, "check", target, "--root", target, "--no-llm", "--format", "json"]
    command += ["--no-progress", *(["--jobs", str(jobs)] if jobs is not None else [])]
    result = measure(label, command, env, out, interval)
    report = {} if result.error else read_report(result, out)
    findings = report.get("findings", [])
    result.counts = dict(sorted(Counter(str(f.get("rule")) for f in findings).items()))
    result.stats = report.get("stats", {})
    result.findings_key = sorted(f"{f['path']}:{f['line']}:{f['rule']}" for f in findings)
    return result, report


def timing(args: argparse.Namespace) -> dict[str, Any]:
    rows: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="docref-bench-check-") as work:
        for style in args.styles:
            rows.append(run_pydoclint(args.pydoclint, args.std, style, work, args.interval))
            print(f"{rows[-1].label}: {rows[-1].wall_s:.1f} s", file=sys.stderr)
        for jobs in args.jobs:
            name = "jobs default" if jobs is None else f"jobs {jobs}"
            cache = tempfile.mkdtemp(prefix="cache-", dir=work)
            for run in range(args.warm_runs + 1):
                label = f"docref {name} {'cold' if run == 0 else f'warm {run}'}"
                result, _ = run_docref(args.docref, args.std, jobs, label, cache, args.interval)
                rows.append(result)
                print(f"{label}: {rows[-1].wall_s:.1f} s", file=sys.stderr)
    return summarise(args, rows)


def summarise(args: argparse.Namespace, rows: list[Measured]) -> dict[str, Any]:
    base = {r.label: r.wall_s for r in rows if r.label.startswith("pydoclint") and not r.error}
    docref_rows = [r for r in rows if r.label.startswith("docref") and not r.error]
    reference = docref_rows[0].findings_key if docref_rows else []
    out_rows = []
    for row in rows:
        item = asdict(row)
        del item["findings_key"]
        item["ratios"] = {k: round(row.wall_s / v, 3) for k, v in base.items() if v > 0}
        if row in docref_rows:
            item["same_findings_as_first_docref_run"] = row.findings_key == reference
            # no pydoclint run (``--styles`` with no value): nothing to hold against
            ratios = item["ratios"].values()
            item["holds_time"] = bool(ratios) and all(r <= TARGET_RATIO for r in ratios)
            # the strict reading: every process of the tree together, shared pages once
            item["holds_memory"] = row.tree_peak_pss_mb <= TARGET_RSS_MB
        out_rows.append(item)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {cpu_model()}, "
        f"Python {platform.python_version()}",
        "std": args.std,
        "pythonpath": os.environ.get("PYTHONPATH"),  # a code snapshot put first, if any
        "interval_s": args.interval,
        "load_average_after": os.getloadavg(),
        "rows": out_rows,
        "findings": reference,
    }


def print_table(results: dict[str, Any]) -> None:
    styles = [r["label"] for r in results["rows"] if r["label"].startswith("pydoclint")]
    ratio_heads = "".join(f"{'/' + s.split()[1]:>9}" for s in styles)
    print(
        f"{'run':<26} {'wall':>7}{ratio_heads} {'tree RSS':>9} {'tree PSS':>9} {'main':>7} "
        f"{'largest':>8} {'procs':>5} {'CPU':>7} {'others':>7} {'found':>6}"
    )
    for row in results["rows"]:
        ratios = "".join(f"{row['ratios'].get(s, 0):>8.2f}x" for s in styles)
        found = sum(row["counts"].values())
        memory = (
            f"{row['tree_peak_rss_mb']:>6.0f} MB {row['tree_peak_pss_mb']:>6.0f} MB "
            f"{row['main_peak_rss_mb']:>4.0f} MB {row['largest_process_mb']:>5.0f} MB"
        )
        print(
            f"{row['label']:<26} {row['wall_s']:>6.1f}s{ratios} {memory} "
            f"{row['processes_seen']:>5} {row['cpu_s']:>6.1f}s {row['others_cpu_s']:>6.1f}s "
            f"{found:>6}" + (f"  ERROR {row['error']}" if row["error"] else "")
        )
    docref_rows = [r for r in results["rows"] if "counts" in r and r["label"].startswith("doc")]
    if docref_rows:
        print("findings per rule:", json.dumps(docref_rows[0]["counts"]))


def sample(args: argparse.Namespace) -> dict[str, Any]:
    """Run docref on every corpus folder; all findings of --take-all, the rest stratified."""
    pool: list[dict[str, Any]] = []
    errors: dict[str, str] = {}
    for folder in [*args.take_all, *args.corpus]:
        name = os.path.basename(os.path.normpath(folder))
        with tempfile.TemporaryDirectory(prefix="docref-sample-") as cache:
            result, report = run_docref(args.docref, folder, None, name, cache, args.interval)
        if result.error:
            errors[folder] = result.error  # the other folders still count
            print(f"sample: {folder}: {result.error}", file=sys.stderr)
        for finding in report.get("findings", []):
            keep = {k: finding.get(k) for k in ("path", "line", "rule", "qualname", "message")}
            pool.append({"package": name, "folder": folder, **keep})
    take_all = {os.path.basename(os.path.normpath(f)) for f in args.take_all}
    chosen = [f for f in pool if f["package"] in take_all]
    rest = [f for f in pool if f["package"] not in take_all]
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for finding in rest:
        by_rule.setdefault(str(finding["rule"]), []).append(finding)
    rng = random.Random(args.seed)
    for group in by_rule.values():
        rng.shuffle(group)
    # round-robin over the rules, least represented first, so every rule that fires is in
    # the sample before any rule gets another pick; the take-all part counts toward the cap.
    # When every rule is at its cap and the sample is still short, the cap is lifted (the
    # same round-robin), so a corpus where few rules fire still yields --size findings.
    taken = Counter(str(f["rule"]) for f in chosen)
    for cap in (args.per_rule, args.size):
        picked = True
        while picked and len(chosen) < args.size:
            picked = False
            for rule in sorted(by_rule, key=lambda r: (taken[r], r)):
                if by_rule[rule] and taken[rule] < cap and len(chosen) < args.size:
                    chosen.append(by_rule[rule].pop())
                    taken[rule] += 1
                    picked = True
    per_rule = Counter(str(f["rule"]) for f in pool)
    return {
        "seed": args.seed,
        "findings_per_rule_in_pool": dict(sorted(per_rule.items())),
        "findings_per_package": dict(sorted(Counter(f["package"] for f in pool).items())),
        "errors": errors,
        "short_by": max(0, args.size - len(chosen)),  # the pool held fewer findings
        "sample": chosen,
    }


def _jobs_value(text: str) -> int | None:
    """``--jobs`` item: ``default`` (docref's own choice) or a positive worker count."""
    if text == "default":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected 'default' or a number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("a worker count must be positive")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("mode", nargs="?", choices=("timing", "sample", "modes"), default="timing")
    parser.add_argument("--std", default=STD, help="tree to time (default: the 3.11 stdlib)")
    parser.add_argument("--pydoclint", default=PYDOCLINT, help="the pydoclint executable")
    parser.add_argument("--styles", nargs="*", default=["numpy", "sphinx"])
    here = os.path.join(os.path.dirname(sys.executable), "docref")
    parser.add_argument("--docref", default=here, help="the docref executable")
    parser.add_argument("--warm-runs", type=int, default=2)
    parser.add_argument(
        "--jobs",
        nargs="+",
        type=_jobs_value,
        default=[1, None],
        help="docref configurations to time: worker counts and/or 'default' (no --jobs flag)",
    )
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between samples")
    parser.add_argument("--corpus", nargs="*", default=[], help="sample: folders to check")
    parser.add_argument("--take-all", nargs="*", default=[], help="sample: keep every finding")
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--per-rule", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--json-out", default=None)
    # ``modes`` (bench_check_modes.py): cold / warm / one file next to ruff and pydoclint
    parser.add_argument("--ruff", default=os.path.join(os.path.dirname(sys.executable), "ruff"))
    parser.add_argument("--one-file", default="inspect.py", help="modes: relative to --std")
    parser.add_argument("--no-pydoclint-tree", action="store_true")
    parser.add_argument(
        "--repeat", type=int, default=1, help="modes: runs of each warm mode (median kept)"
    )
    parser.add_argument(
        "--model-tree", default=None, help="modes: a tree for --model (thousands of answers)"
    )
    parser.add_argument(
        "--model-repeat", type=int, default=9, help="modes: alternated static/model pairs"
    )
    parser.add_argument(
        "--model-only",
        action="store_true",
        help="modes: only the --model-tree rows (static warm vs model cached)",
    )
    args = parser.parse_args()
    if args.warm_runs < 0 or args.interval <= 0 or args.size < 1 or args.per_rule < 1:
        parser.error("--warm-runs must be >= 0; --interval, --size and --per-rule positive")
    if shutil.which(args.docref) is None:
        parser.error(f"no docref executable at {args.docref} (pass --docref)")
    missing = [d for d in [args.std, *args.corpus, *args.take_all] if not os.path.isdir(d)]
    if missing:
        parser.error(f"not a folder: {', '.join(missing)}")
    if args.mode == "timing" and shutil.which(args.pydoclint) is None:
        # docref is still timed; the ratios are then simply absent
        print(f"bench_check: no pydoclint at {args.pydoclint}; timing docref only", file=sys.stderr)
        args.styles = []
    default_out = {"timing": "bench_check.json", "modes": "bench_check_modes.json"}.get(
        args.mode, "check_sample.json"
    )
    json_out = args.json_out or os.path.join(OUT_DIR, default_out)
    if args.mode == "modes":
        from bench_check_modes import modes, print_modes

        results = modes(args)
        print_modes(results)
    elif args.mode == "timing":
        results = timing(args)
        print_table(results)
    else:
        results = sample(args)
        for item in results["sample"]:
            print(f"{item['package']:<12} {item['path']}:{item['line']} {item['rule']}")
    os.makedirs(os.path.dirname(json_out) or ".", exist_ok=True)
    with open(json_out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    print(f"wrote {json_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
