"""A cold run's worker segments each file's docstrings as it extracts it (docref.engine.cold_ahead):
the rows are exactly what the check would segment, only whole files' rows are used, a file leaves
the queue when its check starts, the text held is bounded, and the checks that use the rows
report what one process reports."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from docref.core.codes import IgnoreList
from docref.engine import cold_ahead
from docref.engine.cold import ColdPool
from docref.engine.cold_ahead import Ahead
from docref.engine.cold_worker import Setup, _store_for
from docref.engine.static import check_static
from docref.graph.extraction import extract
from docref.graph.model import FileExtract
from docref.graph.project import ProjectGraph
from docref.graph.source import content_hash
from docref.segments.positions import line_index
from docref.segments.store import ParsedDocstringStore, _decode
from docref.segments.whole_file import segment_extract

from tests.test_cold_pool import project, serial, summary

DOCUMENTED = '''"""Module."""


def f(value: int) -> int:
    """Return the value.

    It is doubled first.  See :func:`g` and `value`, e.g. twice.

    Args:
        value (int): The value.

    Returns:
        int: The value.
    """
    return value * 2


class K:
    """A class.

    Args:
        size (int): The size.
    """

    def __init__(self, size: int) -> None:
        self.size = size


def undocumented(a):
    return a
'''

BARE = "def f(a):\n    return a\n"


def extracted(text: str, rel: str = "pkg/m.py") -> tuple[FileExtract, bytes]:
    data = text.encode("utf-8")
    return extract("python", data, rel, content_hash(data)), data


def finish(ahead: Ahead) -> int:
    steps = 0
    while ahead.pending:
        ahead.step()
        steps += 1
    return steps


def as_json(rows: dict[tuple[int, int], object] | None) -> object:
    assert rows is not None
    return {span: parsed.to_json() for span, parsed in rows.items()}  # type: ignore[attr-defined]


def test_rows_are_what_the_check_would_segment_one_docstring_a_step() -> None:
    fe, data = extracted(DOCUMENTED)
    ahead = Ahead()
    ahead.add(fe, data)
    assert ahead.pending
    assert finish(ahead) == 2  # f's docstring, then K's (K.__init__ documents nothing)
    rows = ahead.take("python", fe.content_hash)
    side_job = segment_extract(fe, data)
    assert side_job is not None
    assert as_json(rows) == as_json(_decode(side_job))
    assert ahead.take("python", fe.content_hash) is None  # handed over once


def test_the_check_that_takes_the_rows_finds_the_files_line_index_built() -> None:
    """The index the rows were segmented with comes back with them, however many texts were
    indexed meanwhile (a worker segments many files ahead of its check); before its rows are
    taken, a file's text is indexed afresh (the control)."""
    first, first_data = extracted(DOCUMENTED, "pkg/a.py")
    second, second_data = extracted(DOCUMENTED.replace("doubled", "halved"), "pkg/b.py")
    ahead = Ahead()
    ahead.add(first, first_data)
    ahead.add(second, second_data)
    finish(ahead)
    first_ahead = line_index(first_data.decode("utf-8"))  # what segmenting them indexed
    second_ahead = line_index(second_data.decode("utf-8"))
    for n in range(40):  # other files' checks and segmentation in between
        line_index(f"text {n}\n")
    assert ahead.take("python", first.content_hash) is not None
    assert line_index(first_data.decode("utf-8")) is first_ahead
    assert line_index(second_data.decode("utf-8")) is not second_ahead  # not taken: rebuilt
    assert ahead.take("python", second.content_hash) is not None
    assert line_index(second_data.decode("utf-8")) is second_ahead


def test_files_without_docstrings_and_past_the_budget_are_not_queued() -> None:
    bare, bare_data = extracted(BARE, "pkg/bare.py")
    big, big_data = extracted(DOCUMENTED, "pkg/big.py")
    small, small_data = extracted(DOCUMENTED.replace("doubled", "tripled"), "pkg/small.py")
    ahead = Ahead(budget=len(big_data) + 10)
    ahead.add(bare, bare_data)
    assert not ahead.pending  # nothing to segment
    ahead.add(big, big_data)
    ahead.add(small, small_data)  # over the budget: the check segments it
    finish(ahead)
    assert ahead.take("python", big.content_hash) is not None
    assert ahead.take("python", small.content_hash) is None


def test_a_file_done_and_not_taken_counts_against_the_budget() -> None:
    big, big_data = extracted(DOCUMENTED, "pkg/big.py")
    small, small_data = extracted(DOCUMENTED.replace("doubled", "tripled"), "pkg/small.py")
    ahead = Ahead(budget=len(big_data) + 10)
    ahead.add(big, big_data)
    ahead.finish()
    assert not ahead.pending
    ahead.add(small, small_data)  # big's rows wait for its check: no room
    assert not ahead.pending
    assert ahead.take("python", big.content_hash) is not None
    ahead.add(small, small_data)  # the control: taken, its text no longer counts
    ahead.finish()
    assert ahead.take("python", small.content_hash) is not None


def test_clear_lets_go_of_the_rows_no_check_here_will_take() -> None:
    first, first_data = extracted(DOCUMENTED, "pkg/a.py")
    second, second_data = extracted(DOCUMENTED.replace("doubled", "halved"), "pkg/b.py")
    ahead = Ahead(budget=len(first_data) + 10)
    ahead.add(first, first_data)
    ahead.finish()
    ahead.clear()  # the other worker checks pkg/a.py
    assert ahead.take("python", first.content_hash) is None
    ahead.add(second, second_data)  # its budget is free again
    ahead.finish()
    assert ahead.take("python", second.content_hash) is not None


