"""Every judged Python finding of every round, pooled by rule and by the shape of its evidence.

A round's fixes tune the static tier to that round's projects, so the precision a judge sees on
projects nobody here has read is the **first-pass** precision: findings judged in the round
their corpus set was first run (set r0: round 0, r5: 5, r6/r6h: 6, r7: 7, r8/r8h: 8, r9: 9,
r10: 10, ..., r13: 13, r14: 14, r15: 15, r16/r16b-r16f: 16; a row judged from another
sample of the set, ``precision.py --sample NAME``, carries ``sample`` and is never first pass).
A shape whose first-pass precision is low keeps producing false alarms on new code whatever
each round fixed, so it is what a rule's precondition (or the opt-in set) has to change.  Shapes
are read from the message (its template and evidence: did-you-mean or not, dotted name or not, owner
kind, annotation or inferred type) -- no corpus needs to be present.

    python benchmarks/precision_shapes.py [--all] [--min 3] [--rounds 9 10 11 12]
    python benchmarks/precision_shapes.py --still-firing r0 r5 ...   # after precision.py run
    python benchmarks/precision_shapes.py --still-firing r9 r10 --first-pass  # + shapes
    python benchmarks/precision_shapes.py --opt-in-split [--rounds 11 12 13 14]  # session 12

``--still-firing`` reads each set's last ``precision.py run`` instead: of its findings, those
with a verdict (any round), pooled per set and per rule, and the findings with none.

``--all`` pools every judged row (re-judged rows: the latest verdict), not only the first pass.
Strict precision = TRUE / judged, Wilson 95% interval (as ``precision.py report``).
"""

from __future__ import annotations

import argparse
import builtins
import os
import re
import sys
import tomllib
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import DATA, current_findings, load_judged, wilson

FIRST_ROUND = {
    "r0": 0,
    "r5": 5,
    "r6": 6,
    "r6h": 6,
    "r7": 7,
    "r8": 8,
    "r8h": 8,
    "r9": 9,
    "r10": 10,
    "r11": 11,
    "r12a": 12,
    "r12b": 12,
    "r13": 13,
    "r14": 14,
    "r15": 15,
    "r16": 16,
    "r16b": 16,
    "r16c": 16,
    "r16d": 16,
    "r16e": 16,
    "r16f": 16,
    "r17": 17,
    "r17b": 17,
    "r17c": 17,
    "r19": 19,
    "r20": 20,
    "r21": 21,
    "r22": 22,
    "r24": 24,
    "r25": 25,
    "r27": 27,
    "r28": 28,
    "r29": 29,
    "r30": 30,
    "r31": 31,
    "r32": 32,
    "r33": 33,
    "r34": 34,
    "r35": 35,
    "r37": 37,
    "r38": 38,
    "r39": 39,
    "r36": 36,
    "r40": 40,
    "r40b": 40,
    "r41": 41,
    "r43": 43,
    "r42": 42,
    "r45": 45,
    "r44": 44,
    "r46": 46,
    "r48": 48,
    "r47": 47,
    "r49": 49,
    "r51": 51,
    "r51b": 51,
    "r57": 57,
    "r52": 52,
    "r50": 50,
    "r53": 53,
    "r56": 56,
    "r60": 60,
    "r55": 55,
    "r59": 59,
    "r61": 61,
    "r64": 64,
    "r65": 65,
    "r68": 68,
    "r63": 63,
    "r67": 67,
    "r69": 69,
    "r77": 77,
    "r71": 71,
    "r72": 72,
    "r73": 73,
    "r75": 75,
    "r76": 76,
}


def corpus_sets() -> dict[str, str]:
    with open(os.path.join(DATA, "corpora.toml"), "rb") as fh:
        return {c["name"]: c["set"] for c in tomllib.load(fh)["corpus"]}


def first_pass(row: dict[str, Any], sets: dict[str, str]) -> bool:
    """Judged in the round its corpus set was first run (what a fresh judge sees)."""
    if row.get("sample"):
        # judged from another sample of the set (precision.py --sample NAME): the first pass
        # is the set's stratified sample alone, so its figure is not diluted
        return False
    first = FIRST_ROUND.get(sets.get(row["corpus"], ""), -1)
    return int(row.get("round", -2)) == first


_DYM = re.compile(r"did you mean")


