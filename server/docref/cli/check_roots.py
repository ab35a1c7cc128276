"""``docref check`` over several projects at once, and where its output says files are.

A run groups the paths by their own project root (:func:`docref.config.root.find_root`) --
pre-commit in a monorepo passes the staged files of every sub-project in one command -- and
checks each group with that root's settings.  The findings' paths are root-relative inside
the engine; the output makes them relative to what a reader resolves them against: the
working directory for text and GitHub annotations (absolute when outside it, as ruff and mypy
print them), the repository root for SARIF (``%SRCROOT%``, what code scanning expects).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from docref.config.root import find_root, marked_ancestor, within

if TYPE_CHECKING:
    from collections.abc import Iterable

    from docref.cli.check_output import CheckSummary, ScoreRow
    from docref.config import Settings
    from docref.core.findings import Finding
    from docref.graph.discovery import Skipped
    from docref.graph.project import ProjectGraph


def language_of(path: str) -> str | None:
    """:func:`docref.graph.discovery.language_of`, imported when needed: discovery brings
    pathspec (~20 ms), which a run answered by the results cache never uses."""
    from docref.graph.discovery import language_of as of

    return of(path)


@dataclass(slots=True)
class NotChecked:
    """A file that was asked for (or found under a folder asked for) but not checked."""

    path: str  # absolute
    reason: str
    named: bool  # named on the command line: an error (exit 2); else a warning


@dataclass(slots=True)
class RootRun:
    """What one root's run reported; the findings' and scores' paths relative to ``root``."""

    root: str
    settings: Settings
    findings: list[Finding]
    scores: list[ScoreRow]
    summary: CheckSummary
    not_checked: list[NotChecked] = field(default_factory=list)
    static_only: bool = True
    failed: bool = False  # an error, or a model failure under on_llm_error = "fail"
    files: list[str] = field(default_factory=list)  # the files checked, root-relative


