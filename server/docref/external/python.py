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
import importlib

from docref.external import py_locate, py_probe, py_resolve, py_source
from docref.external.lookup import DEFAULT_MAX_DOC, LRU, ExternalDoc, not_found, trim_doc
from docref.external.py_introspect import INTROSPECTION, is_stdlib_name, object_doc
from docref.external.py_resolve import MODULE_ALIASES, Ctx, Target, TBind, TModule, TObj, resolve
from docref.external.py_source import binding_doc

# Rendered lookups of standard-library names (introspection is the slow part of those).
_STDLIB_RESULTS: LRU[tuple[str, tuple[str, ...] | None, int], ExternalDoc] = LRU(4096)


def clear_caches() -> None:
    py_resolve.clear_caches()
    py_locate.clear_caches()
    py_source.clear_caches()
    py_probe.clear_caches()
    _STDLIB_RESULTS.clear()
    importlib.invalidate_caches()


# --------------------------------------------------------------------------- lookup


def _render(target: Target, qualified: str, max_doc: int) -> ExternalDoc:
    signature: str | None
    doc: str | None
    if isinstance(target, TModule):
        module = target.module
        kind, signature, doc = "module", f"module {module.name}", module.doc
        source = module.path
    elif isinstance(target, TBind):
        kind, signature, doc = binding_doc(target.binding, target.in_class)
        source = target.module.path
    else:
        kind, signature, doc = object_doc(target.obj, target.name, target.in_class)
        source = INTROSPECTION
    return ExternalDoc(
        name=qualified, kind=kind, signature=signature, doc=trim_doc(doc, max_doc), source=source
    )


def _kind_only(target: TModule | TBind, qualified: str) -> ExternalDoc:
    """What :func:`_render` tells of ``target`` without its signature and documentation:
    a module is not parsed only for its docstring (the name checks ask whether ``numpy`` is
    a module, not what it says), and no signature is unparsed."""
    if isinstance(target, TModule):
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
        ctx = Ctx(path, None if path is None else tuple(path))
        key = (qualified, ctx.key, max_doc)
        cached = _STDLIB_RESULTS.get(key)
        if cached is not None:
            return cached
        target = resolve(qualified, ctx)
        if target is None and "." in qualified:
            target = resolve(qualified, Ctx(path, ctx.key, submodule_first=True))
        if target is None:
            return not_found(qualified)
        if not render and not isinstance(target, TObj):
            return _kind_only(target, qualified)
        result = _render(target, qualified, max_doc)
        if result.source == INTROSPECTION and is_stdlib_name(qualified):
            _STDLIB_RESULTS.put(key, result)
        return result
    except Exception:  # never raise on odd environments or inputs
        return not_found(qualified)


__all__ = ["INTROSPECTION", "MODULE_ALIASES", "clear_caches", "lookup"]
