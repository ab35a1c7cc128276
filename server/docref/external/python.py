"""Python side of :mod:`docref.external.lookup`: static lookup of external API documentation.

How a dotted name such as ``os.path.join`` is resolved:

1. A first part that is a name in :mod:`builtins` (``len``, ``dict.get``) is introspected.
2. Otherwise the top-level module is located without importing anything
   (:mod:`~docref.external.py_locate`: import-system finders over ``search_path``,
   default :data:`sys.path`, and setuptools' editable-install finders only without
   ``search_path``), then read from its source with :mod:`ast`
   (:mod:`~docref.external.py_source`).
3. Each following part is looked up in the module's top-level bindings (``from .x import y``
   re-exports and ``import m as n`` aliases are followed), then in the package's submodules,
   then in ``from m import *`` modules; class members also in the base classes defined or
   imported in the module.  This is the runtime reading (``unittest.main`` is the
   ``TestProgram`` class its ``__init__`` imports, not the submodule); when it leads nowhere
   the name is read again with the longest module prefix first (``unittest.main.TestProgram``).
4. A module without source (extension, built-in, sourceless) is imported and introspected only
   when it is part of the standard library (top-level name in :data:`sys.stdlib_module_names`
   and file inside the stdlib directory, not ``site-packages``); a third-party one is read from
   a ``.pyi`` stub next to it or from a ``<top>-stubs`` package, else it is "not found".
   A name missing from a stdlib module's source (a module ``__getattr__``), or a member of a
   stdlib class or object the source does not show (``__slots__``, ``Pattern = type(...)``),
   is looked up by importing that stdlib module, except for modules with side effects
   (``antigravity``...); see :mod:`~docref.external.py_introspect`.

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
import inspect
import os
from dataclasses import dataclass

from docref.external import py_locate, py_probe, py_source
from docref.external.lookup import DEFAULT_MAX_DOC, LRU, ExternalDoc, not_found, trim_doc
from docref.external.py_introspect import (
    INTROSPECTION,
    import_stdlib,
    is_stdlib_name,
    object_doc,
)
from docref.external.py_locate import frozen_source, is_stdlib, locate, stub_next_to
from docref.external.py_probe import cannot_bind
from docref.external.py_skeleton import compiled_here
from docref.external.py_source import (
    Binding,
    SourceModule,
    binding_doc,
    dotted,
    load_source,
    loaded,
    stamp_of,
)

#: Modules that are attributes of another module rather than files of their own name.
MODULE_ALIASES: dict[str, str] = {"os.path": os.path.__name__}

_MAX_HOPS = 24  # import/alias/star/base-class indirections followed for one name

# Rendered lookups of standard-library names (introspection is the slow part of those).
_STDLIB_RESULTS: LRU[tuple[str, tuple[str, ...] | None, int], ExternalDoc] = LRU(4096)


# (path, mtime and size) -> whether this interpreter compiled that file version (_parses)
_COMPILED: LRU[tuple[str, tuple[int, int]], bool] = LRU(4096)


def clear_caches() -> None:
    _COMPILED.clear()
    py_locate.clear_caches()
    py_source.clear_caches()
    py_probe.clear_caches()
    _STDLIB_RESULTS.clear()
    importlib.invalidate_caches()


@dataclass(eq=False)
class _Ctx:
    path: list[str] | None
    key: tuple[str, ...] | None
    hops: int = 0
    submodule_first: bool = False  # the "longest module prefix" reading of a dotted name

    def spend(self) -> bool:
        self.hops += 1
        return self.hops <= _MAX_HOPS


# --------------------------------------------------------------------------- resolution


@dataclass(eq=False)
class _TModule:
    """A module reached by a lookup; its summary is parsed on first use (a name it cannot
    bind is told from its text, :mod:`~docref.external.py_probe`)."""

    name: str
    path: str
    is_pkg: bool
    summary: SourceModule | None = None

    @property
    def module(self) -> SourceModule:
        if self.summary is None:
            self.summary = load_source(self.name, self.path, self.is_pkg)
        return self.summary


@dataclass(frozen=True, eq=False)
class _TBind:
    module: SourceModule
    binding: Binding
    in_class: bool


@dataclass(frozen=True, eq=False)
class _TObj:
    obj: object
    name: str
    in_class: bool


_Target = _TModule | _TBind | _TObj


def _module_target(modname: str, ctx: _Ctx) -> _Target | None:
    modname = MODULE_ALIASES.get(modname, modname)
    located = locate(modname, ctx.path, ctx.key)
    spec = located.spec
    if spec is not None:
        is_pkg = spec.submodule_search_locations is not None
        origin = spec.origin
        source = frozen_source(spec) if origin == "frozen" else origin
        if source is not None and source.endswith((".py", ".pyw", ".pyi")):
            return _TModule(spec.name, source, is_pkg)
        if origin is None and is_pkg:  # namespace package
            namespace = SourceModule(name=spec.name, path=spec.name, is_pkg=True)
            return _TModule(spec.name, spec.name, True, namespace)
        if is_stdlib(modname, origin):
            obj = import_stdlib(modname)
            return _TObj(obj, modname.rpartition(".")[2], False) if obj is not None else None
        stub = stub_next_to(origin) if origin else None
        if stub is not None:
            return _TModule(modname, stub, stub.endswith("__init__.pyi"))
    if located.stub is not None:
        path, is_pkg = located.stub
        return _TModule(modname, path, is_pkg)
    return None


def _eval(
    module: SourceModule, expr: ast.expr, ctx: _Ctx, members: dict[str, Binding] | None = None
) -> _Target | None:
    if isinstance(expr, ast.Subscript):  # Generic[T], List[int]
        expr = expr.value
    names = dotted(expr)
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
    module: SourceModule, binding: Binding, members: dict[str, Binding] | None, ctx: _Ctx
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
        return _step_module(target, name, ctx)
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
    if not is_stdlib(module.name, module.path):
        return None
    owner = getattr(import_stdlib(module.name), binding.name, None)
    if owner is None:
        return None
    try:
        child = getattr(owner, name)
    except Exception:
        return None
    return _TObj(child, name, inspect.isclass(owner))


def _step_module(target: _TModule, name: str, ctx: _Ctx) -> _Target | None:
    if target.is_pkg and ctx.submodule_first:
        sub = _module_target(f"{target.name}.{name}", ctx)
        if sub is not None:
            return sub
    module = target.summary
    if module is None:
        stamp = stamp_of(target.path)
        module = target.summary = loaded(target.name, target.path, stamp)
        # a module whose text cannot bind ``name`` (nor star-import) is not parsed for it:
        # its summary would have no binding and no stars
        if module is None and not cannot_bind(target.path, stamp, name):
            module = target.module
    binding = module.scope.get(name) if module is not None else None
    if module is not None and binding is not None:
        found = _deref(module, binding, None, ctx)
        if found is not None:
            return found
    if target.is_pkg and not ctx.submodule_first:
        sub = _module_target(f"{target.name}.{name}", ctx)
        if sub is not None:
            return sub
    for star in module.stars if module is not None else ():
        if not ctx.spend():
            break
        source = _module_target(star, ctx)
        found = _step(source, name, ctx) if source is not None else None
        if found is not None:
            return found
    if target.path.endswith((".py", ".pyw")):
        # a stub beside the source (``pkg/__init__.pyi``) covers re-exports of compiled parts
        stub = os.path.splitext(target.path)[0] + ".pyi"
        if os.path.isfile(stub) and ctx.spend():
            found = _step_module(_TModule(target.name, stub, target.is_pkg), name, ctx)
            if found is not None:
                return found
    # is_stdlib first: a stdlib module is parsed for its error, a third-party one never is
    if is_stdlib(target.name, target.path) and _parses(target):
        obj = import_stdlib(target.name)
        if obj is not None and hasattr(obj, name):
            return _TObj(getattr(obj, name), name, False)
    return None


def _parses(target: _TModule) -> bool:
    """Whether the module's source parses (its summary has no ``error``).  Known without
    parsing it when this interpreter compiled the file as it is now (a ``.pyc`` of its mtime
    and size, :func:`~docref.external.py_skeleton.compiled_here`): the standard library's
    files are, and a name its text cannot bind (``cannot_bind`` above) reached this point
    without a parse -- 49 stdlib modules (~0.15 s of CPU) of a cold run over Django were
    parsed only to be told they parse."""
    if target.summary is None:
        key = (target.path, stamp_of(target.path))
        compiled = _COMPILED.get(key)
        if compiled is None:  # (asked again for every name a docstring tries in the module)
            compiled = compiled_here(*key)
            _COMPILED.put(key, compiled)
        if compiled:
            return True
    return target.module.error is None


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


# --------------------------------------------------------------------------- lookup


def _render(target: _Target, qualified: str, max_doc: int) -> ExternalDoc:
    signature: str | None
    doc: str | None
    if isinstance(target, _TModule):
        module = target.module
        kind, signature, doc = "module", f"module {module.name}", module.doc
        source = module.path
    elif isinstance(target, _TBind):
        kind, signature, doc = binding_doc(target.binding, target.in_class)
        source = target.module.path
    else:
        kind, signature, doc = object_doc(target.obj, target.name, target.in_class)
        source = INTROSPECTION
    return ExternalDoc(
        name=qualified, kind=kind, signature=signature, doc=trim_doc(doc, max_doc), source=source
    )


def _kind_only(target: _TModule | _TBind, qualified: str) -> ExternalDoc:
    """What :func:`_render` tells of ``target`` without its signature and documentation:
    a module is not parsed only for its docstring (the name checks ask whether ``numpy`` is
    a module, not what it says), and no signature is unparsed."""
    if isinstance(target, _TModule):
        # the summary's path is the one it is read from: ``_render``'s source
        return ExternalDoc(
            name=qualified, kind="module", signature=None, doc=None, source=target.path
        )
    binding = target.binding
    if binding.kind == "def":
        kind = "method" if target.in_class else "function"
    elif binding.kind == "class" and isinstance(binding.nodes[0], ast.ClassDef):
        kind = "class"
    else:  # as binding_doc has it
        kind = "variable"
    return ExternalDoc(
        name=qualified, kind=kind, signature=None, doc=None, source=target.module.path
    )


def lookup(
    qualified: str,
    *,
    search_path: list[str] | None = None,
    max_doc: int = DEFAULT_MAX_DOC,
    render: bool = True,
) -> ExternalDoc:
    """See :func:`docref.external.lookup.python_external_doc`."""
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
        if not render and not isinstance(target, _TObj):
            return _kind_only(target, qualified)
        result = _render(target, qualified, max_doc)
        if result.source == INTROSPECTION and is_stdlib_name(qualified):
            _STDLIB_RESULTS.put(key, result)
        return result
    except Exception:  # never raise on odd environments or inputs
        return not_found(qualified)


__all__ = ["INTROSPECTION", "MODULE_ALIASES", "clear_caches", "lookup"]
