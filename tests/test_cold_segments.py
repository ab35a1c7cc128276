"""Docstrings segmented during indexing (the cold-start side job) give exactly what the checks
would have segmented themselves, in worker processes and in-process, with and without a cache."""

from __future__ import annotations

import gc
import json
import logging
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from functools import partial
from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, docstring_store
from docref.cli.check_run import no_cycle_collection
from docref.graph.extraction import PARALLEL_THRESHOLD
from docref.graph.model import FileExtract
from docref.graph.project import ProjectGraph
from docref.graph.store import Entry
from docref.segments import DocstringLanguage, segment_docstring
from docref.segments.positions import _NEWLINE, LineIndex
from docref.segments.store import ParsedDocstringStore, segmenter_fingerprint
from docref.segments.whole_file import docstring_chars, segment_extract, within

FUNC = '''def f{i}(value: int) -> int:
    """Return the value, é{i}.

    Args:
        value (int): The value.
        extra{i} (int): Not a parameter.

    Returns:
        str: The value.
    """
    return value
'''

KLASS = '''class K{i}:
    """A class; see `missing_{i}`.

    Args:
        size (int): The size.
        colour (str): Not a constructor parameter.
    """

    def __init__(self, size: int) -> None:
        self.size = size
'''

JAVA = """package p;

/** A box. */
public class Box {
    /**
     * Size of it.
     * @param scale the scale
     * @return the size
     */
    public int size(int factor) { return factor; }
}
"""


def workspace(tmp_path: Path, n: int = PARALLEL_THRESHOLD + 6) -> Path:
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    for i in range(n):
        if i % 3 == 0:
            text = FUNC.format(i=i)
        elif i % 3 == 1:
            text = KLASS.format(i=i)
        else:
            text = f"def g{i}() -> None:\n    pass\n"  # nothing documented
        (root / "pkg" / f"m{i:03}.py").write_text(text, encoding="utf-8")
    (root / "Box.java").write_text(JAVA, encoding="utf-8")
    return root


def collect(graph: ProjectGraph, workers: int) -> dict[str, str]:
    got: dict[str, str] = {}

    def keep(entry: Entry, rows: str | None) -> None:
        if rows is not None:
            got[entry.path] = rows

    job = partial(segment_extract, under=(".",))
    graph.index(workers=workers, side_job=job, on_extracted=keep)
    return got


def fresh_rows(graph: ProjectGraph, rel: str) -> list[object]:
    """The docstrings of ``rel`` segmented by hand, as the stored rows would list them."""
    fe = graph.get(rel)
    assert fe is not None
    source = graph.source(rel)
    index = LineIndex(source)
    language: DocstringLanguage = "java" if fe.language == "java" else "python"
    docs = [fn.docstring for fn in fe.functions if fn.docstring is not None]
    if language == "python":
        docs += [c.docstring for c in fe.classes if c.docstring is not None]
    spans = sorted({docstring_chars(index, d) for d in docs})
    return [
        [start, end, segment_docstring(source, start, end, language).to_json()]
        for start, end in spans
    ]


def test_workers_and_in_process_segment_the_same(tmp_path: Path) -> None:
    root = workspace(tmp_path)
    parallel = ProjectGraph(str(root), cache_directory=str(tmp_path / "c1"))
    from_workers = collect(parallel, workers=2)
    serial = ProjectGraph(str(root), use_cache=False)
    in_process = collect(serial, workers=1)
    assert from_workers == in_process
    documented = {rel for rel in parallel.files if "def g" not in parallel.source(rel)}
    documented.discard("pkg/__init__.py")
    assert set(from_workers) == documented  # undocumented files send nothing back
    for rel, rows in from_workers.items():
        assert json.loads(rows) == fresh_rows(parallel, rel), rel
    # Java: the method's Javadoc only (class Javadoc is not checked against a constructor)
    assert len(json.loads(from_workers["Box.java"])) == 1
    # a warm index extracts nothing, so the side job has nothing to do
    assert collect(ProjectGraph(str(root), cache_directory=str(tmp_path / "c1")), 2) == {}