def test_a_worker_segments_each_file_as_it_extracts_it() -> None:
    from docref.engine.cold_worker import _Worker

    documented = DOCUMENTED.encode("utf-8")
    worker = _Worker(0)
    out = worker.extract(
        [
            ("pkg/m.py", "python", documented, content_hash(documented), None),
            ("pkg/bare.py", "python", BARE.encode("utf-8"), content_hash(BARE.encode()), None),
        ]
    )
    assert [rel for rel, _ in out] == ["pkg/m.py", "pkg/bare.py"]
    assert not worker.ahead.pending  # nothing left for later
    fe, data = extracted(DOCUMENTED)
    side_job = segment_extract(fe, data)
    assert side_job is not None
    assert as_json(worker.ahead.take("python", content_hash(documented))) == as_json(
        _decode(side_job)
    )
    assert worker.ahead.take("python", content_hash(BARE.encode())) is None  # no docstring


def test_a_dropped_file_leaves_no_partial_rows() -> None:
    first, first_data = extracted(DOCUMENTED, "pkg/a.py")
    second, second_data = extracted(DOCUMENTED.replace("doubled", "halved"), "pkg/b.py")
    ahead = Ahead()
    ahead.add(first, first_data)
    ahead.add(second, second_data)
    ahead.step()  # one docstring of pkg/a.py
    ahead.drop("pkg/a.py")  # its check starts
    finish(ahead)
    assert ahead.take("python", first.content_hash) is None
    assert ahead.take("python", second.content_hash) is not None  # the control
    ahead.add(first, first_data)
    ahead.clear()
    assert not ahead.pending


def test_a_failing_segmentation_is_left_to_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    first, first_data = extracted(DOCUMENTED, "pkg/a.py")
    second, second_data = extracted(DOCUMENTED.replace("doubled", "halved"), "pkg/b.py")
    import docref.segments.docstring as docstring

    real = docstring.segment_docstring

    def flaky(source: str, *args: object, **kwargs: object) -> object:
        if "doubled" in source:
            raise ValueError("boom")
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(docstring, "segment_docstring", flaky)
    ahead = Ahead()
    ahead.add(first, first_data)
    ahead.add(second, second_data)
    finish(ahead)
    assert ahead.take("python", first.content_hash) is None
    assert ahead.take("python", second.content_hash) is not None


def _setup(root: Path, cache: str | None) -> Setup:
    return Setup(
        root=str(root),
        max_file_bytes=1_000_000,
        blob="",
        places=[],
        package_dirs=set(),
        skipped={},
        enable=(),
        ignore=IgnoreList.parse([]),
        docstrings=False,
        segments_cache=cache,
        use_segments_cache=cache is not None,
        externals="",
    )


def test_the_store_serves_rows_made_ahead_and_saves_what_the_cache_lacked(
    tmp_path: Path,
) -> None:
    fe, data = extracted(DOCUMENTED)
    rows = _decode(segment_extract(fe, data))
    first = min(rows)
    cache_dir = str(tmp_path / "cache")
    stored = ParsedDocstringStore.open(cache_dir)
    stored.save("python", fe.content_hash, {first: rows[first]})  # the cache holds one
    stored.close()
    graph = ProjectGraph(str(tmp_path), use_cache=False)
    ahead = Ahead()
    ahead.add(fe, data)
    finish(ahead)
    store = _store_for(graph, _setup(tmp_path, cache_dir), ahead)
    got = store.load("python", fe.content_hash)
    assert as_json(got) == as_json(rows)
    store.flush()
    store.close()
    again = ParsedDocstringStore.open(cache_dir)
    assert as_json(again.load("python", fe.content_hash)) == as_json(rows)  # all saved
    again.close()
    # the control: a version nothing was segmented ahead for is the cache's alone
    other = Ahead()
    memory = _store_for(graph, _setup(tmp_path, None), other)
    assert memory.load("python", fe.content_hash) == {}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers")
def test_a_pool_whose_workers_segmented_ahead_reports_as_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert threading.active_count() == 1  # forked: the workers inherit the patch below
    marks = tmp_path / "taken"
    marks.mkdir()
    real = cold_ahead.Ahead.take

    def take(self: Ahead, language: str, digest: str) -> object:
        rows = real(self, language, digest)  # type: ignore[arg-type]
        if rows is not None:
            (marks / f"{os.getpid()}-{digest}").touch()
        return rows

    monkeypatch.setattr(cold_ahead.Ahead, "take", take)
    root = project(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    from docref.cli.check_run import index_project

    with ColdPool(2) as pool:
        index_project(graph, [str(root)], 2, lambda d, t: None, pool)
        run = check_static(
            graph, sorted(graph.files), ignore=IgnoreList.parse(["C2-RETURN-TYPE"]), pool=pool
        )
    assert summary(run) == serial(root)
    assert len(list(marks.iterdir())) > len(graph.files) // 2  # most files came ahead


def test_check_chunks_shrink_as_the_files_run_out() -> None:
    from collections import deque

    from docref.engine.cold import _CHECK_CHUNK, _next_chunk

    queues: list[deque[str]] = [deque(f"a{i}" for i in range(40)), deque(), deque()]
    assert len(_next_chunk(queues, 0)) == _CHECK_CHUNK  # plenty left: full chunks
    sizes = []
    while queues[0]:
        sizes.append(len(_next_chunk(queues, 0)))
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    assert sum(sizes) == 40 - _CHECK_CHUNK
    # the other worker, out of its own files, takes from the end of the longest queue
    queues = [deque(f"a{i}" for i in range(8)), deque(), deque()]
    assert _next_chunk(queues, 1) == ["a6", "a7"]
    assert _next_chunk(queues, 1) == ["a5"]
    queues = [deque(["a0"]), deque(), deque()]
    assert _next_chunk(queues, 1) == []  # one file left: its owner checks it
