"""``workspace/executeCommand`` handlers: check a file or the whole workspace now, a
docstring's score, and clearing the caches."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import uuid
from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from docref.checks.static.runner import FileReport
from docref.core.codes import IgnoreList
from docref.core.findings import Finding
from docref.engine.model import ModelJob, ModelSetupError, prepare_all
from docref.engine.results import merge_findings, unsuppressed
from docref.engine.static import check_static
from docref.lsp.diagnostics import client_range, to_diagnostic
from docref.lsp.folders import Folder
from docref.lsp.progress import supports_progress
from docref.lsp.server import DocrefServer

__all__ = [
    "CHECK_FILE",
    "CHECK_WORKSPACE",
    "CLEAR_CACHE",
    "SHOW_SCORE",
    "register_commands",
]

log = logging.getLogger(__name__)

CHECK_FILE = "docref.checkFile"
CHECK_WORKSPACE = "docref.checkWorkspace"
SHOW_SCORE = "docref.showScore"
CLEAR_CACHE = "docref.clearCache"


def _ignore_list(folder: Folder) -> IgnoreList:
    try:
        return IgnoreList.parse(folder.settings.effective_ignore)
    except ValueError:  # validated with the settings already; kept safe regardless
        return IgnoreList()


def _static_reports(
    folder: Folder, ignore: IgnoreList, stop: concurrent.futures.Future[Any] | None
) -> list[FileReport]:
    """The static tier over every indexed file of ``folder`` (open documents included: only
    closed files' findings are published from here); stops early once ``stop`` is done."""
    graph = folder.graph
    return check_static(
        graph,
        [graph.abspath(rel) for rel in sorted(graph.entries)],
        enable=folder.settings.enable,
        ignore=ignore,
        stop=None if stop is None else stop.done,
    ).reports


def _workspace_jobs(folder: Folder, reports: list[FileReport]) -> list[ModelJob]:
    return prepare_all(folder.graph, reports, folder.settings)[0]


@dataclass(slots=True)
class _Summary:
    files: int = 0
    findings: int = 0
    calls: int = 0
    cancelled: bool = False


class _WorkspaceProgress:
    """The "Checking <folder>" work-done progress of ``docref.checkWorkspace``; cancellable.

    ``stop`` is the future pygls cancels when the client cancels the progress (a fresh one,
    never done, when the client shows no progress); it may be done from any thread."""

    def __init__(self, server: DocrefServer) -> None:
        self._server = server
        self._token = f"docref-check-{uuid.uuid4()}"
        self._active = False
        self.stop: concurrent.futures.Future[Any] = concurrent.futures.Future()

    async def begin(self, title: str) -> None:
        if not supports_progress(self._server.client_capabilities):
            return
        progress = self._server.work_done_progress
        try:
            await progress.create_async(self._token)
        except Exception as exc:  # no progress shown; the check still runs
            log.warning("no progress for the workspace check: %s", exc)
            return
        progress.begin(
            self._token, types.WorkDoneProgressBegin(title=title, cancellable=True, percentage=0)
        )
        self.stop = progress.tokens[self._token]
        self._active = True

    def report(self, message: str, percentage: int) -> None:
        if self._active:
            self._server.work_done_progress.report(
                self._token, types.WorkDoneProgressReport(message=message, percentage=percentage)
            )

    def end(self, message: str) -> None:
        if self._active:
            self._active = False
            self._server.work_done_progress.end(
                self._token, types.WorkDoneProgressEnd(message=message)
            )


async def check_workspace(server: DocrefServer) -> dict[str, object]:
    """Check every indexed file of every workspace folder: the static tier, then (with a
    model) the model tier within the ``max_calls`` budget; publish the findings of the
    files not open in the editor (open ones are re-checked through their buffers).

    Cancelling the progress stops the run between files (and the model questions in
    flight); what was found so far is published.
    """
    progress = _WorkspaceProgress(server)
    await progress.begin("docref: checking the workspace")
    summary = _Summary()
    opened = server.open_paths()
    try:
        for folder in list(server.folders.values()):
            await _check_folder(server, folder, progress, summary, opened)
            if progress.stop.done():
                summary.cancelled = True
                break
    finally:
        progress.end("cancelled" if summary.cancelled else f"{summary.findings} finding(s)")
    for uri in opened.values():
        server.recheck(uri)
    return {
        "files": summary.files,
        "findings": summary.findings,
        "calls": summary.calls,
        "cancelled": summary.cancelled,
    }


async def _check_folder(
    server: DocrefServer,
    folder: Folder,
    progress: _WorkspaceProgress,
    summary: _Summary,
    opened: dict[str, str],
) -> None:
    progress.report(f"{folder.root}: static checks", 0)
    ignore = _ignore_list(folder)
    async with folder.turn:
        reports = await asyncio.to_thread(_static_reports, folder, ignore, progress.stop)
    found: dict[str, list[Finding]] = {r.path: list(r.findings) for r in reports}
    if folder.settings.model is not None and not progress.stop.done():
        async with folder.turn:
            jobs = await asyncio.to_thread(_workspace_jobs, folder, reports)
        progress.report(f"{folder.root}: asking {folder.settings.model}", 50)
        run = asyncio.ensure_future(server.model.run(folder.settings, jobs))
        # never cancel this wrapper: that would cancel progress.stop itself
        stopper = asyncio.wrap_future(progress.stop)
        await asyncio.wait([run, stopper], return_when=asyncio.FIRST_COMPLETED)
        if not run.done():
            run.cancel()
            await asyncio.wait([run])
        elif run.exception() is not None:
            exc = run.exception()
            server.model_failed(folder, str(exc) if isinstance(exc, ModelSetupError) else repr(exc))
        else:
            answered = run.result()
            summary.calls += answered.usage.calls
            if answered.fatal is not None:
                server.model_failed(folder, answered.fatal)
            marks = {r.path: r.suppressions for r in reports}
            by_file: dict[str, list[Finding]] = {}
            for f in answered.findings:
                by_file.setdefault(f.path, []).append(f)
            for path, model in by_file.items():
                kept = unsuppressed(model, marks.get(path), ignore)
                found[path] = merge_findings(found.get(path, []), kept)
    encoding = server.workspace.position_encoding
    async with folder.turn:
        closed = await asyncio.to_thread(_closed_diagnostics, folder, found, opened, encoding)
    for uri, diagnostics in closed:
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
        )
    summary.files += len(reports)
    summary.findings += sum(len(v) for v in found.values())


