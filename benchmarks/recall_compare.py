"""Compare two ``recall.py`` runs mutation by mutation (a change must lose no caught mutation).

    python benchmarks/recall_compare.py BASELINE NEW [--splits tune heldout ...]

Either run may be a stored ``.json`` or ``.json.gz`` (:mod:`recall_store`).  A mutation is
known by its project, kind, strategy, place, file, function and old/new names; only the
splits both runs measured are compared (``--splits`` narrows them further).  Prints the
caught counts, every mutation the baseline caught and the new run did not (lost) or the
other way (gained), mutations only one run has, and the false alarms of each.  Exits 1 when
a mutation is lost, 0 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_store import load

_KEY = ("split", "project", "kind", "strategy", "where", "path", "qualname", "old", "new")


def _key(m: dict[str, Any]) -> tuple[str, ...]:
    return tuple(str(m.get(k)) for k in _KEY)


def _show(m: dict[str, Any]) -> str:
    where = f"{m['path']}:{m['qualname']}"
    return f"{m['split']}/{m['project']} {m['kind']} {where} {m['old']}->{m['new']}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("baseline")
    ap.add_argument("new")
    ap.add_argument("--splits", nargs="*", help="compare only these splits")
    args = ap.parse_args(argv)
    base, new = load(args.baseline), load(args.new)
    splits = set(base.get("splits", {})) & set(new.get("splits", {}))
    if args.splits:
        splits &= set(args.splits)
    if not splits:
        print("no split measured by both runs", file=sys.stderr)
        return 2
    runs = [
        {_key(m): m for m in doc["mutations"] if m.get("split") in splits} for doc in (base, new)
    ]
    before, after = runs
    lost = [
        before[k] for k in before if k in after and before[k]["caught"] and not after[k]["caught"]
    ]
    gained = [
        after[k] for k in after if k in before and after[k]["caught"] and not before[k]["caught"]
    ]
    only = [
        (label, run[k])
        for label, run, other in (("baseline", before, after), ("new", after, before))
        for k in run
        if k not in other
    ]
    for label, items in (("LOST", lost), ("gained", gained)):
        for m in items:
            print(f"{label}: {_show(m)}")
    for label, m in only:
        print(f"only in {label}: {_show(m)}")
    alarms = [
        sum(1 for a in doc.get("false_alarms", []) if a.get("split") in splits)
        for doc in (base, new)
    ]
    caught = [sum(1 for m in run.values() if m["caught"]) for run in runs]
    print(
        f"splits {', '.join(sorted(splits))}: baseline {caught[0]} of {len(before)} caught, "
        f"new {caught[1]} of {len(after)}; {len(lost)} lost, {len(gained)} gained, "
        f"{len(only)} mutations in one run only; false alarms {alarms[0]} -> {alarms[1]}"
    )
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
