"""How a cold run's worker processes start (:mod:`docref.engine.cold`): forked after the
parent imports their modules once where that is safe (:func:`start_context`), else spawned,
and without re-running the parent's main script in each (:func:`main_not_rerun`, which the
model tier's worker processes use too, :mod:`docref.engine.model_worker`).
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from docref.engine.cold_worker import preload

if TYPE_CHECKING:
    from multiprocessing.context import ForkContext, SpawnContext

__all__ = ["main_not_rerun", "start_context"]


def start_context() -> ForkContext | SpawnContext:
    """How the workers start: forked from this process where that is safe, else spawned.

    A forked worker inherits the modules :func:`preload` imports here once, where each
    spawned one imports them itself.  Fork only on Linux (macOS's system libraries are not
    fork-safe) and only while this process runs one thread (fork copies no other thread,
    and a lock another thread held stays held in the child); anything else spawns."""
    if (
        sys.platform.startswith("linux")
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    ):
        preload()
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


@contextmanager
def main_not_rerun() -> Iterator[None]:
    """Start processes without having them run the parent's main script first.

    Spawn re-runs a main module known only by its path (the ``docref`` console script) in
    each child, importing the whole CLI there (~0.1 s of CPU per worker for nothing: the
    worker's code is :mod:`docref.engine.cold_worker`, imported by name).  Without a
    ``__file__`` at start-up the child leaves its main module alone; a main module known by
    name (``python -m docref``, pytest) is never re-run anyway.
    """
    main_module = sys.modules.get("__main__")
    path = None
    if main_module is not None and getattr(main_module, "__spec__", None) is None:
        path = main_module.__dict__.pop("__file__", None)
    try:
        yield
    finally:
        if path is not None:
            main_module.__file__ = path  # type: ignore[union-attr]
