"""The LLM tier of ``docref check``: the engine's model orchestrator, run once over every report.

What the CLI adds is presentation: the endpoint line on stderr and, when the endpoint could
not be used at all, an error line saying the run stopped.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from docref.engine.model import ModelOutcome, ModelTier, prepare_all

if TYPE_CHECKING:
    from docref.checks.static.runner import FileReport
    from docref.config import Settings
    from docref.engine.model import ModelJob
    from docref.graph.project import ProjectGraph


def count_checks(reports: list[FileReport], criteria: tuple[str, ...]) -> int:
    """How many (segment, criterion) questions the model tier will ask at most."""
    return sum(len(parsed.segments) * len(criteria) for r in reports for _q, parsed in r.docstrings)


def run_llm(
    settings: Settings,
    graph: ProjectGraph,
    reports: list[FileReport],
    *,
    use_cache: bool = True,
    on_check_done: Callable[[], None] | None = None,
    tracked: dict[str, tuple[list[str], list[str]]] | None = None,
    jobs: int | None = None,
) -> ModelOutcome:
    """Ask the configured model about every segment of every documented function in
    ``reports``; raise :class:`~docref.engine.model.ModelSetupError` before any request when
    it cannot be used.  ``tracked``: see :func:`~docref.engine.model.prepare_all`; ``jobs``:
    ``--jobs``, the processes that may ask (:mod:`docref.engine.model_pool`)."""
    tier = ModelTier(use_cache=use_cache, processes=jobs)
    endpoint = tier.client_for(settings).endpoint.describe()  # before any network use
    print(f"docref: model endpoint: {endpoint}", file=sys.stderr)
    tier.start_processes(settings, count_checks(reports, settings.criteria))
    asks, problems = prepare_all(graph, reports, settings, tracked)
    from docref.llm.litellm_setup import asking_collector

    with asking_collector():  # this process now asks, then ends: ~8% of the asking's CPU
        outcome = asyncio.run(_ask(tier, settings, asks, on_check_done))
    outcome.errors[:0] = problems
    if outcome.fatal is not None:
        outcome.errors.append(f"the model could not be used, run stopped: {outcome.fatal}")
    return outcome


async def _ask(
    tier: ModelTier,
    settings: Settings,
    jobs: list[ModelJob],
    on_check_done: Callable[[], None] | None,
) -> ModelOutcome:
    try:
        return await tier.run(settings, jobs, on_check_done=on_check_done)
    finally:
        await tier.close()
