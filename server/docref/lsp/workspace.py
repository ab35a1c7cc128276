"""The workspace changing under a running server: folders added or removed
(``workspace/didChangeWorkspaceFolders``) and a folder's ``pyproject.toml`` or ``.gitignore``
edited (reported as watched files when the client lets the server register a watcher, else
by the ``didSave`` of those files when the user edits them in the editor).

An added folder gets its own ``[tool.docref]`` settings, the client's settings for it, an
index, and a check of its open documents; a removed one is dropped and its open documents
are checked again as the files outside every folder they now are.  A changed
``pyproject.toml`` is read again: the open documents of its folder are re-checked when the
settings changed, and when they are unusable the user is told once why while the folder keeps
the settings it had.  A changed ``.gitignore`` changes which files the index holds: the folder
is indexed again.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from docref.config.root import within
from docref.lsp.configuration import apply_client_settings, pull_settings, supports_pull
from docref.lsp.folders import Folder, reload_settings

if TYPE_CHECKING:
    from docref.lsp.server import DocrefServer

__all__ = ["SETTINGS_FILES", "config_path", "folders_changed", "settings_files_changed"]

log = logging.getLogger(__name__)

# the files (besides sources) whose change alters what a folder's check does
SETTINGS_FILES = ("pyproject.toml", ".gitignore")


def config_path(uri: str) -> str | None:
    """The absolute path of a ``file:`` URI naming a ``pyproject.toml`` or ``.gitignore``."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    if path is None or os.path.basename(path) not in SETTINGS_FILES:
        return None
    return os.path.abspath(path)


def _open_uris_in(server: DocrefServer, root: str) -> list[str]:
    return [uri for path, uri in sorted(server.open_paths().items()) if within(path, root)]


async def folders_changed(server: DocrefServer, event: types.WorkspaceFoldersChangeEvent) -> None:
    """Drop the removed folders, then open, configure, index and check the added ones."""
    for removed in event.removed:
        path = to_fs_path(removed.uri)
        folder = None if path is None else server.folders.pop(os.path.abspath(path), None)
        if folder is not None:
            await _drop(server, folder)
    added: list[Folder] = []
    for item in event.added:
        path = to_fs_path(item.uri)
        if path is None or not os.path.isdir(path):
            server.warn(f"workspace folder {item.uri} is not a directory here; not indexed")
            continue
        if os.path.abspath(path) in server.folders:
            continue
        added.append(server.add_folder(path))
    if not added:
        return
    await _client_settings(server, added)
    for folder in added:
        _forget_loose_within(server, folder.root)
    await asyncio.gather(*(server.index(folder) for folder in added))
    for folder in added:
        for uri in _open_uris_in(server, folder.root):
            server.recheck(uri)


async def _drop(server: DocrefServer, folder: Folder) -> None:
    """Forget ``folder``: its open documents are checked again where they now belong."""
    log.info("workspace folder removed: %s", folder.root)
    server.model_trouble.pop(folder.root, None)
    uris = _open_uris_in(server, folder.root)
    for uri in uris:
        server.cancel_model(uri)
    async with folder.turn:  # after the work already queued on its graph
        folder.graph.close()
    for uri in uris:
        server.results.pop(uri, None)
        server.recheck(uri)


def _forget_loose_within(server: DocrefServer, root: str) -> None:
    """The folders made for files outside every folder, now inside ``root``, go: those files
    belong to the new folder (its settings, its index)."""
    for directory in [d for d in server.loose if within(d, root)]:
        server.loose.pop(directory).graph.close()


async def _client_settings(server: DocrefServer, folders: list[Folder]) -> None:
    """The client's own ``docref`` settings for newly added ``folders`` (when it answers
    ``workspace/configuration``; else they have the pyproject's and the start's options)."""
    if not supports_pull(server.client_capabilities):
        return
    try:
        values = await pull_settings(server, folders)
    except Exception as exc:  # the folder keeps its pyproject settings
        server.warn(f"could not read the client's settings: {exc}")
        return
    for folder, given in zip(folders, values, strict=True):
        warning = apply_client_settings(folder, given)
        if warning is not None:
            server.warn(warning)


def _holders(server: DocrefServer, path: str) -> list[Folder]:
    """The folders (workspace and loose) a settings file at ``path`` belongs to."""
    everything = [*server.folders.values(), *server.loose.values()]
    if os.path.basename(path) == "pyproject.toml":
        # settings come from the folder's own pyproject.toml only
        return [f for f in everything if os.path.dirname(path) == f.root]
    return [f for f in everything if within(os.path.dirname(path), f.root)]


async def settings_files_changed(server: DocrefServer, paths: Iterable[str]) -> None:
    """Reload what the changed ``pyproject.toml`` / ``.gitignore`` files at ``paths`` set."""
    reload: dict[str, Folder] = {}
    reindex: dict[str, Folder] = {}
    for path in paths:
        target = reload if os.path.basename(path) == "pyproject.toml" else reindex
        for folder in _holders(server, path):
            target[folder.root] = folder
    recheck: set[str] = set()
    for folder in reload.values():
        if _reload(server, folder):
            recheck.add(folder.root)
    for folder in reindex.values():
        if server.folders.get(folder.root) is folder:
            await server.index(folder)  # a loose folder is never indexed as a whole
        recheck.add(folder.root)
    for path, uri in server.open_paths().items():
        holder = server.known_folder(path)
        if holder is not None and holder.root in recheck:
            server.recheck(uri)


def _reload(server: DocrefServer, folder: Folder) -> bool:
    """Read ``folder``'s pyproject again; whether its settings changed."""
    before = folder.settings
    warning = reload_settings(folder, server.options)
    if warning is not None:
        if folder.reload_warning != warning:  # said once, not at every save of the same error
            folder.reload_warning = warning
            server.warn(warning)
        return False
    folder.reload_warning = None
    if folder.settings == before:
        return False
    log.info("settings of %s reloaded", folder.root)
    server.model_trouble.pop(folder.root, None)  # a new endpoint gets a fresh chance
    server.announce(folder)
    return True
