"""Where the C1 name rules' CPU goes in a cold check, part by part (issue 18, session 18).

C1-NAME-UNRESOLVED and C1-XREF-UNRESOLVED share one scan of the names a docstring mentions
(:mod:`docref.checks.static.names`).  For each tree, in one process and without a cache: index,
decode every extract (not measured), then check every file with the default rules, timing
(``time.process_time``) the two rules and the parts of their pass:

* ``find_mentions`` (the markup and prose scan of each segment), ``example_words`` and
  ``_introduced`` (what the docstring defines itself), ``python_scope`` (the function's name
  scope, paid by the first rule that asks), ``judge_python`` (resolving each mention), the
  finding builders;
* of ``judge_python``: the installed-module lookups it triggers (``external.python.lookup``:
  the first reach of each installed module parses it);
* what memoising would save: the CPU of judgments repeated for the same scope and mention
  (target, kind, role), and of ``_introduced`` computed again for a docstring both rules scan;
* ``loop and gates``: the rules' time outside the parts above.

    python benchmarks/name_scan_parts.py TREE... [--json OUT]

The cyclic collector is off, as in a cold run.  The parts nest (lookups inside judgments), so
only the top-level ones add up to the rules' time.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from check_shares import run_trees

_PARTS = (
    "find_mentions",
    "example_words",
    "_introduced",
    "python_scope",
    "judge_python",
    "unresolved_finding",
    "stale_finding",
)
_RULES = ("c1_name_unresolved", "c1_xref_unresolved")


def measure(tree: str) -> dict[str, Any]:
    import docref.checks.static.names as names
    import docref.checks.static.runner as runner
    import docref.external.python as external
    from docref.graph.project import ProjectGraph

    gc.disable()  # as a cold run does (check_run.no_cycle_collection)
    graph = ProjectGraph(tree, use_cache=False)
    graph.index(workers=1)
    for rel in sorted(graph.entries):
        graph.get(rel)  # decoded here, not inside the first rule that reads it
    spent: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    state = {"inside": False}
    judged: set[tuple[int, str, str, str | None]] = set()
    introduced: set[int] = set()

    def timed(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return func(*args, **kwargs)
            finally:
                took = time.process_time() - started
                label = name
                if name == "lookup":
                    label = "lookups in name rules" if state["inside"] else "lookups elsewhere"
                spent[label] += took
                calls[label] += 1
                if name == "judge_python":
                    key = (id(args[0]), args[1].target, args[1].kind, args[1].role)
                    if key in judged:
                        spent["... repeated judgments"] += took
                        calls["... repeated judgments"] += 1
                    judged.add(key)
                if name == "_introduced":
                    if id(args[0].docstring) in introduced:
                        spent["... repeated _introduced"] += took
                        calls["... repeated _introduced"] += 1
                    introduced.add(id(args[0].docstring))

        return run

    saved = {name: getattr(names, name) for name in _PARTS}
    saved_lookup, saved_rules = external.lookup, runner.run_rules
    for name in _PARTS:
        setattr(names, name, timed(name, saved[name]))
    external.lookup = timed("lookup", saved_lookup)  # type: ignore[assignment]

    def timed_rules(inp: Any, rules: Any, errors: list[str]) -> list[Any]:
        found: list[Any] = []
        for rule in rules:
            state["inside"] = rule.__name__ in _RULES
            started = time.process_time()
            found.extend(rule(inp))
            if state["inside"]:
                spent[rule.__name__] += time.process_time() - started
            state["inside"] = False
        return found

    runner.run_rules = timed_rules  # type: ignore[assignment]
    try:
        started = time.process_time()
        for rel in sorted(graph.entries):
            runner.check_file(graph, rel, runner.rules_for(()))
        check = time.process_time() - started
    finally:
        for name in _PARTS:
            setattr(names, name, saved[name])
        external.lookup, runner.run_rules = saved_lookup, saved_rules  # type: ignore[assignment]
        gc.enable()
    rules = sum(spent[r] for r in _RULES)
    spent["loop and gates"] = rules - sum(spent[p] for p in _PARTS)
    return {
        "tree": tree,
        "files": len(graph.entries),
        "check_s": check,
        "name_rules_s": rules,
        "parts_s": dict(spent),
        "calls": dict(calls),
    }


def show(result: dict[str, Any]) -> None:
    rules = result["name_rules_s"] or 1.0
    print(
        f"\n{os.path.basename(os.path.normpath(result['tree']))}: {result['files']} files, "
        f"check {result['check_s']:.2f} s CPU, the two name rules {result['name_rules_s']:.2f} s"
    )
    print("| part | CPU s | calls | share of the name rules |")
    print("|---|---|---|---|")
    order = [*_RULES, *_PARTS, "lookups in name rules", "... repeated judgments"]
    order += ["... repeated _introduced", "loop and gates", "lookups elsewhere"]
    for name in order:
        value = result["parts_s"].get(name, 0.0)
        count = result["calls"].get(name, "")
        print(f"| {name} | {value:.2f} | {count} | {value / rules:.1%} |")


def main() -> int:
    return run_trees(__doc__, measure, show)


if __name__ == "__main__":
    sys.exit(main())
