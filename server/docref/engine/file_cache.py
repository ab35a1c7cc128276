"""Per-file results of ``docref check``, kept between runs (like ruff's cache).

A file's report is reused when nothing it was computed from has changed.  Its key
(:mod:`docref.engine.cache_key`) is:

* docref's version, the extractor's and this format's, the rule set and every effective
  setting (``docref check`` flags included): a changed setting never reuses a result; the
  interpreter and the mtimes of its import folders (installed packages are read too);
* the file's content hash;
* the project's *shape*: its file list, the last name of every entity and every import of
  every file.  The name rules look a name up anywhere in the project ("is it a module, an
  entity somewhere?") and who imports whom, so a new function, a new file or a new import
  re-checks everything, while an edit inside a docstring or a body does not;
* the *surface* of each file the check actually read besides its own (recorded while it ran:
  imported modules, the modules of dotted names, callees' files): their package, imports and
  the text hash of each entity.  Entity texts include bodies because rules follow callees
  (``C3-RAISES``: what a called function raises), so editing a dependency's signature, its
  docstring or a callee's body re-checks the dependents, and nothing else does;
* for the few reports whose check asked which files still use a name as code ("is this
  unresolved name another file's parameter?": :func:`docref.graph.code_names.files_using`),
  the answers: such a report is reused as it is while no file's content changed since the
  answers were last confirmed, and otherwise only once the indexed project gives the same
  answers (it is then confirmed again).  Keying every report by every file's identifiers
  instead would re-check the whole project after almost any edit.

A model run keeps each file's model answers too (:meth:`ResultsCache.model_lookup`), under
the same key plus the model's fingerprint (:func:`~docref.engine.cache_key.model_fingerprint`)
and the surfaces of the files its functions' 1-hop context was built from.

What makes a re-run cheap is the *stat index*: per workspace, each file's ``(mtime, size)``
with its content hash, surface and shape as last seen, and each directory the walk entered
with its mtime and its ``.gitignore``'s stat.  When no directory and no file moved, the file
list is the one recorded (no walk: a file added, removed or renamed changes its directory's
mtime) and a file's report is found with one lookup: no file is listed, read, parsed or
indexed.  Otherwise the caller walks, and indexes the project when some file changed (warm
from the graph cache); every file whose key is in the cache is reused, only the others are
checked.

Values are JSON in the pickle-free diskcache (:mod:`docref.cache.store`), under
``$DOCREF_CACHE_DIR/results``; ``docref cache stats|clear results`` reports and drops it.
A value that cannot be read (corrupt, another format) is a miss.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docref.checks.static.report import FileReport
from docref.core.file_stamp import file_stamp
from docref.engine.cache_key import (
    FORMAT,
    DirRecord,
    FileRecord,
    digest,
    project_shape,
    shape_of,
    surface_of,
)
from docref.engine.cache_rows import deps_of, deps_valid, report_from_json, report_to_json
from docref.graph.model import EXTRACTOR_VERSION

if TYPE_CHECKING:
    import diskcache

    from docref.graph.discovery import Candidate
    from docref.graph.project import ProjectGraph

__all__ = ["RESULTS_CACHE", "Lookup", "ProjectIndex", "ResultsCache"]

log = logging.getLogger(__name__)

RESULTS_CACHE = "results"
"""The cache folder's name (``docref cache`` lists it)."""


