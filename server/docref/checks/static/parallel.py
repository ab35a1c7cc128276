"""The static tier over many files, in worker processes when that pays off.

Each worker opens its own :class:`ProjectGraph` on the same workspace from the on-disk index
cache the parent has just written (a warm start: a fraction of a second), then checks a chunk of
files.  Rules are named by their ``enable`` ids, not sent as functions, so nothing but file
paths and reports crosses the process boundary.  Without a cache, or for few files, or when
the pool breaks, the files are checked in-process.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from docref.checks.static.runner import FileReport, check_file, rules_for
from docref.graph.extraction import PARALLEL_THRESHOLD
from docref.graph.project import ProjectGraph

log = logging.getLogger(__name__)

_CHUNK = 24

_worker_graph: ProjectGraph | None = None
_worker_enable: tuple[str, ...] = ()


def _start_worker(
    root: str, cache_directory: str | None, max_file_bytes: int, enable: tuple[str, ...]
) -> None:
    global _worker_graph, _worker_enable
    # as in the parent (docref.cli.check): the graph and the findings are long-lived objects
    # with few cycles, and the cyclic collector would walk them over and over
    gc.disable()
    graph = ProjectGraph(root, cache_directory=cache_directory, max_file_bytes=max_file_bytes)
    graph.index(workers=1)
    _worker_graph, _worker_enable = graph, enable


def _check_chunk(rels: list[str]) -> list[FileReport]:
    assert _worker_graph is not None, "worker started without a graph"
    rules = rules_for(_worker_enable)
    return [check_file(_worker_graph, rel, rules) for rel in rels]


def check_files(
    graph: ProjectGraph,
    targets: list[str],
    *,
    enable: tuple[str, ...] = (),
    jobs: int | None = None,
    on_file_done: Callable[[int], None] | None = None,
) -> list[FileReport]:
    """A :class:`FileReport` per target, in the order of ``targets``.

    Args:
        graph: the indexed workspace (its cache is what workers start from).
        targets: workspace-relative paths of indexed files.
        enable: opt-in rule ids to run besides the default rules.
        jobs: worker processes (default and 1: check in this process).
        on_file_done: called with the number of files just finished (progress display).
    """
    # Workers only when asked for: each warm-starts its own graph and decodes the extracts it
    # needs, so two workers cost ~1.6x the CPU and ~1.6x the memory of one process for a
    # ~25% shorter check phase (benchmarks/RESULTS.md); in-process is the better default.
    workers = jobs if jobs is not None else 1
    if workers <= 1 or len(targets) < PARALLEL_THRESHOLD or not graph.uses_cache:
        return _in_process(graph, targets, enable, on_file_done)
    chunks = [targets[i : i + _CHUNK] for i in range(0, len(targets), _CHUNK)]
    reports: list[FileReport] = []
    try:
        # spawn, not fork: the language server that may call this has threads
        ctx = multiprocessing.get_context("spawn")
        init = (graph.root, graph.cache_directory, graph.max_file_bytes, enable)
        with ProcessPoolExecutor(
            max_workers=min(workers, len(chunks)),
            mp_context=ctx,
            initializer=_start_worker,
            initargs=init,
        ) as pool:
            for chunk_reports in pool.map(_check_chunk, chunks):
                reports.extend(chunk_reports)
                if on_file_done is not None:
                    on_file_done(len(chunk_reports))
    except (BrokenProcessPool, OSError, RuntimeError) as exc:
        log.warning("parallel checking failed (%s); continuing in-process", exc)
        reports.extend(_in_process(graph, targets[len(reports) :], enable, on_file_done))
    return reports


def _in_process(
    graph: ProjectGraph,
    targets: list[str],
    enable: tuple[str, ...],
    on_file_done: Callable[[int], None] | None,
) -> list[FileReport]:
    rules = rules_for(enable)
    reports = []
    for rel in targets:
        reports.append(check_file(graph, rel, rules))
        if on_file_done is not None:
            on_file_done(1)
    return reports
