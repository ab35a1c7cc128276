"""The ruff-style flags of ``docref check``: rule selection, exit and output control, fixes."""

from __future__ import annotations

import argparse

__all__ = ["FORMATS", "add_check_flags"]

FORMATS = ("text", "concise", "full", "json", "sarif", "github", "gitlab", "junit")


def add_check_flags(chk: argparse.ArgumentParser) -> None:
    rules = chk.add_argument_group(
        "rule selection (codes or prefixes, comma-separated or repeated: C2, C2-PARAM, "
        "C2-PARAM-TYPE; `docref rules` lists them)"
    )
    for flag, what in (
        ("--select", "report only these codes (replaces the default set)"),
        ("--extend-select", "report these codes too (turns on an opt-in rule it names)"),
        ("--ignore", "do not report these codes"),
        ("--extend-ignore", "do not report these codes either"),
    ):
        rules.add_argument(flag, action="append", default=None, metavar="CODES", help=what)
    out = chk.add_argument_group("exit status and output")
    out.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    out.add_argument(
        "--statistics", action="store_true", help="print the number of findings per code instead"
    )
    out.add_argument(
        "--config",
        metavar="FILE",
        help="read settings from FILE (a pyproject.toml's [tool.docref], or a TOML file of "
        "the same keys at its top level) instead of the root's pyproject.toml",
    )
    out.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print the findings only: no summary, no hints, no progress bar",
    )
    fixes = chk.add_argument_group("fixes")
    fixes.add_argument(
        "--fix",
        action="store_true",
        help="apply the deterministic fixes to the files (no model unless --unsafe-fixes)",
    )
    fixes.add_argument(
        "--diff",
        action="store_true",
        help="print the fixes as a unified diff instead of writing them; exit 1 if there is one",
    )
    fixes.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix and a model: let the model rewrite what no deterministic fix can",
    )
    fixes.add_argument(
        "--add-ignore",
        action="store_true",
        help="write a `docref: ignore[CODE]` marker for every current finding (at the "
        "docstring's closing line) and exit 0",
    )
