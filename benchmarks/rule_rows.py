"""Where every judged first-pass row of some rules stands with a given code (session 18, opt).

A rule's first-pass precision is history: each round's fixes silenced some of its rows.  What a
fix for the rule has to answer is which judged rows still fire *now*, and whether a change
silences (or moves to the rule's opt-in id) TRUE rows.  This runs ``docref check --no-llm``
restricted to the rules (and their opt-in ids) on every corpus that holds one of their judged
rows and is present here (``/work/corpora``, and ``/work/notes/private/rNN/corpora`` for the
rounds whose corpora were kept there), then reports, per rule and per half of the rounds
(0-20: what fixes may be chosen on; 21-26: the check held out inside the data), the first-pass
rows that fire in the default set, and what a second run moved or silenced.

    nice -n 10 python benchmarks/rule_rows.py run OUT [--corpus NAME ...]   # -> OUT/NAME.json
    python benchmarks/rule_rows.py table OUT_BEFORE OUT_AFTER

Only rows whose corpus is present count (rounds 6-13's corpora are gone: their rows are not
checked), so the figures are of the checked rows, not of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import DATA, finding_key, wilson
from precision_shapes import corpus_sets, first_pass
from still_firing_files import corpus_root

# each rule with the opt-in id its weak shapes move to
RULES = {
    "C2-OPTIONAL-FLAG": "C2-OPTIONAL-FLAG-WEAK",
    "C3-RETURNS-YIELDS": "C3-RETURNS-WEAK",
    "C3-RAISES": "C3-RAISES-GENERIC",
}


def _rows() -> list[dict[str, Any]]:
    with open(os.path.join(DATA, "judged-python.jsonl")) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def cmd_run(args: argparse.Namespace) -> None:
    os.makedirs(args.out, exist_ok=True)
    select = ",".join(sorted({*RULES, *RULES.values()}))
    corpora = sorted({r["corpus"] for r in _rows() if r["rule"] in RULES})
    cache = tempfile.mkdtemp(prefix="docref-rule-rows-")
    for corpus in corpora:
        root = corpus_root(corpus)
        if root is None or (args.corpus and corpus not in args.corpus):
            continue
        proc = subprocess.run(
            [
                *args.docref.split(),
                "check",
                "--no-llm",
                "--format",
                "json",
                "--no-progress",
                "--jobs",
                "1",
                "--select",
                select,
                "--root",
                root,
                root,
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "DOCREF_CACHE_DIR": cache},
        )
        if proc.returncode not in (0, 1):
            print(f"{corpus}: docref exited {proc.returncode}", file=sys.stderr)
            continue
        with open(os.path.join(args.out, corpus + ".json"), "w") as fh:
            fh.write(proc.stdout)
        print(f"{corpus}: {len(json.loads(proc.stdout)['findings'])} findings", file=sys.stderr)


def _states(out: str, rows: list[dict[str, Any]]) -> dict[str, str]:
    """Per first-pass row of a corpus the run holds: ``main`` (fires under its rule), ``weak``
    (under the opt-in id) or ``gone``."""
    fired: set[str] = set()
    present = {n[:-5] for n in os.listdir(out) if n.endswith(".json")}
    for corpus in present:
        with open(os.path.join(out, corpus + ".json")) as fh:
            fired |= {finding_key(corpus, f) for f in json.load(fh)["findings"]}
    states = {}
    for r in rows:
        if r["corpus"] in present:
            weak = finding_key(
                r["corpus"], {**r, "segment_text": r["sentence"], "rule": RULES[r["rule"]]}
            )
            states[r["key"]] = "main" if r["key"] in fired else "weak" if weak in fired else "gone"
    return states


def cmd_table(args: argparse.Namespace) -> None:
    sets = corpus_sets()
    rows = [r for r in _rows() if r["rule"] in RULES and first_pass(r, sets)]
    before, after = _states(args.before, rows), _states(args.after, rows)
    print("rule | rounds | before: TRUE/FALSE/DEB, strict | after | moved or silenced")
    print("---|---|---|---|---")
    for rule in RULES:
        for half, low, high in (("0-20", 0, 20), ("21-26", 21, 26)):
            sel = [r for r in rows if r["rule"] == rule and low <= r["round"] <= high]
            sel = [r for r in sel if r["key"] in before and r["key"] in after]
            cells = [
                _cell([r["verdict"] for r in sel if st[r["key"]] == "main"])
                for st in (before, after)
            ]
            moved = Counter(
                (r["verdict"], after[r["key"]])
                for r in sel
                if before[r["key"]] == "main" and after[r["key"]] != "main"
            )
            text = ", ".join(f"{v} {s} {n}" for (v, s), n in sorted(moved.items())) or "-"
            print(f"{rule} | {half} | {cells[0]} | {cells[1]} | {text}")


def _cell(verdicts: list[str]) -> str:
    c = Counter(verdicts)
    n, t = len(verdicts), c["TRUE"]
    if not n:
        return "-"
    lo, hi = wilson(t, n)
    return f"{t}/{c['FALSE']}/{c['DEBATABLE']}, {100 * t / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("out")
    run.add_argument("--corpus", nargs="*")
    run.add_argument("--docref", default=f"{sys.executable} -m docref")
    table = sub.add_parser("table")
    table.add_argument("before")
    table.add_argument("after")
    args = ap.parse_args()
    {"run": cmd_run, "table": cmd_table}[args.cmd](args)


if __name__ == "__main__":
    main()
