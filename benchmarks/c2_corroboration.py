"""C2-PARAM-TYPE / C2-OPTIONAL-FLAG corroboration (session 14, ty12a): which findings keep
strong evidence, judged against the verdicts of benchmarks/precision/judged-python.jsonl.

``run`` checks every corpus of the sets (unpacked under /work/corpora) with only the C2
parameter rules selected (their demoted opt-in twins too), into
``benchmarks/out/c2corr/LABEL/``; ``report`` joins the findings to the verdicts by key (a
demoted id is keyed as the rule it came from, so one verdict covers both) and prints, per
rule id, TRUE / FALSE / DEBATABLE and strict precision with its Wilson 95% interval; ``--rows``
lists every judged finding.  Rounds <= 16 designed the split; round 17 (r17, r17b, r17c) is
the held-out check.

    python benchmarks/c2_corroboration.py run --sets r14 r15 r16 --label main
    python benchmarks/c2_corroboration.py report --sets r14 r15 r16 --label main [--rows]
        [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))

import ast
import re

from c2_shapes import _function
from docref.checks.static.type_evidence import corroborated
from docref.checks.types import parse_annotation, parse_doc_type
from precision import CORPORA, finding_key, load_judged, verdict_line
from precision_shapes import corpus_sets

_PARAM = re.compile(r'^documents (\w+) as "(.*)", but the signature says (.*)$')
_OPT = re.compile(r'^documents "(\w+)" as optional')

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out", "c2corr")
# each demoted id and the default rule it splits from (the key of a verdict names the latter)
DEMOTED = {
    "C2-PARAM-TYPE-WEAK": "C2-PARAM-TYPE",
    "C2-OPTIONAL-FLAG-WEAK": "C2-OPTIONAL-FLAG",
}
RULES = ("C2-PARAM-TYPE", "C2-OPTIONAL-FLAG", "C2-PROSE-PARAM-TYPE")


def _corpora(sets: list[str]) -> list[str]:
    names = corpus_sets()
    return sorted(
        c
        for c, s in names.items()
        if s in sets and not c.startswith(("jdk", "jfx")) and os.path.isdir(f"{CORPORA}/{c}")
    )


def cmd_run(args: argparse.Namespace) -> None:
    out = os.path.join(OUT, args.label)
    os.makedirs(out, exist_ok=True)
    cache = tempfile.mkdtemp(prefix="docref-c2corr-")  # fresh: the cache ignores rule code
    select = ",".join(RULES + tuple(args.extra))
    for corpus in _corpora(args.sets):
        if os.path.exists(os.path.join(out, corpus + ".json")) and not args.again:
            continue  # resumable: a corpus already run with this label
        root = os.path.join(CORPORA, corpus)
        cmd = [sys.executable, "-m", "docref", "check", "--no-llm", "--format", "json"]
        cmd += ["--no-progress", "--select", select, "--root", root, root]
        proc = subprocess.run(
            cmd, capture_output=True, text=True, env={**os.environ, "DOCREF_CACHE_DIR": cache}
        )
        if proc.returncode not in (0, 1):
            print(f"{corpus}: docref exited {proc.returncode}: {proc.stderr[-500:]}")
            continue
        with open(os.path.join(out, corpus + ".json"), "w") as fh:
            fh.write(proc.stdout)
        print(corpus, len(json.loads(proc.stdout)["findings"]), flush=True)


def findings(label: str, sets: list[str]) -> list[dict[str, Any]]:
    rows = []
    for corpus in _corpora(sets):
        path = os.path.join(OUT, label, corpus + ".json")
        if not os.path.exists(path):
            continue
        with open(path) as fh:
            for f in json.load(fh)["findings"]:
                base = DEMOTED.get(f["rule"], f["rule"])
                key = finding_key(corpus, {**f, "rule": base})
                rows.append({**f, "corpus": corpus, "key": key, "base": base})
    return rows


def features(f: dict[str, Any]) -> list[str]:
    """What the finding's evidence looks like (the design's candidate signals)."""
    out = []
    m = _PARAM.match(f["message"])
    if m:
        doc, ann = parse_doc_type(m[2].strip("`")), parse_annotation(m[3])
        if doc is not None and ann is not None:
            out.append("strong" if corroborated([doc], ann) else "weak")
        return out
    m = _OPT.match(f["message"])
    if not m:
        return out
    name = m[1]
    text = f.get("segment_text", "")
    head = text.split(":", 1)[1] if text.startswith(":param") else text.split(":", 1)[-1]
    if re.match(r"^\s*[(\[]?optional\b", head, re.I):
        out.append("desc-optional")
    else:
        out.append("type-optional")
    got = _function(f)
    if got is None:
        return [*out, "no-source"]
    node, _text = got
    if isinstance(node, ast.ClassDef):
        init = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
        node = init[0] if init else node
    body = getattr(node, "body", [])
    body = (
        body[1:]
        if body
        and isinstance(body[0], ast.Expr)
        and isinstance(getattr(body[0], "value", None), ast.Constant)
        else body
    )
    if all(isinstance(b, (ast.Pass, ast.Raise, ast.Expr)) for b in body):
        out.append("stub")
    if f["qualname"].rpartition(".")[2].startswith("_") and not f["qualname"].endswith("__"):
        out.append("private")
    code = "\n".join(ast.unparse(b) for b in body)
    if not re.search(rf"\b{re.escape(name)}\b", code):
        out.append("unused")
    return out


def cmd_report(args: argparse.Namespace) -> None:
    judged = load_judged("python")
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    listed = []
    unjudged: Counter[str] = Counter()
    if args.judged:  # every judged row (first passes, fixed since or not), not only the run's
        pool = [
            {**r, "segment_text": r["sentence"], "base": r["rule"]}
            for r in judged.values()
            if r["rule"] in RULES and r["corpus"] in args.judged_corpora
        ]
    else:
        pool = findings(args.label, args.sets)
    for f in pool:
        if f["base"] not in RULES:
            continue
        row = judged.get(f["key"])
        if row is None:
            unjudged[f["rule"]] += 1
            continue
        if args.max_round is not None and row["round"] > args.max_round:
            continue
        if args.min_round is not None and row["round"] < args.min_round:
            continue
        groups[f["rule"]][row["verdict"]] += 1
        feats = features(f)
        for feat in feats:
            groups[f"{f['rule']} +{feat}"][row["verdict"]] += 1
        listed.append(
            {
                **f,
                "verdict": row["verdict"],
                "reason": row["reason"],
                "round": row["round"],
                "features": feats,
            }
        )
    print(f"{'rule':34} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%")
    for name in sorted(groups):
        print(verdict_line(name, groups[name], 34))
    print("unjudged findings:", dict(sorted(unjudged.items())))
    if args.rows:
        for f in sorted(listed, key=lambda r: (r["base"], r["rule"], r["verdict"], r["corpus"])):
            print(
                f"{f['verdict'][:4]:4} {f['round']:>2} {f['rule'][3:]:18} {f['corpus'][:12]:12} "
                f"{','.join(f['features']):24} {f['message'][:120]}"
            )
    if args.json:
        table = {k: dict(v) for k, v in sorted(groups.items())}
        with open(args.json, "w") as fh:
            json.dump(
                {
                    "label": args.label,
                    "sets": args.sets,
                    "table": table,
                    "unjudged": dict(unjudged),
                    "rows": [
                        {
                            k: f[k]
                            for k in (
                                "key",
                                "corpus",
                                "path",
                                "line",
                                "rule",
                                "verdict",
                                "round",
                                "features",
                                "message",
                            )
                        }
                        for f in listed
                    ],
                },
                fh,
                indent=1,
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("--sets", nargs="+", required=True)
    run.add_argument("--label", required=True)
    run.add_argument("--extra", nargs="*", default=list(DEMOTED))
    run.add_argument("--again", action="store_true", help="re-run corpora already run")
    rep = sub.add_parser("report")
    rep.add_argument("--sets", nargs="+", required=True)
    rep.add_argument("--label", required=True)
    rep.add_argument("--rows", action="store_true")
    rep.add_argument("--judged", action="store_true", help="every judged row of the sets")
    rep.add_argument("--json", default=None)
    rep.add_argument("--max-round", type=int, default=None)
    rep.add_argument("--min-round", type=int, default=None)
    args = ap.parse_args()
    if args.cmd == "report":
        names = corpus_sets()
        args.judged_corpora = {c for c, s in names.items() if s in args.sets}
    cmd_run(args) if args.cmd == "run" else cmd_report(args)


if __name__ == "__main__":
    main()
