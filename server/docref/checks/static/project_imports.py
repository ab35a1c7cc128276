"""What the project's Python files import, project-wide, for the name rules (issue 12).

One pass over every file's import records (head fields: no extract is decoded), rebuilt when
the graph's names generation moves (an import came or went):

* ``absent``: the modules under one of the project's packages that its files import but the
  project has no source for -- compiled extensions (:mod:`.compiled_modules`).
* ``libraries``: the top-level names of the third-party modules its files import (``rtree``
  for ``from rtree.index import Index``), not the standard library's nor the project's own:
  a bare name that is one of them names that library ("contains overlaps using `rtree`",
  trimesh, round 17), as a file's own import of it already resolves it.
"""

from __future__ import annotations

import posixpath
import sys
import weakref
from dataclasses import dataclass

from docref.graph.project import ProjectGraph

__all__ = ["ProjectImports", "absent_project_module", "project_imports"]


@dataclass(frozen=True, slots=True)
class ProjectImports:
    absent: frozenset[str]
    libraries: frozenset[str]


_TABLES: weakref.WeakKeyDictionary[ProjectGraph, tuple[int, ProjectImports]] = (
    weakref.WeakKeyDictionary()
)


def absent_project_module(graph: ProjectGraph, dotted: str) -> bool:
    """``dotted`` is no module of the project, but its top-level package is one."""
    by_name = graph.modules.by_name
    top = dotted.split(".", 1)[0]
    return "." in dotted and dotted not in by_name and top in by_name


def project_imports(graph: ProjectGraph) -> ProjectImports:
    """The project-wide import tables (see the module docstring)."""
    cached = _TABLES.get(graph)
    generation = graph.changes.names_generation
    if cached is not None and cached[0] == generation:
        return cached[1]
    absent: set[str] = set()
    libraries: set[str] = set()
    by_name = graph.modules.by_name
    for path, entry in graph.entries.items():
        if entry.language != "python":
            continue
        for imp in entry.imports:
            top = imp.module.split(".", 1)[0]
            if not imp.level and top and top not in by_name:
                libraries.add(top)
            for module in _absolute(graph, path, imp.module, imp.level):
                if absent_project_module(graph, module):
                    absent.add(module)
    libraries -= set(sys.stdlib_module_names)
    tables = ProjectImports(frozenset(absent), frozenset(libraries))
    _TABLES[graph] = (generation, tables)
    return tables


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
