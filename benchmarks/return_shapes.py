"""The judged return-rule findings (C2-RETURN-TYPE, C2-PROSE-RETURN-TYPE, C3-RETURNS-YIELDS) by
the corroborating evidence the code gives (session 14, ty12b).

For each judged finding of the chosen rounds that the last ``precision.py run`` still reports
(``--out``: another checkout's run folder), the function is read from ``/work/corpora`` and
these features are computed:

* ``ret``: what every ``return`` gives against the return annotation -- ``agree`` (each
  returned expression's kind is certain -- a literal, display, ``self``, a builtin or project
  constructor call -- and fits the annotation), ``against`` (one certain kind the annotation
  does not name), ``unknown`` (some return is a name or call whose kind is not certain),
  ``none`` (no return with a value);
* ``ann``: the annotation's top-level names all builtin/typing/collections (``builtin``) or not;
* ``shape`` (C3): ``never`` (Returns, no return value), ``generator`` (Returns on a generator),
  ``yields`` (Yields without a generator); ``none-ann`` (annotated ``-> None``).

Prints a table (n, TRUE, FALSE, DEB, strict precision, Wilson 95%) per rule and feature value
and writes it as JSON (``--json``).  Rounds <= 16 are the design rounds; round 17 the held-out
check (``--rounds 17``).

    python benchmarks/return_shapes.py [--rounds 14 15 16] [--out DIR] [--rows] [--json F]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))

import precision
from c2_shapes import _function
from docref.checks.static.returned_kinds import expr_kind
from precision import load_judged, verdict_line

RULES = ("C2-RETURN-TYPE", "C2-PROSE-RETURN-TYPE", "C3-RETURNS-YIELDS")
_BUILTIN_KINDS = {
    "str": "str",
    "bytes": "bytes",
    "bool": "bool",
    "int": "int",
    "float": "float",
    "list": "list",
    "List": "list",
    "tuple": "tuple",
    "Tuple": "tuple",
    "dict": "dict",
    "Dict": "dict",
    "set": "set",
    "Set": "set",
    "frozenset": "frozenset",
    "FrozenSet": "frozenset",
    "None": "None",
}


def _ann_names(node: ast.expr | None) -> list[str] | None:
    """The top-level names of a return annotation (``X | None``, ``Optional[X]``, ``Union``)."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _ann_names(node.left), _ann_names(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.Subscript):
        base = ast.unparse(node.value).rsplit(".", 1)[-1]
        if base in ("Optional", "Union"):
            inner = node.slice
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            out = ["None"] if base == "Optional" else []
            for item in items:
                got = _ann_names(item)
                if got is None:
                    return None
                out += got
            return out
        return [base]
    if isinstance(node, ast.Constant) and node.value is None:
        return ["None"]
    return [ast.unparse(node).rsplit(".", 1)[-1]]


def _returned(fn: ast.AST) -> list[ast.expr | None]:
    out: list[ast.expr | None] = []
    todo = list(getattr(fn, "body", []))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return):
            out.append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return out


def _kind(node: ast.expr | None) -> str:
    kind = expr_kind(node)
    if kind != "?":
        return kind
    if isinstance(node, ast.Name) and node.id in ("self", "cls"):
        return "self"
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func).rsplit(".", 1)[-1]
        if name[:1].isupper():
            return "class:" + name
    return "?"


def ret_feature(fn: ast.AST, cls: str | None) -> str:
    names = _ann_names(getattr(fn, "returns", None))
    values = [v for v in _returned(fn) if not (isinstance(v, ast.Constant) and v.value is None)]
    values = [v for v in values if v is not None]
    if not values:
        return "none"
    if names is None:
        return "no-ann"
    kinds = [_kind(v) for v in values]
    allowed = {_BUILTIN_KINDS.get(n, "class:" + n) for n in names}
    if "Self" in names and cls:
        allowed |= {"self", "class:" + cls}
    if cls and cls in names:
        allowed.add("self")
    if allowed & {"float"}:
        allowed.add("int")
    for kind in kinds:
        if kind != "?" and kind not in allowed and not kind.startswith("class:"):
            return "against"
    if "?" in kinds:
        return "unknown"
    if all(k in allowed for k in kinds):
        return "agree"
    return "class-other"


def ann_feature(fn: ast.AST) -> str:
    names = _ann_names(getattr(fn, "returns", None))
    if names is None:
        return "none" if getattr(fn, "returns", None) is None else "?"
    return "builtin" if all(n in _BUILTIN_KINDS for n in names) else "project"


def features(row: dict[str, Any]) -> dict[str, str]:
    got = _function(row)
    if got is None:
        return {"src": "missing"}
    fn, _text = got
    parts = row["qualname"].split(".")
    cls = parts[-2] if len(parts) > 1 else None
    out = {"ret": ret_feature(fn, cls), "ann": ann_feature(fn)}
    if row["rule"] == "C3-RETURNS-YIELDS":
        msg = row["message"]
        shape = "generator" if "generator" in msg else "yields" if "yielded" in msg else "never"
        out["shape"] = shape
        returns = getattr(fn, "returns", None)
        out["annotated"] = (
            "none-ann"
            if (ast.unparse(returns) if returns else "") == "None"
            else ("no-ann" if returns is None else "ann")
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--rounds", nargs="*", type=int, default=[14, 15, 16])
    ap.add_argument("--out", default=None, help="the run folder to read (another checkout)")
    ap.add_argument("--all-judged", action="store_true", help="also rows no longer reported")
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if args.out:
        precision.OUT = args.out
    judged = load_judged("python")
    rows = [r for r in judged.values() if r["rule"] in RULES and int(r["round"]) in args.rounds]
    firing: dict[str, str] = {}
    if not args.all_judged:
        for corpus in sorted({r["corpus"] for r in rows}):
            path = os.path.join(precision.OUT, corpus + ".json")
            if os.path.exists(path):
                for f in current_findings_of(corpus, path):
                    firing[f["key"]] = f["rule"]
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    table = []
    for row in sorted(rows, key=lambda r: (r["rule"], r["verdict"], r["corpus"], r["line"])):
        if not args.all_judged and row["key"] not in firing:
            continue
        feats = features(row)
        groups[row["rule"]][row["verdict"]] += 1
        for key, value in feats.items():
            groups[f"{row['rule']} {key}={value}"][row["verdict"]] += 1
        combo = " ".join(f"{k}={v}" for k, v in feats.items())
        groups[f"{row['rule']} {combo}"][row["verdict"]] += 1
        table.append({**row, "features": feats})
        if args.rows:
            print(
                f"{row['verdict'][:5]:5} {row['round']:>2} {row['rule'][:14]:14} {combo:44} "
                f"{row['corpus']}:{row['qualname']} | {row['message'][:90]}"
            )
    print(f"{'':52} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%")
    for name in sorted(groups):
        print(verdict_line(name, groups[name], 52))
    if args.json:
        with open(args.json, "w") as fh:
            out = {k: dict(v) for k, v in sorted(groups.items())}
            json.dump({"rounds": args.rounds, "groups": out, "rows": table}, fh, indent=1)


def current_findings_of(corpus: str, path: str) -> list[dict[str, Any]]:
    with open(path) as fh:
        report = json.load(fh)
    return [{**f, "key": precision.finding_key(corpus, f)} for f in report["findings"]]


if __name__ == "__main__":
    main()
