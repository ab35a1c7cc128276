"""Worker processes that end with the process that started them.

A parent killed outright (SIGKILL, the OOM killer) runs no ``finally`` and stops no worker.
A ``concurrent.futures`` pool's worker then waits on its call queue forever (it holds a
write end of that queue itself, so it never reads end-of-file), and the run's
``multiprocessing`` resource tracker lives as long as any worker holds its pipe: orphans
seen after a killed ``docref check`` under heavy load.

Each worker watches its parent from a daemon thread: once its parent pid is no longer the
one that started it (the orphan was re-parented to init or a subreaper), it leaves at once.
Not ``prctl(PR_SET_PDEATHSIG)``: that signal follows the *thread* that started the worker,
and the language server starts pools from worker threads, which may end before the pool.
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["CHECK_EVERY_S", "exit_with_parent"]

CHECK_EVERY_S = 1.0
"""How often a worker looks at its parent pid (one ``getppid`` call: nothing measurable)."""


def exit_with_parent(parent: int, every: float = CHECK_EVERY_S) -> None:
    """End this process (``os._exit``: the parent that would read its results is gone) once
    ``parent`` is no longer its parent, checked now and every ``every`` seconds from a
    daemon thread.  ``parent`` is the starter's pid as the starter saw it: a parent killed
    before this worker got here is caught by the first check.  POSIX only in effect (on
    Windows an orphan keeps its parent pid)."""
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="docref-parent-watch", daemon=True).start()
