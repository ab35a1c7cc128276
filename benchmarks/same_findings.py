"""Compare the findings of two ``docref check --format json`` outputs (speed work: a change
must leave them identical).

    python benchmarks/same_findings.py REFERENCE.json CANDIDATE.json

Exits 0 when both hold the same findings (same order-independent multiset), 1 otherwise and
prints what each side has that the other lacks.  Timing fields (``stats``) are not compared.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any


def _findings(path: str) -> Counter[str]:
    with open(path, encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return Counter(json.dumps(f, sort_keys=True) for f in doc.get("findings", []))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    ref, new = (_findings(p) for p in argv)
    only_ref, only_new = ref - new, new - ref
    for label, extra in (("only in reference", only_ref), ("only in candidate", only_new)):
        for item in sorted(extra.elements())[:20]:
            print(f"{label}: {item}")
    print(
        f"reference {sum(ref.values())} findings, candidate {sum(new.values())}: "
        + ("identical" if not (only_ref or only_new) else "DIFFERENT")
    )
    return 0 if not (only_ref or only_new) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
