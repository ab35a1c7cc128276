"""One worker process of a cold run's pool (:mod:`docref.engine.cold`).

Phase 1: it extracts the files it is sent and keeps their extracts; the parent gets each
file's serialised entry.  Phase 2: it is told the whole project (every entry's place in the
parent's blob file, in the parent's order) and builds the same graph as the parent's: its own
files as the objects it made, the others' read from the blob when a rule first asks for one.
Then it checks the files it is sent, markers and the ``ignore`` list included, and returns
the reports.  So both cores extract, then both check, and nothing but the files' bytes,
entries and reports crosses the process boundary.

Messages: in ``("extract", seq, jobs)``, ``("graph", setup)``, ``("check", seq, paths)``,
``("stop",)``; out ``(worker, kind, seq, payload)`` with kind ``extracted``, ``checked``,
``error`` (a traceback: the parent does the rest itself) or ``stopped``.
"""

from __future__ import annotations

import gc
import os
import signal
import traceback
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from docref.core.lifeline import exit_with_parent
from docref.engine.cold_ahead import Ahead
from docref.engine.cold_dir import drop_inherited_locks

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from docref.core.codes import IgnoreList
    from docref.graph.project import ProjectGraph
    from docref.graph.store import Entry

Job = tuple[str, str, bytes, str, str | None]
"""One file to extract: relpath, language, UTF-8 bytes, content hash, decoding note."""

Place = tuple[str, int, int, int]
"""Where an entry is in the blob file: relpath, offset, head bytes, body bytes."""


@dataclass(slots=True)
class Setup:
    """What phase 2 needs: the project as the parent indexed it, and how to check."""

    root: str
    max_file_bytes: int
    blob: str
    places: list[Place]
    package_dirs: set[str]
    skipped: dict[str, str]
    enable: tuple[str, ...]
    ignore: IgnoreList
    docstrings: bool  # keep the parsed docstrings on the reports (later tiers use them)
    segments_cache: str | None  # the segments store's folder; None: memory only
    use_segments_cache: bool
    externals: str  # this run's folder of shared external module summaries (py_shared)


def give_back_memory() -> None:
    """Return the C heap's free pages to the system (glibc's ``malloc_trim``; elsewhere a
    no-op).

    Serialised entries and tree-sitter trees are large C-heap blocks: once freed, glibc
    keeps most of them mapped.  The parent of a cold run passes every file's serialised
    entry through its heap in phase 1 and then only waits (full stdlib: 116 -> 52 MB after
    the trim); a worker trims once, after extracting (not per check: the extracts it lets
    go are small Python objects, which the trim does not reach).
    """
    global _trim
    if _trim is None:
        try:
            import ctypes

            _trim = ctypes.CDLL("libc.so.6").malloc_trim
        except (OSError, AttributeError):
            _trim = False
    if _trim:
        _trim(0)


_trim: Any = None


def preload() -> None:
    """Import what a worker runs, and build the sentence tokenizer, in this process.

    A worker forked after this starts with all of it (the pages shared until written),
    instead of each spawned worker importing it again (~0.4 s of CPU each, as much as
    extracting 80 files)."""
    import docref.cache
    import docref.checks.static.runner
    import docref.engine.static
    import docref.external.py_shared
    import docref.graph.extraction
    import docref.graph.project
    import docref.segments.store  # noqa: F401  (imported for the forked workers)
    from docref.segments.punkt_model import get_punkt_tokenizer

    get_punkt_tokenizer()


def read_text(fd: int, offset: int, size: int) -> str:
    return os.pread(fd, size, offset).decode("utf-8", "surrogatepass")


