"""Tests for docref.checks.static.names_external: external lookups kept per graph version."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names_external import external_doc, external_fact, external_signature
from docref.checks.static.names_passed import PassedOn, passed_on
from docref.external.lookup import clear_caches
from docref.external.py_source import loaded, stamp_of
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


def test_passed_on_reads_an_imported_module_only_for_a_word_it_holds(tmp_path: Path) -> None:
    (tmp_path / "client.py").write_text("def connect(host, max_retries=3):\n    return host\n")
    code = (
        "import json\n\nimport client\n\n\n"
        'def run(data):\n    """Doc."""\n    return data\n\n\n'
        'def dump(data):\n    """Doc."""\n    return json.dumps(data, indent=2)\n'
    )
    (tmp_path / "mod.py").write_text(code, encoding="utf-8")
    graph = ProjectGraph(str(tmp_path), use_cache=False)
    graph.index(workers=1)
    fe = graph.get("mod.py")
    assert fe is not None
    run, dump = (next(f for f in fe.functions if f.name == n) for n in ("run", "dump"))
    clear_caches()
    json_path = external_doc(graph, "json").source
    lazy = PassedOn(graph, fe, run)
    assert "no_such_keyword_anywhere" not in lazy
    assert loaded("json", json_path, stamp_of(json_path)) is None  # the word is not in it
    assert "max_retries" in lazy and "sort_keys" in lazy  # a project file's, json's
    assert loaded("json", json_path, stamp_of(json_path)) is not None
    # the same answers as the whole set, for a function calling an external one too
    for fn in (run, dump):
        eager, lazy = passed_on(graph, fe, fn), PassedOn(graph, fe, fn)
        for word in ("max_retries", "sort_keys", "ensure_ascii", "obj", "nothing_here"):
            assert (word in lazy) == (word in eager)
    assert "obj" in passed_on(graph, fe, dump)  # json.dumps(obj, ...)'s parameter
