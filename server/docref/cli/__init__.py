"""The ``docref`` command line: ``check``, ``segment``, ``context``, ``index``, ``cache``,
``eval`` (agreement with human labels), ``roundtrip`` (rebuild a body from its docstring),
``serve`` (the language server).

Exit codes: 0 success (``check``: no findings), 1 ``check`` found inconsistencies, 2 usage or
input error (unknown function, unreadable path) or a check that could not run.
"""

import atexit
import contextlib
import os
import sys
import threading

from docref.cli.main import command_word, main

__all__ = ["main", "run"]


def run() -> None:
    """Console-script entry point: :func:`main`, then exit.

    Once litellm is loaded, an ordinary interpreter shutdown takes 1-1.5 s (its module graph
    and finalizers), longer than a cached re-run takes.  docref has closed its caches and
    clients by then, so after flushing the output the process ends at once.

    ``docref check`` without a model ends the same way once the exit handlers have run and
    when no other thread is left to wait for: its last output is out, and what an ordinary
    shutdown would still do is free the project graph and the reports object by object
    while nothing else runs (~20-40 ms of a cold run of astropy or Django, after the
    workers have stopped).  Only here: code calling :func:`main` in-process keeps a normal
    shutdown.
    """
    code = main()
    if "litellm" in sys.modules:
        _flush()
        os._exit(code)
    if command_word(sys.argv[1:]) == "check" and threading.active_count() == 1:
        atexit._run_exitfuncs()  # logging's flush, coverage's data file, multiprocessing's
        _flush()
        os._exit(code)
    raise SystemExit(code)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe (`… | head`)
            stream.flush()
