"""Modules of the project that a static reader cannot read: compiled extensions (issue 12).

A package may ship part of its code compiled (pandas' Cython ``pandas._libs.parsers``,
qiskit's Rust ``qiskit._accelerate``): the wheel and the checked tree hold no ``.py`` for those
modules, so their names cannot be listed, and what their functions raise cannot be read.  Such
a module is opaque, not missing: a name in it is unknown to the name rules, and a call into it
may raise anything, the project's own exceptions included (C3-RAISES).

* :func:`absent_project_module`: a dotted module under one of the project's packages that the
  project has no source for (an import of it is the evidence the module exists).
* :func:`compiled_module`: such a module that the project's code imports somewhere, or whose
  extension file (``.so``, ``.pyd``, ``.pyx``) lies next to its package's files.  A missing
  attribute of a pure-Python module stays missing.
"""

from __future__ import annotations

import glob
import os
import posixpath
import weakref

from docref.graph.project import ProjectGraph

__all__ = ["absent_project_module", "compiled_module"]

_EXTENSIONS = (".so", ".pyd", ".pyx")

# graph -> (names generation, the absent project modules its Python files import)
_IMPORTED: weakref.WeakKeyDictionary[ProjectGraph, tuple[int, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)


def absent_project_module(graph: ProjectGraph, dotted: str) -> bool:
    """``dotted`` is no module of the project, but its top-level package is one."""
    by_name = graph.modules.by_name
    top = dotted.split(".", 1)[0]
    return "." in dotted and dotted not in by_name and top in by_name


def compiled_module(graph: ProjectGraph, dotted: str, package_path: str | None) -> bool:
    """``dotted`` (a submodule of the project package whose file is ``package_path``) is a
    module the project imports without having its source, or an extension module next to the
    package's files."""
    if not absent_project_module(graph, dotted):
        return False
    if dotted in _imported_absent(graph):
        return True
    if package_path is None or posixpath.basename(package_path) not in (
        "__init__.py",
        "__init__.pyi",
    ):
        return False
    folder = graph.abspath(posixpath.dirname(package_path))
    stem = os.path.join(glob.escape(folder), glob.escape(dotted.rsplit(".", 1)[-1]))
    return any(glob.glob(f"{stem}{ext}") or glob.glob(f"{stem}.*{ext}") for ext in _EXTENSIONS)


def _imported_absent(graph: ProjectGraph) -> frozenset[str]:
    cached = _IMPORTED.get(graph)
    generation = graph.changes.names_generation
    if cached is not None and cached[0] == generation:
        return cached[1]
    found: set[str] = set()
    for path, entry in graph.entries.items():
        if entry.language != "python":
            continue
        for imp in entry.imports:
            for module in _absolute(graph, path, imp.module, imp.level):
                if absent_project_module(graph, module):
                    found.add(module)
    result = frozenset(found)
    _IMPORTED[graph] = (generation, result)
    return result


def _absolute(graph: ProjectGraph, path: str, module: str, level: int) -> list[str]:
    """The absolute names of an import's module (a relative one: from each name of the
    importing file)."""
    if not level:
        return [module]
    out = []
    package_file = posixpath.basename(path) in ("__init__.py", "__init__.pyi")
    for name in graph.modules.names_of.get(path, []):
        parts = name.split(".")
        drop = level - 1 if package_file else level
        if drop >= len(parts):
            continue
        base = parts[: len(parts) - drop] if drop else parts
        out.append(".".join([*base, module] if module else base))
    return out
