"""Precision sample for the C1 name rules on a real code base (default: the CPython stdlib).

Indexes ``--root``, runs ``C1-XREF-UNRESOLVED`` and ``C1-NAME-UNRESOLVED`` on every file,
prints each finding (path, line, qualname, rule, message, the flagged sentence) and a summary,
and writes them as JSON for reading by hand (default ``benchmarks/out/names.json``).  A
``--seed``ed random ``--sample`` of the findings can be printed instead of all of them.

    python benchmarks/names_sample.py [--root DIR] [--out FILE] [--sample N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sysconfig
import tempfile
import time
from typing import Any

from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.runner import check_file
from docref.graph.project import ProjectGraph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", default=sysconfig.get_paths()["stdlib"])
    parser.add_argument("--out", default=os.path.join("benchmarks", "out", "names.json"))
    parser.add_argument("--sample", type=int, default=0, help="print only N random findings")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as cache:
        graph = ProjectGraph(args.root, cache_directory=cache)
        report = graph.index()
        started = time.perf_counter()
        findings: list[dict[str, Any]] = []
        errors: list[str] = []
        functions = 0
        for path in sorted(graph.entries):
            result = check_file(graph, path, rules=(c1_xref_unresolved, c1_name_unresolved))
            functions += result.functions
            errors.extend(result.errors)
            findings.extend(
                {
                    "path": f.path,
                    "line": f.line,
                    "qualname": f.qualname,
                    "rule": f.rule,
                    "message": f.message,
                    "segment": f.segment_text,
                }
                for f in result.findings
            )
        seconds = time.perf_counter() - started
        graph.close()

    shown = findings
    if args.sample and args.sample < len(findings):
        shown = random.Random(args.seed).sample(findings, args.sample)
    for item in shown:
        print(f"{item['path']}:{item['line']} {item['qualname']} [{item['rule']}]")
        print(f"    {item['message']}")
        print(f"    > {item['segment'][:300]}")
    summary = {
        "root": args.root,
        "files": report.files,
        "documented_functions": functions,
        "findings": len(findings),
        "by_rule": {
            rule: sum(1 for f in findings if f["rule"] == rule)
            for rule in sorted({f["rule"] for f in findings})
        },
        "rule_errors": len(errors),
        "check_seconds": round(seconds, 2),
    }
    print(json.dumps(summary, indent=2))
    for error in errors[:20]:
        print("ERROR", error)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"summary": summary, "findings": findings, "errors": errors}, fh, indent=1)


if __name__ == "__main__":
    main()
