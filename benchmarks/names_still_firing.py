"""Session 18 (nel): which judged first-pass findings of the name rules still fire at this
checkout, and under which id (a default rule or an opt-in one).

Runs ``docref check --no-llm`` (a subprocess, fresh cache, every opt-in C1 id selected too)
on each corpus holding a judged first-pass row of the rules asked, then matches each row to a
finding by where it is and what it names (corpus, path, qualname, subject, sentence: the
rule and the rest of the message may have changed).  Prints, per round group, the verdicts
of the rows per id they fire under now (``-``: no longer fire), and writes the runs to
``--out`` (re-used with ``--reuse``).

    nice -n 10 python benchmarks/names_still_firing.py --rounds 13-20 21-26 --out DIR [--reuse]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from names_elsewhere import corpus_root, fmt, rounds
from precision import load_judged
from precision_shapes import corpus_sets, first_pass

OPT_IN = (
    "C1-PROSE-NAME-ELSEWHERE,C1-NAME-DERIVED,C1-NAME-IN-TESTS,C1-PROSE-NAME-WORD,"
    "C1-XREF-UNCORROBORATED"
)
_SUBJECT = re.compile(r"[`\"]([^`\"]+)[`\"]")


def place(corpus: str, path: str, qualname: str, message: str, sentence: str) -> tuple[str, ...]:
    subject = _SUBJECT.search(message)
    return (corpus, path, qualname, subject[1] if subject else "", " ".join(sentence.split()))


def run(root: str, out: str, reuse: bool) -> list[dict[str, Any]]:
    if reuse and os.path.exists(out):
        with open(out, encoding="utf-8") as fh:
            return list(json.load(fh)["findings"])
    cache = out + ".cache"
    argv = [sys.executable, "-m", "docref", "check", "--no-llm", "--format", "json"]
    argv += ["--no-progress", "--extend-select", OPT_IN, "--root", root, root]
    proc = subprocess.run(
        argv, capture_output=True, text=True, env={**os.environ, "DOCREF_CACHE_DIR": cache}
    )
    subprocess.run(["rm", "-rf", cache], check=False)
    if proc.returncode not in (0, 1):
        print(f"{root}: docref exited {proc.returncode}: {proc.stderr[-500:]}", file=sys.stderr)
        return []
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(proc.stdout)
    return list(json.loads(proc.stdout)["findings"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", nargs="+", default=["13-20", "21-26"])
    ap.add_argument("--rules", nargs="+", default=["C1-NAME-UNRESOLVED"])
    ap.add_argument("--out", required=True)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    groups = [(g, rounds(g)) for g in args.rounds]
    judged, sets = load_judged("python"), corpus_sets()
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in judged.values():
        rnd = int(row.get("round", -1))
        if row["rule"] in args.rules and any(rnd in r for _, r in groups) and first_pass(row, sets):
            rows[row["corpus"]].append(row)
    cells: Counter[tuple[str, str, str, str]] = Counter()
    shown: list[str] = []
    for corpus in sorted(rows):
        root = corpus_root(corpus, int(rows[corpus][0]["round"]))
        if root is None:
            print(f"not found: {corpus} ({len(rows[corpus])} rows)", file=sys.stderr)
            continue
        found = run(root, os.path.join(args.out, f"{corpus}.json"), args.reuse)
        now = {}
        for f in found:
            key = place(corpus, f["path"], f["qualname"], f["message"], f.get("segment_text", ""))
            now.setdefault(key, f["rule"])
        for row in rows[corpus]:
            key = place(corpus, row["path"], row["qualname"], row["message"], row["sentence"])
            rule = now.get(key, "-")
            group = next(g for g, r in groups if int(row["round"]) in r)
            cells[(group, row["rule"], rule, row["verdict"])] += 1
            if args.show:
                shown.append(
                    f"  {group} {row['verdict']:9} {rule:24} {corpus}: {row['message'][:90]}"
                )
    for group, _ in groups:
        for was in args.rules:
            print(f"{group} first pass {was}:")
            for rule in sorted({r for g, w, r, _ in cells if (g, w) == (group, was)}):
                c = Counter(
                    {v: n for (g, w, r, v), n in cells.items() if (g, w, r) == (group, was, rule)}
                )
                print(f"  now {rule:26} {fmt(c)}")
    print("\n".join(shown))


if __name__ == "__main__":
    main()
