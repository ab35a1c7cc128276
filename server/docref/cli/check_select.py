"""Which files and functions ``docref check`` looks at: paths, include/exclude, ``--since``,
``--shard``."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec

    from docref.checks.static.runner import FileReport
    from docref.config import Settings
    from docref.graph.model import Span
    from docref.graph.project import ProjectGraph

ChangedLines = dict[str, list[tuple[int, int]]]


def _spec(globs: Sequence[str]) -> pathspec.GitIgnoreSpec | None:
    """``globs`` as one spec (``None`` when there are none: pathspec is then not imported,
    ~20 ms of a one-file run from the results cache)."""
    if not globs:
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(globs)


def select_targets(
    root: str,
    files: Iterable[str],
    paths: list[str],
    settings: Settings,
    changed: ChangedLines | None,
) -> list[str]:
    """The workspace's ``files`` (workspace-relative) under ``paths``, sorted.

    A file named on the command line is always checked; files found under a named folder
    must match ``include`` (when set) and must not match ``exclude`` -- gitignore-style globs
    relative to the workspace root, applied on top of ``.gitignore``.  With ``--since`` only
    files with changed lines remain.
    """
    include = _spec(settings.include)
    exclude = _spec(settings.exclude)
    rels = [os.path.relpath(os.path.abspath(p), root).replace(os.sep, "/") for p in paths]
    wanted: list[str] = []
    for rel in sorted(files):
        if changed is not None and rel not in changed:
            continue
        for want in rels:
            if rel == want:
                wanted.append(rel)
                break
            if want in (".", "") or rel.startswith(want.rstrip("/") + "/"):
                if include is not None and not include.match_file(rel):
                    continue
                if exclude is not None and exclude.match_file(rel):
                    continue
                wanted.append(rel)
                break
    return wanted


def since_filter(graph: ProjectGraph, reports: list[FileReport], changed: ChangedLines) -> None:
    """Keep only functions with a changed line in their docstring, signature or body, and
    classes whose header, docstring or constructor changed (class docstrings are checked
    against the constructor)."""
    for report in reports:
        ranges = changed.get(report.path, [])
        fe = graph.get(report.path)
        if fe is None:
            continue

        hit = _overlap_test(ranges)
        touched: set[str] = set()
        for fn in fe.functions:
            if fn.docstring is not None and hit(fn.span, fn.docstring.span):
                touched.add(fn.qualname)
        for cls in fe.classes:
            if cls.docstring is None:
                continue
            constructors = [
                fn.span
                for fn in fe.functions
                if fn.parent_class == cls.qualname and fn.name in ("__init__", "__new__")
            ]
            if hit(cls.header_span, cls.docstring.span) or any(hit(s) for s in constructors):
                touched.add(cls.qualname)
        report.findings = [f for f in report.findings if f.qualname in touched]
        report.docstrings = [(q, d) for q, d in report.docstrings if q in touched]
        report.functions = len(report.docstrings)


def in_shard(path: str, qualname: str, shard: tuple[int, int]) -> bool:
    """Whether ``path::qualname`` belongs to shard ``I/N``.

    A hash of the workspace-relative path and the qualname alone decides, so a function stays
    in its shard when other files are added, removed or edited (a CI matrix keeps its split and
    each job's cache stays warm); SHA-256 rather than ``hash()``, which is salted per process.
    """
    index, count = shard
    digest = hashlib.sha256(f"{path}::{qualname}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % count == index - 1


def shard_filter(reports: list[FileReport], shard: tuple[int, int]) -> None:
    """Keep only the functions and classes of shard ``I/N`` (their findings, their model
    questions, their counts: a class is counted where its findings are); a file's own errors
    go to the shard its path alone falls in, so N merged shards report each exactly once."""
    for report in reports:
        report.findings = [f for f in report.findings if in_shard(f.path, f.qualname, shard)]
        report.docstrings = [
            (q, d) for q, d in report.docstrings if in_shard(report.path, q, shard)
        ]
        report.functions = len(report.docstrings)
        report.class_names = [q for q in report.class_names if in_shard(report.path, q, shard)]
        report.classes = len(report.class_names)
        if not in_shard(report.path, "", shard):
            report.errors = []


def _overlap_test(ranges: list[tuple[int, int]]) -> Callable[..., bool]:
    """A test: does the region from the first to the last of some spans meet ``ranges``?"""

    def hit(*spans: Span) -> bool:
        first = min(s.start_line for s in spans) + 1
        last = max(s.end_line for s in spans) + 1
        return any(start <= last and first <= end for start, end in ranges)

    return hit
