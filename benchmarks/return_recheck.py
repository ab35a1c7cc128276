"""Re-check only the files of judged return-rule findings (with the opt-in weak ids on) and tell,
for each judged finding the base run reported, whether it stays in the default rule or moves to
its opt-in ``-WEAK`` id (session 14, ty12b).  Faster than a whole ``precision.py run`` on a busy
machine; the whole-set runs confirm it.

    python benchmarks/return_recheck.py --base OTHER/benchmarks/out/precision --rounds 14 15 16
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

from precision import CORPORA, finding_key, load_judged, wilson

RULES = {
    "C2-RETURN-TYPE": "C2-RETURN-TYPE-WEAK",
    "C2-PROSE-RETURN-TYPE": "C2-PROSE-RETURN-WEAK",
    "C3-RETURNS-YIELDS": "C3-RETURNS-WEAK",
}
_DEFAULT_OF = {weak: rule for rule, weak in RULES.items()}


def _check(corpus: str, paths: list[str], cache: str) -> list[dict[str, Any]]:
    root = os.path.join(CORPORA, corpus)
    extra = [a for weak in RULES.values() for a in ("--extend-select", weak)]
    command = [sys.executable, "-m", "docref", "check", "--no-llm", "--format", "json"]
    targets = [os.path.join(root, p) for p in paths]
    proc = subprocess.run(
        [*command, "--no-progress", "--root", root, *extra, *targets],
        capture_output=True,
        text=True,
        env={**os.environ, "DOCREF_CACHE_DIR": cache},
    )
    if proc.returncode not in (0, 1):
        sys.exit(f"{corpus}: docref exited {proc.returncode}\n{proc.stderr[-2000:]}")
    findings: list[dict[str, Any]] = json.loads(proc.stdout)["findings"]
    return findings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--base", required=True, help="the base run folder (main's code)")
    ap.add_argument("--rounds", nargs="*", type=int, default=[14, 15, 16])
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    judged = load_judged("python")
    rows = [r for r in judged.values() if r["rule"] in RULES and int(r["round"]) in args.rounds]
    base: set[str] = set()
    for corpus in sorted({r["corpus"] for r in rows}):
        path = os.path.join(args.base, corpus + ".json")
        if os.path.exists(path):
            with open(path) as fh:
                base |= {finding_key(corpus, f) for f in json.load(fh)["findings"]}
    rows = [r for r in rows if r["key"] in base]
    files: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        files[r["corpus"]].add(r["path"])
    now: dict[str, str] = {}
    cache = tempfile.mkdtemp(prefix="docref-recheck-")
    for corpus, paths in sorted(files.items()):
        for f in _check(corpus, sorted(paths), cache):
            # a weak finding is keyed as the default rule's: the judged key it moved from
            now[finding_key(corpus, {**f, "rule": _DEFAULT_OF.get(f["rule"], f["rule"])})] = f[
                "rule"
            ]
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    table = []
    for r in sorted(rows, key=lambda r: (r["rule"], r["verdict"], r["corpus"])):
        where = now.get(r["key"], "gone")
        part = "default" if where == r["rule"] else "weak" if where != "gone" else "gone"
        groups[f"{r['rule']} (before)"][r["verdict"]] += 1
        groups[f"{r['rule']} {part}"][r["verdict"]] += 1
        table.append({"key": r["key"], "rule": r["rule"], "verdict": r["verdict"], "now": where})
        print(
            f"{r['verdict'][:5]:5} {r['round']:>2} {part:7} {r['corpus']}:{r['qualname']} | "
            f"{r['message'][:100]}"
        )
    print(f"{'':36} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%")
    for name in sorted(groups):
        c = groups[name]
        n, true = sum(c.values()), c["TRUE"]
        low, high = wilson(true, n)
        print(
            f"{name:36} {n:>4} {true:>5} {c['FALSE']:>6} {c['DEBATABLE']:>4} "
            f"{true / n:>7.0%}  [{max(low, 0.0):.0%}, {high:.0%}]"
        )
    if args.json:
        with open(args.json, "w") as fh:
            out = {k: dict(v) for k, v in sorted(groups.items())}
            json.dump({"rounds": args.rounds, "groups": out, "rows": table}, fh, indent=1)


if __name__ == "__main__":
    main()
