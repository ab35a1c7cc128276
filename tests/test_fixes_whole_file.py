"""Every deterministic fix of one file at once (docref.fixes.fix_whole_file): the fixed text
re-parses, a fresh check has exactly the findings left, and nothing else in the file moved."""

from __future__ import annotations

import ast
from pathlib import Path

from docref.checks.static.runner import check_file
from docref.fixes import StaticCheck, apply_edits, fix_whole_file
from docref.graph.project import ProjectGraph

from tests.test_lsp_fix_all import MODULE, MODULE_FIXED


def _graph(root: Path) -> ProjectGraph:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    return graph


def test_every_docstring_fixed_in_one_pass_and_the_rest_left_with_reasons(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    path = root / "files.py"
    # a clean function between the flagged ones: untouched
    text = MODULE.replace(
        "\n\ndef copy",
        '\n\ndef clean(x: int) -> int:\n    """Return x."""\n    return x\n\n\ndef copy',
    )
    path.write_text(text, encoding="utf-8")
    graph = _graph(root)
    outcome = fix_whole_file(graph, str(path), StaticCheck())
    assert graph.source(str(path)) == text  # the graph has the file's text back
    assert len(outcome.edits) == 2
    fixed = apply_edits(text, outcome.edits)
    assert fixed == MODULE_FIXED.replace(
        "\n\ndef copy",
        '\n\ndef clean(x: int) -> int:\n    """Return x."""\n    return x\n\n\ndef copy',
    )
    ast.parse(fixed)
    assert sorted(f.qualname for f in outcome.fixed) == ["area", "load"]
    assert sorted((f.qualname, why.split(",")[0]) for f, why in outcome.left) == [
        ("copy", "no close match"),
        ("copy", "no close match"),
    ]
    assert outcome.message == "fixed 2 finding(s) without a model; 2 left for you"
    path.write_text(fixed, encoding="utf-8")
    after = check_file(_graph(root), str(path)).findings
    assert sorted(f.qualname for f in after) == ["copy", "copy"]


def test_nothing_fixable_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    path = root / "m.py"
    # (a path from the module itself: a dead link C1-XREF-UNRESOLVED keeps by default)
    path.write_text('def f(a):\n    """Return a. See :func:`m.nowhere`."""\n    return a\n')
    outcome = fix_whole_file(_graph(root), str(path), StaticCheck())
    assert outcome.edits == [] and outcome.fixed == []
    assert [f.rule for f, _ in outcome.left] == ["C1-XREF-UNRESOLVED"]
    assert outcome.message.startswith("nothing to fix without a model; 1 left")
