"""The static tier's one run, for every front end: ``docref check``, the language server
(a buffer, the whole workspace), fixes' verification and ``docref eval``'s ``static`` method
all call :func:`check_static` -- the rules, then the inline ``docref: ignore`` markers and the
``ignore`` list -- and none runs the rules or the markers on its own.

Over many files it uses worker processes when asked to and that pays off.  Each worker opens
its own :class:`ProjectGraph` on the same workspace from the on-disk index cache the parent
has just written (a warm start: a fraction of a second), then checks a chunk of files.  Rules
are named by their ``enable`` ids, not sent as functions, so nothing but file paths and
reports crosses the process boundary.  Without a cache, or for few files, or when
the pool breaks, the files are checked in-process.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from docref.checks.static.report import StaticRun
from docref.core.codes import IgnoreList
from docref.graph.extraction import PARALLEL_THRESHOLD

# The rules (and through them segmentation and NLTK) are imported where they run: a cold run
# whose pool checks never loads them in the parent, which starts its workers sooner.
if TYPE_CHECKING:
    from docref.checks.static.base import Rule
    from docref.checks.static.report import FileReport
    from docref.engine.cold import ColdPool
    from docref.graph.project import ProjectGraph

__all__ = ["StaticRun", "check_static"]

log = logging.getLogger(__name__)

_CHUNK = 24

_worker_graph: ProjectGraph | None = None
_worker_enable: tuple[str, ...] = ()


def _start_worker(
    root: str,
    cache_directory: str | None,
    max_file_bytes: int,
    enable: tuple[str, ...],
    parent: int,
) -> None:
    global _worker_graph, _worker_enable
    from docref.core.lifeline import exit_with_parent
    from docref.graph.project import ProjectGraph

    exit_with_parent(parent)  # a killed parent leaves no worker waiting on its queue

    # as in the parent (docref.cli.check): the graph and the findings are long-lived objects
    # with few cycles, and the cyclic collector would walk them over and over
    gc.disable()
    graph = ProjectGraph(root, cache_directory=cache_directory, max_file_bytes=max_file_bytes)
    graph.index(workers=1)
    _worker_graph, _worker_enable = graph, enable


def _check_chunk(rels: list[str]) -> list[FileReport]:
    from docref.checks.static.runner import check_file, rules_for

    assert _worker_graph is not None, "worker started without a graph"
    rules = rules_for(_worker_enable)
    return [check_file(_worker_graph, rel, rules) for rel in rels]


def check_static(
    graph: ProjectGraph,
    paths: Sequence[str],
    *,
    enable: tuple[str, ...] = (),
    rules: tuple[Rule, ...] | None = None,
    ignore: IgnoreList | None = None,
    jobs: int | None = None,
    on_file_done: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    incremental: bool = False,
    pool: ColdPool | None = None,
    docstrings: bool = True,
) -> StaticRun:
    """Check ``paths`` (indexed files, absolute or workspace-relative) with the static tier.

    Args:
        graph: the indexed workspace (its cache is what workers start from).
        paths: the files to check.
        enable: opt-in rule ids to run besides the default rules.
        rules: the rules to run instead (in this process only: workers get rule ids).
        ignore: the rule ids and criteria the settings silence (default: none).
        jobs: worker processes (default and 1: check in this process).
        on_file_done: called with the number of files just finished (progress display).
        stop: asked before each file in this process; once true the run ends early.
        incremental: reuse what earlier incremental checks of these files computed for the
            functions an edit did not touch (:mod:`docref.engine.incremental`; the editor's
            path; in this process).
        pool: the cold run's pool whose workers extracted the project
            (:mod:`docref.engine.cold`): when it is active, the workers check.
        docstrings: keep each report's parsed docstrings (later tiers, ``--since`` and
            ``--shard`` use them; a pool's workers need not send them otherwise).
    """
    silenced = ignore if ignore is not None else IgnoreList()
    if pool is not None and pool.active and rules is None and stop is None and not incremental:
        return _pooled(graph, list(paths), pool, enable, silenced, docstrings, on_file_done)
    from docref.checks.static.runner import apply_suppressions, rules_for

    if incremental:
        from docref.engine.incremental import incremental_for

        checker = incremental_for(graph)
        chosen = rules if rules is not None else rules_for(enable)
        reports = [checker.check(path, chosen) for path in paths]
    else:
        reports = _reports(graph, list(paths), enable, rules, jobs, on_file_done, stop)
    run = StaticRun(reports)
    for report in run.reports:
        run.warnings.extend(apply_suppressions(graph, report, silenced))
    return run


def _pooled(
    graph: ProjectGraph,
    paths: list[str],
    pool: ColdPool,
    enable: tuple[str, ...],
    ignore: IgnoreList,
    docstrings: bool,
    on_file_done: Callable[[int], None] | None,
) -> StaticRun:
    """The run in the pool's workers (markers and ``ignore`` applied there); whatever they
    could not check is checked here, and the reports keep the order of ``paths``."""
    reports, missed = pool.check(
        graph, paths, enable=enable, ignore=ignore, docstrings=docstrings, on_file_done=on_file_done
    )
    if missed:
        rest = check_static(graph, missed, enable=enable, ignore=ignore, on_file_done=on_file_done)
        by_path = {r.path: r for r in [*reports, *rest.reports]}
        reports = [by_path[graph.relpath(p)] for p in paths]
    run = StaticRun(reports)
    run.warnings = [w for r in reports for w in r.warnings]
    return run


def _reports(
    graph: ProjectGraph,
    targets: list[str],
    enable: tuple[str, ...],
    rules: tuple[Rule, ...] | None,
    jobs: int | None,
    on_file_done: Callable[[int], None] | None,
    stop: Callable[[], bool] | None,
) -> list[FileReport]:
    from docref.checks.static.runner import rules_for

    chosen = rules if rules is not None else rules_for(enable)
    # Workers only when asked for: each warm-starts its own graph and decodes the extracts it
    # needs, so two workers cost ~1.6x the CPU and ~1.6x the memory of one process for a
    # ~25% shorter check phase (benchmarks/RESULTS.md); in-process is the better default.
    workers = jobs if jobs is not None else 1
    if (
        workers <= 1
        or rules is not None
        or stop is not None
        or len(targets) < PARALLEL_THRESHOLD
        or not graph.uses_cache
    ):
        return _in_process(graph, targets, chosen, on_file_done, stop)
    chunks = [targets[i : i + _CHUNK] for i in range(0, len(targets), _CHUNK)]
    reports: list[FileReport] = []
    try:
        # spawn, not fork: the language server that may call this has threads
        ctx = multiprocessing.get_context("spawn")
        init = (graph.root, graph.cache_directory, graph.max_file_bytes, enable, os.getpid())
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
        rest = targets[len(reports) :]
        reports.extend(_in_process(graph, rest, chosen, on_file_done, None))
    return reports


def _in_process(
    graph: ProjectGraph,
    targets: list[str],
    rules: tuple[Rule, ...],
    on_file_done: Callable[[int], None] | None,
    stop: Callable[[], bool] | None,
) -> list[FileReport]:
    from docref.checks.static.runner import check_file

    reports = []
    for rel in targets:
        if stop is not None and stop():
            break
        reports.append(check_file(graph, rel, rules))
        if on_file_done is not None:
            on_file_done(1)
    return reports
