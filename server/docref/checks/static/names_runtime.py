"""Members a project module or class gets at run time, which its source does not list: the
C1 name resolver (:mod:`.names_python_walk`) asks here before it reports a member missing.

Each answer reads only files the check records as read (``graph.get``/``graph.source``:
their imports and entity texts are in the results cache's key), so an edit that changes an
answer re-checks the files that asked:

* :data:`MODULE_DUNDERS`: what every module object has (``django.__path__``, round 25);
* :func:`made_by_decorator`: a class decorator that sets attributes on the class it takes
  (astroquery's ``@async_to_sync`` makes ``query_region`` from ``query_region_async``,
  round 24) -- only for a name derived from one of the class's own members;
* :func:`mirrored_modules`: a project module that the package importing it fills with an
  installed binding's names (pyqtgraph's ``pyqtgraph.Qt.QtWidgets``, filled from
  ``PyQt5.QtWidgets`` at import, round 24: qtpy-like shims) -- judged by the binding when
  it is installed, else a member counts when some project file's code uses it (``files_using``:
  its answer is kept with the report) and stays missing when none does (``QtGui.PolygonF``);
* :func:`public_namesakes`: the public class a platform-private class stands behind
  (psutil's ``_pslinux.Process`` behind ``psutil.Process``, round 28);
* :func:`set_by_name`: ``cls.functional`` in the docstring of a function that sets attributes
  of its first parameter under computed names (metaflow's ``lazy_import``, round 44).
"""

from __future__ import annotations

import re

from docref.graph.model import Function
from docref.graph.project import ProjectGraph

__all__ = [
    "MODULE_DUNDERS",
    "made_by_decorator",
    "mirrored_modules",
    "module_dunder",
    "public_namesakes",
    "set_by_name",
]

#: Attributes the import system gives every module object (``__path__``: packages only).
MODULE_DUNDERS = frozenset(
    {"__name__", "__doc__", "__file__", "__spec__", "__loader__", "__package__", "__dict__"}
    | {"__cached__", "__builtins__"}
)
_PACKAGE_FILES = ("__init__.py", "__init__.pyi")
_HOPS = 4


def module_dunder(part: str, path: str | None) -> bool:
    """Whether ``part`` is an attribute every module (``__path__``: every package) has."""
    return part in MODULE_DUNDERS or (
        part == "__path__" and (path is None or path.endswith(_PACKAGE_FILES))
    )


def _definition(
    graph: ProjectGraph, path: str, name: str, hops: int = 0
) -> tuple[str, Function] | None:
    """The project function ``name`` means at module level of file ``path``, followed through
    ``from`` imports (``from ..utils import async_to_sync``, re-exported by a package)."""
    fe = graph.get(path)
    if fe is None or hops > _HOPS:
        return None
    found = next((f for f in fe.functions if f.qualname == name), None)
    if found is not None:
        return path, found
    imp = next((i for i in fe.imports if not i.scope and i.bound_name == name), None)
    if imp is None or imp.name in (None, "*"):
        return None
    resolved, symbol = graph.modules.resolve_import(path, imp)
    if resolved is None or symbol is None:
        return None
    return _definition(graph, resolved, symbol, hops + 1)


def _sets_attributes(graph: ProjectGraph, path: str, fn: Function) -> bool:
    """Whether function ``fn`` sets attributes on its first parameter (``setattr(cls, ...)``,
    ``cls.name = ...``)."""
    if not fn.params:
        return False
    first = re.escape(fn.params[0].name)
    lines = graph.source(path).splitlines()[fn.span.start_line : fn.span.end_line + 1]
    body = "\n".join(lines)
    return bool(
        re.search(rf"\bsetattr\(\s*{first}\s*,", body)
        or re.search(rf"(?<![\w.]){first}\.\w+\s*=(?!=)", body)
    )


def made_by_decorator(
    graph: ProjectGraph, path: str, qualname: str, name: str, own: set[str]
) -> bool:
    """Whether the class ``qualname`` of file ``path`` may have ``name`` from a decorator:
    ``name`` is a part of one of its own members (``query_region`` of
    ``query_region_async``) and a decorator of the class, a project function, sets
    attributes on the class it is given.  A name unrelated to every member (a misspelling)
    and a class whose decorators set nothing stay judged."""
    if not any(m.startswith(f"{name}_") or m.endswith(f"_{name}") for m in own):
        return False
    fe = graph.get(path)
    cls = next((c for c in fe.classes if c.qualname == qualname), None) if fe else None
    for decorator in cls.decorators if cls is not None else []:
        head = decorator.split("(", 1)[0].strip()
        if not head.isidentifier():
            continue
        found = _definition(graph, path, head)
        if found is not None and _sets_attributes(graph, *found):
            return True
    return False


def mirrored_modules(graph: ProjectGraph, name: str, path: str) -> list[str]:
    """The installed modules project module ``name`` (file ``path``) stands for: a file
    importing it also imports, from outside the project, a module of the same last name
    (pyqtgraph's ``Qt/__init__.py``: ``from . import QtWidgets`` beside ``import
    PyQt5.QtWidgets``, then copies the binding's names into its mirror).  A project module
    no importer pairs with an installed namesake mirrors nothing."""
    last = name.rsplit(".", 1)[-1]
    found: list[str] = []
    for importer in sorted(graph.importers_of(path)):
        fe = graph.get(importer)
        for imp in fe.imports if fe is not None else []:
            if imp.level or not imp.module or graph.modules.module_path(imp.module) is not None:
                continue
            if graph.modules.resolve_import(importer, imp)[0] is not None:
                continue  # the project's own module spelt from its package (orbax, round 16)
            qualified = imp.module if imp.name is None else f"{imp.module}.{imp.name}"
            if qualified.rsplit(".", 1)[-1] == last and qualified != name:
                found.append(qualified)
    return sorted(set(found))


def public_namesakes(graph: ProjectGraph, path: str, qualname: str) -> list[tuple[str, str]]:
    """The public classes a class of a private module stands behind: top-level namesakes in
    the project files importing that module (``psutil/__init__.py``'s ``Process`` for
    ``psutil/_pslinux.py``'s, which it imports as the platform's implementation)."""
    module = path.rsplit("/", 1)[-1]
    if not module.startswith("_") or module.startswith("__") or "." in qualname:
        return []
    out = []
    for importer in sorted(graph.importers_of(path)):
        if importer.rsplit("/", 1)[-1].startswith("_") and not importer.endswith(_PACKAGE_FILES):
            continue
        fe = graph.get(importer)
        if fe is not None and any(c.qualname == qualname for c in fe.classes):
            out.append((importer, qualname))
    return out


def set_by_name(fn: Function, body: str, target: str) -> bool:
    """``target`` (``cls.functional``) is an attribute of ``fn``'s first parameter and ``fn``'s
    ``body`` sets that parameter's attributes under a computed name (``setattr(cls, name,
    mod)``: metaflow's ``lazy_import`` stashing the module it imports, round 44, FALSE): its
    docstring names one of the members it makes, which no source lists.  A ``setattr`` with a
    literal name sets that name only, and a body setting nothing leaves the name judged."""
    if not fn.params or not target.startswith(fn.params[0].name + "."):
        return False
    first = re.escape(fn.params[0].name)
    return re.search(rf"(?<![\w.])setattr\(\s*{first}\s*,\s*(?![\s'\"])", body) is not None
