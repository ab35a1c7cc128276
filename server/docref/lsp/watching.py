"""Files created, changed or deleted outside the editor (``workspace/didChangeWatchedFiles``).

:func:`apply_file_changes` runs on a worker thread while the caller holds the folder's
``turn``; it brings the folder's graph up to date and says which files' diagnostics may now be
stale: the changed files themselves and the files that import them.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable

from lsprotocol import types

from docref.graph.discovery import SKIP_DIR_NAMES, is_gitignored
from docref.lsp.folders import Folder

__all__ = ["WATCHED_GLOBS", "FileChange", "apply_file_changes", "watcher_registration"]

# sources, and the files a folder's settings and index come from (lsp/workspace.py)
WATCHED_GLOBS = ("**/*.py", "**/*.pyi", "**/*.java", "**/pyproject.toml", "**/.gitignore")

# (absolute path, what happened to it)
FileChange = tuple[str, types.FileChangeType]


def watcher_registration() -> types.RegistrationParams:
    """The ``client/registerCapability`` request that asks the client to watch source and
    settings files."""
    watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED_GLOBS]
    return types.RegistrationParams(
        registrations=[
            types.Registration(
                id="docref-watched-files",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
        ]
    )


def _outside_the_index(folder: Folder, path: str) -> bool:
    """Whether the index leaves ``path`` out: a directory it skips (venv, build output,
    hidden) or a ``.gitignore`` match."""
    relative = os.path.relpath(os.path.dirname(path), folder.root)
    if relative.startswith(os.pardir):
        return True
    directory = folder.root
    for name in [] if relative == os.curdir else relative.split(os.sep):
        directory = os.path.join(directory, name)
        if name.startswith(".") or name in SKIP_DIR_NAMES or name.endswith(".egg-info"):
            return True
        if os.path.isfile(os.path.join(directory, "pyvenv.cfg")):
            return True
    return is_gitignored(folder.root, path)


def apply_file_changes(
    folder: Folder, changes: Iterable[FileChange], open_paths: Collection[str]
) -> set[str]:
    """Update ``folder``'s graph for ``changes``; returns the absolute paths to re-check.

    A file open in the editor keeps its buffer in the graph (the editor's text wins over the
    disk), but is still returned: its save may be what the watcher reported.
    """
    graph = folder.graph
    stale: set[str] = set()
    for path, kind in changes:
        if _outside_the_index(folder, path):
            continue
        stale.add(path)
        # importers before the change too: a deleted file's links are gone afterwards
        importers = graph.importers_of(path)
        if path not in open_paths:
            if kind == types.FileChangeType.Deleted:
                result = graph.remove(path)
            else:
                result = graph.update(path)
            importers |= graph.importers_of(path)
            importers |= {rel for rel, _ in result.dependents}
        stale.update(graph.abspath(rel) for rel in importers)
    return stale
