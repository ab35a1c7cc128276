"""Which judged findings of one rule still fire, checking only the files they are in.

``precision_shapes.py --still-firing`` needs a whole ``precision.py run`` of each set (every
file of every project); a fix to one rule changes only the findings of the files that rule
fired in, so this runs ``docref check --no-llm`` (a subprocess, as a user runs it, with the
corpus root as ``--root`` so the project graph is whole) on just those files, corpus by corpus,
and keys the findings as ``precision.py`` does.  Compare two runs (main and a branch) with
``--compare``: the judged rows gone and added, and per verdict and round half how many fire.

    python benchmarks/still_firing_files.py --rule C1-PARAM-UNKNOWN --out benchmarks/out/a.json
    python benchmarks/still_firing_files.py --rule all --out benchmarks/out/all.json   # every rule
    python benchmarks/still_firing_files.py --rule C2-PARAM-TYPE,C2-RETURN-TYPE --out b.json
    python benchmarks/still_firing_files.py --compare benchmarks/out/a.json benchmarks/out/b.json
    python benchmarks/still_firing_files.py --language java --rule all --out j.json  # Javadoc

Corpora are looked up under /work/corpora, the private round-20/21/22/24/25/27/28/29/30
folders (now public) and rounds 33/34's (public from the start); ``--corpora a,b`` checks only
those (a partial run to add to another).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import finding_key, load_judged

ROOTS = (
    "/work/corpora",
    "/work/notes/private/r20/corpora",
    "/work/notes/private/r21/corpora",
    "/work/notes/private/r22/corpora",
    "/work/notes/private/r24/corpora",
    "/work/notes/private/r25/corpora",
    "/work/notes/private/r27/corpora",
    "/work/notes/private/r28/corpora",
    "/work/notes/private/r29/corpora",
    "/work/notes/private/r30/corpora",
    "/work/notes/private/r31/corpora",
    "/work/notes/private/r32/corpora",
    "/work/notes/private/r33/corpora",
    "/work/notes/private/r34/corpora",
    "/work/notes/private/r35/corpora",
    "/work/notes/private/r37/corpora",
    "/work/notes/private/r38/corpora",
    "/work/notes/private/r39/corpora",
    "/work/notes/private/r36/corpora",
    "/work/notes/private/r40/corpora",
    "/work/notes/private/r41/corpora",
    "/work/notes/private/r43/corpora",
    "/work/notes/private/r42/corpora",
    "/work/notes/private/r45/corpora",
    "/work/notes/private/r44/corpora",
    "/work/notes/private/r46/corpora",
    "/work/notes/private/r57/corpora",
    "/work/notes/private/r49/corpora",
    "/work/notes/private/r50/corpora",
    "/work/notes/private/r53/corpora",
    "/work/notes/private/r55/corpora",
    "/work/notes/private/r59/corpora",
    "/work/notes/private/r61/corpora",
    "/work/notes/private/r65/corpora",
    "/work/notes/private/r63/corpora",
    "/work/notes/private/r67/corpora",
    "/work/notes/private/r69/corpora",
    "/work/notes/private/r77/corpora",
    "/work/notes/private/r73/corpora",
    "/work/notes/private/r71/corpora",
    "/work/notes/private/r75/corpora",
    "/work/notes/private/r79/corpora",
    "/work/notes/private/r82/corpora",
    "/work/notes/private/r83/corpora",
    "/work/notes/private/r86/corpora",
    "/work/notes/private/r87/corpora",
    # the Java rounds', public since they landed (``--language java``)
    *(f"/work/notes/private/r{n}j/corpora" for n in (54, 58, 62, 66, 70, 74, 78)),
)
# a private round added later needs no edit here (round 90's corpora were missed once)
ROOTS += tuple(r for r in sorted(glob.glob("/work/notes/private/r*/corpora")) if r not in ROOTS)


def corpus_root(name: str) -> str | None:
    """Where corpus ``name`` is unpacked, ``None`` if nowhere."""
    for base in ROOTS:
        if os.path.isdir(os.path.join(base, name)):
            return os.path.join(base, name)
    return None


# ``--rule all``: every judged row's file and every rule's findings there (a change to a shared
# mechanism, the section parser, can move any rule)
ALL = "all"


def run(
    rule: str, only: set[str] | None = None, language: str = "python"
) -> dict[str, dict[str, Any]]:
    """The findings of ``rule`` (by key; several comma-separated, checked in one run per
    corpus) on the files its judged rows of ``language`` are in (of the corpora ``only``,
    when given)."""
    rules = set(rule.split(","))
    files: dict[str, set[str]] = defaultdict(set)
    for row in load_judged(language).values():
        if (ALL in rules or row["rule"] in rules) and (only is None or row["corpus"] in only):
            files[row["corpus"]].add(row["path"])
    fired = check_files(files)
    return {k: f for k, f in fired.items() if ALL in rules or f["rule"] in rules}


def check_files(files: dict[str, set[str]]) -> dict[str, dict[str, Any]]:
    """Every finding (by key: corpus, rule, message) of ``docref check --no-llm`` on the files
    ``files`` names per corpus, the corpus root as ``--root`` so its project graph is whole."""
    # A fresh cache per run, removed after it: 131 leftover caches (44 GB) once filled /tmp.
    with tempfile.TemporaryDirectory(prefix="docref-still-", ignore_cleanup_errors=True) as cache:
        return _check_files(files, cache)


def _check_files(files: dict[str, set[str]], cache: str) -> dict[str, dict[str, Any]]:
    fired: dict[str, dict[str, Any]] = {}
    for corpus, paths in sorted(files.items()):
        root = corpus_root(corpus)
        if root is None:
            print(f"{corpus}: not unpacked, skipped", file=sys.stderr)
            continue
        existing = [os.path.join(root, p) for p in sorted(paths)]
        existing = [p for p in existing if os.path.exists(p)]
        command = ["docref", "check", "--no-llm", "--format", "json", "--no-progress"]
        proc = subprocess.run(
            [*command, "--root", root, *existing],
            capture_output=True,
            text=True,
            env={**os.environ, "DOCREF_CACHE_DIR": cache},
        )
        if proc.returncode not in (0, 1):
            print(f"{corpus}: docref exited {proc.returncode}", file=sys.stderr)
            continue
        for f in json.loads(proc.stdout)["findings"]:
            found = {"corpus": corpus, "rule": f["rule"], "message": f["message"]}
            fired[finding_key(corpus, f)] = found
        print(f"{corpus}: {len(existing)} files", file=sys.stderr, flush=True)
    return fired


def _half(row: dict[str, Any]) -> str:
    return "<13" if row["round"] < 13 else "13-20" if row["round"] <= 20 else "21-26"


def compare(before_path: str, after_path: str, language: str = "python") -> None:
    """The judged rows that fire in one run and not the other, and the counts of each."""
    with open(before_path) as fh:
        before = json.load(fh)
    with open(after_path) as fh:
        after = json.load(fh)
    judged = load_judged(language)
    for label, run_ in (("before", before), ("after", after)):
        counts = Counter((judged[k]["verdict"], _half(judged[k])) for k in run_ if k in judged)
        print(label, dict(sorted(counts.items())))
        per_rule = Counter((judged[k]["rule"], judged[k]["verdict"]) for k in run_ if k in judged)
        for rule in sorted({r for r, _ in per_rule}):
            verdicts = "/".join(str(per_rule[rule, v]) for v in ("TRUE", "FALSE", "DEBATABLE"))
            print(f"  {rule:24} TRUE/FALSE/DEB {verdicts}")
    for sign, keys in (("-", before.keys() - after.keys()), ("+", after.keys() - before.keys())):
        for key in sorted(keys):
            row = judged.get(key)
            verdict = f"{row['verdict']} r{row['round']}" if row else "unjudged"
            found = before.get(key) or after[key]
            print(f"{sign} {verdict:14} {found['corpus']:18} {found['message'][:90]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--rule", default="C1-PARAM-UNKNOWN")
    ap.add_argument("--out", help="where to write the findings (JSON)")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--corpora", help="comma-separated corpus names: check only these")
    ap.add_argument("--language", default="python", choices=("python", "java"))
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare, language=args.language)
        return
    only = set(args.corpora.split(",")) if args.corpora else None
    fired = run(args.rule, only, args.language)
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(fired, fh)
    print(f"{len(fired)} findings of {args.rule} on the judged rows' files")


if __name__ == "__main__":
    main()
