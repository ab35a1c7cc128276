"""External module summaries shared by one run's processes (``external/py_shared.py``): a
summary parsed by one process is loaded, equal, by another that asked for it; one nobody asked
for is not published and a later asker parses it at once; a claim whose owner never
publishes, or a value that cannot be published, falls back to parsing in this process."""

from __future__ import annotations

import ast
import hashlib
import multiprocessing
import threading
import time
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
    stamp = py_source.stamp_of(str(source))
    # the child is waiting for it (as a sibling worker asking while this one parses)
    key = f"mod\0{source}\0False\0{stamp[0]}\0{stamp[1]}"
    Path(_done(folder, key) + ".want").touch()
    here = py_source.load_source("mod", str(source), False)
    assert Path(_done(folder, key)).is_file()  # published
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
    Path(_done(folder, "k") + ".want").touch()
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
    Path(_done(folder, "k") + ".want").touch()
    value = lambda: None  # noqa: E731 (a lambda does not pickle)
    assert py_shared.shared("k", lambda: value) is value
    # claim withdrawn: another process parses it itself
    assert [p.name for p in folder.iterdir()] == [Path(_done(folder, "k")).name + ".want"]
    assert py_shared.shared("k", lambda: 5) == 5


def test_a_summary_nobody_asked_for_is_not_published_and_a_later_asker_parses_it(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a wait for a summary that will never come would last this long (the test would hang)
    monkeypatch.setattr(py_shared, "_WAIT_S", 600.0)
    assert py_shared.shared("k", lambda: 1) == 1
    assert not Path(_done(folder, "k")).exists()  # nothing pickled nor written
    assert Path(_done(folder, "k") + ".skip").exists()
    assert py_shared.shared("k", lambda: 2) == 2  # parsed here at once, no wait


def test_a_process_that_asks_during_the_parse_gets_it_published(folder: Path) -> None:
    """The owner parses; another asker waits (its ``want`` file) and loads the owner's
    value instead of parsing it."""
    want = Path(_done(folder, "k") + ".want")
    claim = Path(_done(folder, "k") + ".claim")

    def slow_parse() -> dict[str, int]:
        deadline = time.monotonic() + 60
        while not want.exists() and time.monotonic() < deadline:
            time.sleep(0.001)  # until the other asker waits
        return {"owner": 1}

    got: list[object] = []
    owner = threading.Thread(target=lambda: got.append(py_shared.shared("k", slow_parse)))
    owner.start()
    deadline = time.monotonic() + 60
    while not claim.exists() and time.monotonic() < deadline:
        time.sleep(0.001)

    def fail() -> dict[str, int]:
        raise AssertionError("parsed by the asker too")

    assert py_shared.shared("k", fail) == {"owner": 1}
    owner.join(timeout=60)
    assert got == [{"owner": 1}]
    assert Path(_done(folder, "k")).is_file()


def test_an_ask_between_the_owners_two_looks_still_gets_published(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner found no ``want``, wrote ``skip``, and a ``want`` appeared just before its
    second look: it publishes (the asker may have seen ``skip`` and parsed too: no harm)."""
    want = Path(_done(folder, "k") + ".want")
    real_touch = py_shared._touch

    def touch_then_ask(path: str) -> None:
        real_touch(path)
        if path.endswith(".skip"):
            want.touch()  # the other process asks right now

    monkeypatch.setattr(py_shared, "_touch", touch_then_ask)
    assert py_shared.shared("k", lambda: 3) == 3
    assert Path(_done(folder, "k")).is_file()


def test_without_a_folder_every_call_parses() -> None:
    py_shared.share_summaries(None)
    calls: list[int] = []
    for _ in range(2):
        py_shared.shared("k", lambda: calls.append(1))
    assert len(calls) == 2


def _done(folder: Path, key: str) -> str:
    return str(folder / hashlib.sha1(key.encode()).hexdigest())
