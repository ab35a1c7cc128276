"""Keeping the server in step with the world outside the editor's buffers: files changed on
disk (``workspace/didChangeWatchedFiles``) and the client's settings
(``workspace/configuration``, ``workspace/didChangeConfiguration``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from docref.lsp.configuration import apply_client_settings, pull_settings, supports_pull
from docref.lsp.folders import Folder
from docref.lsp.watching import FileChange, apply_file_changes, watcher_registration
from docref.lsp.workspace import config_path, settings_files_changed

if TYPE_CHECKING:
    from docref.lsp.server import DocrefServer

__all__ = ["files_changed", "refresh_settings", "register_watchers"]

log = logging.getLogger(__name__)


async def files_changed(server: DocrefServer, events: list[types.FileEvent]) -> None:
    """Bring the graphs up to date and re-check the open documents that may be affected."""
    settings = [p for p in (config_path(e.uri) for e in events) if p is not None]
    if settings:
        await settings_files_changed(server, settings)
    by_folder: dict[str, tuple[Folder, list[FileChange]]] = {}
    for event in events:
        path = server.checkable_path(event.uri)
        folder = None if path is None else server.known_folder(path)
        if path is None or folder is None:
            continue
        by_folder.setdefault(folder.root, (folder, []))[1].append((path, event.type))
    for folder, changes in by_folder.values():
        opened = server.open_paths()
        async with folder.turn:
            stale = await asyncio.to_thread(apply_file_changes, folder, changes, set(opened))
        for path in sorted(stale):
            if path in opened:
                server.recheck(opened[path])


async def register_watchers(server: DocrefServer) -> None:
    """Ask the client to report source-file changes, when it lets servers register."""
    workspace = server.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    if watched is None or not watched.dynamic_registration:
        return  # the client's own watcher configuration (if any) applies
    try:
        await server.client_register_capability_async(watcher_registration())
    except Exception as exc:  # no watcher: only edits made in the editor are seen
        log.warning("the client refused to watch files: %s", exc)


async def refresh_settings(server: DocrefServer, pushed: object = None) -> None:
    """Take the client's ``docref`` settings for every folder; re-check the open documents
    of the folders whose settings changed.

    They are pulled (``workspace/configuration``) when the client answers that request,
    else ``pushed`` (the ``settings`` of ``didChangeConfiguration``) is used when it holds
    a ``docref`` object.
    """
    folders = [*server.folders.values(), *server.loose.values()]
    if supports_pull(server.client_capabilities):
        try:
            values = await pull_settings(server, folders)
        except Exception as exc:  # a client that fails to answer leaves the settings
            server.warn(f"could not read the client's settings: {exc}")
            return
    elif isinstance(pushed, dict) and "docref" in pushed:
        values = [pushed["docref"]] * len(folders)
    else:
        return
    changed: set[str] = set()
    for folder, given in zip(folders, values, strict=True):
        before = folder.settings
        warning = apply_client_settings(folder, given)
        if warning is not None:
            server.warn(warning)
        if folder.settings != before:
            changed.add(folder.root)
            server.model_trouble.pop(folder.root, None)  # a new endpoint gets a fresh chance
    # unchanged settings give unchanged findings: re-check only where they differ
    for path, uri in server.open_paths().items():
        if server.folder_for(path).root in changed:
            server.recheck(uri)
