"""Session 17 (conv): the project-index side of the convention hypothesis.

``conventions.py`` groups findings; this asks the project's own text how many entries use the
construct a finding rests on (its entry head with the subject abstracted: ``X : str, optional``,
``:param X:``, ``0: Nothing.``) and how many of those uses were flagged.  The idea: a construct
the project uses everywhere and docref flags nearly everywhere is a construct docref misreads (a
parser/normaliser gap, or a house style); one flagged in a few of its many uses is drift there.
A filter demotes findings whose construct has U+ uses and a flagged share of R+; it is scored on
the judged rows like ``conventions.py``.

    python benchmarks/conventions_index.py RUN_DIR... [--first-pass] [--tune R..] [--held R..]

A finding's project root is its report's ``root`` (else /work/corpora/NAME); uses are counted
over the project's ``.py`` lines (a docstring entry head is a line of its own).
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys
from collections import Counter, defaultdict
from functools import cache
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from conventions import abstracted, fmt, load_runs, template
from precision import finding_key, load_judged
from precision_shapes import corpus_sets, first_pass


def head(f: dict[str, Any]) -> str | None:
    """The flagged entry's head with the subject as X, or None for prose (no entry head)."""
    text = abstracted(f)
    if text.startswith(":"):  # reST field: ``:param X: ...``
        m = re.match(r":[^:]*:", text)
        return m[0] if m and "X" in m[0] else None
    if ":" not in text[:60]:
        return None
    out = text.split(":", 1)[0].strip()
    return out if out and len(out) > 1 else None


def pattern(h: str) -> re.Pattern[str]:
    """A line-start regex for the head: X is any name, whitespace is flexible."""
    parts = [r"[\w.*\\]+" if p == "X" else re.escape(p) for p in re.split(r"(X)", h)]
    body = r"\s*".join(re.sub(r"(\\ )+", " ", "".join(parts)).split(" "))
    return re.compile(rf"^\s*{body}\s*(?::|$)", re.IGNORECASE | re.MULTILINE)


@cache
def project_text(root: str) -> str:
    chunks = []
    for path in glob.glob(os.path.join(root, "**", "*.py"), recursive=True):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                chunks.append(fh.read())
        except OSError:
            continue
    return "\n".join(chunks)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("run_dirs", nargs="+", metavar="RUN_DIR")
    ap.add_argument("--first-pass", action="store_true")
    ap.add_argument("--tune", nargs="*", type=int, default=[14, 15, 16, 17])
    ap.add_argument("--held", nargs="*", type=int, default=[19, 20, 21, 22])
    ap.add_argument("--show", action="store_true", help="list judged rows with uses and share")
    args = ap.parse_args()
    judged, sets = load_judged("python"), corpus_sets()
    runs = load_runs(args.run_dirs)
    stats: dict[tuple[str, str], tuple[int, int]] = {}  # (project, key) -> (flagged, uses)
    rows = []
    for name, findings in runs.items():
        flagged: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for f in findings:
            h = head(f)
            if h:
                flagged[f"{f['rule']}|{template(f['message'])}|{h.lower()}"].append(f)
        for key, members in flagged.items():
            root = members[0].get("root") or os.path.join("/work/corpora", name)
            if not os.path.isdir(root):
                root = os.path.join("/work/corpora", name)
            uses = len(pattern(head(members[0]) or "").findall(project_text(root)))
            stats[(name, key)] = (len(members), uses)
        for f in findings:
            row = judged.get(finding_key(name, f))
            h = head(f)
            if row is None or (args.first_pass and not first_pass(row, sets)):
                continue
            k = f"{f['rule']}|{template(f['message'])}|{h.lower()}" if h else None
            n, uses = stats.get((name, k), (1, 0)) if k else (1, 0)
            rows.append((int(row["round"]), row["verdict"], name, n, uses, f, row))
    print(f"{len(rows)} judged rows; entry-headed: {sum(1 for r in rows if r[4])}")
    halves = {"tune": set(args.tune), "held": set(args.held)}
    for u_min in (3, 5, 10, 20):
        for share in (0.5, 0.8, 0.95):
            out = []
            for hname, rng in halves.items():
                removed, kept = Counter[str](), Counter[str]()
                for rnd, verdict, _name, n, uses, _f, _row in rows:
                    if rnd not in rng:
                        continue
                    hit = uses >= u_min and n >= 2 and n / max(uses, 1) >= share
                    (removed if hit else kept)[verdict] += 1
                out.append(f"{hname}: removed {fmt(removed)} | kept {fmt(kept)}")
            print(f"U>={u_min:<3} share>={share:<4} " + "  ".join(out))
    if args.show:
        for rnd, verdict, name, n, uses, f, row in sorted(rows, key=lambda r: -r[3]):
            if n >= 2:
                where = f"r{rnd} {name:16} {verdict:9} {n:>3}/{uses:<4}"
                print(f"{where} {head(f)} | {row['reason'][:60]}")


if __name__ == "__main__":
    main()
