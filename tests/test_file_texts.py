"""The disk texts a graph keeps (graph/texts.py): bounded by their total length, revalidated
by each file's stamp, the editor buffer first; and the name walk's file facts, which read a
file's text only when they are not known yet."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from docref.checks.static.names_scope import file_facts
from docref.graph import texts
from docref.graph.python_extract import extract_python
from docref.graph.source import content_hash
from docref.graph.texts import FileTexts


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files read from disk (the real reader runs; each call is noted)."""
    seen: list[str] = []
    real = texts.read_source

    def counted(full: str, language: str, max_bytes: int):  # type: ignore[no-untyped-def]
        seen.append(os.path.basename(full))
        return real(full, language, max_bytes)

    monkeypatch.setattr(texts, "read_source", counted)
    return seen


def _files(root: Path, sizes: dict[str, int]) -> None:
    for name, size in sizes.items():
        (root / name).write_text("x = 1\n" * (size // 6), encoding="utf-8")


def test_texts_within_the_bound_are_read_once(tmp_path: Path, reads: list[str]) -> None:
    names = [f"m{i}.py" for i in range(100)]  # more files than the old 64-text cache held
    _files(tmp_path, dict.fromkeys(names, 600))
    cache = FileTexts(1_000_000, keep_chars=100 * 600)
    for _ in range(3):
        for name in names:
            assert cache.text(name, str(tmp_path / name)) == "x = 1\n" * 100
    assert sorted(reads) == sorted(names)  # every later ask was served from memory


def test_the_oldest_texts_go_once_the_bound_is_passed(tmp_path: Path, reads: list[str]) -> None:
    _files(tmp_path, {"a.py": 600, "b.py": 600, "c.py": 600})
    cache = FileTexts(1_000_000, keep_chars=1300)  # two of the three texts fit
    for name in ("a.py", "b.py", "a.py", "c.py"):  # c pushes out b (a was asked for since)
        cache.text(name, str(tmp_path / name))
    assert reads == ["a.py", "b.py", "c.py"]
    cache.text("a.py", str(tmp_path / "a.py"))
    cache.text("c.py", str(tmp_path / "c.py"))
    assert reads == ["a.py", "b.py", "c.py"]  # both still kept
    cache.text("b.py", str(tmp_path / "b.py"))
    assert reads[-1] == "b.py"  # read again: it had gone
    assert cache.kept() == 2


def test_a_text_longer_than_the_bound_is_served_but_not_kept(
    tmp_path: Path, reads: list[str]
) -> None:
    _files(tmp_path, {"big.py": 6000, "small.py": 60})
    cache = FileTexts(1_000_000, keep_chars=1000)
    cache.text("small.py", str(tmp_path / "small.py"))
    assert cache.text("big.py", str(tmp_path / "big.py")) == "x = 1\n" * 1000
    assert cache.text("big.py", str(tmp_path / "big.py")) == "x = 1\n" * 1000
    assert reads == ["small.py", "big.py", "big.py"]
    cache.text("small.py", str(tmp_path / "small.py"))
    assert reads[-1] == "big.py"  # the small text stayed: the big one pushed nothing out
    assert cache.kept() == 1


def test_a_file_changed_on_disk_is_read_again_and_counted_once(
    tmp_path: Path, reads: list[str]
) -> None:
    path = tmp_path / "a.py"
    _files(tmp_path, {"a.py": 600, "b.py": 600})
    cache = FileTexts(1_000_000, keep_chars=1300)
    cache.text("a.py", str(path))
    path.write_text("y = 2\n" * 50, encoding="utf-8")  # another size: another stamp
    os.utime(path, ns=(1, 1))
    assert cache.text("a.py", str(path)) == "y = 2\n" * 50
    # the stale text left the count: a (300) and b (600) fit in 1300 together
    cache.text("b.py", str(tmp_path / "b.py"))
    cache.text("a.py", str(path))
    cache.text("b.py", str(tmp_path / "b.py"))
    assert reads == ["a.py", "a.py", "b.py"]
    assert cache.kept() == 2


def test_an_editor_buffer_wins_over_the_disk(tmp_path: Path, reads: list[str]) -> None:
    _files(tmp_path, {"a.py": 60})
    cache = FileTexts(1_000_000)
    cache.buffers["a.py"] = "def edited(): ...\n"
    assert cache.text("a.py", str(tmp_path / "a.py")) == "def edited(): ...\n"
    assert reads == []
    del cache.buffers["a.py"]
    assert cache.text("a.py", str(tmp_path / "a.py")) == "x = 1\n" * 10


def test_file_facts_read_the_text_only_when_not_known() -> None:
    source = "import os\n\ndef helper(path):\n    return os.path.join(path, 'x')\n"
    data = source.encode()
    fe = extract_python(data, "pkg/lazy_facts_probe.py", content_hash(data + b"sp25"))
    asked: list[int] = []

    def text() -> str:
        asked.append(1)
        return source

    lazy: Callable[[], str] = text
    first = file_facts(fe, lazy)
    again = file_facts(fe, lazy)
    assert asked == [1]  # the second ask was answered from the facts already made
    assert again is first
    assert "helper" in first.top and "join" in first.code_words
    # the same facts as when the text is passed itself
    fe2 = extract_python(data, "pkg/lazy_facts_probe2.py", content_hash(data + b"sp25b"))
    eager = file_facts(fe2, source)
    assert (eager.top, eager.code_words, eager.dynamic) == (
        first.top,
        first.code_words,
        first.dynamic,
    )
