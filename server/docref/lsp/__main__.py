"""``python -m docref.lsp``: the language server over stdio, logging warnings to stderr."""

import logging
import sys

from docref.lsp.cli import serve_stdio

# Indexing spawns worker processes; when this file is run by path they import it again as
# ``__mp_main__``, and without the guard each would start a server of its own.
if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="docref: %(message)s")
    raise SystemExit(serve_stdio())
