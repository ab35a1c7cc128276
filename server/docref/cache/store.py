"""diskcache with a Disk that never unpickles.

diskcache's default ``Disk`` unpickles values (a tampered cache row executes code,
CVE-2025-69872) and ``JSONDisk`` still calls ``pickle.load`` on pickled rows.  Our Disk stores
only ``str``/``bytes`` keys and values (callers serialise JSON themselves) and refuses any row
that was written in pickle mode.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from typing import Any

import diskcache
import platformdirs

log = logging.getLogger(__name__)

CACHE_ENV = "DOCREF_CACHE_DIR"


class UnsafeCacheRow(ValueError):
    """A cache row that would need unpickling: treated as a miss, never loaded."""


class JSONOnlyDisk(diskcache.Disk):  # type: ignore[misc]
    def put(self, key: Any) -> tuple[Any, bool]:
        if not isinstance(key, (str, bytes)):
            raise TypeError(f"cache keys must be str or bytes, not {type(key).__name__}")
        return super().put(key)  # type: ignore[no-any-return]

    def get(self, key: Any, raw: bool) -> Any:
        if not raw:
            raise UnsafeCacheRow("pickled cache key refused")
        return super().get(key, raw)

    def store(self, value: Any, read: bool, key: Any = diskcache.UNKNOWN) -> Any:
        if read or not isinstance(value, (str, bytes)):
            raise TypeError(f"cache values must be str or bytes, not {type(value).__name__}")
        return super().store(value, read, key=key)

    def fetch(self, mode: int, filename: Any, value: Any, read: bool) -> Any:
        if mode == diskcache.core.MODE_PICKLE:
            raise UnsafeCacheRow("pickled cache value refused")
        return super().fetch(mode, filename, value, read)


def cache_dir() -> str:
    """``$DOCREF_CACHE_DIR`` or the platform's user cache directory for docref."""
    return os.environ.get(CACHE_ENV) or platformdirs.user_cache_dir("docref", appauthor=False)


def open_cache(name: str, directory: str | None = None) -> diskcache.Cache | None:
    """Open (creating with mode 0700) the cache ``name``; ``None`` with a warning if unusable.

    Several processes (server, CLI, a pre-commit hook) may create it at the same moment:
    SQLite's "database is locked" during creation is retried briefly.
    """
    path = os.path.join(directory or cache_dir(), name)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        os.chmod(path, 0o700)
    except OSError as exc:
        log.warning("cache disabled: cannot create %s: %s", path, exc)
        return None
    last: Exception | None = None
    for attempt in range(5):
        try:
            return diskcache.Cache(
                path, disk=JSONOnlyDisk, size_limit=2**30, sqlite_journal_mode="wal"
            )
        except (sqlite3.OperationalError, OSError) as exc:
            last = exc
            time.sleep(0.05 * (attempt + 1))
    log.warning("cache disabled: cannot open %s: %s", path, last)
    return None
