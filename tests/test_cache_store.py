"""The pickle-free cache: what it stores, what it refuses, and how the graph survives it."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import diskcache
import pytest
from docref.cache import JSONOnlyDisk, UnsafeCacheRow, cache_dir, open_cache
from docref.cache.store import CACHE_ENV
from docref.graph.extraction import cache_key
from docref.graph.project import ProjectGraph
from docref.graph.source import read_source


class _Tripwire:
    """Unpickling this creates a directory: proof that a pickle was loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (str(self.marker),))


def _open(directory: Path) -> diskcache.Cache:
    cache = open_cache("graph", str(directory))
    assert cache is not None
    assert isinstance(cache.disk, JSONOnlyDisk)
    return cache


def test_stores_and_returns_str_and_bytes(tmp_path: Path) -> None:
    cache = _open(tmp_path)
    try:
        cache.set("text", '{"a": "é 😀"}')
        cache.set("bytes", b"\x00\x01\xff")
        cache.set(b"raw-key", "v")
        big = "x" * 300_000  # larger than diskcache's inline limit: stored in a file
        cache.set("big", big)
        assert cache.get("text") == '{"a": "é 😀"}'
        assert cache.get("bytes") == b"\x00\x01\xff"
        assert cache.get(b"raw-key") == "v"
        assert cache.get("big") == big
        assert cache.get("absent") is None
        assert sorted(k for k in cache if isinstance(k, str)) == ["big", "bytes", "text"]
    finally:
        cache.close()


@pytest.mark.parametrize("value", [{"a": 1}, [1, 2], 3, 1.5, None, ("t",)])
def test_refuses_non_str_values(tmp_path: Path, value: object) -> None:
    cache = _open(tmp_path)
    try:
        with pytest.raises(TypeError, match="str or bytes"):
            cache.set("k", value)
        assert "k" not in cache
    finally:
        cache.close()


@pytest.mark.parametrize("key", [1, 2.5, ("a", "b"), None])
def test_refuses_non_str_keys(tmp_path: Path, key: object) -> None:
    cache = _open(tmp_path)
    try:
        with pytest.raises(TypeError, match="str or bytes"):
            cache.set(key, "value")
        assert len(cache) == 0
    finally:
        cache.close()


def test_refuses_file_reads(tmp_path: Path) -> None:
    cache = _open(tmp_path)
    source = tmp_path / "payload.txt"
    source.write_text("data")
    try:
        with source.open("rb") as fh, pytest.raises(TypeError):
            cache.set("k", fh, read=True)
    finally:
        cache.close()


def test_pickled_rows_are_refused_never_loaded(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    path = tmp_path / "graph"
    path.mkdir(mode=0o700)
    with diskcache.Cache(str(path)) as plain:  # default Disk: pickles what it cannot store raw
        plain.set("evil", _Tripwire(marker))
        plain.set("evil-big", ["x" * 200_000])  # pickled into a separate file
        plain.set(("tuple", "key"), "value")  # a pickled key
    assert not marker.exists()
    cache = _open(tmp_path)
    try:
        for key in ("evil", "evil-big"):
            with pytest.raises(UnsafeCacheRow):
                cache.get(key)
        with pytest.raises(UnsafeCacheRow):
            list(cache)  # iterating decodes keys: the pickled one is refused
        assert not marker.exists()
    finally:
        cache.close()
    # the tripwire is real: the default Disk does run it
    with diskcache.Cache(str(path)) as plain:
        plain.get("evil")
    assert marker.exists()


def test_open_cache_creates_private_directory(tmp_path: Path) -> None:
    cache = _open(tmp_path / "nested" / "dir")
    cache.close()
    mode = stat.S_IMODE(os.stat(tmp_path / "nested" / "dir" / "graph").st_mode)
    assert mode == 0o700
    # an existing, too-open directory is tightened
    loose = tmp_path / "loose" / "graph"
    loose.mkdir(parents=True)
    loose.chmod(0o755)
    _open(tmp_path / "loose").close()
    assert stat.S_IMODE(os.stat(loose).st_mode) == 0o700


def test_unusable_directory_disables_the_cache(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a regular file")
    with caplog.at_level(logging.WARNING, logger="docref.cache.store"):
        assert open_cache("graph", str(blocker)) is None
    assert any("cache disabled" in r.getMessage() for r in caplog.records)
    assert blocker.read_text() == "a regular file"


def test_cache_dir_follows_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "env-cache"))
    assert cache_dir() == str(tmp_path / "env-cache")
    cache = open_cache("graph")
    assert cache is not None
    cache.close()
    assert (tmp_path / "env-cache" / "graph").is_dir()


# ---- the project graph on a hostile or broken cache ---------------------------------------


def _project(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text('"""Package."""\n')
    (root / "pkg" / "a.py").write_text("def f():\n    return g()\n\n\ndef g():\n    return 1\n")
    (root / "pkg" / "b.py").write_text("from pkg.a import f\n\n\ndef h():\n    return f()\n")


def test_graph_treats_a_pickled_row_as_a_miss(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _project(root)
    caches = tmp_path / "cache"
    first = ProjectGraph(str(root), cache_directory=str(caches))
    assert first.index(workers=1).cache_hits == 0
    expected = {rel: first.files[rel].to_json() for rel in first.files}
    # replace one file's row with a pickle, as an attacker with write access would
    marker = tmp_path / "PWNED"
    src = read_source(str(root / "pkg" / "a.py"), "python")
    with diskcache.Cache(str(caches / "graph")) as plain:
        key = cache_key("python", src.content_hash, src.note)
        assert key in plain
        plain.set(key, _Tripwire(marker))
    second = ProjectGraph(str(root), cache_directory=str(caches))
    report = second.index(workers=1)
    assert not marker.exists()
    assert report.files == 3
    assert report.cache_hits == 2  # a.py was re-extracted
    assert {rel: second.files[rel].to_json() for rel in second.files} == expected
    assert second.importers_of("pkg/a.py") == {"pkg/b.py"}
    # the re-extracted value overwrote the pickled row: the next start is fully warm
    third = ProjectGraph(str(root), cache_directory=str(caches))
    assert third.index(workers=1).cache_hits == 3
    assert not marker.exists()


def test_graph_works_without_a_usable_cache(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "ws"
    _project(root)
    blocker = tmp_path / "cache"
    blocker.write_text("not a directory")
    with caplog.at_level(logging.WARNING):
        graph = ProjectGraph(str(root), cache_directory=str(blocker))
    assert any("cache disabled" in r.getMessage() for r in caplog.records)
    report = graph.index(workers=1)
    assert (report.files, report.functions, report.cache_hits) == (3, 3, 0)
    again = ProjectGraph(str(root), cache_directory=str(blocker)).index(workers=1)
    assert again.cache_hits == 0
    assert graph.imports_of("pkg/b.py") == {"pkg/a.py"}
