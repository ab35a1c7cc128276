"""The project functions a decorated function's decorators resolve to (one hop, as callees).

C2-PARAM-TYPE's corroboration (:mod:`.param_decorators`: a wrapper rebuilding the arguments),
C3-RETURNS-YIELDS' (:mod:`.return_decorators`: a wrapper returning a value of its own) and
C2-RETURN-TYPE's (a decorator putting an object in the function's place) read the decorator's
source; a decorator that is not the project's, or whose file cannot be read, proves nothing
and is passed over.  ``@partial(transform, is_informative=True)`` is ``transform`` applied with
keywords (pennylane's informative transforms, round 46), and a decorator a package's
``__init__`` re-exports is followed to its definition (:func:`project_function`).
"""

from __future__ import annotations

import ast
from collections.abc import Container, Iterator

from docref.checks.static.base import StaticInput
from docref.checks.static.raise_facts import CallResolver
from docref.checks.static.returns_raises_ast import FuncNode, dotted, function_node
from docref.graph.model import FileExtract, Function

__all__ = ["project_decorator_defs", "project_function"]

# the file defining the decorator plus up to this many modules re-exporting it on the way
_REEXPORT_HOPS = 4
_PARTIAL = frozenset({"partial", "functools.partial"})


def project_function(inp: StaticInput, written: str) -> tuple[FileExtract, Function] | None:
    """The project function a decorator written as ``written`` names: the file's own, or one
    import away (``from matplotlib import _preprocess_data``), through the packages that
    re-export it (pyteomics' ``@aux._file_writer()`` with ``from .file_helpers import
    _file_writer`` in ``auxiliary/__init__.py``, round 49)."""
    extract, qualname = inp.file, written
    for _ in range(_REEXPORT_HOPS):
        found = next((f for f in extract.functions if f.qualname == qualname), None)
        if found is not None:
            return extract, found
        head, _, rest = qualname.partition(".")
        imp = next((i for i in extract.imports if not i.scope and i.bound_name == head), None)
        if imp is None:
            return None
        target, symbol = inp.graph.modules.resolve_import(extract.path, imp)
        other = inp.graph.get(target) if target is not None else None
        qualname = ".".join(p for p in (symbol, rest) if p)
        if target is not None and imp.name and not qualname:
            # ``from .core import transform`` read as the submodule ``core/transform.py``
            # where ``core/__init__.py`` defines the function ``transform`` (pennylane)
            other, qualname = _package_function(inp, target, imp.name), imp.name
        if other is None or other is extract or not qualname:
            return None
        extract = other
    return None


def _package_function(inp: StaticInput, module: str, name: str) -> FileExtract | None:
    """The ``__init__`` of the package holding submodule ``module``, if it defines a function
    ``name`` (which then shadows the submodule of that name)."""
    levels = 2 if module.endswith("/__init__.py") else 1
    init = inp.graph.get(module.rsplit("/", levels)[0] + "/__init__.py")
    found = init is not None and any(f.qualname == name for f in init.functions)
    return init if found else None


def project_decorator_defs(
    inp: StaticInput, node: FuncNode, skip: Container[str]
) -> Iterator[tuple[ast.expr, FuncNode]]:
    """Each decorator expression of ``node`` whose last name is not in ``skip`` and that
    resolves to a function of the project, with that function's parsed node (for
    ``@partial(deco, ...)`` the expression ``deco``: the decorator itself, not a factory)."""
    resolver: CallResolver | None = None
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(dec, ast.Call) and dotted(dec.func) in _PARTIAL and dec.args:
            dec = target = dec.args[0]
        name = dotted(target)
        if name is None or name.rsplit(".", 1)[-1] in skip:
            continue
        resolver = resolver or CallResolver(inp.graph, inp.file, inp.function)
        found = resolver.entity(name)
        if found is None:  # not external: perhaps re-exported by a package
            reexported = project_function(inp, name)
            found = (reexported[0].path, reexported[1]) if reexported is not None else None
        if not isinstance(found, tuple):
            continue
        path, deco = found
        if not isinstance(deco, Function):
            continue
        try:
            data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
        except Exception:  # an unreadable decorator proves nothing
            continue
        deco_node = function_node(data, deco)
        if deco_node is not None:
            yield dec, deco_node
