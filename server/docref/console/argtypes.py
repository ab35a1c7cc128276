"""argparse value types shared by docref's commands (``check``, ``eval``, ``roundtrip``), and
the ``PATH::QUALNAME`` target of ``context`` and ``roundtrip``."""

from __future__ import annotations

import argparse
import os

__all__ = ["existing_target", "positive_float", "positive_int", "shard", "split_target"]


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


def shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``: shard I of N, 1 <= I <= N (argparse type)."""
    index, sep, count = text.partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        i = n = 0
    if not sep or n < 1 or not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"expected I/N with 1 <= I <= N, e.g. 2/4; got {text!r}")
    return i, n


def split_target(target: str) -> tuple[str, str]:
    """``PATH::QUALNAME`` (a function of a file, as ``docref context`` and ``docref roundtrip``
    take it) split in two; ``ValueError`` says what was expected."""
    path, sep, qualname = target.rpartition("::")
    if not sep or not path or not qualname:
        raise ValueError(f"expected PATH::QUALNAME, got {target!r}")
    return path, qualname


def existing_target(target: str) -> tuple[str, str]:
    """:func:`split_target`, and the path must be a file; ``ValueError`` says what is wrong."""
    path, qualname = split_target(target)
    if not os.path.isfile(path):
        raise ValueError(f"{path}: no such file")
    return path, qualname
