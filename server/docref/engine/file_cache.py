"""Per-file results of the static tier, kept between runs (like ruff's cache).

A file's report is reused when nothing it was computed from has changed.  Its key is:

* docref's version, the extractor's and this format's, the rule set and every effective
  setting (``docref check`` flags included): a changed setting never reuses a result; the
  interpreter and the mtimes of its import folders (installed packages are read too);
* the file's content hash;
* the project's *shape*: its file list, the last name of every entity and every import of
  every file.  The name rules look a name up anywhere in the project ("is it a module, an
  entity somewhere?") and who imports whom, so a new function, a new file or a new import
  anywhere re-checks everything, while an edit inside a body or a docstring does not;
* the *surface* of each file the check actually read besides its own (recorded while it ran:
  imported modules, the modules of dotted names, callees' files): their package, imports and
  the text hash of each entity.  Entity texts include bodies because rules follow callees
  (``C3-RAISES``: what a called function raises), so editing a dependency's signature, its
  docstring or a callee's body re-checks the dependents, and nothing else does.

What makes a re-run cheap is the *stat index*: per workspace, each file's ``(mtime, size)``
with its content hash, surface and shape as last seen.  When no file's stat moved and the
file list is the same, a file's report is found with its stat and one lookup, and no file
is read, parsed or indexed.  Otherwise the caller indexes the project (warm from the graph
cache), every file whose key is in the cache is reused and only the others are checked.

Values are JSON in the pickle-free diskcache (:mod:`docref.cache.store`), under
``$DOCREF_CACHE_DIR/results``; ``docref cache stats|clear results`` reports and drops it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from docref.checks.static.report import FileReport, StaticRun
from docref.core.findings import Finding
from docref.graph.model import EXTRACTOR_VERSION

if TYPE_CHECKING:
    import diskcache

    from docref.config.settings import Settings
    from docref.engine.cold import ColdPool
    from docref.graph.discovery import Candidate
    from docref.graph.project import ProjectGraph
    from docref.graph.store import Entry

__all__ = ["RESULTS_CACHE", "FileRecord", "ResultsCache", "run_fingerprint"]

log = logging.getLogger(__name__)

RESULTS_CACHE = "results"
"""The cache folder's name (``docref cache`` lists it)."""

_FORMAT = 1  # bump when the stored report's JSON changes


def _digest(*parts: object) -> str:
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def run_fingerprint(settings: Settings) -> str:
    """What every key of one run shares: versions, the rule set, the effective settings, and
    a stamp of docref's own code (a rule edited in a checkout without a version bump must
    not be answered by its old results)."""
    from docref import __version__
    from docref.core.catalog import STATIC_RULES

    rules = sorted(STATIC_RULES)
    code = (_code_stamp(), _environment_stamp())
    return _digest(_FORMAT, __version__, EXTRACTOR_VERSION, rules, code, asdict(settings))


def _environment_stamp() -> list[object]:
    """The interpreter and the folders its imports come from, with their mtimes: the name
    rules read installed packages' sources (``numpy.foo`` exists or not), and installing,
    upgrading or removing a package changes its ``site-packages`` folder's entries."""
    stamps: list[object] = [sys.version, sys.prefix]
    # only the package folders: the working directory (``python -m``) changes with every
    # file created in it, and the standard library with the interpreter's version
    for entry in sys.path:
        if entry.endswith(("site-packages", "dist-packages")) and os.path.isdir(entry):
            stamps.append((entry, os.stat(entry).st_mtime_ns))
    return stamps


