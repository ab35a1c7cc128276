"""On-disk caches (extraction results now, model answers later), pickle-free.

Public surface: :func:`cache_dir`, :func:`open_cache`, :class:`JSONOnlyDisk`,
:class:`UnsafeCacheRow`.
"""

from docref.cache.store import JSONOnlyDisk, UnsafeCacheRow, cache_dir, open_cache

__all__ = ["JSONOnlyDisk", "UnsafeCacheRow", "cache_dir", "open_cache"]
