"""``python -m docref.roundtrip PATH::QUALNAME ...``: the same as ``docref roundtrip ...``."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys

from docref.roundtrip.cli import add_roundtrip_parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` as the arguments of ``docref roundtrip`` and run it.

    Args:
        argv (list[str] | None): The arguments after the command (default: ``sys.argv``).

    Returns:
        int: The exit code.
    """
    parser = argparse.ArgumentParser(prog="docref")
    sub = parser.add_subparsers(dest="command", required=True)
    add_roundtrip_parser(sub)
    args = parser.parse_args(["roundtrip", *(sys.argv[1:] if argv is None else argv)])
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="docref: %(message)s")
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    status = main()
    # as ``docref.cli.run``: once litellm is loaded its interpreter shutdown takes a second
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
