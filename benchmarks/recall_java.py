"""Recall of the static tier on mutated real Java code: the code changed, the Javadoc did not.

From the Debian-source Java corpora earlier rounds fetched (``precision.py fetch``; the
round-54j..70j folders, public since they landed), documented methods are picked with a fixed
seed and edited the way code is edited (``recall_java_mutate``/``recall_java_kinds``: rename a
parameter ``@param`` or ``{@code x}`` names, change a return type under a claim, rename a helper
another method's ``{@link #m}``/``{@code m}`` names, drop a documented checked exception).  Each
project is checked three times (``docref check --no-llm --format json``, a subprocess, a fresh
cache each): as it is, mutated, and mutated with the Javadoc updated too (the *control*).

A mutation is **caught** when a new finding on the mutated method lies on a Javadoc line
naming the old thing (the stale tag or sentence); **detected** when any new finding lands on the
method.  A control is **flagged** when the control run has a new finding on the method (the
code and its Javadoc agree again: a false alarm).  New findings of the mutated run on methods
that were not mutated are **false alarms** (a sentence naming a renamed helper elsewhere in the
file is the rename's true collateral, not counted).

Splits: ``tune`` (rounds 54j/58j's libraries), ``heldout`` (62j/66j), ``heldout2`` (70j).

    python benchmarks/recall_java.py [--split tune|heldout|heldout2|all] [--per-kind 8]
                                     [--seed 7] [--label NAME]   # -> recall/NAME.json.gz

Compare two runs with ``python benchmarks/recall_compare.py BASELINE NEW`` (the same keys).
"""

from __future__ import annotations

import os
import random
import re
import shlex
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import static_report
from recall_java_kinds import CHECKED, helper_renames, param_renames, return_types, throws_drops
from recall_java_mutate import KINDS, JavaFile, Mutation, apply
from recall_report import caught_per_group, fixed_hash_seed, pct, progress, run_args, write_run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOTS = [f"/work/notes/private/r{n}j/corpora" for n in (54, 58, 62, 66, 70)] + ["/work/corpora"]
SPLITS = {
    # rundown: libraries with many documented methods and every kind of claim; tune = the
    # rounds whose FALSE shapes rules were tuned on, heldout2 = the latest round's
    "tune": ["deb-commons-jexl3", "deb-jgrapht08", "deb-quartz2", "deb-glazedlists"],
    "heldout": ["deb-commons-configuration", "deb-zxing", "deb-commons-collections3", "deb-itext2"],
    "heldout2": ["deb-msv", "deb-tritonus", "deb-mpj", "deb-apache-poi"],
}
PER_FILE = 3


def _root(name: str) -> str:
    for base in ROOTS:
        if os.path.isdir(os.path.join(base, name)):
            return os.path.join(base, name)
    sys.exit(f"{name}: not under {', '.join(ROOTS)} (python benchmarks/precision.py fetch)")


def _files(root: str) -> list[str]:
    out = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        out += [os.path.relpath(os.path.join(folder, n), root) for n in sorted(names)]
    return [p for p in out if p.endswith(".java")]


def _checked(texts: dict[str, bytes]) -> set[str]:
    """The project's exception classes that extend a checked exception (to a fixed point)."""
    bases = {}
    for data in texts.values():
        for sub, base in re.findall(rb"class\s+(\w+)\s+extends\s+(?:[\w.]+\.)?(\w+)", data):
            bases[sub.decode()] = base.decode()
    found: set[str] = set()
    while True:
        more = {s for s, b in bases.items() if s not in found and (b in CHECKED or b in found)}
        if not more:
            return found
        found |= more


def candidates(root: str) -> tuple[dict[str, list[Mutation]], dict[str, bytes]]:
    texts = {}
    for rel in _files(root):
        with open(os.path.join(root, rel), "rb") as fh:
            texts[rel] = fh.read()
    files = [JavaFile(rel, data) for rel, data in texts.items()]
    files_of: Counter[str] = Counter(n for f in files for n in f.idents)
    checked = _checked(texts)
    found: dict[str, list[Mutation]] = {k: [] for k in KINDS}
    for f in files:
        found["param-rename"] += param_renames(f)
        found["return-type"] += return_types(f)
        found["helper-rename"] += helper_renames(f, files_of)
        found["throws"] += throws_drops(f, checked)
    return found, texts


