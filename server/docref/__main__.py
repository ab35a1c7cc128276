"""``python -m docref`` — the same as the ``docref`` console script."""

from docref.cli import run

run()
