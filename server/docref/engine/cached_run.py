"""``docref check`` through the per-file results cache (:mod:`docref.engine.file_cache`):
from the stored results alone when nothing moved, else indexing the project and checking
(and, with a model, asking about) only the files whose key missed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docref.checks.static.report import StaticRun
from docref.core.file_stamp import file_stamp
from docref.engine.cache_key import model_fingerprint, run_fingerprint
from docref.engine.file_cache import ResultsCache

if TYPE_CHECKING:
    from docref.checks.static.report import FileReport
    from docref.config.settings import Settings
    from docref.engine.cache_key import FileRecord
    from docref.engine.cold import ColdPool
    from docref.engine.outcome import ModelOutcome
    from docref.graph.discovery import Candidate
    from docref.graph.project import ProjectGraph

__all__ = ["CachedRun", "check_cached"]

Tracked = dict[str, tuple[list[str], list[str]]]
AskModel = Callable[["ProjectGraph", list["FileReport"], Tracked], "ModelOutcome"]
"""Asks the model about some reports' functions, filling in what each file's context read."""


@dataclass(slots=True)
class CachedRun:
    """A run through the results cache: the static reports of ``targets``; with a model,
    ``model`` (``asked``: whether the model tier ran for some file, else every answer came
    from the cache)."""

    static: StaticRun
    targets: list[str]
    model: ModelOutcome | None = None
    asked: bool = False


def check_cached(
    root: str,
    select: Callable[[list[str]], list[str]],
    settings: Settings,
    *,
    index: Callable[[ProjectGraph], None],
    ask: AskModel | None = None,
    jobs: int | None = None,
    on_file_done: Callable[[int], None] | None = None,
    cache_directory: str | None = None,
    pool: Callable[[], ColdPool | None] | None = None,
    answers: bool = True,
) -> CachedRun | None:
    """:func:`~docref.engine.static.check_static` (and, given ``ask``, the model tier)
    through the results cache.

    ``select`` picks the files to check among the workspace's (workspace-relative paths);
    ``index`` indexes a graph when one is needed.  When no directory and no file of the
    workspace moved since the last run (or the walk finds the same files, same stats), the
    results come from the cache alone: no file read, no graph built, no model client.
    Otherwise the project is indexed and only the files whose key missed are checked (and
    asked about; checked in the workers of the pool ``pool()`` returns once ``index`` ran,
    when it extracted there).  Without ``answers`` (the caller reads the model's findings
    and counts, not each answer: no scores), cached answers are built only if read.  ``None``
    when the cache cannot be opened (the caller goes without it).
    """
    fingerprint = run_fingerprint(settings)
    cache = ResultsCache.open(root, fingerprint, cache_directory)
    if cache is None:
        return None
    model_key = model_fingerprint(fingerprint, settings) if ask is not None else None
    try:
        known = cache.stat_index()
        if cache.unwalked(known):
            served = _served(cache, select, known.files, model_key, settings, on_file_done, answers)
            if served is not None:
                return served
        from docref.graph.discovery import Candidate, walk_workspace

        dirs: dict[str, int] = {}
        candidates = [c for c in walk_workspace(root, dirs) if isinstance(c, Candidate)]
        if known.files and cache.unchanged(candidates, known.files):
            served = _served(cache, select, known.files, model_key, settings, on_file_done, answers)
            if served is not None:
                cache.record(known.files, dirs)  # next time without the walk
                return served
        return _long_way(
            cache,
            root,
            select,
            settings,
            candidates,
            dirs,
            model_key,
            ask,
            index,
            jobs,
            on_file_done,
            cache_directory,
            pool,
            answers,
        )
    finally:
        cache.close()


def _served(
    cache: ResultsCache,
    select: Callable[[list[str]], list[str]],
    records: dict[str, FileRecord],
    model_key: str | None,
    settings: Settings,
    on_file_done: Callable[[int], None] | None,
    answers: bool,
) -> CachedRun | None:
    """Every selected file's results from the cache, or ``None`` when one misses."""
    indexed = sorted(rel for rel, rec in records.items() if rec.content_hash)
    targets = select(indexed)
    found = cache.lookup(targets, records)
    if found.missing:
        return None
    model = None
    if model_key is not None:
        from docref.engine.model_cache import load_entries, served_outcome

        entries = load_entries(cache, model_key, targets, records, answers=answers)
        if len(entries) < len(targets):
            return None
        model = served_outcome(settings, targets, entries, None)
    reports = [found.reports[rel] for rel in targets]
    if on_file_done is not None:
        on_file_done(len(reports))
    return CachedRun(_run(reports), targets, model)


def _long_way(
    cache: ResultsCache,
    root: str,
    select: Callable[[list[str]], list[str]],
    settings: Settings,
    candidates: list[Candidate],
    dirs: dict[str, int],
    model_key: str | None,
    ask: AskModel | None,
    index: Callable[[ProjectGraph], None],
    jobs: int | None,
    on_file_done: Callable[[int], None] | None,
    cache_directory: str | None,
    pool: Callable[[], ColdPool | None] | None,
    answers: bool,
) -> CachedRun:
    """Some file changed: index, check what missed, ask about what missed."""
    from docref.core.codes import IgnoreList
    from docref.engine.static import check_static
    from docref.graph.project import ProjectGraph

    stats = {c.relpath: file_stamp(c.abspath) for c in candidates}
    graph = ProjectGraph(root, cache_directory=cache_directory)
    index(graph)
    records = cache.record_graph(graph, stats, dirs)
    targets = select(sorted(graph.files))
    found = cache.lookup(targets, records, graph)
    entries = {}
    if model_key is not None:
        from docref.engine.model_cache import load_entries

        entries = load_entries(cache, model_key, targets, records, answers=answers)
    # a file the model must be asked about is checked afresh: its parsed docstrings and
    # inline markers are not in the cache
    unasked = [rel for rel in targets if model_key is not None and rel not in entries]
    again = set(found.missing) | set(unasked)
    cached = [rel for rel in targets if rel not in again]
    if on_file_done is not None and cached:
        on_file_done(len(cached))
    fresh = check_static(
        graph,
        [rel for rel in targets if rel in again],
        enable=settings.enable,
        ignore=IgnoreList.parse(settings.effective_ignore),
        jobs=jobs,
        on_file_done=on_file_done,
        pool=pool() if pool is not None else None,
        docstrings=bool(unasked),  # the model's questions need them; the cache keeps none
    )
    cache.store(fresh.reports, records)
    by_path = {**found.reports, **{r.path: r for r in fresh.reports}}
    reports = [by_path[rel] for rel in targets]
    if model_key is None or ask is None:
        return CachedRun(_run(reports), targets)
    from docref.engine.model_cache import served_outcome, store_entries

    outcome = None
    if unasked:
        tracked: Tracked = {}
        asking = [by_path[rel] for rel in unasked]
        outcome = ask(graph, asking, tracked)
        store_entries(cache, model_key, records, asking, outcome, tracked)
    model = served_outcome(settings, targets, entries, outcome)
    return CachedRun(_run(reports), targets, model, asked=outcome is not None)


def _run(reports: list[FileReport]) -> StaticRun:
    return StaticRun(reports, [w for r in reports for w in r.warnings])
