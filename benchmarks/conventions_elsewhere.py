"""Session 17 (conv): does a flagged name that lives on elsewhere in the project mark a concept
of the project (an event, a maths symbol, a config key) rather than a leftover of a rename?

For each judged finding of the name rules and C1-PARAM-UNKNOWN: how many whole-word occurrences
of its subject (last dotted part) the project's ``.py`` text has beyond the findings flagging it
("elsewhere"); precision of the findings with elsewhere >= E vs the rest, tune 14-17 / held 19-22.

    python benchmarks/conventions_elsewhere.py fp|all RUN_DIR...   # fp: first-pass rows only

Then the sharper form: a bare flagged name that is a code identifier elsewhere in the project
(a NAME token of its code -- another function's parameter or local, an attribute, an imported
name; strings and comments do not count), split by did-you-mean.
"""

from __future__ import annotations

import functools
import glob
import io
import os
import re
import sys
import tokenize
from collections import Counter
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from conventions import fmt, load_runs, subject
from conventions_index import project_text
from precision import finding_key, load_judged
from precision_shapes import corpus_sets, first_pass

NAME_RULES = (
    "C1-NAME-UNRESOLVED",
    "C1-XREF-UNRESOLVED",
    "C1-PROSE-NAME-STALE",
    "C1-DOCTYPE-UNRESOLVED",
)


def judged_rows(run_dirs: list[str], only_first: bool) -> list[tuple[int, str, str, int | None]]:
    """(round, verdict, rule, occurrences elsewhere or None for a subject that is no name)."""
    judged, sets = load_judged("python"), corpus_sets()
    rows: list[tuple[int, str, str, int | None]] = []
    for name, findings in load_runs(run_dirs).items():
        root = next((f.get("root") for f in findings), None)
        if not root or not os.path.isdir(root):
            root = os.path.join("/work/corpora", name)
        text = project_text(root)
        flagged = Counter(subject(f) for f in findings)
        for f in findings:
            row: dict[str, Any] | None = judged.get(finding_key(name, f))
            if not row or (only_first and not first_pass(row, sets)):
                continue
            name_ = subject(f)
            other = None
            if re.fullmatch(r"[A-Za-z_][\w.]*", name_ or ""):
                last = re.escape(name_.split(".")[-1])
                other = len(re.findall(rf"(?<!\w){last}(?!\w)", text)) - flagged[name_]
            rows.append((int(row["round"]), row["verdict"], f["rule"], other))
    return rows


@functools.cache
def code_names(root: str) -> Counter[str]:
    """How often each identifier occurs as code (NAME tokens) in the project's ``.py`` files."""
    names: Counter[str] = Counter()
    for path in glob.glob(os.path.join(root, "**", "*.py"), recursive=True):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                tokens = list(tokenize.generate_tokens(io.StringIO(fh.read()).readline))
        except (tokenize.TokenError, SyntaxError, OSError):
            continue
        names.update(t.string for t in tokens if t.type == tokenize.NAME)
    return names


def in_code_split(run_dirs: list[str], only_first: bool) -> None:
    """Bare name-rule findings: did-you-mean or not x a code identifier elsewhere or not."""
    judged, sets = load_judged("python"), corpus_sets()
    cells: Counter[tuple[str, bool, bool, str]] = Counter()
    for name, findings in load_runs(run_dirs).items():
        root = next((f.get("root") for f in findings), None)
        if not root or not os.path.isdir(root):
            root = os.path.join("/work/corpora", name)
        for f in findings:
            row = judged.get(finding_key(name, f))
            bare = subject(f)
            if not row or (only_first and not first_pass(row, sets)) or f["rule"] not in NAME_RULES:
                continue
            if not re.fullmatch(r"[A-Za-z_]\w*", bare or ""):
                continue
            dym = "did you mean" in f["message"] or "looks like" in f["message"]
            half = "tune" if int(row["round"]) < 18 else "held"
            cells[(half, dym, code_names(root)[bare] >= 1, row["verdict"])] += 1
    for dym in (True, False):
        for in_code in (True, False):
            out = []
            for half in ("tune", "held"):
                mine = {
                    v: n for (h, d, i, v), n in cells.items() if (h, d, i) == (half, dym, in_code)
                }
                out.append(f"{half} {fmt(Counter(mine))}")
            print(f"  did-you-mean={dym!s:5} code elsewhere={in_code!s:5} " + "   ".join(out))


def main() -> None:
    if len(sys.argv) < 3 or sys.argv[1] not in ("fp", "all"):
        sys.exit(__doc__)
    rows = judged_rows(sys.argv[2:], sys.argv[1] == "fp")
    for rules in (NAME_RULES, ("C1-PARAM-UNKNOWN",)):
        print(", ".join(rules))
        for e in (1, 2, 3, 5, 10, 20):
            out = []
            for half, rng in (("tune", range(14, 18)), ("held", range(19, 23))):
                removed, kept = Counter[str](), Counter[str]()
                for rnd, verdict, rule, other in rows:
                    if rnd in rng and rule in rules and other is not None:
                        (removed if other >= e else kept)[verdict] += 1
                out.append(f"{half}: elsewhere>={e} {fmt(removed)} | rest {fmt(kept)}")
            print("  " + "   ".join(out))
    print("bare names of the name rules")
    in_code_split(sys.argv[2:], sys.argv[1] == "fp")


if __name__ == "__main__":
    main()