@dataclass(slots=True)
class ProjectIndex:
    """The stat index of one workspace: its files and the directories the walk entered."""

    files: dict[str, FileRecord] = field(default_factory=dict)
    dirs: dict[str, DirRecord] = field(default_factory=dict)


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
        self._stat_key = f"stat:{FORMAT}:{EXTRACTOR_VERSION}:{self.root}"

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

    def stat_index(self) -> ProjectIndex:
        """The workspace as last recorded (empty when unknown or unreadable)."""
        raw = self._get(self._stat_key)
        out = ProjectIndex()
        if not isinstance(raw, dict):
            return out
        files, dirs = raw.get("files"), raw.get("dirs")
        if not (isinstance(files, dict) and isinstance(dirs, dict)):
            return out
        for rel, row in files.items():
            record = FileRecord.from_json(row)
            if record is None:
                return ProjectIndex()  # a damaged index is no index
            out.files[str(rel)] = record
        for path, row in dirs.items():
            folder = DirRecord.from_json(row)
            if folder is None:
                return ProjectIndex()
            out.dirs[str(path)] = folder
        return out

    def unwalked(self, index: ProjectIndex) -> bool:
        """Whether the workspace is as ``index`` recorded it, told without a walk: no
        directory moved (same entries, same ``.gitignore``) and no file's stat did."""
        if not index.dirs or not index.files:
            return False
        for path, record in index.dirs.items():
            if DirRecord.now(path) != record:
                return False
        root = self.root
        for rel, rec in index.files.items():
            if file_stamp(os.path.join(root, rel)) != (rec.mtime_ns, rec.size):
                return False
        return True

    def unchanged(self, candidates: Iterable[Candidate], files: Mapping[str, FileRecord]) -> bool:
        """Whether the walked ``candidates`` are exactly the files of ``files``, none
        stat'ed differently (then no file needs reading)."""
        seen = 0
        for cand in candidates:
            record = files.get(cand.relpath)
            if record is None or file_stamp(cand.abspath) != (record.mtime_ns, record.size):
                return False
            seen += 1
        return seen == len(files)

    def record(self, files: Mapping[str, FileRecord], dirs: Mapping[str, int]) -> None:
        """Store the stat index: ``files`` and the walked ``dirs`` (path -> the mtime the
        walk saw, so a directory changed since is walked again next time)."""
        folders = {}
        for path, mtime in dirs.items():
            now = DirRecord.now(path)
            if now is None:
                continue
            folders[path] = DirRecord(mtime, now.gitignore).to_json()
        payload = {"files": {rel: rec.to_json() for rel, rec in files.items()}, "dirs": folders}
        self._set(self._stat_key, payload)

    def record_graph(
        self,
        graph: ProjectGraph,
        stats: Mapping[str, tuple[int, int] | None],
        dirs: Mapping[str, int],
    ) -> dict[str, FileRecord]:
        """The file records of an indexed ``graph`` (``stats`` taken before it read the
        files, so a file changed meanwhile is read again next time), stored and returned."""
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
        self.record(records, dirs)
        return records

    # ---- static reports ---------------------------------------------------------------

    def lookup(
        self,
        targets: Sequence[str],
        records: Mapping[str, FileRecord],
        graph: ProjectGraph | None = None,
    ) -> Lookup:
        """The stored reports of ``targets`` still valid under ``records`` (and, for a report
        whose check asked which files use a name as code, under ``graph``: see
        :meth:`report`)."""
        shape = project_shape(records)
        contents = _Contents(records)
        found = Lookup()
        for rel in targets:
            report = self._report(rel, records, shape, graph, contents)
            if report is None:
                found.missing.append(rel)
            else:
                found.reports[rel] = report
        return found

    def report(
        self,
        rel: str,
        records: Mapping[str, FileRecord],
        shape: str,
        graph: ProjectGraph | None = None,
    ) -> FileReport | None:
        """The stored report of ``rel`` still valid under ``records``, whose project shape
        (:func:`~docref.engine.cache_key.project_shape`) the caller has made already.

        A report whose check asked which files use a name as code
        (:func:`docref.graph.code_names.files_using`) holds while every file has the content
        it had when the answer was last confirmed; else the indexed ``graph`` is asked again
        (without one the report misses) and a report whose answers all hold is confirmed for
        the project as it is now."""
        return self._report(rel, records, shape, graph, _Contents(records))

    def _key(self, rel: str, record: FileRecord, shape: str) -> str:
        return "report:" + digest(self.fingerprint, rel, record.content_hash, shape)

    def _report(
        self,
        rel: str,
        records: Mapping[str, FileRecord],
        shape: str,
        graph: ProjectGraph | None,
        contents: _Contents,
    ) -> FileReport | None:
        record = records.get(rel)
        if record is None:
            return None
        key = self._key(rel, record, shape)
        raw = self._get(key)
        if not isinstance(raw, dict) or not deps_valid(raw.get("deps"), records):
            return None
        asked = raw.get("asked")
        if asked and raw.get("at") != contents.value:
            if graph is None or not _answers_hold(asked, graph):
                return None
            raw["at"] = contents.value
            self.set_many({key: json.dumps(raw)})
        try:
            return report_from_json(raw["report"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            log.debug("unusable cached report of %s: %s", rel, exc)
            return None

    def store(self, reports: Iterable[FileReport], records: Mapping[str, FileRecord]) -> None:
        """Keep ``reports`` (each with the files its check read) under ``records``."""
        shape = project_shape(records)
        contents = _Contents(records)
        rows: dict[str, str] = {}
        for report in reports:
            record = records.get(report.path)
            if record is None:
                continue
            value: dict[str, object] = {
                "deps": deps_of(report.deps, records),
                "report": report_to_json(report),
            }
            if report.asked:
                value["asked"] = report.asked
                value["at"] = contents.value
            rows[self._key(report.path, record, shape)] = json.dumps(value)
        self.set_many(rows)

    # ---- raw access ---------------------------------------------------------------------

    def get(self, key: str) -> Any:
        """The JSON value under ``key`` (``None``: absent, unreadable or not JSON)."""
        return self._get(key)

    def text(self, key: str) -> str | None:
        """The text under ``key`` as stored (``None``: absent or unreadable)."""
        try:
            raw = self._cache.get(key)
        except Exception as exc:  # a corrupt or refused row is a miss
            log.warning("results cache read failed: %s", exc)
            return None
        return raw if isinstance(raw, str) else None

    def _get(self, key: str) -> Any:
        raw = self.text(key)
        if raw is None:
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

    def set_many(self, rows: Mapping[str, str]) -> None:
        """Store JSON texts under their keys, in one transaction."""
        try:
            with self._cache.transact():
                for key, text in rows.items():
                    self._cache.set(key, text)
        except Exception as exc:  # a full or broken cache costs the next run time, not this
            log.warning("results cache write failed: %s", exc)


class _Contents:
    """The digest of every file's content under some records, made when first needed."""

    def __init__(self, records: Mapping[str, FileRecord]) -> None:
        self._records = records
        self._digest: str | None = None

    @property
    def value(self) -> str:
        if self._digest is None:
            self._digest = digest(sorted((r, rec.content_hash) for r, rec in self._records.items()))
        return self._digest


def _answers_hold(asked: object, graph: ProjectGraph) -> bool:
    """Whether every name of a stored report's ``asked`` is used as code by the same files
    in ``graph`` as when the report was made."""
    from docref.graph.code_names import files_using

    if not isinstance(asked, dict):
        return False
    return all(
        isinstance(users, list) and files_using(graph, str(name)) == users
        for name, users in asked.items()
    )