@functools.cache
def _code_stamp() -> str:
    """``(mtime, size)`` of every module of docref (a few hundred stats, once a process)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stamps: list[tuple[str, int, int]] = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                stamps.append(
                    (
                        os.path.relpath(os.path.join(folder, name), package),
                        st.st_mtime_ns,
                        st.st_size,
                    )
                )
    return _digest(stamps)


def surface_of(entry: Entry) -> str:
    """A file as the files that depend on it see it: package, imports, entity texts."""
    return _digest(entry.package, [repr(i) for i in entry.imports], entry.fingerprints)


def shape_of(entry: Entry) -> str:
    """A file's share of the project-wide tables: its entities' last names, its imports."""
    names = sorted({q.rsplit(".", 1)[-1] for q in entry.fingerprints})
    return _digest(entry.package, names, [repr(i) for i in entry.imports])


@dataclass(frozen=True, slots=True)
class FileRecord:
    """A file as last seen: its stat, content hash, surface and shape."""

    mtime_ns: int
    size: int
    content_hash: str
    surface: str
    shape: str

    def to_json(self) -> list[object]:
        return [self.mtime_ns, self.size, self.content_hash, self.surface, self.shape]

    @classmethod
    def from_json(cls, row: object) -> FileRecord | None:
        if not isinstance(row, list) or len(row) != 5:
            return None
        mtime, size, digest, surface, shape = row
        if not (isinstance(mtime, int) and isinstance(size, int)):
            return None
        return cls(mtime, size, str(digest), str(surface), str(shape))


def stat_of(path: str) -> tuple[int, int] | None:
    """``(mtime_ns, size)`` of ``path``, ``None`` when it cannot be stat'ed."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def project_shape(records: Mapping[str, FileRecord]) -> str:
    """The shape of the whole project (see the module docstring)."""
    return _digest(sorted((rel, rec.shape) for rel, rec in records.items()))


@dataclass(slots=True)
class Lookup:
    """What :meth:`ResultsCache.lookup` found: the reports reused and the files to check."""

    reports: dict[str, FileReport] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)


class ResultsCache:
    """The per-file results cache of one workspace (see the module docstring)."""

    def __init__(self, cache: diskcache.Cache, root: str, fingerprint: str) -> None:
        self._cache = cache
        self.root = os.path.abspath(root)
        self.fingerprint = fingerprint
        self._stat_key = f"stat:{EXTRACTOR_VERSION}:{self.root}"

    @classmethod
    def open(cls, root: str, fingerprint: str, directory: str | None = None) -> ResultsCache | None:
        """The cache under ``directory`` (default: the cache directory); ``None`` when it
        cannot be opened (the run goes on without it)."""
        from docref.cache import open_cache

        cache = open_cache(RESULTS_CACHE, directory)
        return None if cache is None else cls(cache, root, fingerprint)

    def close(self) -> None:
        self._cache.close()

    # ---- the stat index ---------------------------------------------------------------

    def stat_index(self) -> dict[str, FileRecord]:
        """Every file of the workspace as last recorded (empty when unknown or unreadable)."""
        raw = self._get(self._stat_key)
        out: dict[str, FileRecord] = {}
        if isinstance(raw, dict):
            for rel, row in raw.items():
                record = FileRecord.from_json(row)
                if record is not None:
                    out[str(rel)] = record
        return out

    def unchanged(self, candidates: Iterable[Candidate], index: Mapping[str, FileRecord]) -> bool:
        """Whether the workspace's files are exactly those of ``index``, none stat'ed
        differently (then no file needs reading)."""
        seen = 0
        for cand in candidates:
            record = index.get(cand.relpath)
            if record is None or stat_of(cand.abspath) != (record.mtime_ns, record.size):
                return False
            seen += 1
        return seen == len(index)

    def record_graph(
        self, graph: ProjectGraph, stats: Mapping[str, tuple[int, int] | None]
    ) -> dict[str, FileRecord]:
        """The stat index of an indexed ``graph`` (``stats`` taken before it read the files,
        so a file changed meanwhile is read again next time), stored and returned."""
        records: dict[str, FileRecord] = {}
        for rel, stamp in stats.items():
            if stamp is None:
                continue
            entry = graph.entries.get(rel)
            if entry is None:  # not indexed (too large, unreadable): known, never checked
                records[rel] = FileRecord(*stamp, "", "", "")
                continue
            surface, shape = surface_of(entry), shape_of(entry)
            records[rel] = FileRecord(*stamp, entry.content_hash, surface, shape)
        payload = {rel: rec.to_json() for rel, rec in records.items()}
        self._set(self._stat_key, payload)
        return records

    # ---- results ------------------------------------------------------------------------

    def lookup(self, targets: Sequence[str], records: Mapping[str, FileRecord]) -> Lookup:
        """The stored reports of ``targets`` still valid under ``records``."""
        shape = project_shape(records)
        found = Lookup()
        for rel in targets:
            report = self._report(rel, records, shape)
            if report is None:
                found.missing.append(rel)
            else:
                found.reports[rel] = report
        return found

    def _key(self, rel: str, record: FileRecord, shape: str) -> str:
        return "report:" + _digest(self.fingerprint, rel, record.content_hash, shape)

    def _report(self, rel: str, records: Mapping[str, FileRecord], shape: str) -> FileReport | None:
        record = records.get(rel)
        if record is None:
            return None
        raw = self._get(self._key(rel, record, shape))
        if not isinstance(raw, dict):
            return None
        deps = raw.get("deps")
        if not isinstance(deps, dict):
            return None
        for dep, surface in deps.items():
            now = records.get(dep)
            if now is None or now.surface != surface:
                return None
        try:
            return _report_from_json(raw["report"])
        except (KeyError, TypeError, ValueError) as exc:
            log.debug("unusable cached report of %s: %s", rel, exc)
            return None

    def store(self, reports: Iterable[FileReport], records: Mapping[str, FileRecord]) -> None:
        """Keep ``reports`` (each with the files its check read) under ``records``."""
        shape = project_shape(records)
        rows: dict[str, str] = {}
        for report in reports:
            record = records.get(report.path)
            if record is None:
                continue
            # a file read that is not in the index (asked for, absent) is covered by the
            # project's shape, which holds the file list
            deps = {d: records[d].surface for d in report.deps if d in records}
            value = {"deps": deps, "report": _report_to_json(report)}
            rows[self._key(report.path, record, shape)] = json.dumps(value)
        try:
            with self._cache.transact():
                for key, text in rows.items():
                    self._cache.set(key, text)
        except Exception as exc:  # a full or broken cache costs the next run time, not this
            log.warning("results cache write failed: %s", exc)

    # ---- raw access ---------------------------------------------------------------------

    def _get(self, key: str) -> Any:
        try:
            raw = self._cache.get(key)
        except Exception as exc:  # a corrupt or refused row is a miss
            log.warning("results cache read failed: %s", exc)
            return None
        if not isinstance(raw, str):
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return None

    def _set(self, key: str, value: object) -> None:
        try:
            self._cache.set(key, json.dumps(value))
        except Exception as exc:
            log.warning("results cache write failed: %s", exc)


