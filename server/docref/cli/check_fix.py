"""``docref check --fix`` / ``--diff``: the deterministic fixes of the reported findings.

Per documented function with a reported finding the static tier can fix (the rules of
:data:`~docref.fixes.FIXABLE_RULES`), :func:`~docref.fixes.static_fix` writes a new docstring
literal for exactly those findings.  Each candidate is checked before it is kept:

* it is re-checked in its project (the graph takes the new text as it takes an editor buffer):
  at least one of its findings must be gone and no new one may appear, else it is dropped;
* the whole new file must parse (Python: ``ast``; Java: tree-sitter, no error node the old text
  did not have) and be the old file with only docstrings changed (Python: the same ``ast``
  with every docstring blanked; Java: the same tokens outside comments).

A file is written atomically (a temporary file in the same folder, then ``os.replace``, mode
kept), with its byte-order mark and line endings, and only when it still holds the text the
fixes were computed from.  ``--diff`` prints a unified diff instead and writes nothing.
"""

from __future__ import annotations

import ast
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
    from docref.graph.project import ProjectGraph

__all__ = [
    "FileFix",
    "apply_fixes",
    "fix_files",
    "only_docstrings_changed",
    "unified_diff",
    "why_unsafe",
    "write_file",
]


@dataclass(slots=True)
class FileFix:
    """The fixed text of one file and what it fixed."""

    path: str
    old: str
    new: str
    fixed: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def fix_files(
    graph: ProjectGraph, findings: Sequence[Finding], ignore: IgnoreList, rules: tuple[Rule, ...]
) -> tuple[list[FileFix], list[str]]:
    """The fixes of ``findings`` (those of a fixable rule), file by file; and the problems met
    (a fix dropped, and why)."""
    from docref.fixes.static import FIXABLE_RULES

    wanted: dict[str, dict[str, list[Finding]]] = {}
    for f in findings:
        if f.rule in FIXABLE_RULES:
            wanted.setdefault(f.path, {}).setdefault(f.qualname, []).append(f)
    fixes: list[FileFix] = []
    problems: list[str] = []
    for path in sorted(wanted):
        try:
            fix = _fix_file(graph, path, wanted[path], ignore, rules)
        finally:
            graph.update(path, None)  # the graph gets the disk's text back
        problems.extend(fix.problems)
        if fix.new != fix.old:
            fixes.append(fix)
    return fixes, problems


def _fix_file(
    graph: ProjectGraph,
    path: str,
    by_function: dict[str, list[Finding]],
    ignore: IgnoreList,
    rules: tuple[Rule, ...],
) -> FileFix:
    from docref.fixes.static import static_fix
    from docref.fixes.target import find_target
    from docref.fixes.verify import StaticCheck, finding_key, static_findings

    old = graph.source(path)
    outcome = FileFix(path, old, old)
    check = StaticCheck(rules=rules, ignore=ignore)
    for qualname, reported in by_function.items():
        target = find_target(graph, path, qualname)
        if target is None:
            continue
        before, _ = static_findings(graph, path, qualname, check)
        keys = {finding_key(f) for f in reported}
        chosen = [f for f in before if finding_key(f) in keys]
        fix = static_fix(target, chosen)
        if not fix.changed:
            continue
        candidate = target.with_literal(fix.text)
        graph.update(path, candidate)
        after, _ = static_findings(graph, path, qualname, check)
        after_keys = {finding_key(f) for f in after}
        new = [f for f in after if finding_key(f) not in {finding_key(b) for b in before}]
        gone = [f for f in chosen if finding_key(f) not in after_keys]
        why = why_unsafe(old, candidate, target.language) if gone and not new else None
        if not gone or new or why:
            reason = why or (
                f"it would cause {new[0].headline()}" if new else "it removed no finding"
            )
            outcome.problems.append(f"{path}::{qualname}: fix not applied: {reason}")
            graph.update(path, outcome.new)
            continue
        outcome.new = candidate
        outcome.fixed.extend(gone)
    return outcome


def why_unsafe(old: str, new: str, language: str) -> str | None:
    """Why ``new`` may not replace ``old`` (``None``: it parses and only docstrings differ)."""
    if language == "python":
        try:
            ast.parse(new)
        except (SyntaxError, ValueError) as exc:
            return f"the fixed file does not parse ({exc})"
    elif _java_errors(new) > _java_errors(old):
        return "the fixed file does not parse"
    if not only_docstrings_changed(old, new, language):
        return "it would change more than docstrings"
    return None


def _java_errors(text: str) -> int:
    from docref.graph.java_extract import parse

    root = parse(text.encode("utf-8", "surrogatepass")).root_node
    return 1 if root.has_error else 0


def only_docstrings_changed(old: str, new: str, language: str) -> bool:
    """Whether ``new`` is ``old`` with nothing but docstrings (Java: comments) changed."""
    if language == "python":
        try:
            return _blank_docstrings(old) == _blank_docstrings(new)
        except (SyntaxError, ValueError):
            return False
    return _java_tokens(old) == _java_tokens(new)


def _blank_docstrings(text: str) -> str:
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                body[0].value.value = ""
    return ast.dump(tree, include_attributes=False)


def _java_tokens(text: str) -> list[bytes]:
    from docref.graph.java_extract import parse

    data = text.encode("utf-8", "surrogatepass")
    tokens: list[bytes] = []
    stack = [parse(data).root_node]
    while stack:
        node = stack.pop()
        if node.type in ("block_comment", "line_comment"):
            continue
        if node.child_count == 0:
            tokens.append(data[node.start_byte : node.end_byte])
        stack.extend(reversed(node.children))
    return tokens


def unified_diff(fix: FileFix) -> str:
    lines = difflib.unified_diff(
        fix.old.splitlines(keepends=True),
        fix.new.splitlines(keepends=True),
        fromfile=f"a/{fix.path}",
        tofile=f"b/{fix.path}",
    )
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in lines)


def apply_fixes(graph: ProjectGraph, fixes: Sequence[FileFix], *, diff: bool) -> list[str]:
    """Print (``diff``) or write each fix; the problems met (a file changed meanwhile)."""
    problems: list[str] = []
    for fix in fixes:
        if diff:
            sys.stdout.write(unified_diff(fix))
            continue
        problem = write_file(graph.abspath(fix.path), fix.old, fix.new)
        if problem:
            problems.append(f"{fix.path}: not written: {problem}")
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
