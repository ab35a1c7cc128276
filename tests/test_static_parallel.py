"""The static tier in worker processes gives exactly the in-process result."""

from __future__ import annotations

from pathlib import Path

from docref.engine.static import check_static
from docref.graph.extraction import PARALLEL_THRESHOLD
from docref.graph.project import ProjectGraph

BAD = '''def f{i}(value: int) -> int:
    """Return the value.

    Args:
        value (int): The value.
        extra{i} (int): Not a parameter.

    Returns:
        str: The value.
    """
    return value
'''

UNDOCUMENTED_B = '    """Do.\n\n    Args:\n        a: A.\n    """\n'


def project(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    for i in range(PARALLEL_THRESHOLD + 6):
        if i % 3 == 0:
            text = BAD.format(i=i)
        elif i % 3 == 1:  # ``b`` is undocumented: only the opt-in completeness rule says so
            text = f"def h{i}(a: int, b: int) -> None:\n" + UNDOCUMENTED_B
        else:
            text = f"def g{i}() -> None:\n    pass\n"
        (root / f"m{i:03}.py").write_text(text, encoding="utf-8")
    return root


def summary(reports: list) -> list[tuple[str, int, list[str]]]:  # type: ignore[type-arg]
    return [(r.path, r.functions, [f.key() for f in r.findings]) for r in reports]


def test_workers_match_in_process(tmp_path: Path) -> None:
    root = project(tmp_path)
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    targets = sorted(graph.files)
    done: list[int] = []
    parallel = check_static(graph, targets, jobs=2, on_file_done=done.append).reports
    serial = check_static(graph, targets, jobs=1).reports
    assert summary(parallel) == summary(serial)
    assert sum(done) == len(targets)
    assert sum(len(r.findings) for r in serial) == 2 * len(range(0, len(targets), 3))
    enabled = check_static(graph, targets, jobs=2, enable=("DOC-PARAM-MISSING",)).reports
    assert summary(enabled) == summary(
        check_static(graph, targets, jobs=1, enable=("DOC-PARAM-MISSING",)).reports
    )


def test_without_cache_checks_in_process(tmp_path: Path) -> None:
    root = project(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    assert not graph.uses_cache
    reports = check_static(graph, sorted(graph.files), jobs=2).reports
    assert len(reports) == len(graph.files)
