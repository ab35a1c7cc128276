"""Candidate mutations of one file, per kind (see ``recall_mutate``), and applying them."""

from __future__ import annotations

import ast
import itertools
import re
import zlib

from recall_mutate import (
    Edit,
    Mutation,
    doc_span,
    entry_lines,
    iter_functions,
    marked_lines,
    rename_candidates,
    return_claim_lines,
    swap_annotation,
)

Func = ast.FunctionDef | ast.AsyncFunctionDef
# names a rename would also change on other libraries' objects (``f.read()``)
_COMMON = (
    frozenset(dir(str))
    | frozenset(dir(dict))
    | frozenset(dir(list))
    | frozenset(
        {
            "read",
            "write",
            "close",
            "open",
            "get",
            "set",
            "run",
            "send",
            "start",
            "stop",
            "name",
            "value",
            "data",
            "call",
            "update",
            "flush",
            "reset",
            "copy",
            "keys",
            "items",
            "values",
        }
    )
)


class Source:
    """A file's text, lines, bytes per line and tree."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        # names also used in other files of the project (set by the caller): renaming them in
        # one file would leave the docstring's name resolving to the other definition
        self.shared: set[str] = set()
        self.text = text
        self.lines = text.splitlines()
        self.blines = [line.encode() for line in self.lines]
        self.tree = ast.parse(text)
        self.names = {n.id for n in ast.walk(self.tree) if isinstance(n, ast.Name)}
        self.names |= {n.attr for n in ast.walk(self.tree) if isinstance(n, ast.Attribute)}
        self.names |= {
            n.name
            for n in ast.walk(self.tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        }
        self.names |= {a.arg for a in ast.walk(self.tree) if isinstance(a, ast.arg)}

    def at(self, line: int, col: int, end_col: int) -> str:
        return self.blines[line - 1][col:end_col].decode(errors="replace")

    def edit(self, line: int, col: int, old: str, new: str) -> Edit | None:
        """An edit replacing ``old`` at (line, col), or None when the text is not there."""
        if line < 1 or line > len(self.blines):
            return None
        end = col + len(old.encode())
        return Edit(line, col, end, new) if self.at(line, col, end) == old else None

    def doc(self, span: tuple[int, int]) -> str:
        return "\n".join(self.lines[span[0] - 1 : span[1]])


def _seed(*parts: str) -> int:
    return zlib.crc32("/".join(parts).encode())


def _fresh(src: Source, func: Func, span: tuple[int, int], name: str) -> bool:
    return name not in src.names and not re.search(rf"\b{re.escape(name)}\b", src.doc(span))


def _params(func: Func, method: bool) -> list[ast.arg]:
    a = func.args
    out = [*a.posonlyargs, *a.args, *a.kwonlyargs]
    if method and out and out[0].arg in ("self", "cls"):
        out = out[1:]
    return out


def _own_names(func: Func, name: str) -> list[ast.Name] | None:
    """The Name nodes of ``name`` in the body, or None when a nested scope rebinds it."""
    out = []
    for node in ast.walk(func):
        nested = node is not func and isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        )
        if nested and any(a.arg == name for a in ast.walk(node.args) if isinstance(a, ast.arg)):
            return None
        if isinstance(node, ast.comprehension) and any(
            isinstance(t, ast.Name) and t.id == name for t in ast.walk(node.target)
        ):
            return None
        if isinstance(node, ast.Name) and node.id == name:
            out.append(node)
    return out


def _siblings(src: Source) -> dict[str, list[Func]]:
    """Every definition of each qualname: an ``@overload`` group is its stubs and the
    implementation (a rename or a type change is made in each of them, as a person makes it;
    until session 35 only the documented one was edited, and the stubs kept the old name)."""
    out: dict[str, list[Func]] = {}
    for qual, func in iter_functions(src.tree):
        out.setdefault(qual, []).append(func)
    return out


def _rename_edits(src: Source, funcs: list[Func], name: str, new: str) -> list[Edit] | None:
    """The edits renaming parameter ``name`` to ``new`` in the signature and body of each of
    ``funcs`` that has it; None when one of them cannot be renamed cleanly."""
    edits: list[Edit | None] = []
    for func in funcs:
        for p in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
            if p.arg != name:
                continue
            uses = _own_names(func, name)
            if uses is None:
                return None
            edits.append(src.edit(p.lineno, p.col_offset, name, new))
            edits += [src.edit(u.lineno, u.col_offset, name, new) for u in uses]
    return None if None in edits else [e for e in edits if e]


def param_renames(src: Source) -> list[Mutation]:
    out = []
    siblings = _siblings(src)
    for qual, func in iter_functions(src.tree):
        span = doc_span(func)
        if span is None:
            continue
        for p in _params(func, "." in qual):
            name = p.arg
            entry = entry_lines(src.lines, span, name)
            marked = marked_lines(src.lines, span, name)
            if len(name) < 2 or not (entry or marked):
                continue
            if _own_names(func, name) is None:
                continue
            for strategy, new in rename_candidates(name, _seed(src.path, qual, name)):
                if not _fresh(src, func, span, new):
                    continue
                edits = _rename_edits(src, siblings[qual], name, new)
                if edits is None:
                    break
                out.append(
                    Mutation(
                        "param-rename",
                        strategy,
                        src.path,
                        qual,
                        name,
                        new,
                        sorted(set(entry + marked)),
                        edits,
                        "entry" if entry else "markup",
                    )
                )
    return out


def _definitions(src: Source) -> dict[str, list[Edit | None]]:
    """Helper names defined in the file (module functions, methods, ``self.x`` attributes)
    with the edits renaming them, definition and uses.  A name that is also a parameter
    somewhere in the file is left out (the docstring may mean the parameter)."""
    module = {
        n.name for n in src.tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    members: set[str] = set()
    for node in ast.walk(src.tree):
        if isinstance(node, ast.ClassDef):
            members |= {
                n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            }
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            members.add(node.attr)
    args = {a.arg for a in ast.walk(src.tree) if isinstance(a, ast.arg)}
    ok = (module | members) - args - (module & members)
    ok = {d for d in ok if not d.startswith("__") and d not in _COMMON and len(d) >= 3}
    edits: dict[str, list[Edit | None]] = {d: [] for d in ok}
    for node in ast.walk(src.tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in edits:
            line = src.lines[node.lineno - 1].encode()
            m = re.compile(rb"def\s+(" + re.escape(node.name.encode()) + rb")\b").search(line)
            edits[node.name].append(src.edit(node.lineno, m.start(1), node.name, "") if m else None)
        elif isinstance(node, ast.Name) and node.id in edits and node.id in module:
            edits[node.id].append(src.edit(node.lineno, node.col_offset, node.id, ""))
        elif isinstance(node, ast.Attribute) and node.attr in edits and node.end_lineno:
            col = (node.end_col_offset or 0) - len(node.attr.encode())
            edits[node.attr].append(src.edit(node.end_lineno, col, node.attr, ""))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in edits
            and node.lineno == node.end_lineno
        ):
            # ``__all__ = ["name"]``, ``getattr(self, "name")``: a rename updates them too
            edits[node.value].append(src.edit(node.lineno, node.col_offset + 1, node.value, ""))
    return edits


def _kept_spellings(tree: ast.AST, out: tuple[set[str], set[str]], in_function: bool) -> None:
    """Collect into ``out`` the spellings a helper rename's edits (:func:`_definitions`) leave
    in place: (imports and class names, names in module or class scope).  Imports: ``import
    gettext``, a function-local ``from pypairs.pairs import sandbag``; names in module or class
    scope: ``__call__ = evaluate``, a class attribute ``covariance_factor = scotts_factor``
    beside the method (inside a function a name spelt like a method is a local)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.alias):
            out[0].update({node.asname or node.name, node.name.split(".")[-1]})
        elif isinstance(node, ast.ClassDef):
            out[0].add(node.name)
        elif isinstance(node, ast.Name) and not in_function:
            out[1].add(node.id)
        _kept_spellings(node, out, in_function or isinstance(node, Func | ast.Lambda))


