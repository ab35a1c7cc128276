"""The work the server does on a worker thread: index a folder, take in a buffer, check a file.

The caller holds the folder's ``turn`` while one of these runs (see :class:`Folder`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from docref.checks.static.runner import FileReport
from docref.core.codes import IgnoreList
from docref.core.findings import Finding
from docref.engine.model import ModelJob, prepare_jobs
from docref.engine.static import check_static
from docref.graph.model import FileExtract
from docref.graph.project import Progress
from docref.lsp.folders import Folder

__all__ = [
    "FunctionLines",
    "StaticOutcome",
    "check_buffer",
    "function_lines",
    "index_folder",
    "model_jobs",
    "release_buffer",
    "take_buffer",
]

# a documented function's qualname and the 0-based lines of its header and docstring
FunctionLines = tuple[str, int, int]


@dataclass(slots=True)
class StaticOutcome:
    """The static findings of one document version.

    ``problems`` are what the user should hear about (a rule that failed, a malformed
    ``docref: ignore`` marker); none of them stops the findings that could be computed.
    ``report`` is the static tier's report (the model tier starts from its parsed
    docstrings and passes its findings through the same markers); ``functions`` where each
    documented function's header and docstring lie, for the score hover; ``ignore`` the
    folder's ignore list as parsed for this check.
    """

    version: int
    findings: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    report: FileReport | None = None
    functions: list[FunctionLines] = field(default_factory=list)
    ignore: IgnoreList = field(default_factory=IgnoreList)


def index_folder(
    folder: Folder,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> str:
    """Index the whole folder, telling ``progress(done, total)`` how far it got and stopping
    early once ``cancelled()`` is true; returns a one-line summary for the user."""
    report = folder.graph.index(progress, cancelled=cancelled)
    if report.cancelled:
        return (
            f"indexing cancelled: {report.files} files of {folder.root} indexed; context from "
            "the other files is missing until the server indexes again (restart it)"
        )
    return f"indexed {folder.root}: {report.files} files in {report.seconds:.2f}s"


def take_buffer(folder: Folder, path: str, text: str) -> None:
    """Give the graph the editor's text of ``path``."""
    # the dependents are the change log's business (worked out when a file is checked)
    folder.graph.update(path, text, dependents=False)


def release_buffer(folder: Folder, path: str) -> None:
    """The document was closed: the graph goes back to the file on disk (or forgets it)."""
    folder.graph.update(path, None)


def check_buffer(folder: Folder, path: str, version: int, text: str) -> StaticOutcome:
    """Run the static tier on ``text`` (version ``version`` of ``path``)."""
    outcome = StaticOutcome(version)
    settings = folder.settings
    try:
        ignore = IgnoreList.parse(settings.effective_ignore)
    except ValueError as exc:  # validated with the settings already; kept safe regardless
        outcome.problems.append(str(exc))
        ignore = IgnoreList()
    outcome.ignore = ignore
    graph = folder.graph
    graph.update(path, text, dependents=False)
    # incremental: only what changed since the last check of this file is checked again
    static = check_static(graph, [path], enable=settings.enable, ignore=ignore, incremental=True)
    report = static.reports[0]
    extract = graph.get(path)
    if extract is None:
        return outcome
    outcome.problems.extend(report.errors)
    outcome.problems.extend(static.warnings)
    outcome.findings = report.findings
    outcome.report = report
    outcome.functions = function_lines(extract)
    return outcome


def model_jobs(folder: Folder, report: FileReport) -> tuple[list[ModelJob], list[str]]:
    """The model questions of a checked document (see :func:`prepare_jobs`)."""
    return prepare_jobs(folder.graph, report, folder.settings)


def function_lines(extract: FileExtract) -> list[FunctionLines]:
    """Where each documented function of ``extract`` lies (for the score hover)."""
    out: list[FunctionLines] = []
    for function in extract.functions:
        doc = function.docstring
        if doc is None:
            continue
        first = min(function.header_span.start_line, doc.span.start_line)
        last = max(function.header_span.end_line, doc.span.end_line)
        out.append((function.qualname, first, last))
    return out