def _closed_diagnostics(
    folder: Folder,
    found: dict[str, list[Finding]],
    opened: dict[str, str],
    encoding: types.PositionEncodingKind | str | None,
) -> list[tuple[str, list[types.Diagnostic]]]:
    """The diagnostics of the files the editor has not open (open ones are published
    through their buffers), with ranges in the client's units."""
    severity = folder.settings.severity
    out = []
    for rel, findings in found.items():
        path = folder.graph.abspath(rel)
        if path in opened:
            continue
        lines: list[str] = []
        if findings and encoding not in (None, types.PositionEncodingKind.Utf16):
            lines = folder.graph.source(rel).splitlines(keepends=True)
        diagnostics = [
            to_diagnostic(f, severity, client_range(f.range, lines, encoding)) for f in findings
        ]
        out.append((from_fs_path(path) or path, diagnostics))
    return out


def show_score(
    server: DocrefServer, uri: str, position: types.Position
) -> dict[str, object] | None:
    """The stored score of the documented function at ``position`` of ``uri``; ``None``
    when nothing is known there.  Never asks the model."""
    result = server.results.get(uri)
    if result is None:
        return None
    where = position
    qualname = result.function_at(where)
    if qualname is None:
        return None
    findings = [f for f in result.findings if f.qualname == qualname]
    score = result.scores.get(qualname)
    if score is None:
        return {"qualname": qualname, "score": None, "findings": len(findings), "tier": "static"}
    return {
        "qualname": qualname,
        "score": score.value,
        "describe": score.describe(),
        "per_criterion": {c.value: list(pc) for c, pc in score.per_criterion.items()},
        "segments": score.segments,
        "unknown": score.unknown,
        "findings": len(findings),
        "tier": f"static+{result.model}",
    }


def register_commands(server: DocrefServer) -> None:
    """Register docref's commands on ``server``."""

    @server.command(CHECK_FILE)
    async def on_check_file(ls: DocrefServer, uri: str) -> dict[str, object]:
        """Check one open document now, whatever the ``run`` setting says (``manual``'s
        trigger); answers how many findings it has."""
        if uri not in ls.workspace.text_documents:
            return {"uri": uri, "checked": False, "reason": "not an open document"}
        await ls.check(uri)
        result = ls.results.get(uri)
        return {"uri": uri, "checked": True, "findings": len(result.published) if result else 0}

    @server.command(CHECK_WORKSPACE)
    async def on_check_workspace(ls: DocrefServer) -> dict[str, object]:
        return await check_workspace(ls)

    @server.command(SHOW_SCORE)
    def on_show_score(
        ls: DocrefServer, uri: str, position: types.Position
    ) -> dict[str, object] | None:
        return show_score(ls, uri, position)

    @server.command(CLEAR_CACHE)
    async def on_clear_cache(ls: DocrefServer) -> dict[str, object]:
        """Empty docref's on-disk caches (index, segments, model answers); open documents
        are checked again (their questions are asked again)."""
        from docref.cache.admin import clear_caches

        cleared = await asyncio.to_thread(clear_caches)
        for uri in ls.open_paths().values():
            ls.recheck(uri)
        return {"cleared": [c.to_json() for c in cleared]}
