"""Recall of the static tier on mutated real code: the code changed, the docstring did not.

From the ``.py`` sources of published wheels (unpacked under ``/work/corpora`` by
``benchmarks/precision.py fetch``), documented functions are picked with a fixed seed and edited
the way code is edited (``recall_mutate``/``recall_kinds``: rename a parameter or a helper the
docstring names, change a return or parameter annotation the docstring contradicts).  Each split's
projects are checked before and after (``docref check --no-llm --format json``, a subprocess, a
fresh cache each run).  A mutation is **caught** when a new finding on the mutated function lies
on a docstring line naming the old thing (the right sentence); **detected** when any new
finding lands on the function.  New findings on functions that were not mutated are **false
alarms** (a finding on a sentence naming a renamed helper elsewhere in the file is the rename's
true collateral, not counted).

Splits: ``tune`` (werkzeug reST, google-auth Google, seaborn NumPy) is what rules may be
tuned on; ``heldout`` (tornado reST, google-api-core Google, dask NumPy) and ``heldout2``
(scrapy reST, optax Google, geopandas NumPy; in no precision round either) and ``heldout3``
(anyio reST, sqlglot Google, narwhals NumPy, boltons mixed; session 9) and ``heldout4`` (flask
reST, datasets Google, pvlib NumPy, toolz mixed; session 10) and ``heldout5`` (psycopg reST, flax
Google, scanpy NumPy, prompt_toolkit mixed; session 11) are only measured.

    python benchmarks/recall.py [--split tune|heldout|...|heldout5|all] [--per-kind 40]
                                [--seed 7] [--label NAME]   # -> benchmarks/recall/NAME.json.gz

A run is stored compact and gzipped (:mod:`recall_store`, ~45 KB); compare two runs mutation by
mutation with ``python benchmarks/recall_compare.py BASELINE NEW``.
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
import tomllib
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import DATA as PRECISION_DATA
from precision import _fetch_python, static_report
from recall_kinds import FINDERS, Source, apply
from recall_mutate import KINDS, Edit, Mutation
from recall_reexports import reexport_edits
from recall_report import caught_per_group, fixed_hash_seed, pct, progress, run_args, write_run

HERE = os.path.dirname(os.path.abspath(__file__))
SPLITS = {
    "tune": ["werkzeug", "google-auth", "seaborn"],
    "heldout": ["tornado", "google-api-core", "dask"],
    # session 8: three projects in no precision round (not in precision/corpora.toml), never
    # looked at while rules were written; fetched from their wheels when missing
    "heldout2": ["scrapy", "optax", "geopandas"],
    # session 9: four more projects nobody here had used (anyio reST, sqlglot Google, narwhals
    # NumPy, boltons mixed, for its helper renames); measured once before any session-9 fix
    "heldout3": ["anyio", "sqlglot", "narwhals", "boltons"],
    # session 10: four more projects in no split, no precision round and no helper's work
    # (flask reST, datasets Google, pvlib NumPy, toolz mixed: its many small public helpers);
    # measured once with main's code before any session-10 recall change
    "heldout4": ["flask", "datasets", "pvlib", "toolz"],
    # session 11: four more projects in no split, no precision round and no helper's work
    # (psycopg reST, flax Google, scanpy NumPy, prompt_toolkit mixed reST/prose with many small
    # helpers; all annotated, so return and parameter types have something to contradict);
    # measured once with main's code before any session-11 recall change
    "heldout5": ["psycopg", "flax", "scanpy", "prompt_toolkit"],
}
WHEELS = {
    "scrapy": "scrapy==2.19.0",
    "optax": "optax==0.2.8",
    "geopandas": "geopandas==1.2.0",
    "anyio": "anyio==4.16.0",
    "sqlglot": "sqlglot==30.30.0",
    "narwhals": "narwhals==2.29.0",
    "boltons": "boltons==26.2.0",
    "flask": "flask==3.1.3",
    "datasets": "datasets==5.2.0",
    "pvlib": "pvlib==0.16.1",
    "toolz": "toolz==1.2.0",
    "psycopg": "psycopg==3.3.9",
    "flax": "flax==0.12.8",
    "scanpy": "scanpy==1.11.5",
    "prompt_toolkit": "prompt_toolkit==3.0.53",
}
_SKIP_DIRS = {"tests", "test", "testing", "__pycache__"}


def wheel_of(name: str) -> dict[str, Any]:
    """What a split's project is fetched from: its ``WHEELS`` pin, else its precision corpus
    (the projects of the first splits were precision corpora first, so a new machine with an
    empty ``/work/corpora`` could not fetch them)."""
    if name in WHEELS:
        return {"requirement": WHEELS[name]}
    with open(os.path.join(PRECISION_DATA, "corpora.toml"), "rb") as fh:
        corpora = tomllib.load(fh)["corpus"]
    for corpus in corpora:
        if corpus["name"] == name and corpus["lang"] == "python" and "requirement" in corpus:
            return dict(corpus)
    raise SystemExit(f"{name}: no wheel pinned in recall.WHEELS nor in precision/corpora.toml")


PER_FILE = 3


def _files(root: str) -> list[str]:
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        out += [
            os.path.relpath(os.path.join(folder, n), root)
            for n in sorted(names)
            if n.endswith(".py")
        ]
    return out


def _candidates(root: str) -> dict[str, list[Mutation]]:
    found: dict[str, list[Mutation]] = {k: [] for k in KINDS}
    sources = []
    for rel in _files(root):
        try:
            with open(os.path.join(root, rel), encoding="utf-8") as fh:
                sources.append(Source(rel, fh.read()))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
    files_of: Counter[str] = Counter(n for src in sources for n in src.names)
    by_path = {src.path: src for src in sources}
    for src in sources:
        src.shared = {n for n in src.names if files_of[n] > 1}
        for kind, finder in FINDERS.items():
            for m in finder(src):
                if kind == "helper-rename" and m.clean:
                    elsewhere = reexport_edits(by_path, m.path, m.old, m.new)
                    m.elsewhere, m.clean = elsewhere or {}, elsewhere is not None
                found[kind].append(m)
    return found


def _select(root: str, per_kind: int, seed: int) -> dict[str, list[Mutation]]:
    """Up to ``per_kind`` mutations of each kind, round robin, distinct functions, at most
    ``PER_FILE`` per file, one rename of a name per file; each file must still parse."""
    cands = _candidates(root)
    for kind in KINDS:
        random.Random(f"{seed}/{kind}").shuffle(cands[kind])
    chosen: dict[str, list[Mutation]] = defaultdict(list)
    texts: dict[str, str] = {}
    pending: dict[str, list[Edit]] = defaultdict(list)  # the chosen mutations' edits by file
    functions: set[tuple[str, str]] = set()
    names: dict[str, set[str]] = defaultdict(set)
    renamed: dict[str, set[str]] = defaultdict(set)
    counts: Counter[str] = Counter()
    queues = {k: iter(cands[k]) for k in KINDS}
    while queues:
        for kind in list(queues):
            if counts[kind] >= per_kind:
                del queues[kind]
                continue
            for m in queues[kind]:
                if not m.clean or (m.path, m.qualname) in functions:
                    continue
                if len(chosen[m.path]) >= PER_FILE:
                    continue
                if any(part in renamed[m.path] for part in m.qualname.split(".")):
                    continue  # a renamed helper's own qualname changed
                touched = {m.old, m.new} if "rename" in kind else set()
                if touched & names[m.path] or (
                    kind == "helper-rename"
                    and any(c.qualname.split(".")[-1] == m.old for c in chosen[m.path])
                ):
                    continue
                if not _fits(root, texts, pending, m):
                    continue
                for path, edits in _edits_by_file(m).items():
                    pending[path] += edits
                chosen[m.path].append(m)
                functions.add((m.path, m.qualname))
                names[m.path] |= touched | {m.qualname.split(".")[-1]}
                if kind == "helper-rename":
                    renamed[m.path].add(m.old)
                counts[kind] += 1
                break
            else:
                del queues[kind]
    by_kind: dict[str, list[Mutation]] = {k: [] for k in KINDS}
    for ms in chosen.values():
        for m in ms:
            by_kind[m.kind].append(m)
    return by_kind


def _edits_by_file(m: Mutation) -> dict[str, list[Edit]]:
    return {m.path: m.edits, **{p: es for p, es in m.elsewhere.items() if p != m.path}}


def _fits(root: str, texts: dict[str, str], pending: dict[str, list[Edit]], m: Mutation) -> bool:
    """Every file ``m`` edits still applies cleanly with the edits already chosen."""
    for path, edits in _edits_by_file(m).items():
        if path not in texts:
            with open(os.path.join(root, path), encoding="utf-8") as fh:
                texts[path] = fh.read()
        if apply(texts[path], pending[path] + edits) is None:
            return False
    return True


def _check(root: str, docref: list[str]) -> list[dict[str, Any]]:
    cache = tempfile.mkdtemp(prefix="docref-recall-cache-")
    try:
        findings: list[dict[str, Any]] = static_report(docref, root, cache)["findings"]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return findings


def _key(f: dict[str, Any]) -> tuple[Any, ...]:
    return (f["path"], f["qualname"], f["rule"], f["message"], f.get("segment_text"), f["line"])


def _measure_project(
    name: str, corpora: str, per_kind: int, seed: int, docref: list[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    root = os.path.join(corpora, name)
    if not os.path.isdir(root):
        count = _fetch_python(wheel_of(name), root)
        print(f"{name}: {count} files fetched to {root}", file=sys.stderr)
    by_kind = _select(root, per_kind, seed)
    mutations = [m for ms in by_kind.values() for m in ms]
    work = tempfile.mkdtemp(prefix="docref-recall-")
    mutated = os.path.join(work, name)
    try:
        shutil.copytree(root, mutated, ignore=shutil.ignore_patterns("__pycache__"))
        per_file: dict[str, list[Mutation]] = defaultdict(list)
        edits_of: dict[str, list[Edit]] = defaultdict(list)
        for m in mutations:
            per_file[m.path].append(m)
            for path, edits in _edits_by_file(m).items():
                edits_of[path] += edits
        for rel, edits in edits_of.items():
            with open(os.path.join(root, rel), encoding="utf-8") as fh:
                text = apply(fh.read(), edits)
            assert text is not None, rel
            with open(os.path.join(mutated, rel), "w", encoding="utf-8") as fh:
                fh.write(text)
        before = Counter(_key(f) for f in _check(root, docref))
        after = _check(mutated, docref)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # a renamed method's findings move to its new qualname: read them under the old one, or a
    # finding the function always had counts as new (boltons ``TracebackInfo.from_frame``)
    moved = {(m.path, m.new): m.old for m in mutations if m.kind == "helper-rename"}
    for f in after:
        parts = f["qualname"].split(".")
        f["qualname"] = ".".join(moved.get((f["path"], p), p) for p in parts)
    seen: Counter[tuple[Any, ...]] = Counter()
    new = []
    for f in after:
        k = _key(f)
        seen[k] += 1
        if seen[k] > before[k]:
            new.append(f)
    rows = []
    for m in mutations:
        mine = [f for f in new if f["path"] == m.path and f["qualname"] == m.qualname]
        right = [
            f
            for f in mine
            if any(f["line"] <= n <= f.get("end_line", f["line"]) for n in m.target_lines)
        ]
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
                # the rules of the findings on the right sentence: what an opt-in move costs
                "caught_rules": sorted({f["rule"] for f in right}),
                # and their messages: the evidence shape an opt-in move by shape would cost
                "caught_messages": sorted({f"{f['rule']}: {f['message']}" for f in right}),
            }
        )
    mutated_fns = {(m.path, m.qualname) for m in mutations}
    renamed = defaultdict(set)
    for m in mutations:
        if m.kind == "helper-rename":
            renamed[m.path].add(m.old)
    everywhere = {old for olds in renamed.values() for old in olds}
    alarms = []
    for f in new:
        if (f["path"], f["qualname"]) in mutated_fns:
            continue
        if any(old in (f.get("segment_text") or "") for old in renamed[f["path"]]):
            continue  # a sentence elsewhere naming the renamed helper: also stale
        if any(
            _names(old, f.get("segment_text")) and _names(old, f["message"]) for old in everywhere
        ):
            # another file's cross-reference to the renamed helper (flask's
            # ``:meth:`~flask.Blueprint.record``` after ``record`` -> ``rcrd``): stale too
            continue
        kinds = sorted({m.kind for m in per_file.get(f["path"], [])})
        alarms.append(
            {
                "project": name,
                "path": f["path"],
                "qualname": f["qualname"],
                "rule": f["rule"],
                "message": f["message"],
                "kinds": kinds,
                "segment_text": f.get("segment_text"),
            }
        )
    return rows, alarms


def _names(name: str, text: str | None) -> bool:
    """``text`` names ``name`` as a whole word or the last part of a dotted path."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text or "") is not None


