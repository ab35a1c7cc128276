"""A Python module's API read from its source (or ``.pyi`` stub) with :mod:`ast`.

A module is parsed once into a summary of its top-level bindings -- functions, classes with
their members, assignments (also ``Cls.attr = v`` after the class), imports and ``from m import
*`` sources; bindings inside ``if``/``try``/``with`` blocks count, the first binding wins but a
``def``/``class`` beats an import or assignment.  Function and class bodies are dropped down to
their docstrings so that cached summaries stay small.  Summaries are cached per (module name,
path) and parsed again when the file's mtime or size changes.

:func:`binding_doc` renders a binding as ``(kind, signature, doc)``; following imports and
aliases to what they name is the job of :mod:`docref.external.python`.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
from dataclasses import dataclass, field
from functools import partial

from docref.core.file_stamp import file_stamp
from docref.external.lookup import LRU
from docref.external.py_shared import shared
from docref.external.py_skeleton import compiled_here, skeleton

_VAR_SIG_MAX = 300
_OVERLOADS_MAX = 3


@dataclass(eq=False)
class Binding:
    """What a name is bound to in a module or class body.

    kind: ``def`` (all same-name defs in ``nodes``, for overloads), ``class``, ``var``,
    ``alias`` (``x = other.name``), ``module`` (``import m as x``), ``from`` (``from m import
    attr as x``).
    """

    kind: str
    nodes: list[ast.stmt] = field(default_factory=list)
    target: str = ""
    attr: str = ""
    expr: ast.expr | None = None
    doc: str | None = None
    members: dict[str, Binding] | None = None
    name: str = ""


@dataclass(eq=False)
class SourceModule:
    name: str
    path: str
    is_pkg: bool
    doc: str | None = None
    scope: dict[str, Binding] = field(default_factory=dict)
    stars: list[str] = field(default_factory=list)
    error: str | None = None


def _absolute(modname: str, is_pkg: bool, level: int, module: str | None) -> str | None:
    if level == 0:
        return module
    base = modname.split(".") if is_pkg else modname.split(".")[:-1]
    if level - 1 > len(base):
        return None
    base = base[: len(base) - (level - 1)]
    if module:
        base += module.split(".")
    return ".".join(base) or None


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [n for elt in target.elts for n in _target_names(elt)]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return []


def _attribute_doc(body: list[ast.stmt], index: int) -> str | None:
    if index + 1 < len(body):
        nxt = body[index + 1]
        if (
            isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            return nxt.value.value
    return None


def prune(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
    """Drop a body down to its docstring: cached summaries keep only what rendering needs."""
    first = node.body[0] if node.body else None
    keep = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    node.body = [first] if keep and first is not None else [ast.Pass()]


def collect(
    body: list[ast.stmt],
    scope: dict[str, Binding],
    stars: list[str] | None,
    modname: str,
    is_pkg: bool,
) -> None:
    def bind(name: str, binding: Binding, where: dict[str, Binding] = scope) -> None:
        binding.name = name
        where.setdefault(name, binding)

    for index, stmt in enumerate(body):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            prune(stmt)
            old = scope.get(stmt.name)
            if old is not None and old.kind == "def":
                old.nodes.append(stmt)
            elif old is None or old.kind != "class":
                scope[stmt.name] = Binding("def", [stmt], name=stmt.name)
        elif isinstance(stmt, ast.ClassDef):
            old = scope.get(stmt.name)
            if old is None or old.kind not in ("def", "class"):
                members: dict[str, Binding] = {}
                collect(stmt.body, members, None, modname, is_pkg)
                scope[stmt.name] = Binding("class", [stmt], members=members, name=stmt.name)
            prune(stmt)
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            doc = _attribute_doc(body, index)
            value = stmt.value
            aliasing = isinstance(value, ast.Name | ast.Attribute)
            simple = aliasing and all(isinstance(t, ast.Name | ast.Attribute) for t in targets)
            for target in targets:
                where = scope
                names = _target_names(target)
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    owner = scope.get(target.value.id)  # `Cls.attr = ...` after the class
                    if stars is None or owner is None or owner.members is None:
                        continue
                    where, names = owner.members, [target.attr]
                for name in names:
                    if simple:
                        bind(name, Binding("alias", [stmt], expr=value, doc=doc), where)
                    else:
                        bind(name, Binding("var", [stmt], doc=doc), where)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname:
                    bind(alias.asname, Binding("module", target=alias.name))
                else:
                    top = alias.name.partition(".")[0]
                    bind(top, Binding("module", target=top))
        elif isinstance(stmt, ast.ImportFrom):
            source = _absolute(modname, is_pkg, stmt.level, stmt.module)
            if source is None:
                continue
            for alias in stmt.names:
                if alias.name == "*":
                    if stars is not None:
                        stars.append(source)
                else:
                    bind(
                        alias.asname or alias.name, Binding("from", target=source, attr=alias.name)
                    )
        elif isinstance(stmt, ast.If):
            collect(stmt.body, scope, stars, modname, is_pkg)
            collect(stmt.orelse, scope, stars, modname, is_pkg)
        elif isinstance(stmt, ast.Try | ast.TryStar):
            collect(stmt.body, scope, stars, modname, is_pkg)
            for handler in stmt.handlers:
                collect(handler.body, scope, stars, modname, is_pkg)
            collect(stmt.orelse, scope, stars, modname, is_pkg)
            collect(stmt.finalbody, scope, stars, modname, is_pkg)
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            collect(stmt.body, scope, stars, modname, is_pkg)


def _parse_module(
    name: str, path: str, is_pkg: bool, stamp: tuple[int, int] = (-1, -1)
) -> SourceModule:
    module = SourceModule(name=name, path=path, is_pkg=is_pkg)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = importlib.util.decode_source(data)  # honours PEP 263 coding cookies
        exact = stamp != (-1, -1) and len(text) > _SKELETON_MIN and compiled_here(path, stamp)
        if exact and _lazy(module, text):
            return module
        tree = parse_tree(text, path, exact)
    except (
        OSError,
        UnicodeDecodeError,
        SyntaxError,
        ValueError,
        LookupError,
        RecursionError,
        MemoryError,
    ) as exc:
        module.error = f"{type(exc).__name__}: {exc}"
        return module
    module.doc = ast.get_docstring(tree)
    collect(tree.body, module.scope, module.stars, name, is_pkg)
    return module


def _lazy(module: SourceModule, text: str) -> bool:
    """Fill ``module`` with its ``def``/``class`` statements parsed on first use
    (:mod:`.py_lazy`); ``False`` (``module`` left empty) where that cut is not exact."""
    from docref.external.py_lazy import lazy_summary  # (it builds on this module)

    try:
        return lazy_summary(module, text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        module.scope.clear()  # a cut that did not parse: the whole text decides
        module.stars.clear()
        module.doc = None
        return False


def parse_tree(text: str, path: str, compiled: bool) -> ast.Module:
    """The tree of module ``text``; of its skeleton (:mod:`.py_skeleton`: function bodies cut
    down to their docstrings, as :func:`prune` would) when ``compiled`` (this interpreter
    compiled the file), the text is long enough for the cut to pay and the cut is exact --
    the summary is the same, the parse 2-4x cheaper.  Also :mod:`.py_lazy`'s parse of one
    deferred statement."""
    if compiled and len(text) > _SKELETON_MIN:
        cut = skeleton(text)
        if cut is not None:
            with contextlib.suppress(SyntaxError, ValueError, RecursionError, MemoryError):
                return ast.parse(cut, filename=path)
    return ast.parse(text, filename=path)


_SKELETON_MIN = 2000  # characters: below it the cut saves less than it costs


# --------------------------------------------------------------------------- cache


@dataclass(frozen=True, eq=False)
class _Cached:
    module: SourceModule
    stamp: tuple[int, int]


# A cold run over a scientific project reaches 200-250 installed modules (numpy, scipy,
# matplotlib, their star-import chains): at 128 a third of them were parsed again after
# eviction.  All ~240 summaries of such a run hold ~15 MB more than 128 do.
_MODULES: LRU[tuple[str, str], _Cached] = LRU(1024)


def clear_caches() -> None:
    _MODULES.clear()


def stamp_of(path: str) -> tuple[int, int]:
    """What a cached reading of ``path`` is valid for: its mtime and size (``(-1, -1)`` when
    it cannot be read)."""
    return file_stamp(path) or (-1, -1)


def loaded(name: str, path: str, stamp: tuple[int, int]) -> SourceModule | None:
    """The summary :func:`load_source` holds of module ``name`` at ``path`` as it is now
    (``stamp``), or ``None``: nothing is parsed here."""
    cached = _MODULES.get((name, path))
    return cached.module if cached is not None and cached.stamp == stamp else None


def load_source(name: str, path: str, is_pkg: bool) -> SourceModule:
    """The summary of module ``name`` read from ``path``; a file that cannot be parsed gives
    an empty summary whose ``error`` says why."""
    key = (name, path)
    stamp = stamp_of(path)
    cached = _MODULES.get(key)
    if cached is not None and cached.stamp == stamp:
        return cached.module
    # parsed once per run when processes share summaries (a cold run's workers, py_shared)
    module = shared(
        f"{name}\0{path}\0{is_pkg}\0{stamp[0]}\0{stamp[1]}",
        partial(_parse_module, name, path, is_pkg, stamp),
    )
    _MODULES.put(key, _Cached(module, stamp))
    return module


# --------------------------------------------------------------------------- rendering


def dotted(expr: ast.expr) -> list[str] | None:
    """The parts of a dotted name expression (``a.b.c``), or ``None`` for anything else."""
    names: list[str] = []
    while isinstance(expr, ast.Attribute):
        names.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    names.append(expr.id)
    return names[::-1]


def _is_overload(node: ast.stmt) -> bool:
    decorators = getattr(node, "decorator_list", [])
    return any((dotted(d) or [""])[-1] == "overload" for d in decorators)


def _def_line(node: ast.FunctionDef | ast.AsyncFunctionDef, decorators: bool = True) -> str:
    keyword = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    line = f"{keyword} {node.name}({ast.unparse(node.args)})"
    if node.returns is not None:
        line += f" -> {ast.unparse(node.returns)}"
    if not decorators:
        return line
    shown = [
        ast.unparse(d)
        for d in node.decorator_list
        if isinstance(d, ast.Name | ast.Attribute) and (dotted(d) or [""])[-1] != "overload"
    ]
    return "\n".join([*(f"@{d}" for d in shown), line])


def _def_signature(nodes: list[ast.stmt]) -> str:
    defs = [n for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    overloads = [n for n in defs if _is_overload(n)]
    chosen = overloads[:_OVERLOADS_MAX] if overloads else defs[:1]
    return "\n".join(_def_line(n) for n in chosen)


def _class_signature(node: ast.ClassDef, members: dict[str, Binding]) -> str:
    args = [ast.unparse(b) for b in node.bases] + [ast.unparse(k) for k in node.keywords]
    line = f"class {node.name}({', '.join(args)})" if args else f"class {node.name}"
    for special in ("__init__", "__new__"):
        init = members.get(special)
        if init is not None and init.kind == "def":
            first = init.nodes[0]
            if isinstance(first, ast.FunctionDef | ast.AsyncFunctionDef):
                return f"{line}\n    {_def_line(first, decorators=False)}"
    return line


def shorten(text: str, limit: int = _VAR_SIG_MAX) -> str:
    """A one-line declaration of at most ``limit`` characters."""
    text = " ".join(text.split()) if "\n" in text else text
    return text if len(text) <= limit else text[: limit - 4].rstrip() + " ..."


def binding_doc(binding: Binding, in_class: bool) -> tuple[str, str | None, str | None]:
    """``(kind, signature, doc)`` of a ``def``, ``class``, ``var`` or ``alias`` binding."""
    node = binding.nodes[0]
    if binding.kind == "def":
        doc = next(
            (
                d
                for n in binding.nodes
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                and (d := ast.get_docstring(n))
            ),
            None,
        )
        kind = "method" if in_class else "function"
        return kind, _def_signature(binding.nodes), doc
    if binding.kind == "class" and isinstance(node, ast.ClassDef):
        return "class", _class_signature(node, binding.members or {}), ast.get_docstring(node)
    return "variable", shorten(ast.unparse(node)), binding.doc