def _unclean(src: Source) -> set[str]:
    """Helpers whose rename would leave the old name spelt as code in the file, so that the
    docstring's name still resolves: no drift (session 37; a module function's names are all
    renamed, a member's are not)."""
    spelt: tuple[set[str], set[str]] = (set(), set())
    _kept_spellings(src.tree, spelt, False)
    module = {n.name for n in src.tree.body if isinstance(n, Func)}
    return spelt[0] | (spelt[1] - module)


def helper_renames(src: Source) -> list[Mutation]:
    out = []
    defs = _definitions(src)
    unclean = _unclean(src)
    for qual, func in iter_functions(src.tree):
        span = doc_span(func)
        if span is None:
            continue
        params = {a.arg for a in _params(func, False)}
        for name, raw in defs.items():
            if name == func.name or name in params or name in src.shared or None in raw:
                continue
            lines = marked_lines(src.lines, span, name)
            if not lines:
                continue
            for strategy, new in rename_candidates(name, _seed(src.path, qual, name), helper=True):
                if not _fresh(src, func, span, new):
                    continue
                edits = [Edit(e.line, e.col, e.end_col, new) for e in raw if e]
                out.append(
                    Mutation(
                        "helper-rename",
                        strategy,
                        src.path,
                        qual,
                        name,
                        new,
                        lines,
                        edits,
                        "markup",
                        clean=name not in unclean,
                    )
                )
                break  # one new name per helper and docstring
    return out


