"""External module summaries shared by the processes of one run (a cold run's workers).

Each worker of a cold run resolves names against the same installed modules (``typing``,
``os``, the project's dependencies), and :func:`~docref.external.py_source.load_source`
parsed each of them once *per process*: with two workers, every external module twice (~4%
of a cold run's CPU on Django).  Here the first process to need a module claims it
(``O_EXCL`` on a claim file) and parses it; another process that needs it meanwhile says so
(a ``want`` file) and waits for it (a few milliseconds), then loads the pruned summary the
owner published in the run's own folder instead of parsing -- a summary loads 2-5x faster
than ``ast.parse`` plus the walk.

A summary nobody asked for by the time it is parsed is not published: pickling and writing
one costs a third of its parse, and on astropy 93 of the 166 modules a cold run parses are
needed by one worker only.  The owner leaves a ``skip`` file instead; a process that needs
the module later parses it itself at once (no wait).  The owner looks for a ``want`` again
after writing ``skip``, so a process that asked in between is never left waiting.

The folder is made by the parent for this run only (``tempfile.mkdtemp``: private to the
user) and removed at its end, so nothing persisted by an earlier run is ever read and
``--no-cache`` stays honest.  That is also why :mod:`pickle` is acceptable here (the on-disk
caches are pickle-free): only sibling processes of this run write the files.  A summary is
keyed by module name, path, package flag and the file's mtime and size, as the in-process
cache is; anything that goes wrong (a claim whose owner died, a file that does not load)
falls back to parsing in this process, so the results are those of an unshared run.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import time
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["share_summaries", "shared"]

T = TypeVar("T")

_WAIT_S = 3.0  # longest wait for another process's parse before parsing here
_POLL_S = 0.002

_folder: str | None = None


def share_summaries(folder: str | None) -> None:
    """Share summaries through ``folder`` (one run's private folder), or stop (``None``)."""
    global _folder
    _folder = folder


def shared(key: str, parse: Callable[[], T]) -> T:
    """``parse()``'s result, computed once among the processes sharing the folder that need
    it at the same time (see the module docstring)."""
    folder = _folder
    if folder is None:
        return parse()
    done = os.path.join(folder, hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest())
    claim, want, skip = done + ".claim", done + ".want", done + ".skip"
    deadline = 0.0
    while True:
        try:
            found: tuple[T] | None = _load(done)
        except Exception:  # damaged (cannot happen short of a bug): parse here
            return parse()
        if found is not None:
            return found[0]
        try:
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:  # another process is parsing it, or parsed it for itself
            if os.path.exists(skip):
                return parse()
            if not deadline:
                _touch(want)
            now = time.monotonic()
            deadline = deadline or now + _WAIT_S
            if now > deadline:
                return parse()
            time.sleep(_POLL_S)
            continue
        except OSError:  # the folder is gone (the run is ending)
            return parse()
        value = parse()
        if not os.path.exists(want):
            _touch(skip)
            if not os.path.exists(want):  # (a process that asks from now on sees ``skip``)
                return value
        _publish(done, claim, value)
        return value


def _touch(path: str) -> None:
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _load(path: str) -> tuple[Any] | None:
    """``(value,)``, or None when nobody has published it yet."""
    try:
        handle = open(path, "rb")  # noqa: SIM115
    except FileNotFoundError:
        return None
    with handle:
        return (pickle.load(handle),)  # written by this run's processes only


def _publish(done: str, claim: str, value: object) -> None:
    tmp = f"{done}.{os.getpid()}"
    try:
        with open(tmp, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, done)  # atomic: a reader sees the whole file or none
    except Exception:  # too deep to pickle, disk full: the others parse it themselves
        for path in (tmp, claim):
            with contextlib.suppress(OSError):
                os.unlink(path)
