"""What docref keeps on disk, and a way to drop it: statistics and clearing of the caches
docref itself creates (``docref cache``, the language server's ``docref.clearCache``).

Only the caches under :func:`~docref.cache.store.cache_dir` named in :data:`KNOWN_CACHES` are
touched, never every diskcache that happens to sit there: ``DOCREF_CACHE_DIR`` may point at a
shared folder.  Clearing removes the rows through diskcache and then compacts the SQLite file.
A cache that is missing is reported as such; one that cannot be opened (corrupt database,
permissions) is reported with its path, after handling the others.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from typing import Any

__all__ = [
    "KNOWN_CACHES",
    "CacheStats",
    "ClearResult",
    "cache_base",
    "cache_origin",
    "cache_stats",
    "clear_caches",
]

KNOWN_CACHES: dict[str, str] = {
    "graph": "parsed files, keyed by content hash",
    "segments": "segmented docstrings, keyed by file content hash and segmenter version",
    "answers": "model answers, keyed by everything the prompt depends on",
    "results": "docref check's per-file static results, keyed by file, settings and deps",
}
"""Cache name (the folder under the cache directory) -> what it holds.  The names are the ones
``ProjectGraph``, ``ParsedDocstringStore``, ``docref.llm.answers.CACHE_NAME`` and
``docref.engine.file_cache.RESULTS_CACHE`` open; the
tests hold them together."""

DATABASE = "cache.db"  # diskcache's file name inside a cache folder


@dataclass(slots=True)
class CacheStats:
    """One cache as found on disk; ``entries`` and ``size_limit`` are ``None`` when unknown."""

    name: str
    description: str
    directory: str
    exists: bool
    entries: int | None = None
    bytes_on_disk: int = 0
    size_limit: int | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "directory": self.directory,
            "exists": self.exists,
            "entries": self.entries,
            "bytes": self.bytes_on_disk,
            "size_limit": self.size_limit,
            "error": self.error,
        }


@dataclass(slots=True)
class ClearResult:
    """What clearing one cache did; ``note`` explains a partial success (not compacted)."""

    name: str
    directory: str
    existed: bool = False
    removed: int = 0
    bytes_freed: int = 0
    error: str | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "directory": self.directory,
            "existed": self.existed,
            "removed": self.removed,
            "bytes_freed": self.bytes_freed,
            "error": self.error,
            "note": self.note,
        }


def cache_stats(root: str | None = None) -> list[CacheStats]:
    """Entries, bytes and size limit of every known cache under ``root`` (default: the
    cache directory); nothing is created."""
    base = cache_base(root)
    return [_stats_of(name, base) for name in KNOWN_CACHES]


def clear_caches(names: list[str] | None = None, root: str | None = None) -> list[ClearResult]:
    """Remove every entry of the named known caches (all of them by default).

    Args:
        names: cache names from :data:`KNOWN_CACHES`; ``None`` or empty means all of them.
        root: the cache directory (default: ``$DOCREF_CACHE_DIR`` or the user cache dir).

    Raises:
        ValueError: a name that is not in :data:`KNOWN_CACHES`.
    """
    wanted = list(KNOWN_CACHES) if not names else list(dict.fromkeys(names))
    unknown = [n for n in wanted if n not in KNOWN_CACHES]
    if unknown:
        raise ValueError(f"unknown cache {unknown[0]!r} (known: {', '.join(KNOWN_CACHES)})")
    base = cache_base(root)
    return [_clear_one(name, base) for name in wanted]


# --------------------------------------------------------------------------- on disk


def cache_base(root: str | None) -> str:
    """The cache directory: ``root``, else ``$DOCREF_CACHE_DIR`` or the user cache dir."""
    from docref.cache.store import cache_dir

    return os.path.abspath(root if root is not None else cache_dir())


def cache_origin() -> str:
    """`` (from DOCREF_CACHE_DIR)`` when that variable chose the directory, else ``""``."""
    from docref.cache.store import CACHE_ENV

    return f"  (from {CACHE_ENV})" if os.environ.get(CACHE_ENV) else ""


def _stats_of(name: str, base: str) -> CacheStats:
    directory = os.path.join(base, name)
    stats = CacheStats(name, KNOWN_CACHES[name], directory, exists=False)
    problem = _layout_problem(base, directory)
    if problem is not None:
        stats.error = problem
        return stats
    try:
        stats.bytes_on_disk = _bytes_under(directory)
    except OSError as exc:
        stats.error = f"cannot read {directory}: {exc.strerror or exc}"
        return stats
    if not os.path.isfile(os.path.join(directory, DATABASE)):
        return stats
    stats.exists = True
    try:
        cache = _open_existing(directory)
        try:
            stats.entries = len(cache)
            stats.size_limit = int(cache.size_limit)
        finally:
            cache.close()
    except Exception as exc:  # corrupt database, locked, unreadable: report, go on
        stats.error = _unusable(directory, exc)
    return stats


def _clear_one(name: str, base: str) -> ClearResult:
    directory = os.path.join(base, name)
    result = ClearResult(name, directory)
    problem = _layout_problem(base, directory)
    if problem is not None:
        result.error = problem
        return result
    database = os.path.join(directory, DATABASE)
    if not os.path.isfile(database):
        return result
    result.existed = True
    try:
        before = _bytes_under(directory)
        cache = _open_existing(directory)
        try:
            result.removed = int(cache.clear(retry=True))
        finally:
            cache.close()
    except Exception as exc:  # as for stats: one bad cache must not stop the others
        result.error = _unusable(directory, exc)
        return result
    result.note = _compact(database)
    try:
        result.bytes_freed = max(0, before - _bytes_under(directory))
    except OSError:
        result.bytes_freed = 0
    return result


def _layout_problem(base: str, directory: str) -> str | None:
    if os.path.exists(base) and not os.path.isdir(base):
        return f"the cache directory {base} is not a directory"
    if os.path.exists(directory) and not os.path.isdir(directory):
        return f"{directory} is not a directory"
    return None


def _open_existing(directory: str) -> Any:
    """Open an existing cache with the pickle-refusing Disk, keeping its stored settings."""
    import diskcache

    from docref.cache.store import JSONOnlyDisk

    return diskcache.Cache(directory, disk=JSONOnlyDisk)


def _compact(database: str) -> str | None:
    """VACUUM the SQLite file so cleared rows give their space back; a note if it could not."""
    try:
        connection = sqlite3.connect(database, timeout=2.0)
    except sqlite3.Error as exc:
        return f"entries removed but the file was not compacted: {exc}"
    try:
        connection.execute("VACUUM")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as exc:  # another docref process holds it: harmless
        return f"entries removed but the file was not compacted: {exc}"
    finally:
        connection.close()
    return None


def _unusable(directory: str, exc: Exception) -> str:
    detail = str(exc) or type(exc).__name__
    return f"cannot open {directory}: {detail} (delete that folder to start afresh)"


def _bytes_under(directory: str) -> int:
    """Bytes of the regular files below ``directory`` (0 when it does not exist)."""
    if not os.path.isdir(directory):
        return 0
    total = 0
    pending = [directory]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                elif entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
    return total