def _report_to_json(report: FileReport) -> dict[str, object]:
    return {
        "path": report.path,
        "functions": report.functions,
        "classes": report.classes,
        "language": report.language,
        "findings": [f.to_json() for f in report.findings],
        "errors": report.errors,
        "warnings": report.warnings,
    }


def _report_from_json(data: Mapping[str, Any]) -> FileReport:
    language = data["language"]
    if language not in ("python", "java"):
        raise ValueError(f"unknown language {language!r}")
    return FileReport(
        path=str(data["path"]),
        functions=int(data["functions"]),
        classes=int(data["classes"]),
        findings=[Finding.from_json(f) for f in data["findings"]],
        errors=[str(e) for e in data["errors"]],
        language=language,
        warnings=[str(w) for w in data["warnings"]],
    )


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
    ``index`` indexes a graph when one is needed.  When no file of the workspace changed
    since the last run, the reports come from the cache alone (no file is read, no graph
    built); otherwise the project is indexed and only the files whose key missed are
    checked (in ``pool``'s workers when ``index`` extracted there).  Returns the run and
    the files checked, or ``None`` when the cache cannot be opened (the caller checks
    without it).
    """
    from docref.graph.discovery import Candidate, walk_workspace

    fingerprint = run_fingerprint(settings)
    cache = ResultsCache.open(root, fingerprint, cache_directory)
    if cache is None:
        return None
    try:
        candidates = [c for c in walk_workspace(root) if isinstance(c, Candidate)]
        records = cache.stat_index()
        if records and cache.unchanged(candidates, records):
            indexed = sorted(rel for rel, rec in records.items() if rec.content_hash)
            targets = select(indexed)
            found = cache.lookup(targets, records)
            if not found.missing:
                reports = [found.reports[rel] for rel in targets]
                if on_file_done is not None:
                    on_file_done(len(reports))
                return StaticRun(reports, [w for r in reports for w in r.warnings]), targets
        # some file changed: the long way, for the files whose key changed only
        from docref.core.codes import IgnoreList
        from docref.engine.static import check_static
        from docref.graph.project import ProjectGraph

        stats = {c.relpath: stat_of(c.abspath) for c in candidates}
        graph = ProjectGraph(root, cache_directory=cache_directory)
        index(graph)
        records = cache.record_graph(graph, stats)
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
            docstrings=False,  # the cache keeps none
        )
        cache.store(fresh.reports, records)
        by_path = {**found.reports, **{r.path: r for r in fresh.reports}}
        reports = [by_path[rel] for rel in targets]
        return StaticRun(reports, [w for r in reports for w in r.warnings]), targets
    finally:
        cache.close()