def shape(row: dict[str, Any]) -> str:
    """The evidence a finding rests on, as a short label (rule-specific)."""
    rule, msg = row["rule"], row["message"]
    dym = "dym" if _DYM.search(msg) else "no-dym"
    if rule in ("C1-NAME-UNRESOLVED", "C1-XREF-UNRESOLVED"):
        name = msg.split("`")[1] if "`" in msg else ""
        owner = re.search(r"names nothing: (\w+) ", msg)
        kind = owner[1] if owner else "scope"
        dotted = "dotted" if "." in name else "bare"
        return f"{kind}/{dotted}/{dym}"
    if rule == "C1-PARAM-UNKNOWN":
        m = re.search(r"but (\S+)\(\) has no such parameter", msg)
        owner = m[1] if m else "?"
        kind = "class" if owner[:1].isupper() or owner.lstrip("_")[:1].isupper() else "function"
        if owner in ("__init__", "__call__", "__new__"):
            kind = owner
        kwargs = "/kwargs" if "**kwargs" in msg else ""
        return f"{kind}/{dym}{kwargs}"
    if rule == "C3-RETURNS-YIELDS":
        if "is a generator" in msg:
            return "generator-documented-returns"
        if "__init__()" in msg:
            return "returns-on-__init__"
        if "never returns one" in msg:
            return "never-returns"
        return "other"
    if rule in ("C2-PROSE-RETURN-TYPE", "C2-PROSE-PARAM-TYPE"):
        cue = re.search(r"\(an? (\w+)\)", msg)
        how = "inferred" if "on every path" in msg else "annotation"
        return f"{cue[1] if cue else '?'}/{how}"
    if rule in ("C2-RETURN-TYPE", "C2-YIELD-TYPE", "C2-PARAM-TYPE"):
        documented = msg.split('"')[1] if '"' in msg else ""
        actual = re.split(r"(?:returns|yields|says) ", msg)[-1]
        generic = "generic-actual" if "[" in actual else "plain-actual"
        union = "union-doc" if re.search(r"\bor\b|\||,", documented) else "one-type-doc"
        return f"{union}/{generic}"
    if rule in ("C1-PROSE-NAME-STALE", "C1-PROSE-NAME-ELSEWHERE"):
        kind = "used-elsewhere" if "used only by other code" in msg else "names-nothing"
        name = msg.split("`")[1] if "`" in msg else ""
        # how the name is spelled: an English word, a CapWords word, or code-shaped
        spelled = (
            "plain"
            if re.fullmatch(r"[a-z]+", name)
            else "capwords"
            if re.fullmatch(r"[A-Z][A-Za-z]*", name)
            else "code"
        )
        return f"{kind}/{spelled}"
    if rule == "C2-DEFAULT-MISMATCH":
        return "default"
    if rule == "C2-OPTIONAL-FLAG":
        return "optional"
    if rule == "C3-RAISES":
        builtin = re.search(r"raising (\w+)", msg)
        exc = builtin[1] if builtin else ""
        kind = "builtin-exc" if hasattr(builtins, exc) else "project-exc"
        return f"{kind}/{'unresolved-name' if 'names nothing' in msg else 'unraised'}"
    return "-"


def table(rows: list[dict[str, Any]], key: Any, min_n: int) -> list[tuple[str, Counter[str]]]:
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        groups[key(row)][row["verdict"]] += 1
    out = [(k, c) for k, c in groups.items() if sum(c.values()) >= min_n]
    return sorted(out, key=lambda kc: (kc[1]["TRUE"] / sum(kc[1].values()), kc[0]))


def line(name: str, c: Counter[str]) -> str:
    n, true = sum(c.values()), c["TRUE"]
    if n == 0:  # a filter that matches no judged row (e.g. a round not judged yet)
        return f"{name:52} {n:>4}"
    low, high = wilson(true, n)
    return (
        f"{name:52} {n:>4} {true:>5} {c['FALSE']:>6} {c['DEBATABLE']:>4} "
        f"{true / n:>7.0%}  [{max(low, 0.0):.0%}, {high:.0%}]"
    )


def still_firing(sets: list[str], min_n: int, first: bool = False) -> None:
    """Judged findings the current code still reports, per set, per rule and pooled
    (``first``: only rows judged on the first pass, and their shapes too)."""
    judged = load_judged("python")
    if first:
        names = corpus_sets()
        judged = {k: r for k, r in judged.items() if first_pass(r, names)}
    pooled: list[dict[str, Any]] = []
    head = f"{'':52} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%"
    print(head)
    for name in sets:
        found = current_findings("python", name)
        rows = [judged[f["key"]] for f in found if f["key"] in judged]
        pooled += rows
        unjudged = Counter(f["rule"] for f in found if f["key"] not in judged)
        print(
            line(
                f"{name} ({len(found)} findings, {sum(unjudged.values())} unjudged)",
                Counter(r["verdict"] for r in rows),
            )
        )
    print(line("POOLED", Counter(r["verdict"] for r in pooled)))
    for rule, c in table(pooled, lambda r: r["rule"], min_n):
        print(line(rule, c))
    if first:
        for name, c in table(pooled, lambda r: f"{r['rule']} {shape(r)}", min_n):
            print(line(name, c))


