"""Session 17 (conv): does a flagged name that lives on elsewhere in the project mark a concept
of the project (an event, a maths symbol, a config key) rather than a leftover of a rename?

For each judged finding of the name rules and C1-PARAM-UNKNOWN: how many whole-word occurrences
of its subject (last dotted part) the project's ``.py`` text has beyond the findings flagging it
("elsewhere"); precision of the findings with elsewhere >= E vs the rest, tune 14-17 / held 19-22.

    python benchmarks/conventions_elsewhere.py fp|all RUN_DIR...   # fp: first-pass rows only
"""

from __future__ import annotations

import os
import re
import sys
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


if __name__ == "__main__":
    main()
