"""The model tier's questions: per documented function, its code and 1-hop related
information rendered once (:func:`prepare_jobs`), so :class:`~docref.engine.model.ModelTier`
asks them with no project graph in use; and the judge's prompt profile a configuration names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docref.checks.static.report import FileReport
from docref.config.settings import Settings
from docref.core.segment import Segment
from docref.graph.model import Language

if TYPE_CHECKING:
    from docref.checks.llm.prompts import Profile
    from docref.graph.project import ProjectGraph

__all__ = ["ModelJob", "prepare_all", "prepare_jobs", "profile_of"]


def profile_of(settings: Settings) -> Profile:
    """The judge's prompt profile the settings name (``paper`` unless ``referee-ver4``)."""
    return "referee-ver4" if settings.profile == "referee-ver4" else "paper"


@dataclass(frozen=True, slots=True)
class ModelJob:
    """What the model is asked about one documented function (rendered under the turn)."""

    path: str
    qualname: str
    language: Language
    code: str
    related: str
    segments: tuple[Segment, ...]


def prepare_jobs(
    graph: ProjectGraph, report: FileReport, settings: Settings
) -> tuple[list[ModelJob], list[str]]:
    """The model questions for ``report``'s documented functions, and the functions whose
    context could not be built (as messages: they are left out, the others go on)."""
    from docref.context.build import ContextError, build_context

    jobs: list[ModelJob] = []
    problems: list[str] = []
    for qualname, parsed in report.docstrings:
        if not parsed.segments:
            continue
        try:
            ctx = build_context(graph, report.path, qualname, token_budget=settings.context_tokens)
        except ContextError as exc:  # the other functions go on
            problems.append(f"{report.path}::{qualname}: no context for the model: {exc}")
            continue
        jobs.append(
            ModelJob(
                path=report.path,
                qualname=qualname,
                language=report.language,
                code=ctx.code,
                related=ctx.render_related(),
                segments=tuple(parsed.segments),
            )
        )
    return jobs, problems


def prepare_all(
    graph: ProjectGraph,
    reports: Sequence[FileReport],
    settings: Settings,
    tracked: dict[str, tuple[list[str], list[str]]] | None = None,
) -> tuple[list[ModelJob], list[str]]:
    """:func:`prepare_jobs` over every report, in order.  ``tracked``, when given, receives
    per file the other files its functions' contexts read (the graph's ``touched`` record)
    and its problems: what the results cache keeps a file's model answers under."""
    jobs: list[ModelJob] = []
    problems: list[str] = []
    for report in reports:
        outer = graph.touched
        if tracked is not None:
            graph.touched = set()
        try:
            more, why = prepare_jobs(graph, report, settings)
            if tracked is not None and graph.touched is not None:
                tracked[report.path] = (sorted(graph.touched - {report.path}), why)
        finally:
            if tracked is not None and outer is not None and graph.touched is not None:
                outer.update(graph.touched)
            graph.touched = outer
        jobs.extend(more)
        problems.extend(why)
    return jobs, problems