def group_by_root(paths: Iterable[str], root: str | None) -> dict[str, list[str]]:
    """Absolute ``paths`` per project root, in the order first met; one group for ``--root``."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        absolute = os.path.abspath(path)
        key = os.path.abspath(root) if root else find_root(absolute)
        groups.setdefault(key, []).append(absolute)
    return groups


def unindexed(graph: ProjectGraph, paths: list[str], skipped: list[Skipped]) -> list[NotChecked]:
    """The files under ``paths`` the index could not take, with why.

    A file named on the command line but left out of the walk (``.gitignore``, a virtual
    environment, a build or hidden folder) is indexed now and checked all the same, as ruff
    does; one outside the root (``--root``), unreadable, binary, too large or not Python or
    Java is reported.  Under a named folder, the Python and Java files the index skipped and
    the folders it could not list are reported as warnings.
    """
    out: list[NotChecked] = []
    reasons = {s.relpath: s.reason for s in skipped}
    for path in paths:
        rel = graph.relpath(path)
        if os.path.isdir(path):
            prefix = "" if rel == "." else rel.rstrip("/") + "/"
            out += [
                NotChecked(graph.abspath(s.relpath), s.reason, named=False)
                for s in skipped
                if s.relpath.startswith(prefix)
                and (language_of(s.relpath) or s.reason.startswith(_UNLISTED))
            ]
        elif rel in graph.files:
            continue
        elif rel == ".." or rel.startswith("../"):
            out.append(
                NotChecked(path, f"outside the project root {display_path(graph.root)}", True)
            )
        elif rel in reasons:
            out.append(NotChecked(path, reasons[rel], named=True))
        elif language_of(path) is None:
            out.append(NotChecked(path, "not a Python or Java file", named=True))
        else:
            note = graph.update(path).note
            if rel not in graph.files:
                out.append(NotChecked(path, note or "could not be indexed", named=True))
    return out


_UNLISTED = ("permission denied", "cannot list")


def unwalked(
    root: str, paths: list[str], settings: Settings, targets: list[str], max_bytes: int
) -> tuple[list[NotChecked], bool]:
    """:func:`unindexed` for a run from the results cache, which builds no graph: the same
    reports, found by reading only the files that were not among ``targets``; and whether a
    named file is readable but left out of the walk (the caller then goes the long way,
    which indexes it)."""
    chosen = set(targets)
    folders = [p for p in paths if os.path.isdir(p)]
    out: list[NotChecked] = []
    forced = False
    for path in paths:
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if path in folders or rel in chosen:
            continue
        reason = _unreadable(path, rel, root, max_bytes)
        if reason is None:
            forced = True
        else:
            out.append(NotChecked(path, reason, named=True))
    if folders:  # a named file alone needs no walk (nor pathspec)
        from docref.cli.check_select import select_targets
        from docref.graph.discovery import Candidate, Skipped, walk_workspace

        walked = list(walk_workspace(root))
        found = [c.relpath for c in walked if isinstance(c, Candidate)]
        for rel in select_targets(root, found, folders, settings, None):
            path = os.path.join(root, *rel.split("/"))
            reason = None if rel in chosen else _unreadable(path, rel, root, max_bytes)
            if reason is not None:
                out.append(NotChecked(path, reason, named=False))
        rels = [os.path.relpath(p, root).replace(os.sep, "/") for p in folders]
        out += [
            NotChecked(os.path.join(root, *s.relpath.split("/")), s.reason, named=False)
            for s in walked
            if isinstance(s, Skipped)
            and any(r == "." or s.relpath.startswith(r + "/") for r in rels)
            and (language_of(s.relpath) or s.reason.startswith(_UNLISTED))
        ]
    return out, forced


def _unreadable(path: str, rel: str, root: str, max_bytes: int) -> str | None:
    """Why the file ``path`` cannot be checked, or None when it can."""
    from docref.graph.source import SkipFile, read_source

    if rel == ".." or rel.startswith("../"):
        return f"outside the project root {display_path(root)}"
    language = language_of(path)
    if language is None:
        return "not a Python or Java file"
    try:
        read_source(path, language, max_bytes)
    except SkipFile as exc:
        return exc.reason
    return None


def display_path(path: str, cwd: str | None = None) -> str:
    """``path`` (absolute) relative to the working directory, or absolute outside it."""
    here = os.path.abspath(cwd or os.getcwd())
    if path == here:
        return "."
    if path.startswith(here.rstrip(os.sep) + os.sep):
        return os.path.relpath(path, here)
    return path


def repository_root(roots: Iterable[str], cwd: str | None = None) -> str:
    """The folder SARIF paths are relative to: the git repository holding every root, else
    the working directory when it holds them all, else their common folder."""
    roots = list(roots)
    here = os.path.abspath(cwd or os.getcwd())
    for start in (here, *roots):
        top = marked_ancestor(os.path.abspath(start), (".git",))
        if top is not None and all(within(r, top) for r in roots):
            return top
    if all(within(r, here) for r in roots):
        return here
    return os.path.commonpath(roots) if roots else here


def relocate(findings: Iterable[Finding], root: str, base: str) -> list[Finding]:
    """``findings`` relative to ``root`` made relative to ``base`` (absolute when outside),
    evidence included; ``/``-separated, as both output formats want."""
    return [
        replace(
            f,
            path=rebase(f.path, root, base),
            evidence=tuple(
                replace(e, path=rebase(e.path, root, base)) if e.path is not None else e
                for e in f.evidence
            ),
        )
        for f in findings
    ]


def rebase(rel: str, root: str, base: str) -> str:
    """``rel`` (relative to ``root``, or absolute) relative to ``base``, ``/``-separated;
    absolute when outside ``base``."""
    absolute = os.path.normpath(os.path.join(root, rel))
    if within(absolute, base):
        return os.path.relpath(absolute, base).replace(os.sep, "/")
    return absolute
