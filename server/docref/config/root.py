"""Where a project starts: the directory whose settings, ignore list and imports apply to a path.

The rule is the one pyright and ruff users expect (docs/cli.md, "Project root and import roots"):

1. the nearest ancestor of the path (the path itself for a folder) holding a project marker,
   ``ROOT_MARKERS``;
2. else the working directory, when the path is inside it (a downloaded archive or a scratch
   folder checked from its top: ``docref context app/billing.py::total`` must resolve
   ``from app.io import read_rows``, and ``docref roundtrip`` must see ``tests/``) -- except
   the home folder and the filesystem root, which would mean indexing everything below them;
3. else the path's folder.

In cases 2 and 3 a folder that is inside a Python package (holds ``__init__.py``) is lifted to
the parent of the topmost such package, where the interpreter would import it from; a marker
is a deliberate choice and is never second-guessed.
"""

from __future__ import annotations

import os

ROOT_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg", "pom.xml", "build.gradle")
ROOT_HELP = "project root (default: the nearest project marker, else the working directory)"
_PACKAGE_MARKERS = ("__init__.py", "__init__.pyi")


def find_root(path: str, cwd: str | None = "") -> str:
    """The project root of ``path`` (absolute).

    Args:
        path (str): A file or folder, absolute or relative to the working directory.
        cwd (str | None): The working directory to fall back on; ``""`` for the process's,
            None for none (the language server: an editor's working directory means nothing).

    Returns:
        str: The nearest ancestor with a marker, else ``cwd`` when it holds ``path``, else
        ``path``'s folder; the last two lifted out of an enclosing Python package.
    """
    start = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    marked = marked_ancestor(start)
    if marked is not None:
        return marked
    if cwd is not None:
        here = os.path.abspath(cwd or os.getcwd())
        if within(start, here) and not _too_broad(here):
            return package_parent(here)
    return package_parent(start)


def marked_ancestor(start: str, markers: tuple[str, ...] = ROOT_MARKERS) -> str | None:
    """The nearest of ``start`` and its ancestors holding one of ``markers`` (by default a
    project marker), or None."""
    current = start
    while True:
        if any(os.path.exists(os.path.join(current, m)) for m in markers):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def package_parent(directory: str) -> str:
    """``directory``, or the parent of the topmost regular package holding it."""
    current = directory
    while _is_package(current):
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    return current


def _is_package(directory: str) -> bool:
    return any(os.path.isfile(os.path.join(directory, m)) for m in _PACKAGE_MARKERS)


def within(path: str, folder: str) -> bool:
    """Whether the absolute ``path`` is ``folder`` or inside it."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _too_broad(folder: str) -> bool:
    """The filesystem root or the home folder: never a project by default."""
    return os.path.dirname(folder) == folder or folder == os.path.expanduser("~")
