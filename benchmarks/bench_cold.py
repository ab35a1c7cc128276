"""A cold ``docref check`` next to pydoclint on the same trees, alternated (issue 18 point 4).

For each round and each tree, one after the other: pydoclint ``--style=numpy`` on the tree,
then ``docref check DIR --root DIR --no-llm --no-cache --format json --no-progress`` (with
``--jobs N`` when given).  Each command is a child process measured by
:func:`bench_check.measure`: wall time, CPU (user + system of the process tree, docref's
workers included) and the tree's peak RSS.  The ratio docref / pydoclint is taken per round
(both measured back to back, so a loaded machine weighs on both alike), then the median.
With ``--save DIR`` docref's JSON reports are kept (``DIR/<tree name>.json``) to compare
with ``benchmarks/same_findings.py``.

    python benchmarks/bench_cold.py TREE... [--rounds 2] [--jobs N] [--save DIR]
        [--pydoclint /tmp/pdl/bin/pydoclint] [--docref PATH]

Target (issue 18): docref <= 0.5x pydoclint's wall time on a non-stdlib project of >= 300
files and on the standard library.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile

from bench_check import EXCLUDE, PYDOCLINT, measure


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("trees", nargs="+", help="folders to check (each its own root)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=None, help="docref --jobs (default: none)")
    parser.add_argument("--pydoclint", default=PYDOCLINT)
    here = os.path.join(os.path.dirname(sys.executable), "docref")
    parser.add_argument("--docref", default=here)
    parser.add_argument("--save", default=None, help="keep docref's JSON reports here")
    parser.add_argument("--no-pydoclint", action="store_true", help="time docref only")
    args = parser.parse_args()
    for tree in args.trees:
        if not os.path.isdir(tree):
            parser.error(f"not a folder: {tree}")
    work = tempfile.mkdtemp(prefix="bench-cold-")
    rows: dict[str, list[tuple[float, float, float, float, float]]] = {}
    try:
        for round_no in range(1, args.rounds + 1):
            for tree in args.trees:
                name = os.path.basename(os.path.normpath(tree))
                peer = None
                if not args.no_pydoclint:
                    command = [args.pydoclint, "--style=numpy", "--exclude", EXCLUDE, tree]
                    peer = measure("pydoclint", command, dict(os.environ), f"{work}/p.txt", 0.1)
                command = [args.docref, "check", tree, "--root", tree, "--no-llm", "--no-cache"]
                command += ["--format", "json", "--no-progress"]
                if args.jobs is not None:
                    command += ["--jobs", str(args.jobs)]
                out = f"{work}/{name}.json"
                ours = measure("docref", command, dict(os.environ), out, 0.1)
                if ours.returncode not in (0, 1):
                    print(f"docref failed on {tree}: see {out}.err", file=sys.stderr)
                    return 2
                if args.save:
                    os.makedirs(args.save, exist_ok=True)
                    shutil.copy(out, os.path.join(args.save, f"{name}.json"))
                p_wall = peer.wall_s if peer else float("nan")
                p_cpu = peer.cpu_s if peer else float("nan")
                row = (ours.wall_s, ours.cpu_s, p_wall, p_cpu, ours.tree_peak_rss_mb)
                rows.setdefault(tree, []).append(row)
                print(
                    f"round {round_no} {name}: docref {ours.wall_s:.2f} s ({ours.cpu_s:.2f} s "
                    f"CPU, {ours.tree_peak_rss_mb:.0f} MB), pydoclint {p_wall:.2f} s "
                    f"({p_cpu:.2f} s CPU): {ours.wall_s / p_wall:.2f}x wall, "
                    f"{ours.cpu_s / p_cpu:.2f}x CPU, load {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("tree | docref wall (CPU) | pydoclint wall (CPU) | ratio wall (CPU) | peak RSS")
    for tree, got in rows.items():
        med = [statistics.median(r[i] for r in got) for i in range(5)]
        wall = statistics.median(r[0] / r[2] for r in got)
        cpu = statistics.median(r[1] / r[3] for r in got)
        print(
            f"{tree} | {med[0]:.2f} s ({med[1]:.2f} s) | {med[2]:.2f} s ({med[3]:.2f} s) | "
            f"{wall:.2f}x ({cpu:.2f}x) | {med[4]:.0f} MB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
