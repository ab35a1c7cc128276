"""The ``docref`` command line: ``segment``, ``context``, ``index``.

Exit codes: 0 success, 2 usage or input error (unknown function, unreadable path).
"""

from docref.cli.main import main

__all__ = ["main"]