def select(
    found: dict[str, list[Mutation]], texts: dict[str, bytes], per_kind: int, seed: int
) -> list[Mutation]:
    """Up to ``per_kind`` mutations of each kind, round robin, distinct methods, at most
    ``PER_FILE`` per file, a helper rename alone in its file; the mutated file and its
    control must both apply (no two edits overlap, no line moves)."""
    for kind in KINDS:
        # the where (``@param``/prose, ``@return``/sentence...) takes turns: a rare shape is
        # measured too, not drowned by the common one
        random.Random(f"{seed}/{kind}").shuffle(found[kind])
        by_where: dict[str, list[Mutation]] = defaultdict(list)
        for m in found[kind]:
            by_where[m.where].append(m)
        mixed = [m for ms in zip_longest_all(list(by_where.values())) for m in ms]
        found[kind] = mixed
    chosen: dict[str, list[Mutation]] = defaultdict(list)
    methods: set[tuple[str, str]] = set()
    alone: set[str] = set()
    counts: Counter[str] = Counter()
    queues = {k: iter(found[k]) for k in KINDS}
    while queues:
        for kind in list(queues):
            if counts[kind] >= per_kind:
                del queues[kind]
                continue
            for m in queues[kind]:
                if (m.path, m.qualname) in methods or len(chosen[m.path]) >= PER_FILE:
                    continue
                if m.path in alone or (kind == "helper-rename" and chosen[m.path]):
                    continue
                mine = [e for c in chosen[m.path] for e in c.edits] + m.edits
                docs = [e for c in chosen[m.path] for e in c.doc_edits] + m.doc_edits
                data = texts[m.path]
                if apply(data, mine) is None or apply(data, mine + docs) is None:
                    continue
                chosen[m.path].append(m)
                methods.add((m.path, m.qualname))
                if kind == "helper-rename":
                    alone.add(m.path)
                counts[kind] += 1
                break
            else:
                del queues[kind]
    return [m for ms in chosen.values() for m in ms]


def zip_longest_all(groups: list[list[Mutation]]) -> list[list[Mutation]]:
    """One of each group in turn: ``[[a1, b1], [a2, b2], [a3]]``."""
    return [[g[i] for g in groups if i < len(g)] for i in range(max(map(len, groups), default=0))]


def _check(root: str, docref: list[str]) -> list[dict[str, Any]]:
    cache = tempfile.mkdtemp(prefix="docref-recall-java-cache-")
    try:
        findings: list[dict[str, Any]] = static_report(docref, root, cache)["findings"]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return findings


def _key(f: dict[str, Any]) -> tuple[Any, ...]:
    return (f["path"], f["qualname"], f["rule"], f["message"], f.get("segment_text"), f["line"])


