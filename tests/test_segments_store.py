"""Parsed docstrings kept per file version in a real diskcache directory."""

from __future__ import annotations

from pathlib import Path

from docref.cache import open_cache
from docref.checks.static.runner import check_file
from docref.graph.project import ProjectGraph
from docref.segments import segment_docstring
from docref.segments.store import ParsedDocstringStore, segmenter_fingerprint

CODE = '''def scale(value: float, factor: float = 2.0) -> float:
    """Scale a value, e.g. by 2. See `os.path.join` for nothing.

    Args:
        value (float): The value.
        fctor (float): The factor.

    Returns:
        str: The scaled value.
    """
    return value * factor
'''


def test_round_trip_is_exact(tmp_path: Path) -> None:
    start = CODE.index('"""')
    end = CODE.rindex('"""') + 3
    parsed = segment_docstring(CODE, start, end, "python")
    store = ParsedDocstringStore.open(str(tmp_path))
    store.save("python", "hash1", {(start, end): parsed})
    assert store.load("python", "hash1") == {(start, end): parsed}
    assert store.load("python", "other-hash") == {}
    assert store.load("java", "hash1") == {}  # the language is part of the key
    store.close()


def test_check_file_reuses_and_matches_fresh_parsing(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(CODE, encoding="utf-8")
    cache = str(tmp_path / "cache")
    first_graph = ProjectGraph(str(root), cache_directory=cache)
    first_graph.index(workers=1)
    first = check_file(first_graph, "m.py")
    fe = first_graph.get("m.py")
    assert fe is not None
    stored = ParsedDocstringStore.open(cache).load("python", fe.content_hash)
    assert list(stored.values()) == [first.docstrings[0][1]]
    second_graph = ProjectGraph(str(root), cache_directory=cache)
    second_graph.index(workers=1)
    second = check_file(second_graph, "m.py")
    assert second.docstrings == first.docstrings
    assert [f.key() for f in second.findings] == [f.key() for f in first.findings]
    assert len(first.findings) == 2


def test_corrupt_entry_is_a_miss_and_gets_rewritten(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(CODE, encoding="utf-8")
    cache_dir = str(tmp_path / "cache")
    graph = ProjectGraph(str(root), cache_directory=cache_dir)
    graph.index(workers=1)
    fe = graph.get("m.py")
    assert fe is not None
    raw = open_cache("segments", cache_dir)
    assert raw is not None
    key = f"{segmenter_fingerprint()}:python:{fe.content_hash}"
    raw.set(key, '[["not", "a", {"row": 1}]]')
    raw.close()
    report = check_file(graph, "m.py")
    assert len(report.findings) == 2 and report.errors == []
    assert ParsedDocstringStore.open(cache_dir).load("python", fe.content_hash)


def test_without_cache_nothing_is_stored(tmp_path: Path) -> None:
    store = ParsedDocstringStore(None)
    store.save("python", "h", {})
    assert store.load("python", "h") == {}
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(CODE, encoding="utf-8")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    assert len(check_file(graph, "m.py").findings) == 2
