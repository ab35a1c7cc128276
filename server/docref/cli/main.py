"""Argument parsing and dispatch; each command lives in :mod:`docref.cli.commands`."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from docref.cli import commands
from docref.cli.check import check as check_command
from docref.cli.check import parse_criteria
from docref.defaults import DEFAULT_TOKEN_BUDGET


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="docref",
        description="Find docstring sentences that are inconsistent with the code.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (stderr)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    seg = sub.add_parser(
        "segment", help="split prose into sentences (ReFEree/Punkt parity), JSON lines"
    )
    seg.add_argument("--text", help="the text to split (default: read standard input)")
    seg.set_defaults(func=commands.segment)

    ctx = sub.add_parser(
        "context", help="show a function's docstring segments and 1-hop related information"
    )
    ctx.add_argument("target", metavar="PATH::QUALNAME", help="e.g. pkg/mod.py::Class.method")
    ctx.add_argument("--json", action="store_true", help="machine-readable output")
    ctx.add_argument(
        "--budget",
        type=int,
        default=DEFAULT_TOKEN_BUDGET,
        help=f"token budget of the related information (default {DEFAULT_TOKEN_BUDGET})",
    )
    ctx.add_argument("--root", help="workspace root (default: nearest project marker)")
    ctx.add_argument("--no-external", action="store_true", help="skip external API docs")
    ctx.add_argument("--no-cache", action="store_true", help="do not use the on-disk cache")
    ctx.set_defaults(func=commands.context)

    chk = sub.add_parser(
        "check",
        help="report docstring sentences the static tier proves (or, with --model, the "
        "model judges) inconsistent",
    )
    chk.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to check")
    chk.add_argument("--format", choices=("text", "json"), default="text")
    chk.add_argument("--root", help="workspace root (default: nearest project marker)")
    chk.add_argument("--no-cache", action="store_true", help="do not use the on-disk cache")
    llm = chk.add_argument_group("LLM tier (runs only with --model)")
    llm.add_argument(
        "--model",
        help="litellm model id, e.g. openai/gpt-4.1-mini or ollama_chat/qwen2.5-coder "
        "(default: static tier only)",
    )
    llm.add_argument("--api-base", help="endpoint URL, e.g. http://127.0.0.1:8080/v1")
    llm.add_argument(
        "--api-key-env", metavar="NAME", help="environment variable holding the API key"
    )
    llm.add_argument(
        "--criteria",
        type=parse_criteria,
        default=("C1", "C2", "C3", "C4"),
        metavar="C1,C2,C3,C4",
        help="criteria to ask the model about (default: all four)",
    )
    llm.add_argument(
        "--profile",
        choices=("paper", "referee-ver4"),
        default="paper",
        help="prompt profile (default: paper)",
    )
    llm.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds per model call"
    )
    llm.add_argument(
        "--max-concurrency", type=int, default=16, metavar="N", help="model calls in flight"
    )
    llm.add_argument(
        "--local-only",
        action="store_true",
        help="refuse any model endpoint that is not on this machine (loopback)",
    )
    llm.add_argument(
        "--no-llm-cache", action="store_true", help="do not read or write cached model answers"
    )
    llm.add_argument(
        "--no-llm", action="store_true", help="static tier only, even when a model is given"
    )
    llm.add_argument(
        "--on-llm-error",
        choices=("fail", "warn"),
        default="fail",
        help="a model that could not be used: exit 2 (fail, default) or report and go on (warn)",
    )
    chk.set_defaults(func=check_command)

    idx = sub.add_parser("index", help="index a tree and report what was found")
    idx.add_argument("path", help="the workspace folder")
    idx.add_argument("--json", action="store_true", help="machine-readable output")
    idx.add_argument("--no-cache", action="store_true", help="do not use the on-disk cache")
    idx.add_argument(
        "--workers", type=int, default=None, help="extraction processes (default: CPU count)"
    )
    idx.set_defaults(func=commands.index)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    level = logging.WARNING - 10 * min(args.verbose, 2)
    logging.basicConfig(level=level, stream=sys.stderr, format="docref: %(message)s")
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # `docref ... | head`
        return 0
    except KeyboardInterrupt:
        return 130
    return result
