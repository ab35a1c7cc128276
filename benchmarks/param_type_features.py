"""Features of every judged C2-PARAM-TYPE row, and TRUE/FALSE/DEB counts per feature value.

C2-PARAM-TYPE (a parameter's documented type vs its annotation) is the rule that holds the
pooled strict precision down (session 26: 8 TRUE of 35 on rounds 59-61).  Before gating it,
this looks for a separable subset: for each judged row (all rounds) it computes, from the
message and the code in the unpacked corpus (the roots ``still_firing_files.py`` knows),

- ``relation``: how the documented type relates to the annotation after normalisation
  (doc narrower / doc wider / container-vs-element / numeric tower / str-bytes-path /
  bool-vs-int / default contradiction / disjoint);
- ``body``: what the body does with the parameter (isinstance check, attribute/method use,
  operators, only stored or forwarded, stub / NotImplementedError, unused);
- ``repeat``: whether the same (doc, annotation) pair is judged on several functions of the
  project (a convention rather than drift);
- ``kind``: abstract / overload / property / plain; ``style``: Google / NumPy / reST / other;

then prints, per feature value, TRUE / FALSE / DEB and strict precision with a Wilson interval,
and the rule's first-pass precision per round (``FIRST_ROUND`` in precision_shapes.py).

    python benchmarks/param_type_features.py              # the tables
    python benchmarks/param_type_features.py --rows       # one line per row as well
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from collections import Counter, defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import load_judged, wilson
from precision_shapes import corpus_sets, first_pass
from still_firing_files import corpus_root

RULE = "C2-PARAM-TYPE"
_MSG = re.compile(r'documents (\S+) as "(.*)", but the signature says (.*)$')
_DEFAULT_MSG = re.compile(r"the annotation of (\S+) says (.*), but its default")
_NUMERIC = {"int", "float", "complex", "number", "numbers.number", "real", "numbers.real"}
_TEXTY = {"str", "bytes", "pathlike", "os.pathlike", "path", "pathlib.path", "bytearray"}
_CONTAINERS = {"list", "tuple", "set", "sequence", "iterable", "collection", "frozenset"}


def _norm(text: str) -> str:
    """A type text without markup, optional/default tails, ``typing.`` and case."""
    text = re.sub(r"[`*]", "", text)
    text = re.sub(r"~", "", text)
    text = re.split(r",\s*(?:optional|default|defaults)\b|\s+default\b|,\s*$", text)[0]
    text = re.sub(r"\b(?:typing|builtins|collections\.abc|t)\.", "", text)
    text = re.sub(r"\bOptional\[(.*)\]$", r"\1 | None", text)
    return text.strip().lower()


def _members(text: str) -> set[str]:
    """The top-level alternatives of a union (``a | b``, ``a or b``, ``Union[a, b]``)."""
    m = re.fullmatch(r"union\[(.*)\]", text)
    if m:
        text = m.group(1).replace(",", "|")
    parts = re.split(r"\s*(?:\||\bor\b)\s*", text)
    return {p.strip() for p in parts if p.strip() and p.strip() != "none"}


def _head(t: str) -> str:
    return re.sub(r"\[.*", "", t).split(".")[-1]


def relation(doc: str, ann: str) -> str:
    """How the documented type ``doc`` relates to the annotation ``ann`` (both normalised)."""
    dm, am = _members(doc), _members(ann)
    if not dm or not am:
        return "none-only"
    dh, ah = {_head(t) for t in dm}, {_head(t) for t in am}
    if dm <= am or dh <= ah:
        return "doc-narrower"
    if am <= dm or ah <= dh:
        return "doc-wider"
    if dh & ah:
        return "overlap"
    inner = {re.sub(r"^[^\[]*\[(.*)\]$", r"\1", t) for t in am if "[" in t}
    if any(_head(t) in _CONTAINERS for t in am) and (dm & inner or dh & {_head(i) for i in inner}):
        return "doc-element-of-ann"
    dinner = {re.sub(r"^[^\[]*\[(.*)\]$", r"\1", t) for t in dm if "[" in t}
    if any(_head(t) in _CONTAINERS for t in dm) and (am & dinner):
        return "ann-element-of-doc"
    if dh & _CONTAINERS and ah & _CONTAINERS:
        return "container-vs-container"
    if (dh <= {"bool"} and ah & {"int"}) or (ah <= {"bool"} and dh & {"int"}):
        return "bool-vs-int"
    if dh & _NUMERIC and ah & _NUMERIC:
        return "numeric-tower"
    if dh & _TEXTY and ah & _TEXTY:
        return "str-bytes-path"
    if dh & {"dict", "mapping"} and ah & {"dict", "mapping"}:
        return "mapping-vs-mapping"
    return "disjoint"


def _function_at(tree: ast.AST, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function whose span (decorators to end) holds ``line``."""
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            inside = start <= line <= (node.end_lineno or node.lineno)
            if inside and (best is None or node.lineno > best.lineno):
                best = node
    return best


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def body_use(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str:
    """What the body does with parameter ``name``, the strongest evidence first."""
    stmts = [s for s in fn.body if not _is_docstring(s)]
    if all(isinstance(s, ast.Pass) or _is_ellipsis(s) for s in stmts):
        return "stub"
    only = stmts[0] if len(stmts) == 1 else None
    if isinstance(only, ast.Raise) and "NotImplementedError" in ast.unparse(only):
        return "not-implemented"
    uses: Counter[str] = Counter()
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(fn):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            up = parents.get(node)
            if isinstance(up, ast.Call) and isinstance(up.func, ast.Name):
                if up.func.id in ("isinstance", "issubclass") and up.args and up.args[0] is node:
                    uses["isinstance"] += 1
                    continue
                if up.func.id in ("len", "iter", "list", "tuple", "set", "sorted", "enumerate"):
                    uses["iterated"] += 1
                    continue
                if up.func.id in ("int", "float", "str", "bool", "bytes"):
                    uses["converted"] += 1
                    continue
            if isinstance(up, ast.Attribute):
                uses["attribute"] += 1
            elif isinstance(up, (ast.BinOp, ast.Compare, ast.UnaryOp, ast.AugAssign)):
                uses["operator"] += 1
            elif isinstance(up, ast.Subscript) and up.value is node:
                uses["subscript"] += 1
            elif isinstance(up, (ast.For, ast.comprehension)):
                uses["iterated"] += 1
            elif isinstance(up, (ast.Call, ast.keyword)):
                uses["forwarded"] += 1
            elif isinstance(up, (ast.Assign, ast.AnnAssign)):
                uses["stored"] += 1
            else:
                uses["other"] += 1
    if not uses:
        return "unused"
    for kind in ("isinstance", "attribute", "subscript", "iterated", "operator", "converted"):
        if uses[kind]:
            return kind
    return "store-or-forward"


def _is_ellipsis(s: ast.stmt) -> bool:
    return isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and s.value.value is ...


def fn_kind(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    names = {ast.unparse(d).split("(")[0].split(".")[-1] for d in fn.decorator_list}
    for kind in ("abstractmethod", "overload", "property", "setter", "override"):
        if kind in names:
            return kind
    return "plain"


def style(sentence: str, name: str) -> str:
    if re.search(r"(@type|:type)\b", sentence):
        return "reST"
    if re.match(rf"\*{{0,2}}{re.escape(name)}\*{{0,2}}\s*:\s", sentence):
        return "NumPy"
    if re.match(rf"\*{{0,2}}{re.escape(name)}\*{{0,2}}\s*\(", sentence):
        return "Google"
    return "other"


_TREES: dict[str, ast.AST | None] = {}


def _tree(path: str) -> ast.AST | None:
    if path not in _TREES:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                _TREES[path] = ast.parse(fh.read())
        except (OSError, SyntaxError, ValueError):
            _TREES[path] = None
    return _TREES[path]


def features(row: dict[str, Any]) -> dict[str, str]:
    """The feature values of one judged row."""
    m = _MSG.match(row["message"])
    if m:
        name, doc, ann = m.group(1), _norm(m.group(2)), _norm(m.group(3))
        rel = relation(doc, ann)
    else:
        d = _DEFAULT_MSG.match(row["message"])
        name, doc, ann = (d.group(1) if d else "?"), "", _norm(d.group(2) if d else "")
        rel = "default-contradiction"
    out = {"relation": rel, "doc": doc, "ann": ann, "name": name}
    root = corpus_root(row["corpus"])
    tree = _tree(os.path.join(root, row["path"])) if root else None
    fn = _function_at(tree, int(row["line"])) if tree is not None else None
    if fn is None:
        out["body"], out["kind"] = "no-code", "no-code"
    else:
        out["body"], out["kind"] = body_use(fn, name), fn_kind(fn)
    out["style"] = style(row.get("sentence", ""), name)
    return out


def _line(label: str, counts: Counter[str]) -> str:
    t, f, d = counts["TRUE"], counts["FALSE"], counts["DEBATABLE"]
    n = t + f + d
    lo, hi = wilson(t, n) if n else (0.0, 0.0)
    pct = f"{100 * t / n:3.0f}% [{max(0.0, 100 * lo):.0f}, {100 * hi:.0f}]" if n else "-"
    return f"  {label:28} {t:4} {f:4} {d:4} {n:4}  {pct}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print each row's features too")
    args = ap.parse_args()
    rows = [r for r in load_judged("python").values() if r["rule"] == RULE]
    feats = {r["key"]: features(r) for r in rows}
    pairs = Counter((r["corpus"], feats[r["key"]]["doc"], feats[r["key"]]["ann"]) for r in rows)
    for r in rows:
        f = feats[r["key"]]
        f["repeat"] = "pair x3+" if pairs[(r["corpus"], f["doc"], f["ann"])] >= 3 else "single"
    print(f"{RULE}: {len(rows)} judged rows (all rounds)")
    print(f"  {'feature value':28} TRUE FALS  DEB    n  strict [Wilson 95%]")
    for feature in ("relation", "body", "repeat", "kind", "style"):
        table: dict[str, Counter[str]] = defaultdict(Counter)
        for r in rows:
            table[feats[r["key"]][feature]][r["verdict"]] += 1
        print(f"{feature}:")
        for value, counts in sorted(table.items(), key=lambda kv: -sum(kv[1].values())):
            print(_line(value, counts))
    sets = corpus_sets()
    per_round: dict[int, Counter[str]] = defaultdict(Counter)
    for r in rows:
        if first_pass(r, sets):
            per_round[int(r["round"])][r["verdict"]] += 1
    print("first-pass precision per round:")
    for rnd, counts in sorted(per_round.items()):
        print(_line(f"round {rnd}", counts))
    if args.rows:
        for r in sorted(rows, key=lambda r: (r["round"], r["corpus"], r["path"], r["line"])):
            f = feats[r["key"]]
            print(
                f"{r['verdict'][:5]:5} r{r['round']:<3} {r['corpus']:18} {f['relation']:22} "
                f"{f['body']:16} {f['repeat']:8} {f['kind']:14} {f['style']:6} "
                f"{f['doc']!r} vs {f['ann']!r}"
            )


if __name__ == "__main__":
    main()
