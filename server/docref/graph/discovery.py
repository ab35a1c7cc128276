"""Which files of a workspace are indexed, and why the others are not.

Respects ``.gitignore`` files at every level (via pathspec's gitignore semantics), skips
virtual environments, ``site-packages``, build output and hidden directories, and never
follows a directory symlink twice (symlink loops end quietly with a reason).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a .gitignore is read: ~60 ms of CPU a process would pay
    import pathspec  # for nothing (a cold run's workers import this module, never walk)

LANGUAGE_BY_SUFFIX = {".py": "python", ".pyi": "python", ".java": "java"}

SKIP_DIR_NAMES = frozenset(
    {
        "__pycache__",
        "node_modules",
        "site-packages",
        "dist-packages",
        "build",
        "dist",
        "target",
        "venv",
        "htmlcov",
        "__pypackages__",
    }
)


@dataclass(slots=True, frozen=True)
class Candidate:
    """A file to index: absolute path, workspace-relative POSIX path, language."""

    abspath: str
    relpath: str
    language: str


@dataclass(slots=True, frozen=True)
class Skipped:
    relpath: str
    reason: str


def language_of(path: str) -> str | None:
    return LANGUAGE_BY_SUFFIX.get(os.path.splitext(path)[1])


def _is_virtualenv(dirpath: str) -> bool:
    return os.path.isfile(os.path.join(dirpath, "pyvenv.cfg"))


def _load_gitignore(dirpath: str) -> pathspec.GitIgnoreSpec | None:
    path = os.path.join(dirpath, ".gitignore")
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _symlinked_dir_reason(link: str, real_root: str) -> str | None:
    """Why a symlinked directory is not walked, or None to follow it (it leads outside)."""
    target = os.path.realpath(link)
    here = os.path.realpath(os.path.dirname(link))
    if here == target or here.startswith(target + os.sep):
        return "symlink loop (points to an enclosing directory)"
    if target == real_root or target.startswith(real_root + os.sep):
        return "symlink to a directory inside the workspace (indexed at its real path)"
    return None


class _IgnoreRules:
    """The ``.gitignore`` files met so far, as (directory relative to the root, spec) pairs,
    ancestors before descendants: a ``.gitignore`` applies to its subtree."""

    def __init__(self) -> None:
        self.specs: list[tuple[str, pathspec.GitIgnoreSpec]] = []

    def ignored(self, rel: str, is_dir: bool) -> bool:
        """Whether ``rel`` (``/``-separated, relative to the root) is ignored."""
        # as in git, the deepest .gitignore with a matching pattern decides (a nested
        # ``!keep.py`` re-includes a file)
        result = False
        for base, spec in self.specs:
            if base and not (rel == base or rel.startswith(base + "/")):
                continue
            sub = rel[len(base) + 1 :] if base else rel
            include = spec.check_file(sub + "/" if is_dir else sub).include
            if include is not None:
                result = include
        return result


def is_gitignored(root: str, path: str) -> bool:
    """Whether the index of ``root`` leaves ``path`` out because of a ``.gitignore`` (of
    ``root`` or of a directory between it and ``path``; an ignored directory hides its
    whole subtree, as in :func:`walk_workspace`)."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root)).replace(os.sep, "/")
    if rel.startswith("../") or rel == "..":
        return False
    parts = rel.split("/")
    rules = _IgnoreRules()
    directory = os.path.abspath(root)
    for depth in range(len(parts)):
        rel_dir = "/".join(parts[:depth])
        spec = _load_gitignore(directory)
        if spec is not None:
            rules.specs.append((rel_dir, spec))
        is_dir = depth < len(parts) - 1
        if rules.ignored("/".join(parts[: depth + 1]), is_dir):
            return True
        directory = os.path.join(directory, parts[depth])
    return False


def walk_workspace(root: str, dirs: dict[str, int] | None = None) -> Iterator[Candidate | Skipped]:
    """Yield every indexable file under ``root`` and a :class:`Skipped` for files not indexed.

    Skipped directories are not reported file by file (a venv would drown the report); only
    files that look like sources but cannot be indexed are.  ``dirs``, when given, receives
    each directory entered and each virtual environment left out, with its mtime: what the
    walk's result depends on (the results cache tells an unchanged file list by them).
    """
    root = os.path.abspath(root)
    rules = _IgnoreRules()
    ignored = rules.ignored
    specs = rules.specs
    seen_dirs: set[tuple[int, int]] = set()

    real_root = os.path.realpath(root)
    # (folder, its path relative to the root): carried, not recomputed (``relpath`` per
    # folder was a third of the walk's CPU on a tree of many small folders)
    stack = [(root, "")]
    while stack:
        dirpath, rel_dir = stack.pop()
        try:
            st = os.stat(dirpath)
        except OSError:
            continue
        key = (st.st_dev, st.st_ino)
        if key in seen_dirs:
            yield Skipped(rel_dir, "directory already indexed through another path (symlink)")
            continue
        seen_dirs.add(key)
        if dirs is not None:
            dirs[dirpath] = st.st_mtime_ns
        try:
            entries = sorted(os.scandir(dirpath), key=lambda e: e.name)
        except PermissionError:
            entries = None
            failure = "permission denied"
        except OSError as exc:
            entries = None
            failure = f"cannot list: {exc.strerror or exc}"
        # a folder's .gitignore is read when the listing has one (or cannot be listed), not
        # tried in every folder
        if entries is None or any(e.name == ".gitignore" for e in entries):
            spec = _load_gitignore(dirpath)
            if spec is not None:
                specs.append((rel_dir, spec))
        if entries is None:
            yield Skipped(rel_dir or ".", failure)
            continue
        subdirs: list[tuple[str, str]] = []
        for entry in entries:
            name = entry.name
            rel = f"{rel_dir}/{name}" if rel_dir else name
            try:
                is_dir = entry.is_dir()  # follows symlinks
            except OSError:
                is_dir = False
            if is_dir:
                if name.startswith(".") or name in SKIP_DIR_NAMES or name.endswith(".egg-info"):
                    continue
                if _is_virtualenv(entry.path):
                    if dirs is not None:  # removing its pyvenv.cfg would let it in
                        with contextlib.suppress(OSError):
                            dirs[entry.path] = entry.stat().st_mtime_ns
                    continue
                if ignored(rel, True):
                    continue
                if entry.is_symlink():
                    reason = _symlinked_dir_reason(entry.path, real_root)
                    if reason is not None:
                        yield Skipped(rel, reason)
                        continue
                subdirs.append((entry.path, rel))
                continue
            language = language_of(name)
            if language is None or name.startswith(".") or ignored(rel, False):
                continue
            if entry.is_symlink() and not os.path.exists(entry.path):
                yield Skipped(rel, "broken symlink")
                continue
            yield Candidate(entry.path, rel, language)
        stack.extend(reversed(subdirs))
