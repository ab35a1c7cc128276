"""The results cache and the names a check asked of the project's code identifiers (session
18): a report that asked which files use a name as code is reused after an edit that leaves
the answer as it was -- an edit elsewhere that brings in a new identifier does not re-check
the project -- and misses once another file starts using the name.  In-process on a real
diskcache directory, since a subprocess run cannot show which reports were reused."""

from __future__ import annotations

from pathlib import Path

from docref.config.settings import load_settings
from docref.core.file_stamp import file_stamp
from docref.engine.cache_key import run_fingerprint
from docref.engine.file_cache import ResultsCache
from docref.engine.static import check_static
from docref.graph.project import ProjectGraph

from tests.test_static_names_elsewhere import _OTHER, _UNRELATED, _WINDOW

_LATER = '''
def later(values):
    """Return the values."""
    return values
'''


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.lstrip("\n"), encoding="utf-8")


def _indexed(root: Path, cache_dir: Path) -> tuple[ProjectGraph, ResultsCache, dict]:
    graph = ProjectGraph(str(root), cache_directory=str(cache_dir))
    graph.index(workers=1)
    cache = ResultsCache.open(str(root), run_fingerprint(load_settings(str(root))), str(cache_dir))
    assert cache is not None
    stats = {rel: file_stamp(str(root / rel)) for rel in graph.files}
    return graph, cache, cache.record_graph(graph, stats, {})


def test_an_asked_report_is_reused_until_its_answer_changes(tmp_path: Path) -> None:
    root, cache_dir = tmp_path / "proj", tmp_path / "cache"
    _write(root, "pyproject.toml", "[project]\nname = 'p'\n")
    _write(root, "pkg/__init__.py", "")
    _write(root, "pkg/smooth.py", _WINDOW)
    _write(root, "pkg/spread.py", _UNRELATED)
    _write(root, "pkg/later.py", _LATER)
    targets = ["pkg/later.py", "pkg/smooth.py", "pkg/spread.py"]

    graph, cache, records = _indexed(root, cache_dir)
    run = check_static(graph, targets, enable=("C1-PROSE-NAME-ELSEWHERE",), jobs=1)
    smooth = next(r for r in run.reports if r.path == "pkg/smooth.py")
    assert smooth.asked == {"color": []}  # asked, and no file uses ``color`` as code
    assert [f.rule for f in smooth.findings] == ["C1-NAME-UNRESOLVED"]
    cache.store(run.reports, records)
    cache.close()

    # a new identifier in another file's body: the project's shape stays, smooth.py is reused
    _write(root, "pkg/later.py", _LATER.replace("    return", "    fresh_name = 1\n    return"))
    graph, cache, records = _indexed(root, cache_dir)
    found = cache.lookup(targets, records, graph)
    assert found.missing == ["pkg/later.py"]
    assert sorted(found.reports) == ["pkg/smooth.py", "pkg/spread.py"]
    # without an indexed project to ask, a report whose answer is unconfirmed misses...
    _write(root, "pkg/later.py", _LATER)
    graph, cache, records = _indexed(root, cache_dir)
    assert cache.lookup(["pkg/smooth.py"], records).missing == ["pkg/smooth.py"]
    # ...and once confirmed against the project it is served as it is
    assert cache.lookup(["pkg/smooth.py"], records, graph).missing == []
    assert cache.lookup(["pkg/smooth.py"], records).missing == []
    cache.close()

    # control: another file starts using ``color`` as code -- the answer changed, a miss
    _write(root, "pkg/spread.py", _OTHER)
    graph, cache, records = _indexed(root, cache_dir)
    assert "pkg/smooth.py" in cache.lookup(targets, records, graph).missing
    cache.close()
