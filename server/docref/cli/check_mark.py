"""``docref check --add-ignore``: a ``docref: ignore[CODE]`` marker for every current finding.

Like ruff's ``--add-noqa``, the marker goes on the flagged line as docref reads it: the line the
finding's docstring ends on (Python: after the closing quotes; Java: after the Javadoc's
``*/``), naming the codes shown for that docstring's findings and merged into a marker already
there.  The marker covers that docstring only.  Files are written as ``--fix`` writes them
(checked to parse with only comments added, atomically); a re-run reports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docref.core.findings import Finding
    from docref.graph.model import Class, Function, Span
    from docref.graph.project import ProjectGraph

__all__ = ["add_markers"]


def add_markers(graph: ProjectGraph, findings: Sequence[Finding]) -> tuple[int, list[str]]:
    """Write the markers; the number written and the problems met."""
    from docref.cli.check_fix import write_file
    from docref.core.codes import finding_code
    from docref.fixes.ignore import line_marker_edit
    from docref.fixes.safety import why_unsafe
    from docref.fixes.text import apply_edits

    by_file: dict[str, dict[int, list[str]]] = {}
    problems: list[str] = []
    for f in findings:
        span = _docstring_span(graph, f)
        if span is None:
            problems.append(f"{f.path}:{f.range[0][0] + 1}: no docstring to mark for {f.qualname}")
            continue
        line = span.end_line
        by_file.setdefault(f.path, {}).setdefault(line, []).append(finding_code(f))
    written = 0
    for path, lines in sorted(by_file.items()):
        source = graph.source(path)
        fe = graph.get(path)
        language = "java" if fe is not None and fe.language == "java" else "python"
        edits = []
        for line, codes in lines.items():
            edit = line_marker_edit(source, language, line, codes).edit
            if edit is not None:
                edits.append(edit)
        if not edits:
            continue
        new = apply_edits(source, edits)
        why = why_unsafe(source, new, language)
        if why is None:
            why = write_file(graph.abspath(path), source, new)
        if why is not None:
            problems.append(f"{path}: markers not written: {why}")
            continue
        written += len(edits)
    return written, problems


def _docstring_span(graph: ProjectGraph, finding: Finding) -> Span | None:
    """The span of the docstring ``finding`` is on (``None`` when there is none)."""
    fe = graph.get(finding.path)
    if fe is None:
        return None
    line = finding.range[0][0]
    entities: list[Function | Class] = [*fe.functions, *fe.classes]
    for entity in entities:
        doc = entity.docstring
        if doc is None or entity.qualname != finding.qualname:
            continue
        if doc.span.start_line <= line <= doc.span.end_line:
            return doc.span
    return None
