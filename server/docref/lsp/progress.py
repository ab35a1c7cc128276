"""Work-done progress (``$/progress``) for indexing a folder, fed from a worker thread.

The index runs on a worker thread and reports through a plain ``progress(done, total)``
callback; :meth:`IndexProgress.from_thread` hops to the event loop before anything is sent,
since the protocol's transport is not thread-safe.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import uuid
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

__all__ = ["IndexProgress", "supports_progress"]

log = logging.getLogger(__name__)


def supports_progress(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client accepts server-initiated work-done progress."""
    window = capabilities.window
    return bool(window is not None and window.work_done_progress)


class IndexProgress:
    """One folder's "Indexing <folder>" progress; inert when the client cannot show it.

    ``begin`` must run on the event loop; ``from_thread`` and ``cancelled`` may be called from
    any thread, ``end`` once the work is over (a report arriving after it is dropped).  The
    progress is cancellable: the indexing stops between files and keeps what it has.  It also
    stops once ``stopping`` is set (the client asked the server to shut down): the exit would
    otherwise wait for the whole index, which the event loop's executor joins.
    """

    def __init__(
        self,
        server: LanguageServer,
        root: str,
        enabled: bool,
        stopping: threading.Event | None = None,
    ) -> None:
        self._server = server
        self._stopping = stopping
        self._root = root
        self._token = f"docref-index-{uuid.uuid4()}"
        self._active = False
        self._enabled = enabled
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: concurrent.futures.Future[Any] | None = None

    async def begin(self) -> None:
        """Ask the client for a progress token and announce the start."""
        self._loop = asyncio.get_running_loop()
        if not self._enabled:
            return
        try:
            await self._server.work_done_progress.create_async(self._token)
        except Exception as exc:  # a client that refuses the token just shows no progress
            log.warning("no indexing progress for %s: %s", self._root, exc)
            return
        self._active = True
        self._server.work_done_progress.begin(
            self._token,
            types.WorkDoneProgressBegin(
                title=f"Indexing {self._root}", cancellable=True, percentage=0
            ),
        )
        # pygls cancels this future when the client cancels the progress
        self._stop = self._server.work_done_progress.tokens.get(self._token)

    def cancelled(self) -> bool:
        """Whether the user cancelled the indexing or the server is shutting down (polled
        from the indexing thread)."""
        if self._stopping is not None and self._stopping.is_set():
            return True
        return self._stop is not None and self._stop.done()

    def from_thread(self, done: int, total: int) -> None:
        """The ``progress`` callback of :meth:`ProjectGraph.index` (any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._report, done, total)

    def _report(self, done: int, total: int) -> None:
        if not self._active:
            return
        percentage = 100 * done // total if total else 100
        self._server.work_done_progress.report(
            self._token,
            types.WorkDoneProgressReport(message=f"{done}/{total} files", percentage=percentage),
        )

    def end(self, message: str) -> None:
        """Close the progress with ``message`` (the summary, or why indexing failed)."""
        if not self._active:
            return
        self._active = False
        self._server.work_done_progress.end(self._token, types.WorkDoneProgressEnd(message=message))
