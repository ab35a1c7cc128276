"""External module summaries shared by one run's processes (``external/py_shared.py``): a
summary parsed by one process is loaded, equal, by another; a claim whose owner never
publishes, or a value that cannot be published, falls back to parsing in this process."""

from __future__ import annotations

import ast
import hashlib
import multiprocessing
from collections.abc import Iterator
from pathlib import Path

import pytest
from docref.external import py_shared, py_source

_MODULE = '''"""A module."""

import os
from typing import Any as Thing


def helper(a: int, b: str = "x") -> Thing:
    """Help with a and b."""
    return os.path.join(b, str(a))


class Box:
    """A box."""

    size: int = 3

    def open(self, force: bool = False) -> None:
        """Open it."""
'''


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    shared = tmp_path / "external"
    shared.mkdir()
    py_shared.share_summaries(str(shared))
    py_source.clear_caches()
    yield shared
    py_shared.share_summaries(None)
    py_source.clear_caches()


def _summary(module: py_source.SourceModule) -> list[tuple[str, str, str]]:
    return [
        (name, b.kind, ast.dump(b.nodes[0]) if b.nodes else b.target)
        for name, b in sorted(module.scope.items())
    ]


def _load_in_child(path: str, folder: str, out: multiprocessing.Queue[object]) -> None:
    py_shared.share_summaries(folder)
    out.put(_summary(py_source.load_source("mod", path, False)))


def test_a_summary_parsed_in_one_process_is_loaded_equal_in_another(
    tmp_path: Path, folder: Path
) -> None:
    source = tmp_path / "mod.py"
    source.write_text(_MODULE, encoding="utf-8")
    here = py_source.load_source("mod", str(source), False)
    published = [p for p in folder.iterdir() if not p.name.endswith(".claim")]
    assert len(published) == 1
    ctx = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue[object] = ctx.Queue()
    child = ctx.Process(target=_load_in_child, args=(str(source), str(folder), out))
    child.start()
    there = out.get(timeout=60)
    child.join(timeout=60)
    assert there == _summary(here)
    assert {"helper", "Box", "os", "Thing"} <= {name for name, _, _ in _summary(here)}
    # what an unshared run parses
    py_shared.share_summaries(None)
    py_source.clear_caches()
    assert _summary(py_source.load_source("mod", str(source), False)) == _summary(here)


def test_a_loaded_summary_is_not_parsed_again(folder: Path) -> None:
    assert py_shared.shared("k", lambda: {"parsed": 1}) == {"parsed": 1}

    def fail() -> dict[str, int]:
        raise AssertionError("parsed twice")

    assert py_shared.shared("k", fail) == {"parsed": 1}


def test_a_claim_nobody_publishes_falls_back_to_parsing(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(py_shared, "_WAIT_S", 0.05)
    # another process claimed "k" and died before publishing it
    Path(_done(folder, "k") + ".claim").touch()
    assert py_shared.shared("k", lambda: 7) == 7


def test_a_value_that_cannot_be_published_is_still_returned(folder: Path) -> None:
    value = lambda: None  # noqa: E731 (a lambda does not pickle)
    assert py_shared.shared("k", lambda: value) is value
    assert list(folder.iterdir()) == []  # claim withdrawn: another process parses it itself
    assert py_shared.shared("k", lambda: 5) == 5


def test_without_a_folder_every_call_parses() -> None:
    py_shared.share_summaries(None)
    calls: list[int] = []
    for _ in range(2):
        py_shared.shared("k", lambda: calls.append(1))
    assert len(calls) == 2


def _done(folder: Path, key: str) -> str:
    return str(folder / hashlib.sha1(key.encode()).hexdigest())
