"""The cold pool's private temporary folder, and the sweep of those a killed run left behind.

A run removes its folder when it ends (:meth:`docref.engine.cold.ColdPool.close`), also on
Ctrl-C; a run killed outright (SIGKILL, the OOM killer, a CI job's timeout) cannot, and its
folder -- the whole project's serialised extracts -- would stay in the temporary directory
for good.  So each folder says who owns it: the parent's pid in its name
(``docref-cold-<pid>-<random>``) and a ``lock`` file the parent holds an ``flock`` on while
it lives.  The kernel drops the lock when its holder dies, however it dies; a later run
takes it, which proves the owner gone, and removes the folder.  A live run's folder is never
touched: its lock cannot be taken, and in the moment before the lock file exists (it is
locked under another name, then renamed into place) the pid in the name is alive.  Folders
of other users, and names that do not parse, are left alone.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import tempfile

__all__ = ["PREFIX", "make_run_dir", "release_run_dir", "sweep_stale"]

log = logging.getLogger(__name__)

PREFIX = "docref-cold-"
_LOCK = "lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock; folders there are left as before
    fcntl = None  # type: ignore[assignment]

# the lock of this process's folders, held open to the end of the run (closed by the kernel
# at exit, which releases it); keyed by folder
_held: dict[str, int] = {}


def make_run_dir() -> str:
    """A new private folder for this run (``mkdtemp``: mode 0700), locked as this process's,
    after removing the folders of runs that died without removing theirs."""
    sweep_stale()
    path = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    if fcntl is not None:
        # locked before it gets its name: a sweeper that finds ``lock`` always meets a lock
        # that was held (by us while we live)
        staging = os.path.join(path, _LOCK + ".new")
        fd = os.open(staging, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.rename(staging, os.path.join(path, _LOCK))
        _held[path] = fd
    return path


def drop_inherited_locks() -> None:
    """In a forked worker: close its copies of the parent's folder locks.  A ``flock`` lives
    while any descriptor of it is open, so a worker orphaned by a killed parent would keep the
    dead run's folder locked, and the next run could not remove it."""
    for fd in _held.values():
        with contextlib.suppress(OSError):
            os.close(fd)
    _held.clear()


def release_run_dir(path: str) -> None:
    """Remove this run's folder ``path`` and let its lock go."""
    shutil.rmtree(path, ignore_errors=True)
    fd = _held.pop(path, None)
    if fd is not None:
        os.close(fd)


def sweep_stale(parent: str | None = None) -> list[str]:
    """Remove the cold-run folders under ``parent`` (the temporary directory) whose owner is
    dead; returns them.  Never raises: a folder that cannot be judged or removed stays."""
    parent = parent or tempfile.gettempdir()
    try:
        names = [n for n in os.listdir(parent) if n.startswith(PREFIX)]
    except OSError:
        return []
    removed = []
    for name in names:
        path = os.path.join(parent, name)
        try:
            if path not in _held and _stale(path, name):
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
        except OSError as exc:  # gone meanwhile, not ours, unreadable: leave it
            log.debug("not sweeping %s: %s", path, exc)
    if removed:
        log.info("removed %d temporary folder(s) of killed docref runs", len(removed))
    return removed


def _stale(path: str, name: str) -> bool:
    info = os.lstat(path)
    if info.st_uid != os.getuid() or not os.path.isdir(path) or os.path.islink(path):
        return False
    pid_text = name[len(PREFIX) :].split("-", 1)[0]
    if not pid_text.isdigit():
        return False  # not named by this module (an older docref's): its owner is unknown
    lock = os.path.join(path, _LOCK)
    if fcntl is not None and os.path.exists(lock):
        fd = os.open(lock, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # held: the run is alive
        finally:
            os.close(fd)  # releases it again (the folder goes next)
        return True
    return not _alive(int(pid_text))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process (EPERM): alive
        return True
    return True
