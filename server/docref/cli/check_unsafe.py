"""``docref check --fix --unsafe-fixes`` with a model: model rewrites of what is left.

After the deterministic fixes are written, each documented function that still has a
reported finding (static, or the model judge's) gets the editor's "Fix this docstring"
(:func:`~docref.fixes.fix_docstring`): a model rewrite, validated and re-checked by every
tier, kept only if it fixes its findings without new ones.  Each accepted docstring must
leave the file parsing with nothing but docstrings changed, as ``--fix`` requires; the files
are then written the same way.  "Unsafe" because a model writes the text: review the diff.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

from docref.cli.check_fix import FileChange
from docref.fixes.safety import why_unsafe

if TYPE_CHECKING:
    from docref.checks.static.base import Rule
    from docref.config import Settings
    from docref.core.codes import IgnoreList
    from docref.core.findings import Finding
    from docref.fixes.rewrite import ModelSetup
    from docref.graph.project import ProjectGraph

__all__ = ["model_fixes"]


def model_fixes(
    graph: ProjectGraph,
    findings: Sequence[Finding],
    settings: Settings,
    rules: tuple[Rule, ...],
    ignore: IgnoreList,
    *,
    use_cache: bool = True,
) -> tuple[list[FileChange], list[str]]:
    """The model's rewrites of the docstrings with ``findings``, file by file, and the
    problems met (a rewrite refused, and why)."""
    return asyncio.run(_rewrite_all(graph, findings, settings, rules, ignore, use_cache))


async def _rewrite_all(
    graph: ProjectGraph,
    findings: Sequence[Finding],
    settings: Settings,
    rules: tuple[Rule, ...],
    ignore: IgnoreList,
    use_cache: bool,
) -> tuple[list[FileChange], list[str]]:
    from docref.engine.model import ModelSetupError, ModelTier
    from docref.fixes.rewrite import model_setup

    tier = ModelTier(use_cache=use_cache)
    try:
        setup = model_setup(settings, tier)
    except ModelSetupError as exc:
        return [], [f"--unsafe-fixes: the model cannot be used: {exc}"]
    if setup is None:
        return [], ["--unsafe-fixes: no model is configured (--model)"]
    by_file: dict[str, dict[str, list[Finding]]] = {}
    for f in findings:
        by_file.setdefault(f.path, {}).setdefault(f.qualname, []).append(f)
    fixes: list[FileChange] = []
    problems: list[str] = []
    try:
        for path in sorted(by_file):
            try:
                fix = await _rewrite_file(graph, path, by_file[path], setup, rules, ignore)
            finally:
                graph.update(path, None)
            problems.extend(fix.problems)
            if fix.new != fix.old:
                fixes.append(fix)
    finally:
        await tier.close()
    return fixes, problems


async def _rewrite_file(
    graph: ProjectGraph,
    path: str,
    by_function: dict[str, list[Finding]],
    setup: ModelSetup,
    rules: tuple[Rule, ...],
    ignore: IgnoreList,
) -> FileChange:
    from docref.core.findings import Tier
    from docref.fixes.rewrite import fix_docstring
    from docref.fixes.verify import StaticCheck

    lock = asyncio.Lock()
    old = graph.source(path)
    outcome = FileChange(path, old, old)
    for qualname, reported in by_function.items():
        judged = [f for f in reported if f.tier is Tier.LLM]
        check = StaticCheck(rules, ignore, outcome.new)
        result = await fix_docstring(
            graph, path, qualname, check, lock=lock, model=setup, other_findings=judged
        )
        if result.literal is None or result.target is None:
            outcome.problems.append(f"{path}::{qualname}: no rewrite: {result.message}")
            continue
        candidate = result.target.with_literal(result.literal)
        why = why_unsafe(outcome.new, candidate, result.target.language)
        if why is not None:
            outcome.problems.append(f"{path}::{qualname}: rewrite not applied: {why}")
            continue
        graph.update(path, candidate)
        outcome.new = candidate
        outcome.fixed.extend(result.fixed)
    return outcome
