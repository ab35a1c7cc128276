"""Which judged findings of several rules still fire: one ``docref check`` per corpus (session 20).

``still_firing_files.py --rule R`` checks one rule's files; a session working on six rules
would run every corpus six times.  This checks, corpus by corpus, the union of the files the
judged rows of ``--rules`` are in (``docref check --no-llm``, a subprocess, the corpus root as
``--root``), keeps every finding keyed as ``precision.py`` does, and ``table`` prints per rule
the judged rows that still fire in their own rule (TRUE/FALSE/DEBATABLE, strict precision,
Wilson 95%); ``compare`` lists the judged rows one run has and the other has not.

    nice -n 10 python benchmarks/still_firing_rules.py run --out benchmarks/out/a.json
    python benchmarks/still_firing_rules.py table benchmarks/out/a.json [-v]
    python benchmarks/still_firing_rules.py compare benchmarks/out/a.json benchmarks/out/b.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import load_judged, wilson
from still_firing_files import check_files, corpus_root

RULES = (
    "C2-OPTIONAL-FLAG",
    "C3-RETURNS-YIELDS",
    "C2-PARAM-TYPE",
    "C2-RETURN-TYPE",
    "C3-RAISES",
    "C2-DEFAULT-MISMATCH",
)


def run(rules: list[str], only: list[str]) -> dict[str, dict[str, Any]]:
    """Every finding (by key) on the files the judged rows of ``rules`` are in."""
    files: dict[str, set[str]] = defaultdict(set)
    for row in load_judged("python").values():
        if row["rule"] in rules and (not only or row["corpus"] in only):
            files[row["corpus"]].add(row["path"])
    return check_files(files)


def table(path: str, rules: list[str], verbose: bool) -> None:
    with open(path) as fh:
        fired = json.load(fh)
    judged = load_judged("python")
    print("| rule | judged rows checkable | still fire: TRUE/FALSE/DEB | strict | Wilson 95% |")
    print("|---|---|---|---|---|")
    for rule in rules:
        rows = [r for r in judged.values() if r["rule"] == rule and corpus_root(r["corpus"])]
        firing = [r for r in rows if fired.get(r["key"], {}).get("rule") == rule]
        counts = Counter(r["verdict"] for r in firing)
        n, true = len(firing), counts["TRUE"]
        low, high = wilson(true, n)
        print(
            f"| {rule} | {len(rows)} | {true}/{counts['FALSE']}/{counts['DEBATABLE']} | "
            f"{true / max(n, 1):.0%} | [{low:.0%}, {high:.0%}] |"
        )
        for r in sorted(firing, key=lambda r: r["round"]) if verbose else []:
            if r["verdict"] != "TRUE":
                print(f"    {r['verdict'][:3]} r{r['round']} {r['corpus']} {r['qualname']}")


def compare(before_path: str, after_path: str, rules: list[str]) -> None:
    with open(before_path) as fh:
        before = json.load(fh)
    with open(after_path) as fh:
        after = json.load(fh)
    judged = load_judged("python")
    for sign, keys in (("-", before.keys() - after.keys()), ("+", after.keys() - before.keys())):
        for key in sorted(keys):
            found = before.get(key) or after[key]
            if not any(found["rule"].startswith(r) for r in rules):
                continue
            row = judged.get(key)
            verdict = f"{row['verdict']} r{row['round']}" if row else "unjudged"
            print(f"{sign} {verdict:14} {found['corpus']:18} {found['message'][:90]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("command", choices=("run", "table", "compare"))
    ap.add_argument("files", nargs="*")
    ap.add_argument("--rules", nargs="*", default=list(RULES))
    ap.add_argument("--only", nargs="*", default=[], help="run: only these corpora")
    ap.add_argument("--out", help="run: where to write the findings (JSON)")
    ap.add_argument("-v", "--verbose", action="store_true", help="table: list the non-TRUE rows")
    args = ap.parse_args()
    if args.command == "run":
        fired = run(args.rules, args.only)
        if args.out:
            with open(args.out, "w") as fh:
                json.dump(fired, fh)
        print(f"{len(fired)} findings on the judged rows' files")
    elif args.command == "table":
        table(args.files[0], args.rules, args.verbose)
    else:
        compare(args.files[0], args.files[1], args.rules)


if __name__ == "__main__":
    main()