def table(rows: list[dict[str, Any]], alarms: list[dict[str, Any]], splits: list[str]) -> str:
    out = [
        "| kind | split | n | caught (Wilson 95%) | detected | right sentence | false alarms |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind in KINDS:
        for split in splits:
            rs = [r for r in rows if r["kind"] == kind and r["split"] == split]
            caught = sum(r["caught"] for r in rs)
            det = sum(r["detected"] for r in rs)
            fa = sum(1 for a in alarms if a["split"] == split and kind in a["kinds"])
            right = f"{100 * caught / det:.0f}%" if det else "-"
            cells = [kind, split, str(len(rs)), pct(caught, len(rs)), str(det), right, str(fa)]
            out.append("| " + " | ".join(cells) + " |")
    for split in splits:
        rs = [r for r in rows if r["split"] == split]
        fa = sum(1 for a in alarms if a["split"] == split)
        out.append(
            f"| **all** | {split} | {len(rs)} | {pct(sum(r['caught'] for r in rs), len(rs))} "
            f"| {sum(r['detected'] for r in rs)} | | {fa} |"
        )
    out += ["", "| kind | strategy / where | split | n | caught |", "|---|---|---|---|---|"]
    by = caught_per_group(
        rows, lambda r: (r["kind"], f"{r['strategy']} / {r['where']}", r["split"])
    )
    for (kind, sw, split), n, k in by:
        out.append(f"| {kind} | {sw} | {split} | {n} | {k} |")
    return "\n".join(out)


def main() -> None:
    fixed_hash_seed()
    ap = run_args(__doc__, list(SPLITS), per_kind=20, label="latest")
    ap.add_argument("--corpora", default="/work/corpora")
    args = ap.parse_args()
    splits = list(SPLITS) if args.split == "all" else [args.split]
    rows: list[dict[str, Any]] = []
    alarms: list[dict[str, Any]] = []
    started = time.perf_counter()
    for split in splits:
        for name in SPLITS[split]:
            r, a = _measure_project(
                name, args.corpora, args.per_kind, args.seed, shlex.split(args.docref)
            )
            rows += [{**x, "split": split} for x in r]
            alarms += [{**x, "split": split} for x in a]
            progress(split, name, r, a)
    text = table(rows, alarms, splits)
    print(text)
    write_run(args, {s: SPLITS[s] for s in splits}, started, text, rows, alarms)


if __name__ == "__main__":
    main()