def _annotation_edit(src: Source, node: ast.expr, new: str) -> Edit | None:
    if node.lineno != node.end_lineno or node.end_col_offset is None:
        return None
    return Edit(node.lineno, node.col_offset, node.end_col_offset, new)


def _return_exprs(func: Func) -> list[ast.expr] | None:
    """The returned expressions of the function's own body; None when a bare return or
    a nested function makes them unclear."""
    out: list[ast.expr] = []
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        if isinstance(node, ast.Yield | ast.YieldFrom):
            return None
        if isinstance(node, ast.Return):
            if node.value is None:
                return None
            out.append(node.value)
        stack.extend(ast.iter_child_nodes(node))
    return out or None


def _expr_swap(src: Source, expr: ast.expr) -> tuple[str, list[Edit]] | None:
    """(old kind, edits) changing one returned expression to another kind."""
    if expr.end_lineno is None or expr.end_col_offset is None:
        return None
    if isinstance(expr, ast.Constant) and isinstance(expr.value, bool):
        # not ``1``/``0``: an unannotated C-style boolean is a boolean
        e = _annotation_edit(src, expr, '"yes"' if expr.value else '"no"')
        return ("bool", [e]) if e else None
    if (
        isinstance(expr, ast.Constant)
        and isinstance(expr.value, str)
        and expr.lineno == expr.end_lineno
    ):
        text = src.at(expr.lineno, expr.col_offset, expr.end_col_offset)
        if text[:1] in "'\"" and text.isascii():
            return "str", [Edit(expr.lineno, expr.col_offset, expr.col_offset, "b")]
        return None
    if isinstance(expr, ast.List | ast.ListComp):
        return "list", [
            Edit(expr.lineno, expr.col_offset, expr.col_offset, '", ".join('),
            Edit(expr.end_lineno, expr.end_col_offset, expr.end_col_offset, ")"),
        ]
    if isinstance(expr, ast.JoinedStr) or (
        isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "str"
    ):
        return "str", [
            Edit(expr.lineno, expr.col_offset, expr.col_offset, "("),
            Edit(expr.end_lineno, expr.end_col_offset, expr.end_col_offset, ").encode()"),
        ]
    return None


_VOCAB = {
    "bool": r"\b(?:bool|boolean|true|false|whether)\b",
    "str": r"\b(?:str|string|text)\b",
    "list": r"\blist\b",
}
_NEW = {"bool": "str", "str": "bytes", "list": "str"}


