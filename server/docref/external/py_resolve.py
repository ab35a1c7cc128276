"""How :mod:`docref.external.python` resolves a dotted name to what it names, without
importing third-party code: a module (:class:`TModule`, read from its source or stub), a
binding of a module's source (:class:`TBind`) or an introspected object of the standard
library or :mod:`builtins` (:class:`TObj`); steps 1-4 of that module's docstring.  Rendering
the target (its kind, signature and documentation) is the caller's."""

from __future__ import annotations

import ast
import builtins
import inspect
import os
from dataclasses import dataclass

from docref.external.lookup import LRU
from docref.external.py_introspect import import_stdlib
from docref.external.py_locate import frozen_source, is_stdlib, locate, stub_next_to
from docref.external.py_probe import cannot_bind
from docref.external.py_skeleton import compiled_here
from docref.external.py_source import (
    Binding,
    SourceModule,
    dotted,
    load_source,
    loaded,
    stamp_of,
)

__all__ = [
    "MODULE_ALIASES",
    "Ctx",
    "TBind",
    "TModule",
    "TObj",
    "Target",
    "clear_caches",
    "resolve",
]

#: Modules that are attributes of another module rather than files of their own name.
MODULE_ALIASES: dict[str, str] = {"os.path": os.path.__name__}

_MAX_HOPS = 24  # import/alias/star/base-class indirections followed for one name


# (path, mtime and size) -> whether this interpreter compiled that file version (_parses)
_COMPILED: LRU[tuple[str, tuple[int, int]], bool] = LRU(4096)


@dataclass(eq=False)
class Ctx:
    """One lookup: its search path (``None``: :data:`sys.path`) and that path's cache key,
    the indirections followed so far, and which reading of a dotted name it tries."""

    path: list[str] | None
    key: tuple[str, ...] | None
    hops: int = 0
    submodule_first: bool = False  # the "longest module prefix" reading of a dotted name

    def spend(self) -> bool:
        self.hops += 1
        return self.hops <= _MAX_HOPS


@dataclass(eq=False)
class TModule:
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
class TBind:
    """A top-level binding of a module's source, or a member of a class there
    (``in_class``)."""

    module: SourceModule
    binding: Binding
    in_class: bool


@dataclass(frozen=True, eq=False)
class TObj:
    """An object of :mod:`builtins` or of an imported standard-library module."""

    obj: object
    name: str
    in_class: bool


Target = TModule | TBind | TObj


def _module_target(modname: str, ctx: Ctx) -> Target | None:
    modname = MODULE_ALIASES.get(modname, modname)
    located = locate(modname, ctx.path, ctx.key)
    spec = located.spec
    if spec is not None:
        is_pkg = spec.submodule_search_locations is not None
        origin = spec.origin
        source = frozen_source(spec) if origin == "frozen" else origin
        if source is not None and source.endswith((".py", ".pyw", ".pyi")):
            return TModule(spec.name, source, is_pkg)
        if origin is None and is_pkg:  # namespace package
            namespace = SourceModule(name=spec.name, path=spec.name, is_pkg=True)
            return TModule(spec.name, spec.name, True, namespace)
        if is_stdlib(modname, origin):
            obj = import_stdlib(modname)
            return TObj(obj, modname.rpartition(".")[2], False) if obj is not None else None
        stub = stub_next_to(origin) if origin else None
        if stub is not None:
            return TModule(modname, stub, stub.endswith("__init__.pyi"))
    if located.stub is not None:
        path, is_pkg = located.stub
        return TModule(modname, path, is_pkg)
    return None


def _eval(
    module: SourceModule, expr: ast.expr, ctx: Ctx, members: dict[str, Binding] | None = None
) -> Target | None:
    if isinstance(expr, ast.Subscript):  # Generic[T], List[int]
        expr = expr.value
    names = dotted(expr)
    if names is None:
        return None
    first, *rest = names
    target: Target | None
    if members is not None and first in members:
        target = _deref(module, members[first], members, ctx)
    elif first in module.scope:
        target = _deref(module, module.scope[first], None, ctx)
    elif hasattr(builtins, first):
        target = TObj(getattr(builtins, first), first, False)
    else:
        return None
    for name in rest:
        if target is None:
            return None
        target = _step(target, name, ctx)
    return target


def _deref(
    module: SourceModule, binding: Binding, members: dict[str, Binding] | None, ctx: Ctx
) -> Target | None:
    if binding.kind in ("def", "class", "var"):
        return TBind(module, binding, members is not None)
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
    return found if found is not None else TBind(module, binding, members is not None)


def _step(target: Target, name: str, ctx: Ctx) -> Target | None:
    if isinstance(target, TObj):
        try:
            child = getattr(target.obj, name)
        except Exception:
            return None
        return TObj(child, name, inspect.isclass(target.obj))
    if isinstance(target, TModule):
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


def _stdlib_member(target: TBind, name: str) -> Target | None:
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
    return TObj(child, name, inspect.isclass(owner))


def _step_module(target: TModule, name: str, ctx: Ctx) -> Target | None:
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
            found = _step_module(TModule(target.name, stub, target.is_pkg), name, ctx)
            if found is not None:
                return found
    # is_stdlib first: a stdlib module is parsed for its error, a third-party one never is
    if is_stdlib(target.name, target.path) and _parses(target):
        obj = import_stdlib(target.name)
        if obj is not None and hasattr(obj, name):
            return TObj(getattr(obj, name), name, False)
    return None


def _parses(target: TModule) -> bool:
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


def resolve(qualified: str, ctx: Ctx) -> Target | None:
    parts = qualified.strip().split(".")
    if not all(part.isidentifier() for part in parts):
        return None
    target: Target | None
    if not parts[0].startswith("__") and hasattr(builtins, parts[0]):
        target = TObj(getattr(builtins, parts[0]), parts[0], False)
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


def clear_caches() -> None:
    """Forget which file versions this interpreter compiled (:func:`_parses`)."""
    _COMPILED.clear()