class _Worker:
    def __init__(self, wid: int) -> None:
        self.wid = wid
        self.own: dict[str, Entry] = {}
        self.graph: ProjectGraph | None = None
        self.setup: Setup | None = None
        self.fd = -1
        self.store: Any = None
        self.places: dict[str, partial[str]] = {}  # relpath -> reads its body from the blob
        self.ahead = Ahead()  # its files' docstrings, segmented as they are extracted
        self.extracted: set[str] = set()

    def extract(self, jobs: list[Job]) -> list[tuple[str, str]]:
        from docref.graph.extraction import extract
        from docref.graph.store import Entry

        out = []
        for rel, language, data, digest, note in jobs:
            fe = extract(language, data, rel, digest)
            if note:
                fe.errors.append(note)
            entry = Entry.from_extract(fe, data)
            out.append((rel, entry.serialise()))
            self.own[rel] = entry
            self.extracted.add(rel)
            self.ahead.add(fe, data)
            self.ahead.finish()  # while the file is in the caches: see docref.engine.cold_ahead
        return out

    def build(self, setup: Setup) -> None:
        from docref.external.py_shared import share_summaries
        from docref.graph.project import ProjectGraph
        from docref.graph.store import Entry

        self.setup = setup
        # each installed module a rule reads is parsed by one worker, not by each
        share_summaries(setup.externals)
        self.fd = os.open(setup.blob, os.O_RDONLY)
        entries: list[Entry] = []
        for rel, offset, head, body in setup.places:
            load = partial(read_text, self.fd, offset + head + 1, body)
            self.places[rel] = load
            mine = self.own.get(rel)
            if mine is not None:
                entries.append(mine)
                continue
            entries.append(Entry.from_head(rel, read_text(self.fd, offset, head), load))
        self.own.clear()
        graph = ProjectGraph(setup.root, use_cache=False, max_file_bytes=setup.max_file_bytes)
        graph.adopt(entries, setup.package_dirs, setup.skipped)
        give_back_memory()  # what extraction freed
        self.graph = graph
        self.store = _store_for(graph, setup, self.ahead)

    def check(self, paths: list[str]) -> list[Any]:
        from docref.engine.static import check_static

        assert self.graph is not None and self.setup is not None, "check before graph"
        setup = self.setup
        for rel in paths:
            self.ahead.drop(rel)  # segmented by the check itself now, if not already
        if not self.extracted.issuperset(paths):
            # the parent deals a worker its own files first: they are all dealt, and what
            # is still queued ahead the other worker took (or nobody checks)
            self.ahead.clear()
        run = check_static(self.graph, paths, enable=setup.enable, ignore=setup.ignore, jobs=1)
        # a checked file's extract is let go (read back from the blob if a later check follows
        # a name into it): the worker's memory stays near what it held after extraction
        # instead of growing by every file it checks (full stdlib: ~200 -> ~150 MB a worker)
        for rel in paths:
            entry = self.graph.entries.get(rel)
            load = self.places.get(rel)
            if entry is not None and load is not None:
                entry.release(load)
        if not setup.docstrings:
            for report in run.reports:
                report.docstrings = []
        return run.reports

    def stop(self) -> None:
        if self.store is not None:
            self.store.flush()
            self.store.close()
        if self.fd >= 0:
            os.close(self.fd)


def _store_for(graph: ProjectGraph, setup: Setup, ahead: Ahead) -> Any:
    """The parsed-docstring store the checks use: the on-disk one (written in one transaction
    at the end) when the run has a cache, else memory only."""
    from docref.checks.static.runner import use_docstring_store
    from docref.segments.store import ParsedDocstringStore, encode_rows

    class DeferredStore(ParsedDocstringStore):
        """Saves wait for :meth:`flush` (one transaction, not one per file; two workers
        write the same store)."""

        def save(self, language: Any, content_hash: str, parsed: Any) -> None:
            if self._cache is not None:
                self._unwritten.append((self._key(language, content_hash), encode_rows(parsed)))

        def load(self, language: Any, content_hash: str) -> Any:
            known = super().load(language, content_hash)
            ready = ahead.take(language, content_hash)
            if ready is None:
                return known
            # what the check would have segmented and saved itself (stored rows first, as
            # the check reads them)
            rows = {**ready, **known}
            if len(rows) > len(known):
                self.save(language, content_hash, rows)
            return rows

    cache = None
    if setup.use_segments_cache:
        from docref.cache import open_cache  # (the store's diskcache: only for a cached run)

        cache = open_cache("segments", setup.segments_cache)
    store = DeferredStore(cache)
    use_docstring_store(graph, store)
    return store


def main(wid: int, conn: Connection, parent: int) -> None:
    """The worker's loop (a ``multiprocessing`` target); ``conn`` leads to the parent, whose
    pid is ``parent``."""
    # Ctrl-C is the parent's to handle: it stops the workers; a traceback per worker is noise
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a killed parent: nobody will stop this one, which may be in a long job or blocked on a
    # full pipe (a forked sibling holds the parent's end of it open)
    exit_with_parent(parent)
    drop_inherited_locks()  # forked: the run folder's lock must die with the parent
    # the extracts and graph live to the end of the process and form few cycles (as in the
    # parent, docref.cli.check_run.no_cycle_collection)
    gc.disable()
    worker = _Worker(wid)
    try:
        while True:
            message = conn.recv()
            kind = message[0]
            try:
                if kind == "extract":
                    conn.send((wid, "extracted", message[1], worker.extract(message[2])))
                elif kind == "graph":
                    worker.build(message[1])
                elif kind == "check":
                    conn.send((wid, "checked", message[1], worker.check(message[2])))
                else:
                    worker.stop()
                    conn.send((wid, "stopped", 0, None))
                    return
            except Exception:
                seq = message[1] if len(message) > 2 else 0
                conn.send((wid, "error", seq, traceback.format_exc()))
    except (EOFError, OSError):  # the parent is gone
        return
