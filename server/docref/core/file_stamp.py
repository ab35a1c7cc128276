"""A file's stamp: its modification time (ns) and size, what the caches compare to tell an
edited file from an unchanged one without reading it."""

from __future__ import annotations

import os

__all__ = ["file_stamp"]


def file_stamp(path: str) -> tuple[int, int] | None:
    """``(mtime_ns, size)`` of ``path``, ``None`` when it cannot be stat'ed."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size
