"""Where a project starts: the directory whose settings and ignore list apply to a path."""

from __future__ import annotations

import os

ROOT_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg", "pom.xml", "build.gradle")


def find_root(path: str) -> str:
    """Nearest ancestor directory of ``path`` holding a project marker, else its directory."""
    start = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    current = start
    while True:
        if any(os.path.exists(os.path.join(current, m)) for m in ROOT_MARKERS):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return start
        current = parent
