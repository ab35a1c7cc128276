"""The model tier of one document check: after the static findings were published, the
model's questions are asked and the merged findings published -- if the document is still
at the version checked.  A newer edit or a close cancels the questions in flight."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from docref.engine.model import ModelSetupError
from docref.engine.results import unsuppressed
from docref.lsp.checking import StaticOutcome, model_jobs
from docref.lsp.folders import Folder
from docref.lsp.results import DocumentResult
from docref.lsp.status import model_answering, model_failed, model_worked

if TYPE_CHECKING:
    from docref.lsp.server import DocrefServer

__all__ = ["cancel_model", "run_model"]

log = logging.getLogger(__name__)


async def run_model(
    server: DocrefServer, uri: str, folder: Folder, result: DocumentResult, outcome: StaticOutcome
) -> None:
    """Ask the model about the checked document and publish the merged findings; returns
    when done, cancelled (a cancelled run is a newer edit's business, not an error) or
    failed (raised)."""
    task = asyncio.ensure_future(_model_check(server, uri, folder, result, outcome))
    server.model_runs[uri] = task
    task.add_done_callback(lambda done: _forget(server, uri, done))
    await asyncio.wait([task])
    if not task.cancelled() and task.exception() is not None:
        raise task.exception()  # type: ignore[misc]


def _forget(server: DocrefServer, uri: str, task: asyncio.Task[None]) -> None:
    if server.model_runs.get(uri) is task:
        del server.model_runs[uri]


def cancel_model(server: DocrefServer, uri: str) -> None:
    """Cancel the model questions still in flight for ``uri`` (a newer edit, a close)."""
    task = server.model_runs.pop(uri, None)
    if task is not None and not task.done():
        task.cancel()


async def _model_check(
    server: DocrefServer, uri: str, folder: Folder, result: DocumentResult, outcome: StaticOutcome
) -> None:
    settings = folder.settings
    assert outcome.report is not None
    folder.checking += 1
    server.announce(folder)
    try:
        async with folder.turn:
            if not server.current(uri, result.version):
                return  # the graph may hold a newer text already
            jobs, problems = await asyncio.to_thread(model_jobs, folder, outcome.report)
        for problem in problems:
            log.warning("%s", problem)
        if not jobs:
            return
        try:
            answered = await server.model.run(settings, jobs)
        except ModelSetupError as exc:
            model_failed(server, folder, str(exc))
            return
    finally:
        folder.checking -= 1
        server.announce(folder)
    for error in answered.errors:
        log.warning("%s", error)
    for warning in answered.warnings:  # the shared cache failed: told once
        server.warn(warning)
    if answered.fatal is not None:
        model_failed(server, folder, answered.fatal)
    elif answered.results:
        model_worked(server, folder)
    model_answering(server, folder, answered.unanswered_warning)
    server.endpoint_counts[folder.root] = answered.per_endpoint
    server.announce(folder)  # the run's warning and counts, even when its text is outdated
    if not server.current(uri, result.version):
        return
    result.model_findings = unsuppressed(
        answered.findings, outcome.report.suppressions, outcome.ignore
    )
    result.model = answered.model
    result.add_scores({r.qualname: r.results for r in answered.results}, settings.weights)
    server.publish(uri, result, folder)
    server.announce(folder)
