"""A cold run's two-phase pool: the same worker processes extract the project, then check it.

Before it, a cold ``docref check`` extracted in workers that sent every extract back, then
ran every rule in the parent while one core idled (a third of the run on two cores).  Here
each worker keeps what it extracted (phase 1: :meth:`ColdPool.extract`, a drop-in for
:func:`~docref.graph.extraction.extract_many` in :meth:`ProjectGraph.index`).  The parent
links the project as before and writes every serialised entry to one blob file; each worker
then builds the same graph from it (its own files as objects, the others' decoded only if a
rule reads them) and checks the files it extracted, taking the other's when it runs out
(phase 2: :meth:`ColdPool.check`).  Reports come back in the order asked; rule ids and the
``ignore`` list travel, not functions.

Small runs (fewer cache misses than ``PARALLEL_THRESHOLD``, ``--jobs 1``) never start it.  A
worker that fails or dies hands its unfinished work back to the parent (in-process, same
results, a warning).
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Generator, Iterable
from functools import partial
from itertools import chain, islice
from multiprocessing.connection import wait
from typing import TYPE_CHECKING, Any

from docref.engine.cold_dir import make_run_dir, release_run_dir
from docref.engine.cold_start import main_not_rerun, start_context
from docref.engine.cold_worker import (
    Job,
    Place,
    Setup,
    give_back_memory,
    main,
    read_text,
)
from docref.graph.extraction import PARALLEL_THRESHOLD, SideJob, default_workers, extract_many

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from docref.checks.static.report import FileReport
    from docref.core.codes import IgnoreList
    from docref.graph.discovery import Candidate
    from docref.graph.project import ProjectGraph
    from docref.graph.source import SourceText
    from docref.graph.store import Entry

__all__ = ["ColdPool"]

log = logging.getLogger(__name__)

_EXTRACT_CHUNK = 8
_CHECK_CHUNK = 6
_IN_FLIGHT = 1  # chunks per worker (more could block both ends of a pipe, see _start)
_POLL_S = 1.0  # how often a wait checks that the workers are alive


class _Broken(Exception):
    """A worker failed or died: the parent finishes the work itself."""


class ColdPool:
    """Worker processes for one cold index + check (a context manager; see the module doc)."""

    def __init__(self, workers: int | None) -> None:
        self.workers = workers if workers is not None else default_workers()
        self._procs: list[BaseProcess] = []
        self._conns: list[Connection] = []
        self._owner: dict[str, int] = {}  # relpath -> the worker holding its extract
        self._dir: str | None = None
        self._blob: Any = None
        self._places: dict[str, tuple[int, int, int]] = {}
        self._read_fd = -1
        self._busy: list[int] = []
        self.broken = False

    def __enter__(self) -> ColdPool:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if kind is not None:  # Ctrl-C or a failure: no orderly stop, the work is void
            self._abandon()
        self.close()

    @property
    def active(self) -> bool:
        """Whether the workers hold this run's extracts (phase 2 can run in them)."""
        return bool(self._procs) and not self.broken

    def holds(self, relpath: str) -> bool:
        """Whether a worker extracted ``relpath`` (the parent need not decode it)."""
        return self.active and relpath in self._owner

    # ---- phase 1 ------------------------------------------------------------------------

    def extract(
        self,
        misses: Iterable[tuple[Candidate, SourceText]],
        workers: int | None = None,
        side_job: SideJob | None = None,
    ) -> Generator[tuple[Candidate, str, str | None], None, None]:
        """:func:`extract_many`'s contract (in order; ``misses`` consumed before the first
        result).  In the pool ``side_job`` is not run (the workers segment while checking)
        and its result is ``None``."""
        rest = iter(misses)
        head = list(islice(rest, PARALLEL_THRESHOLD))
        if self.workers <= 1 or len(head) < PARALLEL_THRESHOLD or self._procs:
            yield from extract_many([*head, *rest], 1, side_job)
            return
        self._start()
        # the files' texts are let go as soon as their chunk is answered (they are kept only
        # to extract here if the pool breaks), each answer as soon as it is handed on
        cands: dict[int, list[Candidate]] = {}
        sources: dict[int, list[tuple[Candidate, SourceText]]] = {}
        results: dict[int, list[tuple[str, str]]] = {}
        pending: deque[tuple[int, list[Job]]] = deque()
        items: list[tuple[Candidate, SourceText]] = []

        def flush() -> None:
            seq = len(cands)
            cands[seq] = [c for c, _ in items]
            sources[seq] = list(items)
            pending.append((seq, [_job(c, s) for c, s in items]))
            items.clear()

        def pump(block: bool) -> None:
            for seq in self._pump(pending, "extract", results, block=block):
                sources.pop(seq, None)

        stream = chain(head, rest)
        del head
        try:
            for item in stream:
                items.append(item)
                if len(items) == _EXTRACT_CHUNK:
                    flush()
                    pump(False)
            if items:
                flush()
            while len(results) < len(cands) and sources:
                pump(True)
        except _Broken as exc:
            log.warning("parallel indexing failed (%s); continuing in-process", exc)
            self._abandon()
        for seq in range(len(cands)):
            got = results.pop(seq, None)
            if got is None:  # the pool broke: this chunk is extracted here
                yield from extract_many(sources.pop(seq), 1, side_job)
                continue
            for cand, (_rel, raw) in zip(cands.pop(seq), got, strict=True):
                self._keep(cand.relpath, raw)
                yield cand, raw, None
            del got

    def _keep(self, relpath: str, raw: str) -> None:
        """Write one serialised entry to the blob the workers read each other's from."""
        head, _, body = raw.partition("\n")
        head_b = head.encode("utf-8", "surrogatepass")
        body_b = body.encode("utf-8", "surrogatepass")
        offset = self._blob.tell()
        self._blob.write(head_b + b"\n" + body_b)
        self._places[relpath] = (offset, len(head_b), len(body_b))

    def defer(self, entry: Entry) -> None:
        """Drop ``entry``'s body text from memory: it is read back from the blob if the
        extract is ever asked for here (the workers check; later tiers may still ask)."""
        place = self._places.get(entry.path)
        if place is not None and self._read_fd >= 0:
            offset, head, body = place
            self._blob.flush()
            entry.defer_body(partial(read_text, self._read_fd, offset + head + 1, body))

    # ---- phase 2 ------------------------------------------------------------------------

    def check(
        self,
        graph: ProjectGraph,
        targets: list[str],
        *,
        enable: tuple[str, ...],
        ignore: IgnoreList,
        docstrings: bool,
        on_file_done: Callable[[int], None] | None,
    ) -> tuple[list[FileReport], list[str]]:
        """The reports of ``targets`` (suppressed, in order) from the workers, and the
        targets they could not check (the caller checks those itself)."""
        rels = [graph.relpath(t) for t in targets]
        if not self.active:
            return [], rels
        for entry in graph.entries.values():  # cache hits: written here for the workers
            if entry.path not in self._places:
                self._keep(entry.path, entry.serialise())
        self._blob.flush()
        give_back_memory()  # every serialised entry went through here; now the parent waits
        places: list[Place] = [(rel, *self._places[rel]) for rel in graph.entries]
        setup = Setup(
            root=graph.root,
            max_file_bytes=graph.max_file_bytes,
            blob=self._blob.name,
            places=places,
            package_dirs=set(graph.modules.package_dirs),
            skipped=dict(graph.skipped),
            enable=enable,
            ignore=ignore,
            docstrings=docstrings,
            segments_cache=graph.cache_directory,
            use_segments_cache=graph.uses_cache,
            externals=os.path.join(os.path.dirname(self._blob.name), "external"),
        )
        try:
            for wid in range(len(self._procs)):
                self._conns[wid].send(("graph", setup))  # no answer: the checks follow
        except OSError as exc:
            log.warning("parallel checking failed (%s); continuing in-process", exc)
            self._abandon()
            return [], rels
        queues = self._queues(rels)
        chunks: dict[int, list[str]] = {}
        results: dict[int, list[FileReport]] = {}
        pending: deque[tuple[int, list[str]]] = deque()  # unused: checks are dealt per worker
        try:
            while True:
                for wid in range(len(self._procs)):
                    while self._busy[wid] < _IN_FLIGHT:
                        chunk = _next_chunk(queues, wid)
                        if not chunk:
                            break
                        seq = len(chunks)
                        chunks[seq] = chunk
                        self._send(wid, ("check", seq, chunk))
                if len(results) == len(chunks):
                    break
                for seq in self._pump(pending, "check", results, block=True):
                    if on_file_done is not None:
                        on_file_done(len(results[seq]))
        except _Broken as exc:
            log.warning("parallel checking failed (%s); continuing in-process", exc)
            self._abandon()
        by_path = {r.path: r for seq in results for r in results[seq]}
        return [by_path[rel] for rel in rels if rel in by_path], [
            rel for rel in rels if rel not in by_path
        ]

    def _queues(self, targets: list[str]) -> list[deque[str]]:
        """Each worker's own targets, then (last queue) the ones no worker extracted."""
        queues: list[deque[str]] = [deque() for _ in range(len(self._procs) + 1)]
        for rel in targets:
            queues[self._owner.get(rel, len(self._procs))].append(rel)
        return queues

    # ---- the processes ------------------------------------------------------------------

    def _start(self) -> None:
        ctx = start_context()
        self._dir = make_run_dir()  # removes those of killed runs first
        os.mkdir(os.path.join(self._dir, "external"))  # see Setup.externals
        path = os.path.join(self._dir, "entries")
        self._blob = open(path, "wb")  # noqa: SIM115 (closed in close)
        # kept open to the end of the process (one descriptor): the parent's entries read
        # their bodies from it, also after the file is removed in close()
        self._read_fd = os.open(path, os.O_RDONLY)
        # plain pipes, no queues: no semaphores for the resource tracker to find leaked after
        # Ctrl-C, no feeder threads; one chunk in flight per worker keeps both ends from
        # blocking on each other's full pipe
        with main_not_rerun():
            for wid in range(self.workers):
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(target=main, args=(wid, theirs, os.getpid()), daemon=True)
                proc.start()
                theirs.close()
                self._procs.append(proc)
                self._conns.append(mine)
                self._busy.append(0)

    def _send(self, wid: int, message: tuple[Any, ...]) -> None:
        try:
            self._conns[wid].send(message)
        except OSError as exc:  # the worker is gone
            raise _Broken(f"worker {wid} cannot be reached: {exc}") from None
        self._busy[wid] += 1

    def _deal(self, pending: deque[tuple[int, Any]], kind: str) -> None:
        for wid in range(len(self._procs)):
            if pending and self._busy[wid] < _IN_FLIGHT:
                seq, jobs = pending.popleft()
                self._send(wid, (kind, seq, jobs))

    def _pump(
        self,
        pending: deque[tuple[int, Any]],
        kind: str,
        results: dict[int, Any],
        *,
        block: bool,
    ) -> list[int]:
        """Hand ``pending`` chunks to idle workers, then take the answers that are there
        (at least one when ``block``); returns their sequence numbers."""
        self._deal(pending, kind)
        got: list[int] = []
        while True:
            ready = wait(self._conns, timeout=_POLL_S if block and not got else 0)
            if not ready:
                if got or not block:
                    return got
                dead = [p.pid for p in self._procs if not p.is_alive()]
                if dead:
                    raise _Broken(f"worker {dead[0]} exited")
                continue
            for conn in [c for c in self._conns if c in ready]:
                try:
                    message: tuple[int, str, int, Any] = conn.recv()
                except (EOFError, OSError) as exc:
                    raise _Broken(f"a worker exited ({exc!r})") from None
                wid, answer, seq, payload = message
                if answer == "error":
                    raise _Broken(f"a worker failed:\n{payload}")
                self._busy[wid] -= 1
                if answer == "extracted":
                    for rel, _raw in payload:
                        self._owner[rel] = wid
                results[seq] = payload
                got.append(seq)
            self._deal(pending, kind)  # refill as soon as a worker is free

    def _abandon(self) -> None:
        self.broken = True
        self._terminate()

    def _terminate(self) -> None:
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()
        for proc in self._procs:
            proc.join()

    def close(self) -> None:
        """Stop the workers (they write their parsed docstrings first), reap them and remove
        the blob; safe to call twice and after a failure."""
        if self._procs and not self.broken:
            try:
                for conn in self._conns:
                    conn.send(("stop",))
                for conn in self._conns:
                    while conn.poll(60) and conn.recv()[1] not in ("stopped", "error"):
                        pass
            except (OSError, EOFError) as exc:
                log.warning("a worker did not stop (%s)", exc)
            for proc in self._procs:
                proc.join(timeout=10)
        self._terminate()
        for conn in self._conns:
            conn.close()
        self._procs, self._conns = [], []
        if self._blob is not None:
            self._blob.close()
            self._blob = None
        if self._dir is not None:
            release_run_dir(self._dir)
            self._dir = None


def _job(cand: Candidate, src: SourceText) -> Job:
    return cand.relpath, cand.language, src.data, src.content_hash, src.note


def _next_chunk(queues: list[deque[str]], wid: int) -> list[str]:
    """The next files for worker ``wid``: its own first, then those no worker holds, then
    the end of the longest other queue (its owner decodes them fastest, so take its last).

    Chunks shrink as the files run out (what is left over twice the workers, down to one
    file): the run ends with the last chunk, while a worker with nothing left waits for it,
    so the last ones are short."""
    size = max(1, min(_CHECK_CHUNK, sum(map(len, queues)) // (2 * (len(queues) - 1))))
    own = queues[wid]
    if own:
        return [own.popleft() for _ in range(min(size, len(own)))]
    shared = queues[-1]
    if shared:
        return [shared.popleft() for _ in range(min(size, len(shared)))]
    other = max(queues[:-1], key=len)
    return [other.pop() for _ in range(min(size, len(other) // 2))][::-1]
