"""Argument parsing and dispatch; each command lives in :mod:`docref.cli.commands`."""

from __future__ import annotations

import argparse
import logging
import sys
import traceback
from collections.abc import Sequence

from docref.cli import commands
from docref.cli.cache_cmd import add_cache_parser
from docref.cli.check import check as check_command
from docref.cli.check import parse_criteria
from docref.cli.check_flags import FORMATS, add_check_flags
from docref.cli.merge import add_merge_parser
from docref.cli.rules_cmd import add_rules_parsers
from docref.config.root import ROOT_HELP
from docref.console.argtypes import positive_float, positive_int, shard
from docref.defaults import DEFAULT_TOKEN_BUDGET
from docref.lsp.cli import add_serve_parser


class _VersionAction(argparse.Action):
    """``--version``, looking the version up only when asked (it costs an import)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        import docref

        print(f"docref {docref.__version__}")
        parser.exit()


_HEAVY = {
    "eval": "agreement of docref and other judges with human labels on a dataset",
    "roundtrip": "regenerate a function's body from its docstring and run its tests (pass@k, "
    "forward lift)",
}
"""Commands whose parsers import their command's modules, with their help lines."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; when ``command`` is known to be another one than those
    of :data:`_HEAVY`, theirs are placeholders (the command list reads the same)."""
    parser = argparse.ArgumentParser(
        prog="docref",
        description="Find docstring sentences that are inconsistent with the code.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (stderr)")
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0, help="show the version and exit"
    )
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
    ctx.add_argument("--root", help=ROOT_HELP)
    ctx.add_argument("--no-external", action="store_true", help="skip external API docs")
    ctx.add_argument("--no-cache", action="store_true", help="do not use the on-disk cache")
    ctx.set_defaults(func=commands.context)

    chk = sub.add_parser(
        "check",
        help="report docstring sentences the static tier proves (or, with a model, the "
        "model judges) inconsistent",
        description="Settings are read from [tool.docref] in the workspace's pyproject.toml; "
        "the flags below override them.",
    )
    chk.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to check")
    chk.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default), concise, full (with source lines), json, sarif (SARIF 2.1.0), "
        "github (workflow annotations), gitlab (Code Quality) or junit (XML)",
    )
    chk.add_argument("--root", help=ROOT_HELP)
    chk.add_argument("--no-cache", action="store_true", help="do not use the on-disk index cache")
    chk.add_argument(
        "--since",
        metavar="REF",
        help="only functions changed since the merge-base of HEAD and REF (git), "
        "uncommitted edits included",
    )
    chk.add_argument(
        "--shard",
        type=shard,
        default=None,
        metavar="I/N",
        help="check only shard I of N of the functions (a hash of path and qualname: stable "
        "when files are added); merge the N outputs with `docref merge`",
    )
    chk.add_argument(
        "--baseline", metavar="FILE", help="hide the findings recorded in this baseline file"
    )
    chk.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record every current finding in FILE (keyed by qualname + sentence hash) and exit 0",
    )
    chk.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: the CPU count); on a cold start of 64 files or "
        "more the workers that extract the project also check it; 1: all in this process",
    )
    chk.add_argument(
        "--enable",
        action="append",
        default=None,
        metavar="RULE",
        help="turn on an opt-in rule, e.g. DOC-PARAM-MISSING (repeatable)",
    )
    chk.add_argument(
        "--no-progress", action="store_true", help="no progress bar (shown only on a terminal)"
    )
    chk.add_argument(
        "--context-tokens",
        type=positive_int,
        default=None,
        metavar="N",
        help=f"token budget of a function's related information (default {DEFAULT_TOKEN_BUDGET})",
    )
    llm = chk.add_argument_group("LLM tier (runs only with a model: --model or model = ...)")
    llm.add_argument(
        "--model",
        help="litellm model id, e.g. openai/gpt-4.1-mini or ollama_chat/qwen2.5-coder "
        "(default: static tier only)",
    )
    llm.add_argument(
        "--api-base",
        action="append",
        default=None,
        metavar="URL",
        help="endpoint URL, e.g. http://127.0.0.1:8080/v1; repeat it to spread the questions "
        "over several endpoints (a litellm Router)",
    )
    llm.add_argument(
        "--api-key-env", metavar="NAME", help="environment variable holding the API key"
    )
    llm.add_argument(
        "--criteria",
        type=parse_criteria,
        default=None,
        metavar="C1,C2,C3,C4",
        help="criteria to ask the model about (default: all four)",
    )
    llm.add_argument(
        "--profile",
        choices=("paper", "referee-ver4"),
        default=None,
        help="prompt profile (default: paper)",
    )
    llm.add_argument(
        "--timeout",
        type=positive_float,
        default=None,
        metavar="S",
        help="seconds per model call (default 30)",
    )
    llm.add_argument(
        "--max-concurrency",
        type=positive_int,
        default=None,
        metavar="N",
        help="model calls in flight (default 16)",
    )
    llm.add_argument(
        "--max-calls",
        type=positive_int,
        default=None,
        metavar="N",
        help="at most N model requests in this run; checks beyond it are reported as unknown",
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
        "--cache-url",
        metavar="URL",
        help="the team's shared answer cache, redis://host:port/db or rediss:// (password: "
        "the environment variable named by cache_password_env)",
    )
    llm.add_argument(
        "--no-llm", action="store_true", help="static tier only, even when a model is configured"
    )
    llm.add_argument(
        "--on-llm-error",
        choices=("fail", "warn"),
        default=None,
        help="a model that could not be used or failed: exit 2 (fail, default) or report and "
        "go on (warn)",
    )
    add_check_flags(chk)
    chk.set_defaults(func=check_command)

    idx = sub.add_parser("index", help="index a tree and report what was found")
    idx.add_argument("path", help="a folder; its project root is indexed (docs/cli.md: roots)")
    idx.add_argument("--json", action="store_true", help="machine-readable output")
    idx.add_argument("--no-cache", action="store_true", help="do not use the on-disk cache")
    idx.add_argument(
        "--workers", type=int, default=None, help="extraction processes (default: CPU count)"
    )
    idx.set_defaults(func=commands.index)
    add_cache_parser(sub)
    add_rules_parsers(sub)
    add_merge_parser(sub)
    light = command is not None and command not in _HEAVY
    if light:  # another command runs: their help lines only (~20 ms of imports saved)
        sub.add_parser("eval", help=_HEAVY["eval"])
    else:
        from docref.eval.cli import add_eval_parser

        add_eval_parser(sub)
    add_serve_parser(sub)
    if light:
        sub.add_parser("roundtrip", help=_HEAVY["roundtrip"])
    else:
        from docref.roundtrip.cli import add_roundtrip_parser

        add_roundtrip_parser(sub)
    return parser


def command_word(argv: Sequence[str]) -> str | None:
    """The command word of ``argv`` (``None``: none, or help asked before it)."""
    for arg in argv:
        if arg in ("-h", "--help"):
            return None
        if not arg.startswith("-"):
            return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(command_word(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    level = logging.WARNING - 10 * min(args.verbose, 2)
    logging.basicConfig(level=level, stream=sys.stderr, format="docref: %(message)s")
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # `docref ... | head`
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a docref bug: exit 2 (never 1, which means "findings")
        if args.verbose:
            traceback.print_exc()
        print(
            f"docref: internal error: {type(exc).__name__}: {exc} (run with -v for the traceback)",
            file=sys.stderr,
        )
        return 2
    return result
