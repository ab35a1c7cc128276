"""argparse value types shared by docref's commands (``check``, ``eval``, ``roundtrip``), and
the ``PATH::QUALNAME`` target of ``context`` and ``roundtrip``."""

from __future__ import annotations

import argparse

__all__ = ["positive_float", "positive_int", "split_target"]


def positive_int(text: str) -> int:
    """An integer >= 1 (argparse type); anything else is a usage error naming the text."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def positive_float(text: str) -> float:
    """A finite number > 0 (argparse type); anything else is a usage error naming the text."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def split_target(target: str) -> tuple[str, str]:
    """``PATH::QUALNAME`` (a function of a file, as ``docref context`` and ``docref roundtrip``
    take it) split in two; ``ValueError`` says what was expected."""
    path, sep, qualname = target.rpartition("::")
    if not sep or not path or not qualname:
        raise ValueError(f"expected PATH::QUALNAME, got {target!r}")
    return path, qualname
