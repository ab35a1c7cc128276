"""Session 17 (conv): do a project's repeated same-shape findings mark a convention, not drift?

Hypothesis under test: when one rule fires with the same evidence shape on many functions of one
project, those findings are the project's house style (or a parser/resolver gap it triggers),
and a judged sample finds them mostly FALSE/DEBATABLE; real drift is local.  A filter that
demotes a group of K+ same-shape findings (over M+ functions) is scored on the judged rows that
still fire: the precision of what it would remove and of what it keeps, the TRUE findings lost,
and each round's pooled precision before and after.  Keys and thresholds are chosen on the
rounds 14-17 and reported unchanged on 19-22 (held out inside the data), then on all.

    python benchmarks/conventions.py RUN_DIR... [--first-pass] [--tune R..] [--held R..] [--k K..]

Each RUN_DIR holds one ``docref check --no-llm --format json`` report per corpus (``NAME.json``, as
``precision.py run`` writes them, or any dir of such reports).  Every finding of each project
is grouped, not only the judged ones: a group's size is what the filter would see.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import finding_key, load_judged, wilson
from precision_shapes import corpus_sets, first_pass

TUNE = range(14, 18)  # rounds 14-17: keys and thresholds are chosen here
HELD = range(19, 23)  # rounds 19-22: reported with what 14-17 chose

_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|'[^']*'")
_CALLED = re.compile(r"\b[\w.]+\(\)")
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_SUBJECT = re.compile(r"[`\"]([^`\"]+)[`\"]")


def template(msg: str) -> str:
    """The message with its names and values abstracted: what the rule said, not about what."""
    return _NUMBER.sub("N", _CALLED.sub("F()", _QUOTED.sub("Q", msg)))


def subject(f: dict[str, Any]) -> str:
    m = _SUBJECT.search(f["message"])
    return m[1] if m else ""


def documented(f: dict[str, Any]) -> str:
    """The documented token a type/default/optional finding rests on (the quoted doc side)."""
    quoted = _QUOTED.findall(f["message"])
    if f["rule"] in ("C2-PARAM-TYPE", "C2-RETURN-TYPE", "C2-YIELD-TYPE", "C2-DEFAULT-MISMATCH"):
        return (
            quoted[-1] if f["rule"] == "C2-DEFAULT-MISMATCH" and quoted else " ".join(quoted[1:2])
        )
    return ""


def abstracted(f: dict[str, Any]) -> str:
    """The flagged sentence, whitespace collapsed, its subject (as a whole word) read as X."""
    text = " ".join(f.get("segment_text", "").split())
    name = subject(f)
    return re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "X", text) if name else text


def construct(f: dict[str, Any]) -> str:
    """The docstring construct: the flagged entry's head (before its first colon) with the
    subject abstracted, lower-cased; for prose, its first four words."""
    text = abstracted(f)
    head = text.split(":", 1)[0] if ":" in text[:60] else " ".join(text.split()[:4])
    return head.lower()[:60]


KEYS: dict[str, Callable[[dict[str, Any]], str]] = {
    "rule": lambda f: f["rule"],
    "rule+template": lambda f: f"{f['rule']}|{template(f['message'])}",
    "rule+template+subject": lambda f: f"{f['rule']}|{template(f['message'])}|{subject(f)}",
    "rule+template+documented": lambda f: f"{f['rule']}|{template(f['message'])}|{documented(f)}",
    "rule+template+construct": lambda f: f"{f['rule']}|{template(f['message'])}|{construct(f)}",
    "rule+construct": lambda f: f"{f['rule']}|{construct(f)}",
    "rule+sentence": lambda f: f"{f['rule']}|{abstracted(f)}",
}


def load_runs(run_dirs: list[str], dedupe: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Each project's findings; ``dedupe`` keeps one of identical findings at several paths
    (vendored copies: tensorflow-probability's numpy/jax substrates repeat 50 findings)."""
    runs = {}
    for path in sorted(p for d in run_dirs for p in glob.glob(os.path.join(d, "*.json"))):
        name = os.path.basename(path)[: -len(".json")]
        with open(path, encoding="utf-8") as fh:
            report = json.load(fh)
        if "findings" in report:
            seen: set[tuple[str, ...]] = set()
            runs[name] = []
            for f in report["findings"]:
                same = (f["qualname"], f["rule"], f["message"], f.get("segment_text", ""))
                if not (dedupe and same in seen):
                    runs[name].append(f)
                seen.add(same)
    return runs


