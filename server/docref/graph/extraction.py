"""Turning file contents into cache entries: one file, or many in worker processes."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from docref.graph.discovery import Candidate
from docref.graph.model import EXTRACTOR_VERSION, FileExtract
from docref.graph.source import SourceText, content_hash
from docref.graph.store import Entry

log = logging.getLogger(__name__)

# Below this many cache misses, extracting in-process beats starting worker processes.
PARALLEL_THRESHOLD = 64


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
    return f"extract:{language}:{EXTRACTOR_VERSION}:{digest}{suffix}"


def extract_serialised(
    language: str, data: bytes, relpath: str, digest: str, note: str | None
) -> str:
    """Worker-side extraction: returns the cache value (head + body JSON)."""
    fe = extract(language, data, relpath, digest)
    if note:
        fe.errors.append(note)
    return Entry.from_extract(fe, data).serialise()


def default_workers() -> int:
    try:
        return max(1, min(len(os.sched_getaffinity(0)), 8))
    except AttributeError:  # not on Linux
        return max(1, min(os.cpu_count() or 1, 8))


def extract_many(
    misses: list[tuple[Candidate, SourceText]], workers: int | None
) -> Iterator[tuple[Candidate, str]]:
    """Serialised entries for ``misses``, in order; in worker processes when worth it.

    A pool that cannot start or breaks (no ``__main__`` guard in a script, a killed worker)
    degrades to in-process extraction of whatever is left, with a warning.
    """
    n = workers if workers is not None else default_workers()
    if n <= 1 or len(misses) < PARALLEL_THRESHOLD:
        for cand, src in misses:
            raw = extract_serialised(
                cand.language, src.data, cand.relpath, src.content_hash, src.note
            )
            yield cand, raw
        return
    # spawn, not fork: the language server has threads, and fork with threads is unsafe
    yielded = 0
    try:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=n, mp_context=ctx) as pool:
            results = pool.map(
                extract_serialised,
                [c.language for c, _ in misses],
                [s.data for _, s in misses],
                [c.relpath for c, _ in misses],
                [s.content_hash for _, s in misses],
                [s.note for _, s in misses],
                chunksize=16,
            )
            for (cand, _), raw in zip(misses, results, strict=False):
                yield cand, raw
                yielded += 1
    except (BrokenProcessPool, OSError, RuntimeError) as exc:
        log.warning("parallel indexing failed (%s); continuing in-process", exc)
        yield from extract_many(misses[yielded:], 1)
