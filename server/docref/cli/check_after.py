"""What ``docref check`` does with its findings besides printing them: ``--config``, the rule
selection, ``--fix``/``--diff``, ``--add-ignore``, and the ruff-style outputs (``--statistics``,
``concise``/``full``/``gitlab``/``junit``, colour)."""

from __future__ import annotations

import argparse
import os
import sys
import tomllib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from docref.cli.check_rules import Selection, SelectionError

if TYPE_CHECKING:
    from docref.checks.static.base import Rule
    from docref.config import Settings
    from docref.core.codes import IgnoreList
    from docref.core.findings import Finding
    from docref.graph.project import ProjectGraph

__all__ = [
    "SelectionError",
    "base_settings",
    "emit_more",
    "fix_or_mark",
    "select_findings",
    "selection_of",
]


def base_settings(config: str | None, root: str) -> Settings:
    """The settings before the flags: ``--config FILE`` or ``[tool.docref]`` of the root."""
    from docref.config import ConfigError, Settings, load_settings

    if config is None:
        return load_settings(root)
    try:
        with open(config, "rb") as fh:
            document = tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"--config {config}: cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--config {config}: not valid TOML: {exc}") from None
    tool = document.get("tool")
    if isinstance(tool, dict) and "docref" in tool:
        table, where = tool["docref"], f"{config} [tool.docref]"
    elif os.path.basename(config) == "pyproject.toml":
        return Settings(source=config)  # a pyproject.toml without [tool.docref]: defaults
    else:
        table, where = document, config
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table of settings")
    return Settings.from_mapping(table, where)


def selection_of(args: argparse.Namespace) -> Selection:
    """The selection flags (``SelectionError`` on a code that names nothing)."""
    return Selection.from_flags(args.select, args.extend_select, args.ignore, args.extend_ignore)


def selected_settings(settings: Settings, selection: Selection) -> Settings:
    """``settings`` with the opt-in rules a selector names turned on and the model asked only
    about the criteria whose findings are reported."""
    if selection.empty:
        return settings
    enable = tuple(dict.fromkeys((*settings.enable, *selection.opt_in())))
    criteria = selection.criteria(settings.criteria)
    return settings.override(enable=enable, criteria=criteria or None)


def select_findings(findings: list[Finding], selection: Selection) -> list[Finding]:
    if selection.empty:
        return findings
    return [f for f in findings if selection.allows_finding(f)]


def fix_or_mark(
    args: argparse.Namespace,
    graph: ProjectGraph,
    findings: list[Finding],
    ignore: IgnoreList,
    settings: Settings,
    selection: Selection,
) -> tuple[list[Finding], int | None]:
    """``--add-ignore`` (the exit code: 0 once written) or ``--fix``/``--diff`` (the findings
    left, and with ``--diff`` the exit code); ``(findings, None)`` when neither is asked.
    After ``--fix`` the fixed files are checked again, so what is left is reported at its
    new position."""
    if args.add_ignore:
        from docref.cli.check_mark import add_markers

        written, problems = add_markers(graph, findings)
        for p in problems:
            print(f"docref: warning: {p}", file=sys.stderr)
        print(
            f"docref: added {written} ignore marker(s) for {len(findings)} finding(s)",
            file=sys.stderr,
        )
        return findings, 2 if problems else 0
    if not (args.fix or args.diff):
        return findings, None
    from docref.checks.static.runner import rules_for
    from docref.cli.check_fix import apply_fixes, fix_files

    rules = rules_for(settings.enable)
    fixes, problems = fix_files(graph, findings, ignore, rules)
    problems += apply_fixes(graph, fixes, diff=args.diff)
    if not args.quiet:
        for p in problems:
            print(f"docref: warning: {p}", file=sys.stderr)
    count = sum(len(fix.fixed) for fix in fixes)
    if args.diff:
        if not args.quiet:
            noun = "file" if len(fixes) == 1 else "files"
            print(f"docref: {count} fixable finding(s) in {len(fixes)} {noun}", file=sys.stderr)
        return findings, 1 if fixes else 0
    if not args.quiet:
        print(f"docref: fixed {count} finding(s) in {len(fixes)} file(s)", file=sys.stderr)
    left = _recheck(graph, findings, {fix.path for fix in fixes}, ignore, rules, selection)
    if args.unsafe_fixes:
        left = _model_fixes(args, graph, left, settings, ignore, rules, selection)
    return left, None


