"""``python -m docref.eval`` -- the same as ``docref eval``."""

import contextlib
import os
import sys

from docref.eval.cli import main

code = main()
if "litellm" in sys.modules:
    # as in docref.cli.run: litellm's interpreter shutdown costs more than a cached run
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
sys.exit(code)