def test_checks_use_the_rows_and_find_the_same(tmp_path: Path) -> None:
    root = workspace(tmp_path, n=9)
    plain = ProjectGraph(str(root), use_cache=False)
    plain.index(workers=1)
    expected = {rel: check_file(plain, rel) for rel in sorted(plain.files)}
    for use_cache in (True, False):
        graph = ProjectGraph(str(root), use_cache=use_cache, cache_directory=str(tmp_path / "c"))
        got = collect(graph, workers=1)
        store = docstring_store(graph)
        for rel, rows in got.items():
            language: DocstringLanguage = "java" if rel.endswith(".java") else "python"
            store.remember(language, graph.entries[rel].content_hash, rows)
        store.flush()
        for rel, want in expected.items():
            report = check_file(graph, rel)
            assert report.docstrings == want.docstrings, rel
            assert [f.key() for f in report.findings] == [f.key() for f in want.findings]
        assert store._kept == {}  # every row was served from memory, once
    assert sum(len(r.findings) for r in expected.values()) >= 9


def test_rows_saved_by_the_parent_are_on_disk_for_the_next_run(tmp_path: Path) -> None:
    store = ParsedDocstringStore.open(str(tmp_path))
    source = FUNC.format(i=1)
    start, end = source.index('"""'), source.rindex('"""') + 3
    parsed = segment_docstring(source, start, end, "python")
    rows = json.dumps([[start, end, parsed.to_json()]])
    store.remember("python", "h1", rows)
    store.remember("python", "bad", "[[1, 2, {}]]")  # foreign rows: a miss, not an error
    store.flush()
    assert store.load("python", "bad") == {}
    store.close()
    again = ParsedDocstringStore.open(str(tmp_path))
    assert again.load("python", "h1") == {(start, end): parsed}
    assert again.load("java", "h1") == {}
    assert again.load("python", "bad") == {}
    again.close()
    memory_only = ParsedDocstringStore(None)
    memory_only.remember("python", "h1", rows)
    memory_only.flush()
    assert memory_only.load("python", "h1") == {(start, end): parsed}
    assert memory_only.load("python", "h1") == {}  # served once


def test_under_limits_the_side_job_to_the_checked_paths(tmp_path: Path) -> None:
    root = workspace(tmp_path, n=4)
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    fe = graph.get("pkg/m000.py")
    assert fe is not None
    data = graph.source("pkg/m000.py").encode("utf-8")
    assert segment_extract(fe, data, under=("pkg",)) is not None
    assert segment_extract(fe, data, under=("pkg/m000.py",)) is not None
    assert segment_extract(fe, data, under=("pk", "other/")) is None
    assert segment_extract(fe, data) == segment_extract(fe, data, under=(".",))
    assert within("pkg/m000.py", ("",)) and within("pkg/m000.py", ("x", "pkg/"))
    assert not within("pkg/m000.py", ()) and not within("pkgs/m.py", ("pkg",))


