"""``docref check --fix`` / ``--diff``: the deterministic fixes of the reported findings.

The fixes are :func:`~docref.fixes.fix_whole_file`'s, the editor's fix-all, asked for the
findings the run reported (of a rule in :data:`~docref.fixes.FIXABLE_RULES`) and
``unattended``: each docstring's fix is re-checked in its project (at least one of its
findings gone, no new one), and the whole new file must parse and be the old file with only
docstrings changed (:func:`~docref.fixes.safety.why_unsafe`).

A file is written atomically (a temporary file in the same folder, then ``os.replace``, mode
kept), with its byte-order mark and line endings, and only when it still holds the text the
fixes were computed from.  ``--diff`` prints a unified diff instead and writes nothing.
"""

from __future__ import annotations

import difflib
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docref.checks.static.base import Rule
    from docref.core.codes import IgnoreList
    from docref.core.findings import Finding
    from docref.fixes.verify import FindingKey
    from docref.graph.project import ProjectGraph

__all__ = ["FileChange", "apply_fixes", "fix_files", "unified_diff", "write_file"]


@dataclass(slots=True)
class FileChange:
    """The new text of one file, to write or show as a diff, and what it fixed."""

    path: str
    old: str
    new: str
    fixed: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def fix_files(
    graph: ProjectGraph, findings: Sequence[Finding], ignore: IgnoreList, rules: tuple[Rule, ...]
) -> tuple[list[FileChange], list[str]]:
    """The fixes of ``findings`` (those of a fixable rule), file by file; and the problems met
    (a fix dropped, and why)."""
    from docref.fixes.static import FIXABLE_RULES
    from docref.fixes.verify import StaticCheck, finding_key
    from docref.fixes.whole_file import fix_whole_file

    asked: dict[str, set[tuple[str, FindingKey]]] = {}
    for f in findings:
        if f.rule in FIXABLE_RULES:
            asked.setdefault(f.path, set()).add((f.qualname, finding_key(f)))
    check = StaticCheck(rules=rules, ignore=ignore)
    changes: list[FileChange] = []
    problems: list[str] = []
    for path in sorted(asked):
        try:
            fix = fix_whole_file(graph, path, check, asked=asked[path], unattended=True)
        finally:
            graph.update(path, None)  # the graph gets the disk's text back
        problems.extend(
            f"{path}::{qualname}: fix not applied: {why}" for qualname, why in fix.rejected
        )
        if fix.edits:
            changes.append(FileChange(path, fix.source, fix.new_source, fix.fixed))
    return changes, problems


def unified_diff(change: FileChange) -> str:
    lines = difflib.unified_diff(
        change.old.splitlines(keepends=True),
        change.new.splitlines(keepends=True),
        fromfile=f"a/{change.path}",
        tofile=f"b/{change.path}",
    )
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in lines)


def apply_fixes(graph: ProjectGraph, changes: Sequence[FileChange], *, diff: bool) -> list[str]:
    """Print (``diff``) or write each change; the problems met (a file changed meanwhile)."""
    problems: list[str] = []
    for change in changes:
        if diff:
            sys.stdout.write(unified_diff(change))
            continue
        problem = write_file(graph.abspath(change.path), change.old, change.new)
        if problem:
            problems.append(f"{change.path}: not written: {problem}")
    return problems


def write_file(full: str, old: str, new: str) -> str | None:
    try:
        with open(full, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        return f"cannot read: {exc.strerror or exc}"
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    try:
        if raw[len(bom) :].decode("utf-8") != old:
            return "it changed while docref ran (or is not UTF-8)"
    except UnicodeDecodeError:
        return "it is not UTF-8"
    folder = os.path.dirname(full) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".docref-fix-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(bom + new.encode("utf-8", "surrogatepass"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, os.stat(full).st_mode & 0o7777)
        os.replace(tmp, full)
    except OSError as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        return f"cannot write: {exc.strerror or exc}"
    return None
