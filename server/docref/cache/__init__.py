"""On-disk caches (extraction results now, model answers later), pickle-free.

Public surface: :func:`cache_dir`, :func:`open_cache`, :class:`JSONOnlyDisk`,
:class:`UnsafeCacheRow`.

They live in :mod:`docref.cache.store` and are loaded on first use: the store imports
diskcache, platformdirs, sqlite3 and logging (~15 ms of CPU), which a ``--no-cache`` run never
needs, and every ``docref`` command imports this package (``docref.cache.admin`` for the
``cache`` command's parser, ``docref.graph.project``) before it forks its workers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docref.cache.store import JSONOnlyDisk, UnsafeCacheRow, cache_dir, open_cache

__all__ = ["JSONOnlyDisk", "UnsafeCacheRow", "cache_dir", "open_cache"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from docref.cache import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