def return_changes(src: Source) -> list[Mutation]:
    out = []
    for qual, func in iter_functions(src.tree):
        span = doc_span(func)
        if span is None:
            continue
        claim = return_claim_lines(src.lines, span)
        if not claim:
            continue
        said = "\n".join(src.lines[n - 1] for n in claim)
        if func.returns is not None:
            ann = ast.get_source_segment(src.text, func.returns) or ""
            swap = swap_annotation(ann)
            if swap is None or not re.search(swap[2], said, re.I):
                continue
            e = _annotation_edit(src, func.returns, swap[1])
            if e:
                out.append(
                    Mutation(
                        "return-type",
                        "annotation",
                        src.path,
                        qual,
                        ann,
                        swap[1],
                        claim,
                        [e],
                        "annotation",
                    )
                )
            continue
        exprs = _return_exprs(func)
        swaps = [_expr_swap(src, x) for x in exprs or []]
        kinds = {s[0] for s in swaps if s}
        if not exprs or None in swaps or len(kinds) != 1:
            continue
        (kind,) = kinds
        if not re.search(_VOCAB[kind], said, re.I):
            continue
        edits = [e for s in swaps if s for e in s[1]]
        out.append(
            Mutation(
                "return-type",
                "returned",
                src.path,
                qual,
                kind,
                _NEW[kind],
                claim,
                edits,
                "returned",
            )
        )
    return out


def _same_annotation(src: Source, funcs: list[Func], name: str, ann: str) -> list[ast.expr]:
    """The annotations of parameter ``name`` spelled ``ann`` in ``funcs`` (an ``@overload``
    stub that annotates it otherwise is a different signature and is left as it is)."""
    return [
        p.annotation
        for func in funcs
        for p in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        if p.arg == name
        and p.annotation is not None
        and ast.get_source_segment(src.text, p.annotation) == ann
    ]


def param_type_changes(src: Source) -> list[Mutation]:
    out = []
    siblings = _siblings(src)
    for qual, func in iter_functions(src.tree):
        span = doc_span(func)
        if span is None:
            continue
        for p in _params(func, "." in qual):
            if p.annotation is None:
                continue
            entry = entry_lines(src.lines, span, p.arg)
            if not entry:
                continue
            ann = ast.get_source_segment(src.text, p.annotation) or ""
            swap = swap_annotation(ann)
            said = "\n".join(src.lines[n - 1] for n in entry)
            if swap is None or not re.search(swap[2], said, re.I):
                continue
            same = _same_annotation(src, siblings[qual], p.arg, ann)
            edits = [_annotation_edit(src, a, swap[1]) for a in same]
            if None not in edits:
                out.append(
                    Mutation(
                        "param-type",
                        "annotation",
                        src.path,
                        qual,
                        f"{p.arg}: {ann}",
                        swap[1],
                        entry,
                        [e for e in edits if e],
                        "entry",
                    )
                )
    return out


FINDERS = {
    "param-rename": param_renames,
    "helper-rename": helper_renames,
    "return-type": return_changes,
    "param-type": param_type_changes,
}


def apply(text: str, edits: list[Edit]) -> str | None:
    """The text with the edits made (None when two overlap or the result does not parse)."""
    lines = [line.encode() for line in text.splitlines(keepends=True)]
    by_line: dict[int, list[Edit]] = {}
    for e in edits:
        by_line.setdefault(e.line, []).append(e)
    for no, group in by_line.items():
        group.sort(key=lambda e: (e.col, e.end_col))
        for a, b in itertools.pairwise(group):
            if b.col < a.end_col or (b.col == a.col and a.end_col == a.col == b.end_col):
                return None
        line = lines[no - 1]
        for e in reversed(group):
            line = line[: e.col] + e.text.encode() + line[e.end_col :]
        lines[no - 1] = line
    out = b"".join(lines).decode()
    try:
        ast.parse(out)
    except SyntaxError:
        return None
    return out
