"""Where a cold check's CPU goes, documented function by documented function (issue 18 point 4).

The question it answers: could a cheap whole-docstring pre-check (skip segmentation and the
rules for a docstring no rule can contradict) cut a cold run's CPU?  For each tree, in one
process and without a cache: index, decode every extract (not what is measured), then check
every file with the default rules, timing per documented function its segmentation and each
rule (``time.process_time``).  Printed per tree:

* the check's CPU, the share spent on functions that end with no finding (the most any skip
  could save) and on class docstrings and the rest of :func:`check_file`;
* ``no trigger``: the docstrings holding none of the cues a rule starts from (a backtick,
  ``name(``, a ``:field``, a section heading, a dotted name, an ALL_CAPS or snake_case word,
  the words return/yield/raise/default/optional) -- a *generous* ceiling of a text pre-check:
  the rules read more cues than these (types said in words, prose claims), so a safe
  pre-check skips fewer;
* CPU and findings per rule (the first rule to build a shared scope or scan pays for it).

    python benchmarks/check_shares.py TREE... [--json OUT]

The cyclic collector is off, as in a cold run.  In one process the installed-module parses
and the extract decodes fall where the first rule asks for them; a pooled cold run splits the
same work over two workers.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

_CUES = {
    "backtick": r"`",
    "call": r"\w\(",
    "field": r"(?m)^\s*:\w",
    "section": r"(?m)^\s*[-=]{3,}\s*$|^\s*(?:Args|Arguments|Parameters|Returns?|Yields?|Raises|"
    r"Keyword)\b.*:?\s*$",
    "dotted": r"\w\.\w",
    "caps": r"\b[A-Z][A-Z0-9_]{2,}\b",
    "snake": r"\w_\w",
    "words": r"(?i)\b(?:return|yield|raise|default|optional)",
}
_CUE_RES = {name: re.compile(pattern) for name, pattern in _CUES.items()}


def measure(tree: str) -> dict[str, Any]:
    import docref.checks.static.runner as runner
    from docref.graph.project import ProjectGraph

    gc.disable()  # as a cold run does (check_run.no_cycle_collection): no collector pauses
    graph = ProjectGraph(tree, use_cache=False)
    graph.index(workers=1)
    for rel in sorted(graph.entries):
        graph.get(rel)  # decoded here, not inside the first rule that reads it
    rows: list[dict[str, Any]] = []
    per_rule: Counter[str] = Counter()
    rule_findings: Counter[str] = Counter()
    pending = {"segment": 0.0}
    segment, run_rules = runner.segment_docstring, runner.run_rules

    def timed_segment(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return segment(*args, **kwargs)
        finally:
            pending["segment"] += time.process_time() - started

    def timed_rules(inp: Any, rules: Any, errors: list[str]) -> list[Any]:
        found: list[Any] = []
        total = 0.0
        for rule in rules:
            started = time.process_time()
            try:
                got = list(rule(inp))
            except Exception as exc:  # as run_rules: told, the other rules still run
                errors.append(f"{rule.__name__}: {exc!r}")
                got = []
            spent = time.process_time() - started
            total += spent
            per_rule[rule.__name__] += spent
            rule_findings[rule.__name__] += len(got)
            found.extend(got)
        doc = inp.function.docstring
        text = inp.data[doc.span.start_byte : doc.span.end_byte].decode("utf-8", "replace")
        cues = [name for name, rx in _CUE_RES.items() if rx.search(text)]
        rows.append(
            {"segment": pending["segment"], "rules": total, "findings": len(found), "cues": cues}
        )
        pending["segment"] = 0.0
        return found

    chosen = runner.rules_for(())
    runner.segment_docstring = timed_segment  # type: ignore[assignment]
    runner.run_rules = timed_rules  # type: ignore[assignment]
    try:
        started = time.process_time()
        for rel in sorted(graph.entries):
            runner.check_file(graph, rel, chosen)
        check = time.process_time() - started
    finally:
        runner.segment_docstring = segment
        runner.run_rules = run_rules
        gc.enable()

    def spent(selected: list[dict[str, Any]]) -> float:
        return sum(r["segment"] + r["rules"] for r in selected)

    zero = [r for r in rows if not r["findings"]]
    plain = [r for r in rows if not r["cues"]]
    return {
        "tree": tree,
        "files": len(graph.entries),
        "functions": len(rows),
        "with_findings": len(rows) - len(zero),
        "check_s": check,
        "functions_s": spent(rows),
        "zero_finding_s": spent(zero),
        "zero_finding_segment_s": sum(r["segment"] for r in zero),
        "plain": len(plain),
        "plain_s": spent(plain),
        "plain_with_findings": sum(1 for r in plain if r["findings"]),
        "cue_share": {name: spent([r for r in rows if name in r["cues"]]) for name in _CUES},
        "rules_s": dict(per_rule.most_common()),
        "rule_findings": dict(rule_findings),
    }


def show(result: dict[str, Any]) -> None:
    check = result["check_s"] or 1.0
    fns = result["functions_s"] or 1.0
    print(
        f"\n{os.path.basename(os.path.normpath(result['tree']))}: {result['files']} files, "
        f"{result['functions']} documented functions ({result['with_findings']} with findings)"
    )
    print("| part | CPU s | share of check |")
    print("|---|---|---|")
    rest = check - result["functions_s"]
    for label, value in (
        ("check (every file)", check),
        ("documented functions: segmentation + rules", result["functions_s"]),
        ("... of them ending with no finding", result["zero_finding_s"]),
        ("... ... their segmentation", result["zero_finding_segment_s"]),
        (f"... no trigger ({result['plain']} docstrings)", result["plain_s"]),
        ("classes and the rest of check_file", rest),
    ):
        print(f"| {label} | {value:.2f} | {value / check:.1%} |")
    print("| cue (docstrings holding it) | share of the functions' CPU |")
    print("|---|---|")
    for name, value in result["cue_share"].items():
        print(f"| {name} | {value / fns:.1%} |")
    print("| rule | CPU s | findings |")
    print("|---|---|---|")
    for name, value in result["rules_s"].items():
        print(f"| {name} | {value:.2f} | {result['rule_findings'].get(name, 0)} |")


def run_trees(
    doc: str | None,
    measure: Callable[[str], dict[str, Any]],
    show: Callable[[dict[str, Any]], None],
) -> int:
    """The command line both CPU-share benchmarks take: ``measure`` and ``show`` each tree
    given, and write every result to ``--json``."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--json", default=None, help="write the figures here")
    args = parser.parse_args()
    results = []
    for tree in args.trees:
        if not os.path.isdir(tree):
            parser.error(f"not a folder: {tree}")
        result = measure(tree)
        show(result)
        results.append(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    return 0


def main() -> int:
    return run_trees(__doc__, measure, show)


if __name__ == "__main__":
    sys.exit(main())
