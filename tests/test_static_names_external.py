"""Tests for docref.checks.static.names_external: external lookups kept per graph version."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names_external import external_doc, external_fact, external_signature
from docref.graph.project import ProjectGraph


def _graph(tmp_path: Path) -> ProjectGraph:
    (tmp_path / "mod.py").write_text('def f(x):\n    """Doc."""\n', encoding="utf-8")
    graph = ProjectGraph(str(tmp_path), use_cache=False)
    graph.index(workers=1)
    return graph


def test_lookups_are_kept_until_the_graph_changes(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    first = external_doc(graph, "os.path.join")
    assert first.found and first.kind == "function" and first.doc is None
    assert external_doc(graph, "os.path.join") is first
    assert not external_doc(graph, "os.path.no_such_name").found
    signed = external_signature(graph, "os.path.join")
    assert signed.signature and "join(" in signed.signature
    calls: list[str] = []

    def count(name: str) -> int:
        calls.append(name)
        return len(name)

    assert external_fact(graph, "size", "os", count) == 2
    assert external_fact(graph, "size", "os", count) == 2 and calls == ["os"]
    graph.update("mod.py", 'def g(y):\n    """Doc."""\n')  # an edit: a new version
    assert external_doc(graph, "os.path.join") is not first
    assert external_fact(graph, "size", "os", count) == 2 and calls == ["os", "os"]