def groups(
    findings: list[dict[str, Any]], key: Callable[[dict[str, Any]], str]
) -> dict[str, tuple[int, int, int]]:
    """Per key: (findings, distinct functions, distinct files)."""
    members: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in findings:
        members[key(f)].append(f)
    return {
        k: (len(v), len({(f["path"], f["qualname"]) for f in v}), len({f["path"] for f in v}))
        for k, v in members.items()
    }


def fmt(c: Counter[str]) -> str:
    n, t = sum(c.values()), c["TRUE"]
    if not n:
        return f"{0:>4}"
    lo, hi = wilson(t, n)
    counts = f"{n:>4} {t:>4}T {c['FALSE']:>3}F {c['DEBATABLE']:>3}D"
    return f"{counts} {t / n:>5.0%} [{max(lo, 0):.0%},{hi:.0%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR")
    ap.add_argument("--first-pass", action="store_true", help="only rows judged on the first pass")
    ap.add_argument("--dedupe", action="store_true", help="one of identical findings (copies)")
    ap.add_argument("--keys", nargs="*", default=list(KEYS))
    ap.add_argument("--k", nargs="*", type=int, default=[3, 4, 5, 6, 8, 12])
    ap.add_argument("--show", default=None, help="KEY:K -- list the removed judged rows")
    ap.add_argument("--tune", nargs="*", type=int, default=list(TUNE), help="rounds to choose on")
    ap.add_argument("--held", nargs="*", type=int, default=list(HELD), help="rounds held out")
    ap.add_argument(
        "--rounds-of", default=None, help="KEY:K:M -- each round's precision before/after"
    )
    args = ap.parse_args()
    judged = load_judged("python")
    sets = corpus_sets()
    runs = load_runs(args.run_dirs, args.dedupe)
    rows = []  # (round, verdict, project, finding)
    for name, findings in runs.items():
        for f in findings:
            row = judged.get(finding_key(name, f))
            if row is None or (args.first_pass and not first_pass(row, sets)):
                continue
            rows.append((int(row["round"]), row["verdict"], name, f, row))
    print(
        f"{len(runs)} projects, {sum(map(len, runs.values()))} findings, {len(rows)} of them judged"
    )
    halves = {
        f"tune {min(args.tune)}-{max(args.tune)}": set(args.tune),
        f"held {min(args.held)}-{max(args.held)}": set(args.held),
        "all": set(args.tune) | set(args.held),
    }
    for kname in args.keys:
        key = KEYS[kname]
        sizes = {name: groups(findings, key) for name, findings in runs.items()}
        print(f"\n== key {kname}")
        for k in args.k:
            for m_min in (1, 3) if k >= 3 else (1,):
                out = []
                for hname, rng in halves.items():
                    removed, kept = Counter[str](), Counter[str]()
                    for rnd, verdict, name, f, _ in rows:
                        if rnd not in rng:
                            continue
                        n, m, _files = sizes[name][key(f)]
                        (removed if n >= k and m >= max(m_min, 1) else kept)[verdict] += 1
                    out.append(f"{hname}: removed {fmt(removed)} | kept {fmt(kept)}")
                print(f"K>={k:<2} M>={m_min}  " + "\n           ".join(out))
    if args.rounds_of:
        kname, k, m_min = args.rounds_of.rsplit(":", 2)
        key = KEYS[kname]
        sizes = {name: groups(findings, key) for name, findings in runs.items()}
        for rnd in sorted({r[0] for r in rows}):
            before, after = Counter[str](), Counter[str]()
            for r, verdict, name, f, _ in rows:
                if r != rnd:
                    continue
                before[verdict] += 1
                n, m, _files = sizes[name][key(f)]
                if not (n >= int(k) and m >= int(m_min)):
                    after[verdict] += 1
            print(f"round {rnd:>2}: before {fmt(before)} | after {fmt(after)}")
    if args.show:
        kname, k = args.show.rsplit(":", 1)
        key = KEYS[kname]
        sizes = {name: groups(findings, key) for name, findings in runs.items()}
        for rnd, verdict, name, f, row in sorted(rows, key=lambda r: (r[2], key(r[3]))):
            n, m, _files = sizes[name][key(f)]
            if n >= int(k):
                where = f"r{rnd} {name:18} {verdict:9} n={n} m={m}"
                print(f"{where} | {key(f)[:90]} | {row['reason'][:70]}")


if __name__ == "__main__":
    main()
