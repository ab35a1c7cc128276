"""Which project modules a bare dotted name in a docstring can be: not a script of another folder.

The module map names a file from the first folder above it that is not a regular package
(:mod:`docref.graph.modules`), so a folder of scripts gives its files top-level names
(``docs/sphinx/conf.py`` is ``conf``).  Only a script run from that folder imports them by
those names; a docstring elsewhere in the project that writes ``conf.COMPILERS`` means
something else (nikola's user settings file, round 63).
"""

from __future__ import annotations

from docref.checks.static.names_python_targets import ModuleTarget
from docref.graph.project import ProjectGraph

__all__ = ["script_elsewhere"]


def script_elsewhere(graph: ProjectGraph, path: str, module: ModuleTarget) -> bool:
    """Whether ``module`` is named from a folder that holds no package, other than the folder
    of the checked file ``path`` or one above it.  The workspace root, a ``src`` folder and a
    folder holding a package are the project's import roots: their modules count anywhere."""
    if module.path is None:
        return False
    stem = module.path.rsplit(".", 1)[0]
    if stem == "__init__" or stem.endswith("/__init__"):
        stem = stem[: -len("__init__")].rstrip("/")
    root = stem
    for _ in range(module.name.count(".") + 1):
        root = root.rpartition("/")[0]
    if not root or path.startswith(root + "/") or root.rsplit("/", 1)[-1] == "src":
        return False
    return not any(folder.rpartition("/")[0] == root for folder in graph.modules.package_dirs)
