"""The docref language server: typed state plus thin protocol handlers.

Graph work (indexing, taking in a buffer, checking) runs on worker threads
(:mod:`docref.lsp.checking`) so requests such as hover are answered meanwhile.  A check result
is published with the document version it was computed for, and dropped when the document
changed or closed while it ran.  The ``run`` setting says when a document is checked: on open
and save (``onSave``), also after ``debounce_ms`` without an edit (``onType``), or never on
its own (``manual``).  Files changed outside the editor, and settings changed in the client,
re-check the open documents they may affect.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Coroutine
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from docref.checks.findings import Finding
from docref.graph.discovery import language_of
from docref.lsp.checking import check_buffer, index_folder, release_buffer, take_buffer
from docref.lsp.configuration import apply_client_settings, pull_settings, supports_pull
from docref.lsp.diagnostics import client_range, to_diagnostic
from docref.lsp.folders import Folder, open_folder
from docref.lsp.hover import hover_for
from docref.lsp.progress import IndexProgress, supports_progress
from docref.lsp.watching import FileChange, apply_file_changes, watcher_registration

__all__ = ["STATUS", "DocrefServer", "create_server"]

log = logging.getLogger(__name__)

Published = list[tuple[Finding, types.Range]]

# the custom notification a client's status bar reads
STATUS = "docref/status"


def _version() -> str:
    import docref

    return str(docref.__version__)


class DocrefServer(LanguageServer):
    """The server's state: a :class:`Folder` per workspace folder, and what was published.

    ``loose`` holds the folders made for files outside every workspace folder (keyed by the
    file's directory, never indexed as a whole); ``published`` the findings last published
    per document URI with their ranges in client units, which hovers read; ``debounced`` the
    waiting ``onType`` check of each document.
    """

    def __init__(self) -> None:
        super().__init__("docref", _version())
        self.options: object = None
        self.folders: dict[str, Folder] = {}
        self.loose: dict[str, Folder] = {}
        self.published: dict[str, Published] = {}
        # the loop keeps only weak references to tasks: hold them until they finish
        self._tasks: set[asyncio.Task[None]] = set()
        self.debounced: dict[str, asyncio.Task[None]] = {}
        self._status: dict[str, tuple[str, int]] = {}

    # ---- helpers ----------------------------------------------------------------------

    def warn(self, message: str) -> None:
        """Tell the user (``window/showMessage``) and the log about a problem."""
        log.warning("%s", message)
        self.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Warning, message=f"docref: {message}")
        )

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background; an exception in it is reported, never raised."""
        task = asyncio.ensure_future(self._guarded(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception as exc:  # a docref bug must not take the server down
            log.exception("docref: background work failed")
            self.warn(f"internal error: {type(exc).__name__}: {exc}")

    def open_workspace(self) -> None:
        """Make a folder per workspace folder (the root when the client sent none), index each."""
        roots = [to_fs_path(f.uri) for f in self.workspace.folders.values()]
        if not roots:
            roots = [self.workspace.root_path]
        for root in roots:
            if root is None or not os.path.isdir(root):
                continue
            folder, warnings = open_folder(os.path.abspath(root), self.options)
            for message in warnings:
                self.warn(message)
            self.folders[folder.root] = folder
            self.spawn(self._index(folder))

    async def _index(self, folder: Folder) -> None:
        progress = IndexProgress(self, folder.root, supports_progress(self.client_capabilities))
        folder.indexing = True
        self.announce(folder)
        await progress.begin()
        try:
            async with folder.turn:
                summary = await asyncio.to_thread(index_folder, folder, progress.from_thread)
        except Exception as exc:  # unreadable tree, cache trouble: edits still get checked
            log.exception("indexing %s failed", folder.root)
            progress.end(f"failed: {type(exc).__name__}")
            self.warn(f"indexing {folder.root} failed ({type(exc).__name__}: {exc})")
            return
        finally:
            folder.indexing = False
            self.announce(folder)
        progress.end(summary)
        log.info("%s", summary)

    def announce(self, folder: Folder) -> None:
        """Send ``docref/status`` for ``folder`` if its state or count changed since the last."""
        if folder.indexing:
            state, files = "indexing", 0
        elif folder.checking:
            state, files = "checking", folder.checking
        else:
            state, files = "idle", len(folder.graph.entries)
        if self._status.get(folder.root) == (state, files):
            return
        self._status[folder.root] = (state, files)
        self.protocol.notify(STATUS, {"state": state, "folder": folder.root, "files": files})

    def folder_for(self, path: str) -> Folder:
        """The workspace folder holding ``path`` (the innermost), else a loose folder rooted at
        the file's directory."""
        holders = [root for root in self.folders if _is_within(path, root)]
        if holders:
            return self.folders[max(holders, key=len)]
        directory = os.path.dirname(path)
        folder = self.loose.get(directory)
        if folder is None:
            folder, warnings = open_folder(directory, self.options)
            for message in warnings:
                self.warn(message)
            self.loose[directory] = folder
        return folder

    # ---- document work ----------------------------------------------------------------

    async def check(self, uri: str) -> None:
        """Check the open document ``uri`` and publish its diagnostics, unless it changed."""
        document = self.workspace.text_documents.get(uri)
        path = _checkable_path(uri)
        if document is None or path is None:
            return
        # the text of this version, taken now: later edits queue behind this check
        version, text = document.version or 0, document.source
        folder = self.folder_for(path)
        folder.checking += 1
        self.announce(folder)
        try:
            async with folder.turn:
                outcome = await asyncio.to_thread(check_buffer, folder, path, version, text)
        finally:
            folder.checking -= 1
            self.announce(folder)
        current = self.workspace.text_documents.get(uri)
        if current is None or (current.version or 0) != version:
            log.debug("dropped the result for %s version %s: outdated", uri, version)
            return
        for problem in outcome.problems:
            log.warning("%s: %s", path, problem)
        encoding = self.workspace.position_encoding
        published = [(f, client_range(f.range, current.lines, encoding)) for f in outcome.findings]
        self.published[uri] = published
        severity = folder.settings.severity
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=version,
                diagnostics=[to_diagnostic(f, severity, rng) for f, rng in published],
            )
        )

    async def take(self, uri: str) -> None:
        """Give the graph the document's current text (no check)."""
        document = self.workspace.text_documents.get(uri)
        path = _checkable_path(uri)
        if document is None or path is None:
            return
        text = document.source
        folder = self.folder_for(path)
        async with folder.turn:
            await asyncio.to_thread(take_buffer, folder, path, text)

    async def release(self, uri: str) -> None:
        """Clear the closed document's diagnostics; the graph goes back to the disk."""
        self.published.pop(uri, None)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )
        path = _checkable_path(uri)
        if path is not None:
            folder = self.folder_for(path)
            async with folder.turn:
                await asyncio.to_thread(release_buffer, folder, path)

    # ---- when checks run ---------------------------------------------------------------

    def run_mode(self, uri: str) -> str:
        """The ``run`` setting of the folder holding ``uri`` (``manual`` for other files)."""
        path = _checkable_path(uri)
        return "manual" if path is None else self.folder_for(path).settings.run

    def recheck(self, uri: str) -> None:
        """Check ``uri`` in the background, unless its folder's ``run`` is ``manual``."""
        if self.run_mode(uri) != "manual":
            self.spawn(self.check(uri))

    def edited(self, uri: str) -> None:
        """The document changed: the graph takes the text, an ``onType`` check is (re)armed."""
        self.spawn(self.take(uri))
        self.cancel_debounced(uri)
        path = _checkable_path(uri)
        if path is None or self.run_mode(uri) != "onType":
            return
        delay = self.folder_for(path).settings.debounce_ms / 1000
        task = asyncio.ensure_future(self._debounce(uri, delay))
        self.debounced[uri] = task

    async def _debounce(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        # only the wait is cancellable: a check that started holds the folder's turn while
        # its thread runs, and a result for an older version is dropped at publish anyway
        self.debounced.pop(uri, None)
        self.spawn(self.check(uri))

    def cancel_debounced(self, uri: str) -> None:
        """Forget the waiting ``onType`` check of ``uri``, if any."""
        task = self.debounced.pop(uri, None)
        if task is not None:
            task.cancel()

    # ---- outside the editor --------------------------------------------------------------

    def open_paths(self) -> dict[str, str]:
        """The checkable open documents: absolute path to URI."""
        paths: dict[str, str] = {}
        for uri in list(self.workspace.text_documents):
            path = _checkable_path(uri)
            if path is not None:
                paths[path] = uri
        return paths

    def known_folder(self, path: str) -> Folder | None:
        """The folder already holding ``path`` (never creates one)."""
        holders = [root for root in self.folders if _is_within(path, root)]
        if holders:
            return self.folders[max(holders, key=len)]
        return self.loose.get(os.path.dirname(path))

    async def files_changed(self, events: list[types.FileEvent]) -> None:
        """Bring the graphs up to date and re-check the open documents that may be affected."""
        by_folder: dict[str, tuple[Folder, list[FileChange]]] = {}
        for event in events:
            path = _checkable_path(event.uri)
            folder = None if path is None else self.known_folder(path)
            if path is None or folder is None:
                continue
            by_folder.setdefault(folder.root, (folder, []))[1].append((path, event.type))
        for folder, changes in by_folder.values():
            opened = self.open_paths()
            async with folder.turn:
                stale = await asyncio.to_thread(apply_file_changes, folder, changes, set(opened))
            for path in sorted(stale):
                if path in opened:
                    self.recheck(opened[path])

    async def register_watchers(self) -> None:
        """Ask the client to report source-file changes, when it lets servers register."""
        workspace = self.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace is not None else None
        if watched is None or not watched.dynamic_registration:
            return  # the client's own watcher configuration (if any) applies
        try:
            await self.client_register_capability_async(watcher_registration())
        except Exception as exc:  # no watcher: only edits made in the editor are seen
            log.warning("the client refused to watch files: %s", exc)

    async def refresh_settings(self, pushed: object = None) -> None:
        """Take the client's ``docref`` settings for every folder; re-check the open documents
        of the folders whose settings changed.

        They are pulled (``workspace/configuration``) when the client answers that request,
        else ``pushed`` (the ``settings`` of ``didChangeConfiguration``) is used when it holds
        a ``docref`` object.
        """
        folders = [*self.folders.values(), *self.loose.values()]
        if supports_pull(self.client_capabilities):
            try:
                values = await pull_settings(self, folders)
            except Exception as exc:  # a client that fails to answer leaves the settings
                self.warn(f"could not read the client's settings: {exc}")
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
                self.warn(warning)
            if folder.settings != before:
                changed.add(folder.root)
        # unchanged settings give unchanged findings: re-check only where they differ
        for path, uri in self.open_paths().items():
            if self.folder_for(path).root in changed:
                self.recheck(uri)

    def close_graphs(self) -> None:
        """Release every graph's cache handle (at shutdown)."""
        for folder in (*self.folders.values(), *self.loose.values()):
            folder.graph.close()


def _is_within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _checkable_path(uri: str) -> str | None:
    """The absolute path of a ``file:`` URI of a Python or Java file, else ``None``."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is None or language_of(path) is None:
        return None
    return os.path.abspath(path)


CHECK_FILE = "docref.checkFile"


def create_server() -> DocrefServer:
    """A server with every docref feature registered."""
    server = DocrefServer()

    @server.feature(types.INITIALIZE)
    def on_initialize(ls: DocrefServer, params: types.InitializeParams) -> None:
        ls.options = params.initialization_options

    @server.feature(types.INITIALIZED)
    def on_initialized(ls: DocrefServer, params: types.InitializedParams) -> None:
        ls.open_workspace()
        ls.spawn(ls.register_watchers())
        ls.spawn(ls.refresh_settings())

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def on_configuration(ls: DocrefServer, params: types.DidChangeConfigurationParams) -> None:
        ls.spawn(ls.refresh_settings(params.settings))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def on_watched_files(ls: DocrefServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.spawn(ls.files_changed(list(params.changes)))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def on_open(ls: DocrefServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.recheck(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def on_change(ls: DocrefServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def on_save(ls: DocrefServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.recheck(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def on_close(ls: DocrefServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.cancel_debounced(params.text_document.uri)
        ls.spawn(ls.release(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: DocrefServer, params: types.HoverParams) -> types.Hover | None:
        return hover_for(ls.published.get(params.text_document.uri, []), params.position)

    @server.command(CHECK_FILE)
    async def on_check_file(ls: DocrefServer, uri: str) -> dict[str, object]:
        """Check one open document now, whatever the ``run`` setting says (``manual``'s
        trigger); answers how many findings it has."""
        if uri not in ls.workspace.text_documents:
            return {"uri": uri, "checked": False, "reason": "not an open document"}
        await ls.check(uri)
        return {"uri": uri, "checked": True, "findings": len(ls.published.get(uri, []))}

    @server.feature(types.SHUTDOWN)
    def on_shutdown(ls: DocrefServer, params: None) -> None:
        ls.close_graphs()

    return server