def failing_job(fe: FileExtract, data: bytes) -> str | None:
    """A side job that breaks on one file (module level, so workers can import it)."""
    if fe.path.endswith("m001.py"):
        raise ValueError("boom")
    return fe.path


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_side_job_loses_nothing(
    tmp_path: Path, workers: int, caplog: pytest.LogCaptureFixture
) -> None:
    root = workspace(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    got: list[str | None] = []
    with caplog.at_level(logging.WARNING):
        report = graph.index(
            workers=workers, side_job=failing_job, on_extracted=lambda e, r: got.append(r)
        )
    assert report.files == PARALLEL_THRESHOLD + 8
    assert len(got) == report.files
    assert "pkg/m001.py" not in got and got.count(None) == 1
    if workers == 1:  # a worker's log goes to its own stderr
        assert any("side job failed" in r.getMessage() for r in caplog.records)


def test_cli_cold_then_warm_same_findings_and_segments_stored(tmp_path: Path) -> None:
    root = workspace(tmp_path)
    env = {**os.environ, "DOCREF_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "docref", "check", str(root), "--format", "json"]
    runs = []
    stored_rows: list[dict[str, float]] = []
    for extra in ([], [], ["--no-cache"], ["--jobs", "1", "--no-cache"]):
        proc = subprocess.run(
            [*command, *extra], env=env, capture_output=True, text=True, timeout=300
        )
        assert proc.returncode == 1, proc.stderr
        assert "cache disabled" not in proc.stderr
        report = json.loads(proc.stdout)
        assert report["errors"] == []
        runs.append(report["findings"])
        stored_rows.append(_rows(tmp_path / "cache" / "results"))
    assert runs[0] == runs[1] == runs[2] == runs[3]
    # The parent's SQLite connections to the index and results caches are open when the pool
    # forks its workers; the workers never use their copies and leave through os._exit.  The
    # caches the forked run wrote stay whole and serve the next run: every result read back,
    # none computed and stored again.
    assert len(stored_rows[0]) > PARALLEL_THRESHOLD and stored_rows[1] == stored_rows[0]
    for name in ("graph", "results", "segments"):
        with closing(sqlite3.connect(tmp_path / "cache" / name / "cache.db")) as con:
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert len(runs[0]) >= PARALLEL_THRESHOLD // 3
    store = ParsedDocstringStore.open(str(tmp_path / "cache"))
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    fe = graph.get("pkg/m000.py")
    assert fe is not None
    stored = store.load("python", fe.content_hash)
    assert [[s, e, p.to_json()] for (s, e), p in stored.items()] == fresh_rows(graph, fe.path)
    assert segmenter_fingerprint()  # the key the CLI wrote under is this code's
    store.close()


def _rows(cache: Path) -> dict[str, float]:
    """Each row's key and when it was stored, read with SQLite itself (not diskcache)."""
    with closing(sqlite3.connect(cache / "cache.db")) as con:
        return {
            str(key): stored for key, stored in con.execute("SELECT key, store_time FROM Cache")
        }


def test_line_index_fast_path_matches_the_general_one() -> None:
    def reference(text: str) -> tuple[list[int], list[int]]:
        starts, ends = [0], []
        for match in _NEWLINE.finditer(text):
            ends.append(match.start())
            starts.append(match.end())
        ends.append(len(text))
        return starts, ends

    rnd = random.Random(7)
    samples = ["", "\n", "a", "a\n", "\n\n", "ab\ncd\n\nef", "x\r\ny\rz\n", "é\n😀x\n"]
    samples += [
        "".join(rnd.choice("ab\n é😀") for _ in range(rnd.randrange(40))) for _ in range(500)
    ]
    for text in samples:
        index = LineIndex(text)
        assert (index._line_starts, index._line_ends) == reference(text), repr(text)
        data = text.encode("utf-8")
        for byte in range(len(data) + 2):
            cut = min(byte, len(data))
            while 0 < cut < len(data) and data[cut] & 0xC0 == 0x80:
                cut -= 1
            assert index.byte_to_char(byte) == len(data[:cut].decode("utf-8"))


PunktRun = Callable[[str], list[str]]


@pytest.fixture
def punkt_run() -> PunktRun:
    """Runs a script in a fresh interpreter after docref's Punkt tokenizer was built and run
    (``spans``: its split of ``One. Two, e.g. three.``; ``sys`` imported), returning the
    lines it printed: what a Punkt test sees is what a fresh process imported."""
    prelude = (
        "import sys\n"
        "from docref.segments.punkt_model import get_punkt_tokenizer\n"
        "spans = list(get_punkt_tokenizer().span_tokenize('One. Two, e.g. three.'))\n"
    )

    def run(code: str) -> list[str]:
        proc = subprocess.run(
            [sys.executable, "-c", prelude + code],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return proc.stdout.splitlines()

    return run


def test_punkt_loads_without_scipy_or_nltk_init_and_leaves_them_importable(
    punkt_run: PunktRun,
) -> None:
    code = (
        "loaded = ['scipy' in sys.modules, 'numpy' in sys.modules]\n"
        "print(spans, *loaded, sys.modules.get('scipy', 0))\n"
        "import importlib, importlib.util\n"
        "for name in ('scipy', 'numpy'):\n"
        "    if importlib.util.find_spec(name) is not None:\n"  # installed: still importable
        "        importlib.import_module(name)\n"
        "print('importable')\n"
        # only Punkt's leaf modules were loaded; the real packages come back on import
        "bare = 'nltk.metrics' not in sys.modules and 'nltk' not in sys.modules\n"
        "import nltk\n"
        "from nltk.tokenize import sent_tokenize\n"
        "import nltk.tokenize.punkt as punkt\n"
        "same = punkt.PunktSentenceTokenizer is type(get_punkt_tokenizer())\n"
        "print(bare, same, hasattr(nltk, 'metrics'), callable(sent_tokenize))\n"
    )
    first, second, third = punkt_run(code)
    # NLTK's own answer (it splits after "e.g."); scipy and numpy neither loaded nor blocked
    assert first == "[(0, 4), (5, 14), (15, 21)] False False 0"
    assert second == "importable"
    assert third == "True True True True"


def test_punkt_defers_nltks_file_and_network_helpers_and_they_still_work(
    punkt_run: PunktRun,
) -> None:
    """Building the tokenizer imports none of what ``nltk.pathsec`` and ``xml.sax.saxutils``
    pull in (urllib.request, http.client, ssl: ~0.1 s before a cold run's workers fork); the
    helpers Punkt took from them still work, each importing the real module when called."""
    code = (
        "heavy = ('urllib.request', 'http.client', 'ssl', 'nltk.pathsec', 'xml.sax.saxutils')\n"
        "print(spans, [m for m in heavy if m in sys.modules])\n"
        "import nltk.tokenize.punkt as punkt\n"
        "from nltk.tokenize.util import xml_escape\n"
        "trainer = punkt.PunktTrainer('Dr. Who came. Dr. Who left. Dr. Who is here.')\n"
        "print(xml_escape('<a & b>'), type(trainer._type_fdist).__name__)\n"
        "import nltk.pathsec, xml.sax.saxutils\n"
        "print(punkt.validate_path.__module__, callable(nltk.pathsec.validate_path))\n"
    )
    first, second, third = punkt_run(code)
    assert first == "[(0, 4), (5, 14), (15, 21)] []"
    assert second == "&lt;a &amp; b&gt; FreqDist"
    assert third == "docref.segments.punkt_model True"


def test_cycle_collection_comes_back_after_the_static_tier() -> None:
    assert gc.isenabled()
    try:
        with pytest.raises(RuntimeError), no_cycle_collection():
            assert not gc.isenabled()
            raise RuntimeError("a failing check")
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def dying_job(fe: FileExtract, data: bytes) -> str | None:
    """Kills the worker process it runs in (the pool breaks); harmless in-process."""
    import multiprocessing

    if multiprocessing.parent_process() is not None and fe.path.endswith("m040.py"):
        os._exit(3)
    return fe.path


def test_a_broken_pool_finishes_in_process_in_order(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = workspace(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    got: list[str | None] = []
    with caplog.at_level(logging.WARNING):
        report = graph.index(workers=2, side_job=dying_job, on_extracted=lambda e, r: got.append(r))
    assert any("parallel indexing failed" in r.getMessage() for r in caplog.records)
    assert report.files == PARALLEL_THRESHOLD + 8
    assert got == list(graph.entries)  # every file once, in the order it was installed
    reference = ProjectGraph(str(root), use_cache=False)
    reference.index(workers=1)
    assert list(graph.entries) == list(reference.entries)
