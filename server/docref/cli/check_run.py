"""How ``docref check`` gets its static reports: the project indexed (docstrings segmented
on the way) and checked, or the per-file results cache (:mod:`docref.engine.cached_run`)."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING

from docref.cli.check_collect import SCORED_FORMATS
from docref.cli.check_select import select_targets

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from collections.abc import Callable

    from docref.checks.static.report import FileReport
    from docref.config import Settings
    from docref.console.progress import ProgressBar
    from docref.engine.cached_run import CachedRun, Tracked
    from docref.engine.cold import ColdPool
    from docref.engine.outcome import ModelOutcome
    from docref.graph.discovery import Skipped
    from docref.graph.model import FileExtract
    from docref.graph.project import ProjectGraph
    from docref.graph.store import Entry
    from docref.segments import DocstringLanguage
    from docref.segments.store import ParsedDocstringStore


def cached_static(
    args: argparse.Namespace,
    root: str,
    paths: list[str],
    settings: Settings,
    progress: ProgressBar,
    changed: dict[str, list[tuple[int, int]]] | None,
) -> CachedRun | None:
    """The static tier, and with a model the model tier, through the per-file results cache
    (``None``: not used for this run).

    A run with ``--since``, ``--shard``, ``--no-cache``, ``--no-llm-cache``, ``--fix``,
    ``--diff`` or ``--add-ignore`` goes the long way: those need the graph (changed lines,
    the docstrings to edit), the parsed docstrings the cache does not keep, or fresh answers.
    """
    from functools import partial

    from docref.engine.cached_run import check_cached

    if args.no_cache or changed is not None or args.shard is not None:
        return None
    if args.fix or args.diff or args.add_ignore:  # they edit docstrings: they need the graph
        return None
    with_model = bool(settings.model) and not args.no_llm
    if with_model and args.no_llm_cache:
        return None

    with ExitStack() as stages:
        checking: list[ProgressBar] = []
        pools: list[ColdPool] = []

        def index(graph: ProjectGraph) -> None:  # only when some file must be checked
            from docref.engine.cold import ColdPool  # not imported on a run from the cache

            pool = stages.enter_context(ColdPool(args.jobs))
            pools.append(pool)
            with progress.stage("indexing", unit="files") as bar:
                index_project(graph, paths, args.jobs, bar.update, pool)
            checking.append(stages.enter_context(progress.stage("checking", unit="files")))

        def done(n: int) -> None:
            if checking:
                checking[0].advance(n)

        def ask(graph: ProjectGraph, reports: list[FileReport], tracked: Tracked) -> ModelOutcome:
            if checking:  # the checks are done: the bar ends before the model's starts
                stages.close()
            return ask_model(args, settings, graph, reports, progress, tracked)

        select = partial(select_targets, root, paths=paths, settings=settings, changed=None)
        return check_cached(
            root,
            select,
            settings,
            index=index,
            ask=ask if with_model else None,
            jobs=args.jobs,
            on_file_done=done,
            pool=lambda: pools[0] if pools else None,
            answers=args.format in SCORED_FORMATS,  # each answer only for the scores
        )


def ask_model(
    args: argparse.Namespace,
    settings: Settings,
    graph: ProjectGraph,
    reports: list[FileReport],
    progress: ProgressBar,
    tracked: Tracked | None = None,
) -> ModelOutcome:
    """The model tier over ``reports`` with a progress bar (raises
    :class:`~docref.engine.model.ModelSetupError` when the model cannot be used)."""
    from docref.cli.check_llm import count_checks, run_llm

    total = count_checks(reports, settings.criteria)
    with progress.stage("asking the model", unit="checks", total=total) as bar:
        return run_llm(
            settings,
            graph,
            reports,
            use_cache=not args.no_llm_cache,
            on_check_done=bar.advance,
            tracked=tracked,
            jobs=args.jobs,
        )


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Keep the cyclic garbage collector off while the graph and the static findings are built.

    They are millions of small objects that live to the end of the run and form few cycles,
    yet each collection walks all of them: on the standard library the collector took 35-50%
    of the check phase.  What exists afterwards is frozen (never scanned again) before the
    collector comes back for the model tier, whose network code does leave cycles behind.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def index_project(
    graph: ProjectGraph,
    paths: list[str],
    jobs: int | None,
    progress: Callable[[int, int], None],
    pool: ColdPool | None = None,
) -> list[Skipped]:
    """Index ``graph``; with ``pool``, its workers extract a cold project's files and keep
    them to check them (:mod:`docref.engine.cold`).  Otherwise the files under ``paths`` that
    are extracted afresh get their docstrings segmented on the way (in the extraction workers,
    on a cold start), kept for the checks and stored in the cache, and each fresh extract is
    decoded as soon as it arrives (the checks here need them all).  Returns what the index
    skipped, with why."""
    from functools import partial

    # the rules and segmentation are imported only when this process segments (no pool, or
    # too few files for one): a pool's parent never loads them
    stores: list[ParsedDocstringStore] = []
    under = tuple(graph.relpath(p) for p in paths)

    def arrived(entry: Entry, rows: str | None) -> None:
        if pool is not None and pool.holds(entry.path):
            pool.defer(entry)  # a worker keeps it and checks it
            return
        from docref.segments.whole_file import within

        if within(entry.path, under):
            entry.extract  # noqa: B018  (decoded here, not in the single-core check phase)
        if rows is not None:
            if not stores:
                from docref.checks.static.runner import docstring_store

                stores.append(docstring_store(graph))
            language: DocstringLanguage = "java" if entry.language == "java" else "python"
            stores[0].remember(language, entry.content_hash, rows)

    report = graph.index(
        workers=jobs,
        progress=progress,
        side_job=partial(segment_job, under=under),
        on_extracted=arrived,
        extractor=pool.extract if pool is not None else None,
    )
    if stores:
        stores[0].flush()
    return report.skipped


def segment_job(fe: FileExtract, data: bytes, under: tuple[str, ...] = ()) -> str | None:
    """:func:`~docref.segments.whole_file.segment_extract`, imported on first use (a side job
    of indexing, pickled by name)."""
    from docref.segments.whole_file import segment_extract

    return segment_extract(fe, data, under=under)


def reap_workers() -> None:
    """Wait for every process this run started before ``docref check`` exits.

    The pools are shut down (joined) where they are used; what is left is multiprocessing's
    resource tracker, which the spawn start method launches once and leaves running until the
    interpreter ends -- it was seen as a defunct child after ``docref check`` had exited.
    ``_stop`` is the tracker's own (private, Python 3.8-3.13) way of closing it and reaping it.
    """
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:  # nothing was started
        return
    for child in multiprocessing.active_children():
        child.join()
    tracker = sys.modules.get("multiprocessing.resource_tracker")
    stop = getattr(getattr(tracker, "_resource_tracker", None), "_stop", None)
    if callable(stop):
        try:
            stop()
        except (OSError, ChildProcessError) as exc:  # already gone
            log.debug("stopping the resource tracker: %s", exc)
