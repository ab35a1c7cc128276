"""The work the server does on a worker thread: index a folder, take in a buffer, check a file.

The caller holds the folder's ``turn`` while one of these runs (see :class:`Folder`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docref.checks.findings import Finding
from docref.checks.static.runner import apply_suppressions, check_file, rules_for
from docref.checks.suppress import IgnoreList
from docref.graph.project import Progress
from docref.lsp.folders import Folder

__all__ = ["StaticOutcome", "check_buffer", "index_folder", "release_buffer", "take_buffer"]


@dataclass(slots=True)
class StaticOutcome:
    """The static findings of one document version.

    ``problems`` are what the user should hear about (a rule that failed, a malformed
    ``docref: ignore`` marker); none of them stops the findings that could be computed.
    """

    version: int
    findings: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def index_folder(folder: Folder, progress: Progress | None = None) -> str:
    """Index the whole folder, telling ``progress(done, total)`` how far it got; returns a
    one-line summary for the log."""
    report = folder.graph.index(progress)
    return f"indexed {folder.root}: {report.files} files in {report.seconds:.2f}s"


def take_buffer(folder: Folder, path: str, text: str) -> None:
    """Give the graph the editor's text of ``path``."""
    folder.graph.update(path, text)


def release_buffer(folder: Folder, path: str) -> None:
    """The document was closed: the graph goes back to the file on disk (or forgets it)."""
    folder.graph.update(path, None)


def check_buffer(folder: Folder, path: str, version: int, text: str) -> StaticOutcome:
    """Run the static tier on ``text`` (version ``version`` of ``path``)."""
    outcome = StaticOutcome(version)
    settings = folder.settings
    try:
        ignore = IgnoreList.parse(settings.ignore)
    except ValueError as exc:  # validated with the settings already; kept safe regardless
        outcome.problems.append(str(exc))
        ignore = IgnoreList()
    graph = folder.graph
    graph.update(path, text)
    report = check_file(graph, path, rules_for(settings.enable))
    if graph.get(path) is None:
        return outcome
    outcome.problems.extend(report.errors)
    outcome.problems.extend(apply_suppressions(graph, report, ignore))
    outcome.findings = report.findings
    return outcome
