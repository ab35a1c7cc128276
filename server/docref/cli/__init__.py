"""The ``docref`` command line: ``check``, ``segment``, ``context``, ``index``.

Exit codes: 0 success (``check``: no findings), 1 ``check`` found inconsistencies, 2 usage or
input error (unknown function, unreadable path) or a check that could not run.
"""

from docref.cli.main import main

__all__ = ["main"]