def _model_fixes(
    args: argparse.Namespace,
    graph: ProjectGraph,
    findings: list[Finding],
    settings: Settings,
    ignore: IgnoreList,
    rules: tuple[Rule, ...],
    selection: Selection,
) -> list[Finding]:
    """``--unsafe-fixes``: the model rewrites what is left (:mod:`docref.cli.check_unsafe`)."""
    from docref.cli.check_fix import apply_fixes
    from docref.cli.check_unsafe import model_fixes
    from docref.fixes.verify import finding_key

    fixes, problems = model_fixes(
        graph, findings, settings, rules, ignore, use_cache=not args.no_llm_cache
    )
    problems += apply_fixes(graph, fixes, diff=False)
    if not args.quiet:
        for p in problems:
            print(f"docref: warning: {p}", file=sys.stderr)
        count = sum(len(fix.fixed) for fix in fixes)
        print(
            f"docref: the model fixed {count} finding(s) in {len(fixes)} file(s) "
            "(--unsafe-fixes: review the changes)",
            file=sys.stderr,
        )
    gone = {(f.path, f.qualname, finding_key(f)) for fix in fixes for f in fix.fixed}
    left = [f for f in findings if (f.path, f.qualname, finding_key(f)) not in gone]
    return _recheck(graph, left, {fix.path for fix in fixes}, ignore, rules, selection)


def _recheck(
    graph: ProjectGraph,
    findings: list[Finding],
    paths: set[str],
    ignore: IgnoreList,
    rules: tuple[Rule, ...],
    selection: Selection,
) -> list[Finding]:
    """``findings`` with the static ones of ``paths`` replaced by a fresh check of the files
    as written (a model finding there keeps its old position: it is not asked again)."""
    from docref.core.findings import Tier
    from docref.engine.static import check_static

    for path in paths:
        graph.update(path, None)
    run = check_static(graph, sorted(paths), rules=rules, ignore=ignore)
    fresh = {r.path: select_findings(r.findings, selection) for r in run.reports}
    out: list[Finding] = []
    for f in findings:
        if f.path not in paths or f.tier is not Tier.STATIC:
            out.append(f)
        elif f.path in fresh:
            out.extend(fresh.pop(f.path))
    out.extend(f for found in fresh.values() for f in found)  # files with only model findings
    return out


_MORE = frozenset({"text", "concise", "full", "gitlab", "junit"})


def emit_more(
    fmt: str,
    findings: Sequence[Finding],
    settings: Settings,
    root: str,
    files: Sequence[str],
    statistics: bool,
) -> bool:
    """Print ``findings`` in a format of :mod:`docref.cli.formats_more` (or the default text
    in colour); ``False`` when ``fmt`` is not one of them."""
    if not statistics and fmt not in _MORE:
        return False  # not imported for JSON or SARIF: it brings xml.etree
    from docref.cli import formats_more as more

    palette = more.Palette(more.colour_wanted(sys.stdout))
    if statistics:
        lines = more.statistics_lines(findings, palette)
    elif fmt == "text":
        lines = [more.text_line(f, palette) for f in findings]
    elif fmt == "concise":
        lines = more.concise_lines(findings, palette)
    elif fmt == "full":
        lines = more.full_lines(findings, root, palette)
    elif fmt == "gitlab":
        lines = [more.gitlab_json(findings, dict(settings.severity))]
    elif fmt == "junit":
        lines = [more.junit_xml(findings, files)]
    else:
        return False
    for line in lines:
        print(line)
    return True
