"""The docref language server: typed state plus thin protocol handlers.

Graph work (indexing, taking in a buffer, checking) runs on worker threads
(:mod:`docref.lsp.checking`) so requests such as hover are answered meanwhile.  A check result
is published with the document version it was computed for, and dropped when the document
changed or closed while it ran.
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
from docref.lsp.diagnostics import client_range, to_diagnostic
from docref.lsp.folders import Folder, open_folder
from docref.lsp.hover import hover_for

__all__ = ["DocrefServer", "create_server"]

log = logging.getLogger(__name__)

Published = list[tuple[Finding, types.Range]]


def _version() -> str:
    import docref

    return str(docref.__version__)


class DocrefServer(LanguageServer):
    """The server's state: a :class:`Folder` per workspace folder, and what was published.

    ``loose`` holds the folders made for files outside every workspace folder (keyed by the
    file's directory, never indexed as a whole); ``published`` the findings last published
    per document URI with their ranges in client units, which hovers read.
    """

    def __init__(self) -> None:
        super().__init__("docref", _version())
        self.options: object = None
        self.folders: dict[str, Folder] = {}
        self.loose: dict[str, Folder] = {}
        self.published: dict[str, Published] = {}
        # the loop keeps only weak references to tasks: hold them until they finish
        self._tasks: set[asyncio.Task[None]] = set()

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
        try:
            async with folder.turn:
                summary = await asyncio.to_thread(index_folder, folder)
        except Exception as exc:  # unreadable tree, cache trouble: edits still get checked
            log.exception("indexing %s failed", folder.root)
            self.warn(f"indexing {folder.root} failed ({type(exc).__name__}: {exc})")
            return
        log.info("%s", summary)

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
        async with folder.turn:
            outcome = await asyncio.to_thread(check_buffer, folder, path, version, text)
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


def create_server() -> DocrefServer:
    """A server with every docref feature registered."""
    server = DocrefServer()

    @server.feature(types.INITIALIZE)
    def on_initialize(ls: DocrefServer, params: types.InitializeParams) -> None:
        ls.options = params.initialization_options

    @server.feature(types.INITIALIZED)
    def on_initialized(ls: DocrefServer, params: types.InitializedParams) -> None:
        ls.open_workspace()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def on_open(ls: DocrefServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.spawn(ls.check(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def on_change(ls: DocrefServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.spawn(ls.take(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def on_save(ls: DocrefServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.spawn(ls.check(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def on_close(ls: DocrefServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.spawn(ls.release(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: DocrefServer, params: types.HoverParams) -> types.Hover | None:
        return hover_for(ls.published.get(params.text_document.uri, []), params.position)

    @server.feature(types.SHUTDOWN)
    def on_shutdown(ls: DocrefServer, params: None) -> None:
        ls.close_graphs()

    return server
