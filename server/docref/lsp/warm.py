"""A document's first diagnostics from ``docref check``'s per-file results cache.

When a file is opened in a project ``docref check`` ran on, its report is usually in the
results cache (:mod:`docref.engine.file_cache`) under a key of the same parts a check would
depend on: docref's version and code, the rule set and every effective setting, the file's
content, the project's shape and the surface of each file its check read.  The key is made
here from the server's own graph (open buffers included) and the folder's settings, so a
hit is exactly the report a check of this text would give; anything different -- another
setting, an unsaved dependency, a new file -- makes another key or fails the dependencies'
surfaces, and the document is checked as usual.

Only the static tier comes from the cache: with a model configured the document is checked
(the model's questions need the parsed docstrings, which the cache does not keep).  The
server still checks the document after publishing a cached report, in the background,
so the incremental checker knows its functions before the first edit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from docref.core.codes import IgnoreList
from docref.engine.cache_key import FileRecord, project_shape, run_fingerprint, shape_of, surface_of
from docref.engine.file_cache import ResultsCache
from docref.graph.project import ProjectGraph
from docref.lsp.checking import StaticOutcome, function_lines
from docref.lsp.folders import Folder

__all__ = ["cached_outcome"]

log = logging.getLogger(__name__)

_NO_FILE = FileRecord(0, 0, "", "", "")  # a file known but not indexed (too large, unreadable)


@dataclass(slots=True)
class _Records:
    """The graph's files as the results cache keys them, and the project's shape; remade
    when a file's content or package changed, or a file came or went.  ``parts`` keeps each
    file's (surface, shape) by (content hash, package), which determine them."""

    signature: tuple[object, ...] = ()
    records: dict[str, FileRecord] = field(default_factory=dict)
    shape: str = ""
    parts: dict[tuple[str, str, str], tuple[str, str]] = field(default_factory=dict)


_RECORDS: WeakKeyDictionary[ProjectGraph, _Records] = WeakKeyDictionary()


def _records(graph: ProjectGraph) -> _Records:
    entries = graph.entries
    signature = (
        *((rel, e.content_hash, e.package) for rel, e in entries.items()),
        *sorted(graph.skipped),
    )
    known = _RECORDS.get(graph)
    if known is not None and known.signature == signature:
        return known
    old = known.parts if known is not None else {}
    parts: dict[tuple[str, str, str], tuple[str, str]] = {}
    records: dict[str, FileRecord] = dict.fromkeys(graph.skipped, _NO_FILE)
    for rel, entry in entries.items():
        key = (rel, entry.content_hash, entry.package)
        made = parts[key] = old.get(key) or (surface_of(entry), shape_of(entry))
        # the stat fields are the stat index's business, not a key's
        records[rel] = FileRecord(0, 0, entry.content_hash, *made)
    result = _Records(signature, records, project_shape(records), parts)
    _RECORDS[graph] = result
    return result


def cached_outcome(folder: Folder, path: str, version: int, text: str) -> StaticOutcome | None:
    """The static outcome of ``text`` (version ``version`` of ``path``) from the results
    cache, or ``None`` when it is not there (or a model is configured, or the cache could
    not be read: the document is then checked, so a problem here costs time, not results)."""
    try:
        return _cached_outcome(folder, path, version, text)
    except Exception:
        log.exception("reading the results cache for %s failed; checking it", path)
        return None


def _cached_outcome(folder: Folder, path: str, version: int, text: str) -> StaticOutcome | None:
    settings = folder.settings
    if settings.model is not None:
        return None
    try:
        ignore = IgnoreList.parse(settings.effective_ignore)
    except ValueError:
        return None  # the check tells the user
    graph = folder.graph
    graph.update(path, text, dependents=False)
    rel = graph.relpath(path)
    extract = graph.get(rel)
    if extract is None:
        return None
    made = _records(graph)
    cache = ResultsCache.open(folder.root, run_fingerprint(settings), graph.cache_directory)
    if cache is None:
        return None
    try:
        report = cache.report(rel, made.records, made.shape, graph)
    finally:
        cache.close()
    if report is None:
        return None
    log.debug("%s: first diagnostics from the results cache", rel)
    return StaticOutcome(
        version,
        findings=report.findings,
        problems=[*report.errors, *report.warnings],
        report=None,
        functions=function_lines(extract),
        ignore=ignore,
    )
