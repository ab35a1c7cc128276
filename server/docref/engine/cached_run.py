"""``docref check``'s static run through the per-file results cache
(:mod:`docref.engine.file_cache`): from the stored reports alone when nothing moved, else
indexing the project and checking only the files whose key missed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from docref.checks.static.report import StaticRun
from docref.engine.cache_key import run_fingerprint, stat_of
from docref.engine.file_cache import ResultsCache

if TYPE_CHECKING:
    from docref.config.settings import Settings
    from docref.engine.cache_key import FileRecord
    from docref.engine.cold import ColdPool
    from docref.graph.project import ProjectGraph

__all__ = ["check_cached"]


def check_cached(
    root: str,
    select: Callable[[list[str]], list[str]],
    settings: Settings,
    *,
    index: Callable[[ProjectGraph], None],
    jobs: int | None = None,
    on_file_done: Callable[[int], None] | None = None,
    cache_directory: str | None = None,
    pool: ColdPool | None = None,
) -> tuple[StaticRun, list[str]] | None:
    """:func:`~docref.engine.static.check_static` through the results cache.

    ``select`` picks the files to check among the workspace's (workspace-relative paths);
    ``index`` indexes a graph when one is needed.  When no directory and no file of the
    workspace moved since the last run, the reports come from the cache alone (no walk, no
    file read, no graph built); when the walk finds the same files with the same stats,
    likewise; otherwise the project is indexed and only the files whose key missed are
    checked (in ``pool``'s workers when ``index`` extracted there).  Returns the run and
    the files checked, or ``None`` when the cache cannot be opened (the caller checks
    without it).
    """
    cache = ResultsCache.open(root, run_fingerprint(settings), cache_directory)
    if cache is None:
        return None
    try:
        known = cache.stat_index()
        if cache.unwalked(known):
            served = _served(cache, select, known.files, on_file_done)
            if served is not None:
                return served
        from docref.graph.discovery import Candidate, walk_workspace

        dirs: dict[str, int] = {}
        candidates = [c for c in walk_workspace(root, dirs) if isinstance(c, Candidate)]
        if known.files and cache.unchanged(candidates, known.files):
            served = _served(cache, select, known.files, on_file_done)
            if served is not None:
                cache.record(known.files, dirs)  # next time without the walk
                return served
        # some file changed: the long way, for the files whose key changed only
        from docref.core.codes import IgnoreList
        from docref.engine.static import check_static
        from docref.graph.project import ProjectGraph

        stats = {c.relpath: stat_of(c.abspath) for c in candidates}
        graph = ProjectGraph(root, cache_directory=cache_directory)
        index(graph)
        records = cache.record_graph(graph, stats, dirs)
        targets = select(sorted(graph.files))
        found = cache.lookup(targets, records)
        if on_file_done is not None and found.reports:
            on_file_done(len(found.reports))
        fresh = check_static(
            graph,
            found.missing,
            enable=settings.enable,
            ignore=IgnoreList.parse(settings.effective_ignore),
            jobs=jobs,
            on_file_done=on_file_done,
            pool=pool,
            docstrings=False,  # the results cache keeps none
        )
        cache.store(fresh.reports, records)
        by_path = {**found.reports, **{r.path: r for r in fresh.reports}}
        reports = [by_path[rel] for rel in targets]
        return StaticRun(reports, [w for r in reports for w in r.warnings]), targets
    finally:
        cache.close()


def _served(
    cache: ResultsCache,
    select: Callable[[list[str]], list[str]],
    records: dict[str, FileRecord],
    on_file_done: Callable[[int], None] | None,
) -> tuple[StaticRun, list[str]] | None:
    """Every selected file's report from the cache, or ``None`` when one misses."""
    indexed = sorted(rel for rel, rec in records.items() if rec.content_hash)
    targets = select(indexed)
    found = cache.lookup(targets, records)
    if found.missing:
        return None
    reports = [found.reports[rel] for rel in targets]
    if on_file_done is not None:
        on_file_done(len(reports))
    return StaticRun(reports, [w for r in reports for w in r.warnings]), targets
