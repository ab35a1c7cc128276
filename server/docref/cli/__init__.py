"""The ``docref`` command line: ``check``, ``segment``, ``context``, ``index``, ``cache``,
``eval`` (agreement with human labels), ``roundtrip`` (rebuild a body from its docstring),
``serve`` (the language server).

Exit codes: 0 success (``check``: no findings), 1 ``check`` found inconsistencies, 2 usage or
input error (unknown function, unreadable path) or a check that could not run.
"""

import contextlib
import os
import sys

from docref.cli.main import main

__all__ = ["main", "run"]


def run() -> None:
    """Console-script entry point: :func:`main`, then exit.

    Once litellm is loaded, an ordinary interpreter shutdown takes 1-1.5 s (its module graph
    and finalizers), longer than a cached re-run takes.  docref has closed its caches and
    clients by then, so after flushing the output the process ends at once.  Only here: code
    calling :func:`main` in-process keeps a normal shutdown.
    """
    code = main()
    if "litellm" in sys.modules:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a closed pipe (`… | head`)
                stream.flush()
        os._exit(code)
    raise SystemExit(code)
