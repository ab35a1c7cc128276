"""Turning file contents into cache entries: one file, or many in worker processes.

A caller may hand :func:`extract_many` a *side job*: a picklable function run on each fresh
extract where it was made (in the worker, which already holds the file's bytes and the extract
objects), whose text result comes back with the entry.  The CLI uses it to segment docstrings
during indexing without this package knowing about segmentation.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain, islice

from docref.core.lifeline import exit_with_parent
from docref.graph.discovery import Candidate
from docref.graph.model import EXTRACTOR_VERSION, FileExtract
from docref.graph.source import SourceText, content_hash
from docref.graph.store import Entry

log = logging.getLogger(__name__)

# Below this many cache misses, extracting in-process beats starting worker processes.
PARALLEL_THRESHOLD = 64

SideJob = Callable[[FileExtract, bytes], str | None]
"""Extra work on one fresh extract and the UTF-8 bytes it was made from; a module-level
function (it is pickled by name to the workers).  ``None`` means nothing to return."""


def extract(language: str, data: bytes, relpath: str, digest: str) -> FileExtract:
    if language == "java":
        from docref.graph.java_extract import extract_java

        return extract_java(data, relpath, digest)
    from docref.graph.python_extract import extract_python

    return extract_python(data, relpath, digest)


def cache_key(language: str, digest: str, note: str | None) -> str:
    # the decoding note is part of the entry, so two files that decode to the same text
    # by different routes must not share one
    suffix = f":{content_hash(note.encode())}" if note else ""
    return f"extract:{language}:{EXTRACTOR_VERSION}:{extractor_fingerprint()}:{digest}{suffix}"


@functools.cache
def extractor_fingerprint() -> str:
    """A hash of every source file of :mod:`docref.graph` (the extractors, the records and
    their JSON form), as the segments store keys on the segmenter's: an extractor edited
    without an :data:`EXTRACTOR_VERSION` bump never replays its old extracts, and checkouts
    with the same extractor share the index cache (contents, not mtimes)."""
    folder = os.path.dirname(os.path.abspath(__file__))
    hasher = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as fh:
                hasher.update(name.encode() + b"\0" + fh.read() + b"\0")
    return hasher.hexdigest()[:16]


def _extract_with(
    language: str,
    data: bytes,
    relpath: str,
    digest: str,
    note: str | None,
    side_job: SideJob | None,
) -> tuple[str, str | None]:
    """The cache value of one file and what ``side_job`` made of its extract (``None`` if it
    failed: its work is an optional head start, never a reason to lose the file)."""
    fe = extract(language, data, relpath, digest)
    if note:
        fe.errors.append(note)
    raw = Entry.from_extract(fe, data).serialise()
    if side_job is None:
        return raw, None
    try:
        return raw, side_job(fe, data)
    except Exception as exc:
        log.warning("%s: side job failed after extraction: %r", relpath, exc)
        return raw, None


def _start_worker(parent: int) -> None:
    exit_with_parent(parent)  # a killed parent leaves no worker waiting on its queue
    # A worker only allocates: each file's objects die by reference count once its entry is
    # serialised, so the cyclic collector's passes over a growing heap are pure cost.
    gc.disable()


def default_workers() -> int:
    try:
        return max(1, min(len(os.sched_getaffinity(0)), 8))
    except AttributeError:  # not on Linux
        return max(1, min(os.cpu_count() or 1, 8))


def extract_many(
    misses: Iterable[tuple[Candidate, SourceText]],
    workers: int | None,
    side_job: SideJob | None = None,
) -> Generator[tuple[Candidate, str, str | None], None, None]:
    """Serialised entries for ``misses``, in order, each with ``side_job``'s result (``None``
    without one); in worker processes when worth it.

    ``misses`` may be a lazy iterable (the caller reading files and looking them up in the
    cache): once it has yielded enough for a pool, the workers start on the first files while
    the rest are still being read.  It is consumed in full before the first result is
    yielded, so whatever the caller does while producing it comes before any result.

    A pool that cannot start or breaks (no ``__main__`` guard in a script, a killed worker)
    degrades to in-process extraction of whatever is left, with a warning.
    """
    n = workers if workers is not None else default_workers()
    rest = iter(misses)
    head = list(islice(rest, PARALLEL_THRESHOLD))
    if n <= 1 or len(head) < PARALLEL_THRESHOLD:
        items = [*head, *rest]
        for cand, src in items:
            raw, side = _extract_with(
                cand.language, src.data, cand.relpath, src.content_hash, src.note, side_job
            )
            yield cand, raw, side
        return
    pending = chain(head, rest)
    # submitted, not yet answered: the texts are let go one by one as the results come (a
    # cold start on a big workspace holds the decoded extracts and two workers meanwhile)
    waiting: deque[tuple[Candidate, SourceText]] = deque()

    def jobs() -> Iterator[_Job]:
        for cand, src in pending:
            waiting.append((cand, src))
            yield cand.language, src.data, cand.relpath, src.content_hash, src.note, side_job

    try:
        # spawn, not fork: the language server has threads, and fork with threads is unsafe
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            max_workers=n, mp_context=ctx, initializer=_start_worker, initargs=(os.getpid(),)
        ) as pool:
            try:
                # map() submits every chunk before it returns: it drains ``jobs`` meanwhile
                for raw, side in pool.map(_extract_job, jobs(), chunksize=16):
                    cand, _ = waiting.popleft()
                    yield cand, raw, side
            except GeneratorExit:  # the caller stopped (a cancelled index): drop what is queued
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    except (BrokenProcessPool, OSError, RuntimeError) as exc:
        log.warning("parallel indexing failed (%s); continuing in-process", exc)
        yield from extract_many([*waiting, *pending], 1, side_job)


_Job = tuple[str, bytes, str, str, str | None, SideJob | None]


def _extract_job(job: _Job) -> tuple[str, str | None]:
    return _extract_with(*job)
