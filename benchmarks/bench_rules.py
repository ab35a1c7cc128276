"""CPU of the static rules alone (no indexing, no output), with the default rules and with
every opt-in rule on, per project: what enabling the opt-in twins costs (session 15: each
twin filters its parent rule's candidates, computed once per function, :func:`per_function`).

    python benchmarks/bench_rules.py DIR [DIR ...] [--reps 3] [--json-out FILE]

Each (project, rule set, repetition) runs in a fresh child process (the checks' process-wide
caches start empty each time): it indexes the project in memory (no disk cache), then times
:func:`check_file` over every indexed file with the process's CPU clock
(``time.process_time``, so a loaded machine changes the figure less than a wall clock would).
The table shows the smallest CPU time of the repetitions and the number of findings.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

_CHILD = """
import json, sys, time
from docref.checks.static.runner import OPT_IN_RULES, check_file, rules_for
from docref.graph.project import ProjectGraph
root, mode = sys.argv[1], sys.argv[2]
rules = rules_for(tuple(OPT_IN_RULES) if mode == "optin" else ())
graph = ProjectGraph(root, use_cache=False)
graph.index(workers=1)
paths = sorted(graph.entries)
started = time.process_time()
findings = sum(len(check_file(graph, path, rules).findings) for path in paths)
print(json.dumps({"cpu_s": time.process_time() - started, "files": len(paths),
                  "findings": findings}))
"""


def _run(root: str, mode: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, root, mode],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="project folders")
    parser.add_argument("--reps", type=int, default=3, help="child runs per project and mode")
    parser.add_argument("--json-out", help="write the figures here")
    args = parser.parse_args(argv)
    rows = []
    print(f"{'project':<24} {'files':>6} {'default s':>10} {'opt-in s':>10} {'ratio':>6} findings")
    for root in args.dirs:
        row: dict[str, object] = {"project": os.path.basename(os.path.normpath(root))}
        cpu_s: dict[str, float] = {}
        for mode in ("default", "optin"):
            runs = [_run(root, mode) for _ in range(args.reps)]
            row[mode] = cpu_s[mode] = min(r["cpu_s"] for r in runs)
            row[f"{mode}_findings"] = runs[0]["findings"]
            row["files"] = runs[0]["files"]
        rows.append(row)
        default, optin = cpu_s["default"], cpu_s["optin"]
        ratio = f"{optin / default:.2f}" if default else "-"
        found = f"{row['default_findings']} / {row['optin_findings']}"
        cpu = f"{default:>10.2f} {optin:>10.2f} {ratio:>6}"
        print(f"{row['project']:<24} {row['files']:>6} {cpu} {found}")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(
                {"date": time.strftime("%Y-%m-%d"), "reps": args.reps, "rows": rows}, fh, indent=1
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