def _new(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    had = Counter(_key(f) for f in before)
    seen: Counter[tuple[Any, ...]] = Counter()
    out = []
    for f in after:
        seen[_key(f)] += 1
        if seen[_key(f)] > had[_key(f)]:
            out.append(f)
    return out


def _tree(root: str, texts: dict[str, bytes], mutations: list[Mutation], docs: bool) -> str:
    work = tempfile.mkdtemp(prefix="docref-recall-java-")
    tree = os.path.join(work, os.path.basename(root))
    shutil.copytree(root, tree)
    per_file: dict[str, list[Mutation]] = defaultdict(list)
    for m in mutations:
        per_file[m.path].append(m)
    for rel, ms in per_file.items():
        edits = [e for m in ms for e in m.edits + (m.doc_edits if docs else [])]
        data = apply(texts[rel], edits)
        assert data is not None, rel
        with open(os.path.join(tree, rel), "wb") as fh:
            fh.write(data)
    return tree


def measure(name: str, per_kind: int, seed: int, docref: list[str]) -> dict[str, Any]:
    root = _root(name)
    found, texts = candidates(root)
    mutations = select(found, texts, per_kind, seed)
    before = _check(root, docref)
    runs = {}
    for docs in (False, True):
        tree = _tree(root, texts, mutations, docs)
        try:
            runs[docs] = _check(tree, docref)
        finally:
            shutil.rmtree(os.path.dirname(tree), ignore_errors=True)
    # a renamed helper's own findings move to its new name: read them under the old one
    moved = {(m.path, m.new): m.old for m in mutations if m.kind == "helper-rename"}
    for run in runs.values():
        for f in run:
            parts = f["qualname"].split(".")
            f["qualname"] = ".".join(moved.get((f["path"], p), p) for p in parts)
    stale, control = _new(before, runs[False]), _new(before, runs[True])
    rows = []
    for m in mutations:
        mine = [f for f in stale if (f["path"], f["qualname"]) == (m.path, m.qualname)]
        right = [f for f in mine if any(f["line"] <= n <= f["end_line"] for n in m.target_lines)]
        flagged = [f for f in control if (f["path"], f["qualname"]) == (m.path, m.qualname)]
        rows.append(
            {
                "project": name,
                "kind": m.kind,
                "strategy": m.strategy,
                "where": m.where,
                "path": m.path,
                "qualname": m.qualname,
                "old": m.old,
                "new": m.new,
                "target_lines": m.target_lines,
                "detected": bool(mine),
                "caught": bool(right),
                "rules": sorted({f["rule"] for f in mine}),
                "caught_messages": sorted({f"{f['rule']}: {f['message']}" for f in right}),
                "control_flagged": sorted({f"{f['rule']}: {f['message']}" for f in flagged}),
            }
        )
    mutated = {(m.path, m.qualname) for m in mutations}
    olds: dict[str, set[str]] = defaultdict(set)
    for m in mutations:
        if m.kind == "helper-rename":
            olds[m.path].add(m.old)
    alarms = []
    for run, found_new in (("mutated", stale), ("control", control)):
        for f in found_new:
            if (f["path"], f["qualname"]) in mutated:
                continue
            said = f"{f.get('segment_text') or ''} {f['message']}"
            if run == "mutated" and any(_names(o, said) for o in olds[f["path"]]):
                continue  # another sentence or tag naming the renamed helper: stale too
            kinds = sorted({m.kind for m in mutations if m.path == f["path"]})
            alarms.append(
                {
                    "project": name,
                    "run": run,
                    "path": f["path"],
                    "qualname": f["qualname"],
                    "rule": f["rule"],
                    "message": f["message"],
                    "kinds": kinds,
                    "segment_text": f.get("segment_text"),
                }
            )
    return {"rows": rows, "alarms": alarms, "candidates": {k: len(v) for k, v in found.items()}}


def _names(name: str, text: str) -> bool:
    """``text`` names ``name`` as a whole word (``#name`` too)."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


def table(rows: list[dict[str, Any]], alarms: list[dict[str, Any]]) -> str:
    out = [
        "| kind | n | caught (Wilson 95%) | detected | controls flagged | false alarms |",
        "|---|---|---|---|---|---|",
    ]
    for kind in [*KINDS, None]:
        rs = [r for r in rows if kind is None or r["kind"] == kind]
        fa = sum(1 for a in alarms if kind is None or kind in a["kinds"])
        flagged = sum(bool(r["control_flagged"]) for r in rs)
        caught = sum(r["caught"] for r in rs)
        cells = [kind or "**all**", str(len(rs)), pct(caught, len(rs))]
        cells += [str(sum(r["detected"] for r in rs)), str(flagged), str(fa)]
        out.append("| " + " | ".join(cells) + " |")
    out += ["", "| kind | where / strategy | n | caught | missed |", "|---|---|---|---|---|"]
    for (kind, ws), n, k in caught_per_group(
        rows, lambda r: (r["kind"], f"{r['where']} / {r['strategy']}")
    ):
        out.append(f"| {kind} | {ws} | {n} | {k} | {n - k} |")
    return "\n".join(out)


def main() -> None:
    fixed_hash_seed()
    ap = run_args(__doc__, list(SPLITS), per_kind=8, label="java-latest")
    args = ap.parse_args()
    splits = list(SPLITS) if args.split == "all" else [args.split]
    rows: list[dict[str, Any]] = []
    alarms: list[dict[str, Any]] = []
    candidates_of = {}
    started = time.perf_counter()
    for split in splits:
        for name in SPLITS[split]:
            got = measure(name, args.per_kind, args.seed, shlex.split(args.docref))
            rows += [{**x, "split": split} for x in got["rows"]]
            alarms += [{**x, "split": split} for x in got["alarms"]]
            candidates_of[name] = got["candidates"]
            progress(split, name, got["rows"], got["alarms"])
    text = table(rows, alarms)
    print(text)
    splits_of = {s: SPLITS[s] for s in splits}
    extra = {"language": "java", "candidates": candidates_of}
    write_run(args, splits_of, started, text, rows, alarms, **extra)


if __name__ == "__main__":
    main()
