"""The judged C2-PARAM-TYPE / C2-RETURN-TYPE findings by the shape of their evidence (session 13).

Each judged row's message gives the documented type and the annotation; both are parsed by
docref's own normaliser and every documented member is compared with every annotated member
(``None`` left out), which gives the *relation*:

* ``doc-narrower``: every documented member fits an annotated one (should not fire);
* ``doc-wider``: every annotated member is covered by a documented one, which names more;
* ``overlap``: some members relate, each side has others;
* ``container-item``: ``X`` against ``list of X`` (or a ``set``/``tuple``/``Sequence`` of it),
  either way;
* ``callable``: a callable documented where the annotation is a class (``type``) or a string,
  or the other way round;
* ``disjoint``: no documented member relates to an annotated one;
* ``unknown``: a comparison the normaliser cannot decide without the project.

Then what the function's code shows (``/work/corpora`` must hold the corpus): for a parameter,
``converts`` (``Path(x)``, ``np.asarray(x)``, ``str(x)`` ...), ``called`` (``x(...)``),
``type-used`` (``type(v) is x``), ``none-test`` (``x is None``), ``default-contradicts`` (the
default literal's kind is not the annotation's); for a return, ``abstract`` (a body that only
passes or raises).  Strict precision = TRUE / judged, Wilson 95% interval.

    python benchmarks/c2_shapes.py [--sets r11 r12a r12b r13 r14 r15] [--still-firing] [--rows]
        [--out OTHER_CHECKOUT/benchmarks/out/precision]
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
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))

import precision
from docref.checks.types import TypeExpr, Verdict, compare, parse_annotation, parse_doc_type
from precision import CORPORA, current_findings, load_judged, verdict_line
from precision_shapes import corpus_sets

RULES = ("C2-PARAM-TYPE", "C2-RETURN-TYPE")
_PARAM = re.compile(r'^documents (\w+) as "(.*)", but the signature says (.*)$')
_RETURN = re.compile(
    r'^says it returns "(.*)", but (\w+)\(\) (?:is a generator that )?returns (.*)$'
)
_FITS = (Verdict.EQUAL, Verdict.EQUIVALENT, Verdict.COMPATIBLE)
_CONTAINERS = frozenset(
    {
        "list",
        "set",
        "tuple",
        "frozenset",
        "collections.abc.Sequence",
        "collections.abc.Iterable",
        "collections.abc.Collection",
    }
)
_CALLABLE = "collections.abc.Callable"
_CONVERTERS = (
    r"(?:pathlib\.)?Path|os\.fspath|(?:np|numpy)\.(?:asarray|array|asanyarray|atleast_\dd)"
    r"|asarray|str|int|float|list|tuple|set|dict|bool|np\.dtype|torch\.tensor|pd\.\w+"
)


def _parts(row: dict[str, Any]) -> tuple[str, str, str] | None:
    """(parameter name or "", documented text, annotation text) from the message."""
    m = _PARAM.match(row["message"])
    if m:
        return m[1], m[2], m[3]
    m = _RETURN.match(row["message"])
    if m:
        return "", m[1], m[3].split(" (")[0]
    return None


def _members(expr: TypeExpr) -> list[TypeExpr]:
    return [m for m in expr.members if not m.is_none]


def _fits(doc: TypeExpr, ann: TypeExpr) -> bool | None:
    verdict = compare(doc, ann)
    return None if verdict is None else verdict in _FITS


def _container_of(outer: TypeExpr, inner: TypeExpr) -> bool:
    return (
        outer.name in _CONTAINERS
        and len(outer.args) >= 1
        and bool(_fits(outer.args[0], inner) or _fits(inner, outer.args[0]))
    )


def relation(doc_text: str, ann_text: str) -> str:
    doc = parse_doc_type(doc_text.strip("`"))
    ann = parse_annotation(ann_text)
    if doc is None or ann is None:
        return "unparsed"
    docs, anns = _members(doc), _members(ann)
    if not docs or not anns:
        return "none-only"
    pair = {(i, j): _fits(d, a) for i, d in enumerate(docs) for j, a in enumerate(anns)}
    back = {(i, j): _fits(a, d) for i, d in enumerate(docs) for j, a in enumerate(anns)}
    related = {k for k in pair if pair[k] or back[k]}
    if any(v is None for v in pair.values()) and not related:
        return "unknown"
    if all(any(pair[i, j] for j in range(len(anns))) for i in range(len(docs))):
        return "doc-narrower"
    covered = all(any(back[i, j] for i in range(len(docs))) for j in range(len(anns)))
    if covered:
        return "doc-wider"
    if related:
        return "overlap"
    for d in docs:
        for a in anns:
            if _container_of(d, a) or _container_of(a, d):
                return "container-item"
    names = {m.name for m in docs} | {m.name for m in anns}
    if _CALLABLE in names and names & {"type", "str"}:
        return "callable"
    return "disjoint"


def _function(row: dict[str, Any]) -> tuple[ast.AST, str] | None:
    path = os.path.join(CORPORA, row["corpus"], row["path"])
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        tree = ast.parse(text)
    except (OSError, SyntaxError):
        return None
    node: ast.AST = tree
    for part in row["qualname"].split("."):
        found = None
        for child in getattr(node, "body", []):
            kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
            if isinstance(child, kinds) and child.name == part:
                found = child
        if found is None:
            return None
        node = found
    return node, text


def evidence(row: dict[str, Any], param: str) -> list[str]:
    got = _function(row)
    if got is None:
        return ["no-source"]
    node, _text = got
    if isinstance(node, ast.ClassDef):  # a class docstring documents __init__'s parameters
        init = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
        if not init:
            return []
        node = init[0]
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    code = "\n".join(ast.unparse(s) for s in body)
    out = []
    if not param:
        plain = all(
            isinstance(s, (ast.Pass, ast.Raise))
            or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
            for s in body
        )
        return ["abstract"] if plain else []
    p = re.escape(param)
    if re.search(rf"(?<![\w.])(?:{_CONVERTERS})\(\s*{p}\b", code):
        out.append("converts")
    if re.search(rf"(?<![\w.]){p}\(", code):
        out.append("called")
    if re.search(rf"\btype\([^)]*\)\s+(?:is|is not|==|!=)\s+{p}\b", code):
        out.append("type-used")
    if re.search(rf"(?<![\w.]){p}\s+is\s+(?:not\s+)?None\b|\bif\s+(?:not\s+)?{p}\s*:", code):
        out.append("none-test")
    args = node.args
    positional = args.posonlyargs + args.args
    with_default = [a.arg for a in positional][len(positional) - len(args.defaults) :]
    defaults = dict(zip(with_default, args.defaults, strict=True))
    for arg, value in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if value is not None:
            defaults[arg.arg] = value
    default = defaults.get(param)
    ann = next((a.annotation for a in positional + args.kwonlyargs if a.arg == param), None)
    if isinstance(default, ast.Constant) and default.value is not None and ann is not None:
        kind = type(default.value).__name__
        annotated = parse_annotation(ast.unparse(ann))
        if annotated is not None and _fits(TypeExpr(kind), annotated) is False:
            out.append("default-contradicts")
    return out


def rows_of(sets: list[str], still_firing: bool) -> list[dict[str, Any]]:
    names = corpus_sets()
    judged = load_judged("python")
    rows = [r for r in judged.values() if r["rule"] in RULES and names.get(r["corpus"]) in sets]
    if still_firing:
        keys = {f["key"] for s in sets for f in current_findings("python", s)}
        rows = [r for r in rows if r["key"] in keys]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--sets", nargs="*", default=["r11", "r12a", "r12b", "r13", "r14", "r15"])
    ap.add_argument("--still-firing", action="store_true", help="only what the last run reports")
    ap.add_argument("--rows", action="store_true", help="every row with its shape")
    ap.add_argument("--out", default=None, help="--still-firing: the run folder to read")
    args = ap.parse_args()
    if args.out:
        precision.OUT = args.out  # another checkout's ``precision.py run`` (the code before)
    rows = rows_of(args.sets, args.still_firing)
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for row in sorted(rows, key=lambda r: (r["rule"], r["verdict"], r["corpus"], r["line"])):
        parts = _parts(row)
        if parts is None:
            continue
        param, doc, ann = parts
        rel = relation(doc, ann)
        ev = evidence(row, param)
        label = f"{row['rule'][3:]} {rel}"
        groups[label][row["verdict"]] += 1
        groups[f"{label} +{'+'.join(ev) or 'none'}"][row["verdict"]] += 1
        groups[row["rule"]][row["verdict"]] += 1
        if args.rows:
            print(
                f"{row['verdict'][:5]:5} {label:28} {','.join(ev):24} {row['corpus']}:"
                f"{row['path']}:{row['line']} {row['message'][:110]}"
            )
    head = f"{'':44} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%"
    print(head)
    for name in sorted(groups):
        print(verdict_line(name, groups[name], 44))


if __name__ == "__main__":
    main()
