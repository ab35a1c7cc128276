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

from docref.checks.static.project_imports import absent_project_module, project_imports
from docref.graph.project import ProjectGraph

__all__ = ["absent_project_module", "compiled_module"]

_EXTENSIONS = (".so", ".pyd", ".pyx")


def compiled_module(graph: ProjectGraph, dotted: str, package_path: str | None) -> bool:
    """``dotted`` (a submodule of the project package whose file is ``package_path``) is a
    module the project imports without having its source, or an extension module next to the
    package's files."""
    if not absent_project_module(graph, dotted):
        return False
    if dotted in project_imports(graph).absent:
        return True
    if package_path is None or posixpath.basename(package_path) not in (
        "__init__.py",
        "__init__.pyi",
    ):
        return False
    folder = graph.abspath(posixpath.dirname(package_path))
    stem = os.path.join(glob.escape(folder), glob.escape(dotted.rsplit(".", 1)[-1]))
    return any(glob.glob(f"{stem}{ext}") or glob.glob(f"{stem}.*{ext}") for ext in _EXTENSIONS)