# session 12 (gate12): the shapes moved to opt-in ids, read from the message; C1-NAME-DERIVED's
# twin kind (parameter or local) is not in the message: its three whole-word twins that are no
# variable (a renamed parameter, a class property, a fixed polars row) were checked by hand
_NOT_DERIVED = frozenset({"return_weak_type", "state_dicts", "column_x"})


def _whole_word_twin(name: str, twin: str) -> bool:
    short, long = sorted((name.lower().strip("_"), twin.lower().strip("_")), key=len)
    return short != long and (long.startswith(short + "_") or long.endswith("_" + short))


def moved_to(row: dict[str, Any]) -> str | None:
    """The opt-in id session 12 moved a judged finding's shape to, ``None`` if it stays."""
    rule, msg = row["rule"], row["message"]
    if rule == "C3-RAISES":
        exc = re.search(r"raising (\w+)", msg)
        generic = exc is not None and exc[1] in ("ValueError", "TypeError")
        return "C3-RAISES-GENERIC" if generic and "names nothing" not in msg else None
    if rule == "C2-PROSE-RETURN-TYPE":
        items = "(a count)" in msg and re.search(r"annotated `-> (?:list|set|List|Set)\b", msg)
        return "C2-PROSE-RETURN-ITEMS" if items else None
    if rule in ("C2-PARAM-TYPE", "C2-RETURN-TYPE"):
        documented = msg.split('"')[1].strip("`() ") if '"' in msg else ""
        actual = re.split(r"(?:returns|says) ", msg)[-1]
        number = documented.lower() in ("int", "float", "number", "complex", "scalar")
        array = "ndarray" in actual and not actual.startswith(("tuple", "list", "dict"))
        return "C2-NUMPY-SCALAR" if number and array else None
    if rule == "C1-NAME-UNRESOLVED":
        m = re.match(r"`([^`]+)` names nothing in scope; did you mean `([^`]+)`", msg)
        derived = m is not None and _whole_word_twin(m[1], m[2]) and m[1] not in _NOT_DERIVED
        return "C1-NAME-DERIVED" if derived else None
    return None


def opt_in_split(rows: list[dict[str, Any]]) -> None:
    """The default set's first-pass precision before and after session 12's moves."""
    print(line("default before", Counter(r["verdict"] for r in rows)))
    print(line("default after", Counter(r["verdict"] for r in rows if not moved_to(r))))
    for name, c in table(rows, lambda r: moved_to(r) or "", 1):
        if name:
            print(line(f"moved: {name}", c))
    for rule in sorted({r["rule"] for r in rows if moved_to(r)}):
        mine = [r for r in rows if r["rule"] == rule]
        print(line(f"{rule} before", Counter(r["verdict"] for r in mine)))
        print(line(f"{rule} after", Counter(r["verdict"] for r in mine if not moved_to(r))))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--all", action="store_true", help="every judged row, not the first pass")
    ap.add_argument("--min", type=int, default=3, help="smallest group shown")
    ap.add_argument("--still-firing", nargs="*", default=None, metavar="SET")
    ap.add_argument("--first-pass", action="store_true", help="--still-firing: first pass only")
    ap.add_argument("--opt-in-split", action="store_true", help="session 12's moves: before/after")
    ap.add_argument(
        "--rounds", nargs="*", type=int, default=None, help="only rows judged in these rounds"
    )
    args = ap.parse_args()
    if args.still_firing is not None:
        still_firing(args.still_firing, args.min, args.first_pass)
        return
    sets = corpus_sets()
    rows = list(load_judged("python").values())
    if not args.all:
        rows = [r for r in rows if first_pass(r, sets)]
    if args.rounds:
        rows = [r for r in rows if int(r.get("round", -1)) in args.rounds]
    if args.opt_in_split:
        opt_in_split(rows)
        return
    head = f"{'':52} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%"
    print(f"{len(rows)} judged rows ({'all' if args.all else 'first pass'})")
    print(head)
    print(line("ALL", Counter(r["verdict"] for r in rows)))
    print("\nby rule")
    for name, c in table(rows, lambda r: r["rule"], args.min):
        print(line(name, c))
    print("\nby rule and shape")
    for name, c in table(rows, lambda r: f"{r['rule']} {shape(r)}", args.min):
        print(line(name, c))


if __name__ == "__main__":
    main()
