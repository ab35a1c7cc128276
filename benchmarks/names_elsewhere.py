"""Session 18 (nel): the judged findings of the bare-name rules split by the graph's own
"used as code in another file" answer (docref.graph.code_names.files_using, the table the
rules ask), per round group, first pass or every judged row.

For each judged row of the name rules (the rounds asked, first pass only unless ``--all``)
whose subject is a bare identifier, the row's corpus is indexed (its graph cached under
``--cache``) and the subject looked up: used as code in a file other than the row's own, or
not.  Prints strict precision of each cell (did-you-mean x used elsewhere) per round group,
and the TRUE rows the demotion would lose.

    nice -n 10 python benchmarks/names_elsewhere.py --rounds 13-20 21-26 [--all] [--rules ...]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import load_judged, wilson
from precision_shapes import corpus_sets, first_pass, shape

RULES = ("C1-NAME-UNRESOLVED", "C1-PROSE-NAME-STALE", "C1-XREF-UNRESOLVED")
_PRIVATE = "/work/notes/private"
# validation rounds of this session: never read here
_HIDDEN = ("r27", "r28")


def corpus_root(name: str, rnd: int) -> str | None:
    """Where a corpus's files are: the shared folder, or a public round's own copy."""
    for root in (
        os.path.join("/work/corpora", name),
        os.path.join(_PRIVATE, f"r{rnd}", "corpora", name),
    ):
        if os.path.isdir(root) and not any(h in root for h in _HIDDEN):
            return root
    return None


def rounds(spec: str) -> range:
    lo, _, hi = spec.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def fmt(c: Counter[str]) -> str:
    n = sum(c.values())
    if not n:
        return "0"
    lo, hi = wilson(c["TRUE"], n)
    counts = f"{n:3} {c['TRUE']:3}T {c['FALSE']:3}F {c['DEBATABLE']:3}D"
    return f"{counts} {c['TRUE'] / n:4.0%} [{lo:.0%}, {hi:.0%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", nargs="+", default=["13-20", "21-26"])
    ap.add_argument("--all", action="store_true", help="every judged row, not the first pass")
    ap.add_argument("--rules", nargs="+", default=list(RULES))
    ap.add_argument("--cache", default="/tmp/nel-names-elsewhere-cache")
    ap.add_argument("--show", action="store_true", help="list every demoted row")
    ap.add_argument("--features", action="store_true", help="second signals of the kept rows")
    ap.add_argument("--demoted", action="store_true", help="--features of the demoted rows")
    args = ap.parse_args()

    from docref.graph.code_names import files_using
    from docref.graph.project import ProjectGraph

    groups = [(g, rounds(g)) for g in args.rounds]
    judged, sets = load_judged("python"), corpus_sets()
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in judged.values():
        rnd = int(row.get("round", -1))
        if row["rule"] not in args.rules or not any(rnd in r for _, r in groups):
            continue
        if not args.all and not first_pass(row, sets):
            continue
        rows[row["corpus"]].append(row)
    cells: Counter[tuple[str, str, str, bool, str]] = Counter()
    lost: list[str] = []
    signals: Counter[tuple[str, str, str]] = Counter()
    kept_rows: list[tuple[str, list[str], dict[str, Any]]] = []
    missing: Counter[str] = Counter()
    for corpus in sorted(rows):
        group_rows = rows[corpus]
        root = corpus_root(corpus, int(group_rows[0]["round"]))
        if root is None:
            missing[corpus] += len(group_rows)
            continue
        graph: ProjectGraph | None = None
        for row in group_rows:
            msg = row["message"]
            name = msg.split("`")[1] if "`" in msg else ""
            if not re.fullmatch(r"[A-Za-z_]\w*", name):
                continue
            if graph is None:
                graph = ProjectGraph(root, cache_directory=args.cache)
                graph.index(workers=1)
            users = [u for u in files_using(graph, name) if u != row["path"]]
            rnd = int(row["round"])
            group = next(g for g, r in groups if rnd in r)
            dym = "dym" if ("did you mean" in msg or "looks like" in msg) else "no-dym"
            cells[(group, row["rule"], dym, bool(users), row["verdict"])] += 1
            wanted = bool(users) == args.demoted and row["rule"] == "C1-NAME-UNRESOLVED"
            if args.features and wanted:
                for feature in features(graph, row, name):
                    signals[(group, feature, row["verdict"])] += 1
                kept_rows.append((group, features(graph, row, name), row))
            if users and (args.show or row["verdict"] == "TRUE"):
                more = f" +{len(users) - 1}" if len(users) > 1 else ""
                lost.append(
                    f"  r{rnd} {row['verdict']:9} {corpus}: {row['rule']} {shape(row)} "
                    f"`{name}` (used in {users[0]}{more}) -- {row.get('reason', '')[:90]}"
                )
        if graph is not None:
            graph.close()
    for rule in args.rules:
        print(rule)
        for group, _ in groups:
            for dym in ("dym", "no-dym"):
                parts = []
                for used in (True, False):
                    c = Counter(
                        {
                            v: n
                            for (g, r, d, u, v), n in cells.items()
                            if (g, r, d, u) == (group, rule, dym, used)
                        }
                    )
                    parts.append(f"elsewhere={used!s:5} {fmt(c)}")
                print(f"  {group:6} {dym:6}  " + "   |   ".join(parts))
    print("demoted rows (dym + used elsewhere)" + ("" if args.show else ", TRUE only") + ":")
    print("\n".join(lost) or "  none")
    if missing:
        print("corpora not found (rows not counted):", dict(missing))
    if args.features:
        print("second signals of the kept C1-NAME-UNRESOLVED bare rows (feature: group cells)")
        for feature in sorted({f for _, f, _ in signals}):
            parts = []
            for group, _ in groups:
                c = Counter(
                    {v: n for (g, f, v), n in signals.items() if (g, f) == (group, feature)}
                )
                parts.append(f"{group} {fmt(c)}")
            print(f"  {feature:28} " + "   |   ".join(parts))
        for group, feats, row in sorted(kept_rows, key=lambda r: (r[0], r[2]["verdict"])):
            print(f"  {group} {row['verdict']:9} {row['corpus']}: {row['message'][:80]} {feats}")


def derived_name(name: str, target: str) -> bool:
    """``name`` is ``target`` with a word or digits added before or after it (``x_hat``,
    ``loc0``, ``state_dicts`` for ``state``): a value derived from it, not a stale spelling
    (a renamed thing's new name is the longer one when a word was added to it)."""
    if len(name) <= len(target):
        return False
    if name.startswith(target):
        added = name[len(target) :]
    elif name.endswith(target):
        added = name[: -len(target)]
    else:
        return False
    if added.lower() in ("s", "es"):
        return False
    return added.isdigit() or len(added.strip("_")) >= 2


def features(graph: Any, row: dict[str, Any], name: str) -> list[str]:
    """Candidate second signals of one kept row (session 18's search)."""
    msg, sentence = row["message"], row.get("sentence", "")
    target = re.search(r"did you mean `([^`]+)`", msg)
    out = []
    fn = graph.find_function(row["path"], row["qualname"])
    params = {p.name.lstrip("*") for p in fn.params} if fn is not None else set()
    local = set(fn.local_names) if fn is not None else set()
    if target is None:
        out.append("target:none")
    elif target[1] in params:
        out.append("target:param")
    elif target[1] in local:
        out.append("target:local")
    else:
        out.append("target:other")
    esc = re.escape(name)
    if re.search(rf"``{esc}``", sentence):
        out.append("mark:literal")
    elif re.search(rf"`{esc}`", sentence):
        out.append("mark:backtick")
    elif re.search(rf"{esc}\(", sentence):
        out.append("mark:call")
    else:
        out.append("mark:other")
    out.append("shape:snake" if "_" in name.strip("_") else "shape:word")
    if target is not None:
        t = target[1]
        if t.lower() == name.lower() or t.replace("_", "") == name.replace("_", ""):
            out.append("edit:case/underscore")
        elif t.rstrip("s") == name.rstrip("s"):
            out.append("edit:plural")
        elif t.startswith(name) or name.startswith(t) or t.endswith(name) or name.endswith(t):
            out.append("edit:affix")
        else:
            out.append("edit:typo")
        if derived_name(name, t):
            out.append("longer-by-a-word-or-digits")
    text = graph.source(row["path"])
    out.append(
        "in-file-text" if len(re.findall(rf"(?<!\w){esc}(?!\w)", text)) > 1 else "once-in-file"
    )
    return out


if __name__ == "__main__":
    main()
