"""The docref language server: typed state plus thin protocol handlers.

Graph work (indexing, taking in a buffer, checking) runs on worker threads
(:mod:`docref.lsp.checking`) so requests such as hover are answered meanwhile.  A check
publishes the static tier's findings first; when a model is configured its findings follow,
merged into the same list (:mod:`docref.engine.model`, :mod:`docref.lsp.results`).  Results
are tied to the document version they were computed for and dropped when the document
changed or closed meanwhile; a newer edit cancels the model questions still in flight.  The
``run`` setting says when a document is checked: on open and save (``onSave``), also after
``debounce_ms`` without an edit (``onType``), or never on its own (``manual``).  A save also
re-checks the open documents that import the saved one (a callee's change can make a
caller's docstring wrong).  Files changed outside the editor, and settings changed in the
client, re-check the open documents they may affect (:mod:`docref.lsp.sync`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Coroutine
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from docref.config.root import find_root, within
from docref.core.findings import Finding
from docref.engine.model import ModelTier
from docref.graph.discovery import language_of
from docref.lsp.checking import check_buffer, index_folder, release_buffer, take_buffer
from docref.lsp.folders import Folder, open_folder
from docref.lsp.model_check import cancel_model, run_model
from docref.lsp.progress import IndexProgress, supports_progress
from docref.lsp.results import DocumentResult
from docref.lsp.status import STATUS, model_failed, status_of
from docref.lsp.warm import cached_outcome

__all__ = ["STATUS", "DocrefServer", "create_server"]

log = logging.getLogger(__name__)


def _version() -> str:
    import docref

    return str(docref.__version__)


class DocrefServer(LanguageServer):
    """The server's state: a :class:`Folder` per workspace folder, and what was published.

    ``loose`` holds the folders made for files outside every workspace folder (keyed by the
    file's project root, ``find_root``; never indexed as a whole); ``results`` what was last
    published per document URI (hovers and code actions read it); ``debounced`` the waiting
    ``onType`` check of each document; ``model_runs`` the model questions in flight per
    document; ``model_trouble`` the last model problem told to the user per folder (told
    once, until the model works again or the settings change); ``pull`` whether the client
    pulls diagnostics (``textDocument/diagnostic`` with refresh support) instead of being
    pushed them.
    """

    def __init__(self) -> None:
        super().__init__("docref", _version())
        self.options: object = None
        self.folders: dict[str, Folder] = {}
        self.loose: dict[str, Folder] = {}
        self.results: dict[str, DocumentResult] = {}
        # the loop keeps only weak references to tasks: hold them until they finish
        self._tasks: set[asyncio.Task[None]] = set()
        self.debounced: dict[str, asyncio.Task[None]] = {}
        self.model = ModelTier()
        self.model_runs: dict[str, asyncio.Task[None]] = {}
        self.model_trouble: dict[str, str] = {}
        self.unanswered: dict[str, str] = {}  # folder -> its model answers nothing usable
        self.endpoint_counts: dict[str, dict[str, dict[str, int]]] = {}  # folder -> last run's
        self.pull = False
        # (uri, qualname) -> the last round-trip summary, shown in the function's hover
        self.roundtrips: dict[tuple[str, str], str] = {}
        self._status: dict[str, dict[str, object]] = {}
        # set at shutdown: a folder's index still running stops between files
        self.stopping = threading.Event()

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
            self.spawn(self.index(self.add_folder(root)))

    def add_folder(self, root: str) -> Folder:
        """Make the workspace folder ``root`` (with its own settings; not indexed yet)."""
        folder, warnings = open_folder(os.path.abspath(root), self.options)
        for message in warnings:
            self.warn(message)
        self.folders[folder.root] = folder
        return folder

    async def index(self, folder: Folder) -> None:
        """Index ``folder`` as a whole, with progress and status."""
        capable = supports_progress(self.client_capabilities)
        progress = IndexProgress(self, folder.root, capable, self.stopping)
        folder.indexing = True
        self.announce(folder)
        await progress.begin()
        try:
            async with folder.turn:
                summary = await asyncio.to_thread(
                    index_folder, folder, progress.from_thread, progress.cancelled
                )
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
        """Send ``docref/status`` for ``folder`` (:func:`~docref.lsp.status.status_of`) if
        anything in it changed since the last."""
        status = status_of(self, folder)
        if self._status.get(folder.root) == status:
            return
        self._status[folder.root] = status
        self.protocol.notify(STATUS, status)

    def model_failed(self, folder: Folder, message: str) -> None:
        """The folder's model could not be used (see :func:`docref.lsp.status.model_failed`)."""
        model_failed(self, folder, message)

    def cancel_model(self, uri: str) -> None:
        """Cancel the model questions still in flight for ``uri`` (a newer edit, a close)."""
        cancel_model(self, uri)

    def folder_for(self, path: str) -> Folder:
        """The workspace folder holding ``path`` (the innermost), else a loose folder at the
        file's project root (``find_root`` without a working directory: an editor's means
        nothing)."""
        holders = [root for root in self.folders if within(path, root)]
        if holders:
            return self.folders[max(holders, key=len)]
        directory = find_root(path, cwd=None)
        folder = self.loose.get(directory)
        if folder is None:
            folder, warnings = open_folder(directory, self.options)
            for message in warnings:
                self.warn(message)
            self.loose[directory] = folder
        return folder

    # ---- document work ----------------------------------------------------------------

    def current(self, uri: str, version: int) -> bool:
        """Whether ``uri`` is still open at ``version``."""
        document = self.workspace.text_documents.get(uri)
        return document is not None and (document.version or 0) == version

    async def check(
        self, uri: str, opened: bool = False, shown: list[Finding] | None = None
    ) -> None:
        """Check the open document ``uri``: publish the static findings, then (with a model)
        the merged findings once the model answered -- each only if the document is still at
        the version checked.  Returns when both are done (or dropped).

        ``opened``: the document was just opened; its static findings may come from the
        results cache (:mod:`docref.lsp.warm`), then it is checked again in the background
        (the incremental checker learns its functions) and, as ``shown`` says what was
        published, published again only if that differs."""
        document = self.workspace.text_documents.get(uri)
        path = _checkable_path(uri)
        if document is None or path is None:
            return
        # the text of this version, taken now: later edits queue behind this check
        version, text = document.version or 0, document.source
        folder = self.folder_for(path)
        self.cancel_model(uri)
        folder.checking += 1
        self.announce(folder)
        try:
            async with folder.turn:
                outcome = None
                if opened:
                    outcome = await asyncio.to_thread(cached_outcome, folder, path, version, text)
                cached = outcome is not None
                if outcome is None:
                    outcome = await asyncio.to_thread(check_buffer, folder, path, version, text)
        except BaseException:
            folder.checking -= 1
            self.announce(folder)
            raise
        # the diagnostics first, the status after: the user waits for the former
        folder.checking -= 1
        if not self.current(uri, version):
            self.announce(folder)
            log.debug("dropped the result for %s version %s: outdated", uri, version)
            return
        for problem in outcome.problems:
            log.warning("%s: %s", path, problem)
        result = DocumentResult(version, static=outcome.findings, functions=outcome.functions)
        if cached:
            folder.served_cached += 1
            self.spawn(self.check(uri, shown=outcome.findings))
        if shown is None or shown != outcome.findings or folder.settings.model is not None:
            self.publish(uri, result, folder)
        self.announce(folder)
        report = outcome.report
        if folder.settings.model is None or report is None or not report.docstrings:
            return
        await run_model(self, uri, folder, result, outcome)

    def publish(self, uri: str, result: DocumentResult, folder: Folder) -> None:
        """Make ``result`` what ``uri`` shows: pushed, or announced to a pulling client."""
        document = self.workspace.text_documents.get(uri)
        if document is None:
            return
        result.place(document.lines, self.workspace.position_encoding)
        self.results[uri] = result
        if self.pull:
            self.workspace_diagnostic_refresh(None)
            return
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=result.version,
                diagnostics=result.diagnostics(folder.settings.severity),
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
        self.cancel_model(uri)
        self.results.pop(uri, None)
        if self.pull:
            self.workspace_diagnostic_refresh(None)
        else:
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

    def recheck(self, uri: str, opened: bool = False) -> None:
        """Check ``uri`` in the background, unless its folder's ``run`` is ``manual``
        (``opened``: see :meth:`check`)."""
        if self.run_mode(uri) != "manual":
            self.spawn(self.check(uri, opened))

    async def saved(self, uri: str) -> None:
        """Check the saved document, then the open documents importing it."""
        if self.run_mode(uri) == "manual":
            return
        await self.check(uri)
        path = _checkable_path(uri)
        folder = None if path is None else self.known_folder(path)
        if path is None or folder is None:
            return
        async with folder.turn:
            importers = {folder.graph.abspath(rel) for rel in folder.graph.importers_of(path)}
        for other, other_uri in self.open_paths().items():
            if other in importers and other_uri != uri:
                self.recheck(other_uri)

    def edited(self, uri: str) -> None:
        """The document changed: the model questions of the older text are cancelled, the
        graph takes the text, an ``onType`` check is (re)armed."""
        self.cancel_model(uri)
        self.roundtrips = {key: v for key, v in self.roundtrips.items() if key[0] != uri}
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
        holders = [root for root in self.folders if within(path, root)]
        if holders:
            return self.folders[max(holders, key=len)]
        return self.loose.get(find_root(path, cwd=None))

    @staticmethod
    def checkable_path(uri: str) -> str | None:
        """The absolute path of a ``file:`` URI of a Python or Java file, else ``None``."""
        return _checkable_path(uri)

    def close_graphs(self) -> None:
        """Release every graph's cache handle (at shutdown)."""
        for folder in (*self.folders.values(), *self.loose.values()):
            folder.graph.close()


def _checkable_path(uri: str) -> str | None:
    """The absolute path of a ``file:`` URI of a Python or Java file, else ``None``."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is None or language_of(path) is None:
        return None
    return os.path.abspath(path)


def create_server() -> DocrefServer:
    """A server with every docref feature and command registered."""
    from docref.lsp.code_actions import register_code_actions
    from docref.lsp.commands import register_commands
    from docref.lsp.features import register_features
    from docref.lsp.roundtrip_cmd import register_roundtrip

    server = DocrefServer()
    register_features(server)
    register_commands(server)
    register_roundtrip(server)
    register_code_actions(server)
    return server
