"""Python side of :mod:`docref.context.external`: static lookup of external API documentation.

How a dotted name such as ``os.path.join`` is resolved:

1. A first part that is a name in :mod:`builtins` (``len``, ``dict.get``) is introspected.
2. Otherwise the top-level module is located with the finders of the import system, called
   directly so nothing is imported: built-in, frozen, then :class:`~importlib.machinery.PathFinder`
   over ``search_path`` (default :data:`sys.path`), then -- only without ``search_path`` --
   setuptools' editable-install finders (``__editable__*``).  Other meta-path finders are
   skipped on purpose: the one of ``_distutils_hack`` imports setuptools when asked for
   ``distutils``.
   Submodules are located with ``PathFinder.find_spec(name, parent.submodule_search_locations)``
   (never ``importlib.util.find_spec("a.b")``, which imports ``a``).
3. Each following part is looked up in the module's top-level bindings (read from its source
   with :mod:`ast`: functions, classes and their members, assignments -- also ``Cls.attr = v``
   after the class --, imports: ``from .x import y`` re-exports and ``import m as n`` aliases
   are followed; bindings inside ``if``/``try`` blocks count, the first binding wins but a
   ``def``/``class`` beats an import or assignment), then in the package's submodules, then in
   ``from m import *`` modules; class members also in the base classes defined or imported in
   the module.  This is the runtime reading (``unittest.main`` is the ``TestProgram`` class
   its ``__init__`` imports, not the submodule); when it leads nowhere the name is read again
   with the longest module prefix first (``unittest.main.TestProgram``).
4. A module without source (extension, built-in, sourceless) is imported and introspected only
   when it is part of the standard library (top-level name in :data:`sys.stdlib_module_names`
   and file inside the stdlib directory, not ``site-packages``); a third-party one is read from
   a ``.pyi`` stub next to it or from a ``<top>-stubs`` package, else it is "not found".
   A name missing from a stdlib module's source (a module ``__getattr__``), or a member of a
   stdlib class or object the source does not show (``__slots__``, ``Pattern = type(...)``),
   is looked up by importing that stdlib module, except for modules with side effects
   (``antigravity``...).

``os.path`` is a module alias inside ``os.py`` (``import posixpath as path`` under an ``if``,
then ``sys.modules['os.path'] = path``): :data:`MODULE_ALIASES` maps it to the module the running
interpreter uses (``posixpath`` or ``ntpath``).

Located modules (negative results too), parsed module summaries (re-parsed when the file's mtime
or size changes) and rendered results of introspected stdlib names are cached in LRUs;
:func:`clear_caches` empties them, e.g. after packages were installed or removed.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import inspect
import os
import re
import sys
import sysconfig
from dataclasses import dataclass, field
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    BuiltinImporter,
    FrozenImporter,
    ModuleSpec,
    PathFinder,
)

from docref.context.external import DEFAULT_MAX_DOC, LRU, ExternalDoc, not_found, trim_doc

INTROSPECTION = "builtin introspection"

#: Modules that are attributes of another module rather than files of their own name.
MODULE_ALIASES: dict[str, str] = {"os.path": os.path.__name__}

# Standard-library modules never imported for introspection (side effects on import).
_NO_IMPORT = frozenset(
    {
        "antigravity",
        "this",
        "__hello__",
        "__phello__",
        "idlelib",
        "turtledemo",
        "turtle",
        "tkinter",
        "__main__",
    }
)
_MAX_HOPS = 24  # import/alias/star/base-class indirections followed for one name
_VAR_SIG_MAX = 300
_OVERLOADS_MAX = 3
_STDLIB_DIRS = tuple(
    sorted(
        {
            os.path.realpath(p)
            for p in (sysconfig.get_path("stdlib"), sysconfig.get_path("platstdlib"))
            if p
        }
    )
)
_COMPILED_SUFFIXES = tuple(sorted(EXTENSION_SUFFIXES + BYTECODE_SUFFIXES, key=len, reverse=True))


# --------------------------------------------------------------------------- summaries


@dataclass(eq=False)
class _Binding:
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
    members: dict[str, _Binding] | None = None
    name: str = ""


@dataclass(eq=False)
class _Module:
    name: str
    path: str
    is_pkg: bool
    doc: str | None = None
    scope: dict[str, _Binding] = field(default_factory=dict)
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


def _prune(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
    """Drop a body down to its docstring: cached summaries keep only what rendering needs."""
    first = node.body[0] if node.body else None
    keep = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    node.body = [first] if keep and first is not None else [ast.Pass()]


def _collect(
    body: list[ast.stmt],
    scope: dict[str, _Binding],
    stars: list[str] | None,
    modname: str,
    is_pkg: bool,
) -> None:
    def bind(name: str, binding: _Binding, where: dict[str, _Binding] = scope) -> None:
        binding.name = name
        where.setdefault(name, binding)

    for index, stmt in enumerate(body):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            _prune(stmt)
            old = scope.get(stmt.name)
            if old is not None and old.kind == "def":
                old.nodes.append(stmt)
            elif old is None or old.kind != "class":
                scope[stmt.name] = _Binding("def", [stmt], name=stmt.name)
        elif isinstance(stmt, ast.ClassDef):
            old = scope.get(stmt.name)
            if old is None or old.kind not in ("def", "class"):
                members: dict[str, _Binding] = {}
                _collect(stmt.body, members, None, modname, is_pkg)
                scope[stmt.name] = _Binding("class", [stmt], members=members, name=stmt.name)
            _prune(stmt)
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
                        bind(name, _Binding("alias", [stmt], expr=value, doc=doc), where)
                    else:
                        bind(name, _Binding("var", [stmt], doc=doc), where)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname:
                    bind(alias.asname, _Binding("module", target=alias.name))
                else:
                    top = alias.name.partition(".")[0]
                    bind(top, _Binding("module", target=top))
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
                        alias.asname or alias.name, _Binding("from", target=source, attr=alias.name)
                    )
        elif isinstance(stmt, ast.If):
            _collect(stmt.body, scope, stars, modname, is_pkg)
            _collect(stmt.orelse, scope, stars, modname, is_pkg)
        elif isinstance(stmt, ast.Try | ast.TryStar):
            _collect(stmt.body, scope, stars, modname, is_pkg)
            for handler in stmt.handlers:
                _collect(handler.body, scope, stars, modname, is_pkg)
            _collect(stmt.orelse, scope, stars, modname, is_pkg)
            _collect(stmt.finalbody, scope, stars, modname, is_pkg)
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            _collect(stmt.body, scope, stars, modname, is_pkg)


def _parse_module(name: str, path: str, is_pkg: bool) -> _Module:
    module = _Module(name=name, path=path, is_pkg=is_pkg)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = importlib.util.decode_source(data)  # honours PEP 263 coding cookies
        tree = ast.parse(text, filename=path)
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
    _collect(tree.body, module.scope, module.stars, name, is_pkg)
    return module


# --------------------------------------------------------------------------- caches


@dataclass(frozen=True, eq=False)
class _Located:
    spec: ModuleSpec | None
    stub: tuple[str, bool] | None = None  # (path, is_pkg) of a <top>-stubs file


@dataclass(frozen=True, eq=False)
class _Cached:
    module: _Module
    stamp: tuple[int, int]


_LOCATIONS: LRU[tuple[str, tuple[str, ...] | None], _Located] = LRU(4096)
_MODULES: LRU[tuple[str, str], _Cached] = LRU(128)  # ~0.5 MB per module summary
# Rendered lookups of standard-library names (introspection is the slow part of those).
_STDLIB_RESULTS: LRU[tuple[str, tuple[str, ...] | None, int], ExternalDoc] = LRU(4096)


def clear_caches() -> None:
    _LOCATIONS.clear()
    _MODULES.clear()
    _STDLIB_RESULTS.clear()
    importlib.invalidate_caches()


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _load_source(name: str, path: str, is_pkg: bool) -> _Module:
    key = (name, path)
    stamp = _stamp(path) or (-1, -1)
    cached = _MODULES.get(key)
    if cached is not None and cached.stamp == stamp:
        return cached.module
    module = _parse_module(name, path, is_pkg)
    _MODULES.put(key, _Cached(module, stamp))
    return module


# --------------------------------------------------------------------------- locating


@dataclass(eq=False)
class _Ctx:
    path: list[str] | None
    key: tuple[str, ...] | None
    hops: int = 0
    submodule_first: bool = False  # the "longest module prefix" reading of a dotted name

    def spend(self) -> bool:
        self.hops += 1
        return self.hops <= _MAX_HOPS


def _find_top(name: str, path: list[str] | None) -> ModuleSpec | None:
    for finder in (BuiltinImporter, FrozenImporter):
        spec = finder.find_spec(name)
        if spec is not None:
            return spec
    spec = PathFinder.find_spec(name, path)
    if spec is not None or path is not None:
        return spec
    for meta in list(sys.meta_path):
        if str(getattr(meta, "__module__", "")).startswith("__editable__"):
            find = getattr(meta, "find_spec", None)
            found = find(name, None) if callable(find) else None
            if isinstance(found, ModuleSpec):
                return found
    return None


def _stub_package(modname: str, path: list[str] | None) -> tuple[str, bool] | None:
    top, *rest = modname.split(".")
    for entry in sys.path if path is None else path:
        base = os.path.join(entry or ".", f"{top}-stubs", *rest)
        if os.path.isfile(base + ".pyi"):
            return base + ".pyi", False
        init = os.path.join(base, "__init__.pyi")
        if os.path.isfile(init):
            return init, True
    return None


def _locate(modname: str, ctx: _Ctx) -> _Located:
    key = (modname, ctx.key)
    cached = _LOCATIONS.get(key)
    if cached is not None:
        return cached
    spec: ModuleSpec | None = None
    try:
        parent_name, _, _ = modname.rpartition(".")
        if not parent_name:
            spec = _find_top(modname, ctx.path)
        else:
            parent = _locate(parent_name, ctx).spec
            locations = parent.submodule_search_locations if parent is not None else None
            if locations is not None:
                spec = PathFinder.find_spec(modname, list(locations))
    except Exception:  # a finder choking on odd path entries must not break the lookup
        spec = None
    stub = None
    if spec is None or (spec.origin is not None and spec.origin.endswith(_COMPILED_SUFFIXES)):
        stub = _stub_package(modname, ctx.path)
    located = _Located(spec, stub)
    _LOCATIONS.put(key, located)
    return located


def _in_stdlib(path: str) -> bool:
    real = os.path.realpath(path)
    for root in _STDLIB_DIRS:
        if real.startswith(root + os.sep):
            first = real[len(root) + 1 :].split(os.sep, 1)[0]
            return first not in ("site-packages", "dist-packages")
    return False


def _is_stdlib(modname: str, origin: str | None) -> bool:
    top = modname.partition(".")[0]
    if top in _NO_IMPORT or (top not in sys.stdlib_module_names and top != "builtins"):
        return False
    return origin in ("built-in", "frozen") or (origin is not None and _in_stdlib(origin))


def _frozen_source(spec: ModuleSpec) -> str | None:
    filename = getattr(spec.loader_state, "filename", None)
    if isinstance(filename, str) and os.path.isfile(filename):
        return filename
    if "." in spec.name:
        return None
    found = PathFinder.find_spec(spec.name, list(_STDLIB_DIRS))
    origin = found.origin if found is not None else None
    return origin if origin is not None and origin.endswith(".py") else None


def _stub_next_to(origin: str) -> str | None:
    for suffix in _COMPILED_SUFFIXES:
        if origin.endswith(suffix):
            stub = origin[: -len(suffix)] + ".pyi"
            return stub if os.path.isfile(stub) else None
    return None


# --------------------------------------------------------------------------- resolution


@dataclass(frozen=True, eq=False)
class _TModule:
    module: _Module


@dataclass(frozen=True, eq=False)
class _TBind:
    module: _Module
    binding: _Binding
    in_class: bool


@dataclass(frozen=True, eq=False)
class _TObj:
    obj: object
    name: str
    in_class: bool


_Target = _TModule | _TBind | _TObj


def _import_stdlib(modname: str) -> object | None:
    """Import a stdlib module, unless ``sys.path`` would import a shadowing file instead."""
    top = modname.partition(".")[0]
    if top not in sys.modules:
        spec = _find_top(top, None)
        if spec is None or not _is_stdlib(top, spec.origin):
            return None
    try:
        return importlib.import_module(modname)
    except Exception:
        return None


def _module_target(modname: str, ctx: _Ctx) -> _Target | None:
    modname = MODULE_ALIASES.get(modname, modname)
    located = _locate(modname, ctx)
    spec = located.spec
    if spec is not None:
        is_pkg = spec.submodule_search_locations is not None
        origin = spec.origin
        source = _frozen_source(spec) if origin == "frozen" else origin
        if source is not None and source.endswith((".py", ".pyw", ".pyi")):
            return _TModule(_load_source(spec.name, source, is_pkg))
        if origin is None and is_pkg:  # namespace package
            return _TModule(_Module(name=spec.name, path=spec.name, is_pkg=True))
        if _is_stdlib(modname, origin):
            obj = _import_stdlib(modname)
            return _TObj(obj, modname.rpartition(".")[2], False) if obj is not None else None
        stub = _stub_next_to(origin) if origin else None
        if stub is not None:
            return _TModule(_load_source(modname, stub, stub.endswith("__init__.pyi")))
    if located.stub is not None:
        path, is_pkg = located.stub
        return _TModule(_load_source(modname, path, is_pkg))
    return None


def _dotted(expr: ast.expr) -> list[str] | None:
    names: list[str] = []
    while isinstance(expr, ast.Attribute):
        names.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    names.append(expr.id)
    return names[::-1]


def _eval(
    module: _Module, expr: ast.expr, ctx: _Ctx, members: dict[str, _Binding] | None = None
) -> _Target | None:
    if isinstance(expr, ast.Subscript):  # Generic[T], List[int]
        expr = expr.value
    names = _dotted(expr)
    if names is None:
        return None
    first, *rest = names
    target: _Target | None
    if members is not None and first in members:
        target = _deref(module, members[first], members, ctx)
    elif first in module.scope:
        target = _deref(module, module.scope[first], None, ctx)
    elif hasattr(builtins, first):
        target = _TObj(getattr(builtins, first), first, False)
    else:
        return None
    for name in rest:
        if target is None:
            return None
        target = _step(target, name, ctx)
    return target


def _deref(
    module: _Module, binding: _Binding, members: dict[str, _Binding] | None, ctx: _Ctx
) -> _Target | None:
    if binding.kind in ("def", "class", "var"):
        return _TBind(module, binding, members is not None)
    if not ctx.spend():
        return None
    if binding.kind == "module":
        return _module_target(binding.target, ctx)
    if binding.kind == "from":
        sub = _module_target(f"{binding.target}.{binding.attr}", ctx)
        if sub is not None:
            return sub
        source = _module_target(binding.target, ctx)
        return _step(source, binding.attr, ctx) if source is not None else None
    # alias: follow the expression, else show the assignment itself
    found = _eval(module, binding.expr, ctx, members) if binding.expr is not None else None
    return found if found is not None else _TBind(module, binding, members is not None)


def _step(target: _Target, name: str, ctx: _Ctx) -> _Target | None:
    if isinstance(target, _TObj):
        try:
            child = getattr(target.obj, name)
        except Exception:
            return None
        return _TObj(child, name, inspect.isclass(target.obj))
    if isinstance(target, _TModule):
        return _step_module(target.module, name, ctx)
    binding = target.binding
    if binding.kind != "class" or binding.members is None:
        return _stdlib_member(target, name)
    member = binding.members.get(name)
    if member is not None:
        found = _deref(target.module, member, binding.members, ctx)
        if found is not None:
            return found
    node = binding.nodes[0]
    assert isinstance(node, ast.ClassDef)
    for base in node.bases:
        if not ctx.spend():
            break
        base_target = _eval(target.module, base, ctx)
        if base_target is None or base_target is target:
            continue
        found = _step(base_target, name, ctx)
        if found is not None:
            return found
    return _stdlib_member(target, name)


def _stdlib_member(target: _TBind, name: str) -> _Target | None:
    """``name`` on a top-level class or variable of a stdlib module, by introspection.

    Covers what the source does not show statically: ``__slots__``, attributes set by
    metaclasses or decorators, objects built by calls (``Pattern = type(...)``).
    """
    module, binding = target.module, target.binding
    if target.in_class or module.scope.get(binding.name) is not binding or module.error:
        return None
    if not _is_stdlib(module.name, module.path):
        return None
    owner = getattr(_import_stdlib(module.name), binding.name, None)
    if owner is None:
        return None
    try:
        child = getattr(owner, name)
    except Exception:
        return None
    return _TObj(child, name, inspect.isclass(owner))


def _step_module(module: _Module, name: str, ctx: _Ctx) -> _Target | None:
    if module.is_pkg and ctx.submodule_first:
        sub = _module_target(f"{module.name}.{name}", ctx)
        if sub is not None:
            return sub
    binding = module.scope.get(name)
    if binding is not None:
        found = _deref(module, binding, None, ctx)
        if found is not None:
            return found
    if module.is_pkg and not ctx.submodule_first:
        sub = _module_target(f"{module.name}.{name}", ctx)
        if sub is not None:
            return sub
    for star in module.stars:
        if not ctx.spend():
            break
        source = _module_target(star, ctx)
        found = _step(source, name, ctx) if source is not None else None
        if found is not None:
            return found
    if module.path.endswith((".py", ".pyw")):
        # a stub beside the source (``pkg/__init__.pyi``) covers re-exports of compiled parts
        stub = os.path.splitext(module.path)[0] + ".pyi"
        if os.path.isfile(stub) and ctx.spend():
            found = _step_module(_load_source(module.name, stub, module.is_pkg), name, ctx)
            if found is not None:
                return found
    if module.error is None and _is_stdlib(module.name, module.path):
        obj = _import_stdlib(module.name)
        if obj is not None and hasattr(obj, name):
            return _TObj(getattr(obj, name), name, False)
    return None


def _stdlib_name(qualified: str) -> bool:
    top = qualified.partition(".")[0]
    return top in sys.stdlib_module_names or (not top.startswith("__") and hasattr(builtins, top))


def _resolve(qualified: str, ctx: _Ctx) -> _Target | None:
    parts = qualified.strip().split(".")
    if not all(part.isidentifier() for part in parts):
        return None
    target: _Target | None
    if not parts[0].startswith("__") and hasattr(builtins, parts[0]):
        target = _TObj(getattr(builtins, parts[0]), parts[0], False)
    else:
        for i in range(len(parts), 0, -1):
            alias = MODULE_ALIASES.get(".".join(parts[:i]))
            if alias is not None:
                parts = alias.split(".") + parts[i:]
                break
        target = _module_target(parts[0], ctx)
    for part in parts[1:]:
        if target is None:
            return None
        target = _step(target, part, ctx)
    return target


# --------------------------------------------------------------------------- rendering


def _is_overload(node: ast.stmt) -> bool:
    decorators = getattr(node, "decorator_list", [])
    return any((_dotted(d) or [""])[-1] == "overload" for d in decorators)


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
        if isinstance(d, ast.Name | ast.Attribute) and (_dotted(d) or [""])[-1] != "overload"
    ]
    return "\n".join([*(f"@{d}" for d in shown), line])


def _def_signature(nodes: list[ast.stmt]) -> str:
    defs = [n for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    overloads = [n for n in defs if _is_overload(n)]
    chosen = overloads[:_OVERLOADS_MAX] if overloads else defs[:1]
    return "\n".join(_def_line(n) for n in chosen)


def _class_signature(node: ast.ClassDef, members: dict[str, _Binding]) -> str:
    args = [ast.unparse(b) for b in node.bases] + [ast.unparse(k) for k in node.keywords]
    line = f"class {node.name}({', '.join(args)})" if args else f"class {node.name}"
    for special in ("__init__", "__new__"):
        init = members.get(special)
        if init is not None and init.kind == "def":
            first = init.nodes[0]
            if isinstance(first, ast.FunctionDef | ast.AsyncFunctionDef):
                return f"{line}\n    {_def_line(first, decorators=False)}"
    return line


def _shorten(text: str, limit: int = _VAR_SIG_MAX) -> str:
    text = " ".join(text.split()) if "\n" in text else text
    return text if len(text) <= limit else text[: limit - 4].rstrip() + " ..."


def _render_binding(target: _TBind) -> tuple[str, str | None, str | None]:
    binding = target.binding
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
        kind = "method" if target.in_class else "function"
        return kind, _def_signature(binding.nodes), doc
    if binding.kind == "class" and isinstance(node, ast.ClassDef):
        return "class", _class_signature(node, binding.members or {}), ast.get_docstring(node)
    return "variable", _shorten(ast.unparse(node)), binding.doc


_PSEUDO_SELF = re.compile(r"\(\$\w+(?:,\s*)?")


def _callable_signature(obj: object, name: str) -> tuple[str, str | None]:
    raw_doc = getattr(obj, "__doc__", None)
    doc = raw_doc if isinstance(raw_doc, str) else None
    try:
        return f"def {name}{inspect.signature(obj)}", doc  # type: ignore[arg-type]
    except (TypeError, ValueError):
        pass
    text = getattr(obj, "__text_signature__", None)
    if isinstance(text, str) and text.startswith("("):
        return f"def {name}{_PSEUDO_SELF.sub('(', text, count=1)}", doc
    if doc:
        first, _, rest = doc.strip().partition("\n")
        if re.match(rf"{re.escape(name)}\s*\(", first):
            return f"def {first.strip()}", rest.strip() or None
    return f"def {name}(...)", doc


def _render_obj(target: _TObj) -> tuple[str, str | None, str | None]:
    obj, name = target.obj, target.name
    if inspect.ismodule(obj):
        return "module", f"module {obj.__name__}", inspect.getdoc(obj)
    if inspect.isclass(obj):
        bases = [b.__name__ for b in obj.__bases__ if b is not object]
        line = f"class {name}({', '.join(bases)})" if bases else f"class {name}"
        return "class", line, obj.__doc__ if isinstance(obj.__doc__, str) else None
    if callable(obj):
        signature, doc = _callable_signature(obj, name)
        return ("method" if target.in_class else "function"), signature, doc
    if isinstance(obj, int | float | complex | str | bytes | type(None)):
        return "variable", _shorten(f"{name} = {obj!r}"), None
    return "variable", f"{name}: {type(obj).__name__}", None


def _render(target: _Target, qualified: str, max_doc: int) -> ExternalDoc:
    signature: str | None
    doc: str | None
    if isinstance(target, _TModule):
        module = target.module
        kind, signature, doc = "module", f"module {module.name}", module.doc
        source = module.path
    elif isinstance(target, _TBind):
        kind, signature, doc = _render_binding(target)
        source = target.module.path
    else:
        kind, signature, doc = _render_obj(target)
        source = INTROSPECTION
    return ExternalDoc(
        name=qualified, kind=kind, signature=signature, doc=trim_doc(doc, max_doc), source=source
    )


def lookup(
    qualified: str, *, search_path: list[str] | None = None, max_doc: int = DEFAULT_MAX_DOC
) -> ExternalDoc:
    """See :func:`docref.context.external.python_external_doc`."""
    try:
        path = None if search_path is None else [str(p) for p in search_path]
        ctx = _Ctx(path, None if path is None else tuple(path))
        key = (qualified, ctx.key, max_doc)
        cached = _STDLIB_RESULTS.get(key)
        if cached is not None:
            return cached
        target = _resolve(qualified, ctx)
        if target is None and "." in qualified:
            target = _resolve(qualified, _Ctx(path, ctx.key, submodule_first=True))
        if target is None:
            return not_found(qualified)
        result = _render(target, qualified, max_doc)
        if result.source == INTROSPECTION and _stdlib_name(qualified):
            _STDLIB_RESULTS.put(key, result)
        return result
    except Exception:  # never raise on odd environments or inputs
        return not_found(qualified)


__all__ = ["INTROSPECTION", "MODULE_ALIASES", "clear_caches", "lookup"]
