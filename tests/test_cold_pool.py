"""A cold run's two-phase pool (docref.engine.cold): the workers that extracted the project
check it, and the reports are exactly those of one process -- findings that depend on
other files' extracts, inline markers, their warnings and each report's dependencies."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from docref.cli.check_run import index_project
from docref.core.codes import IgnoreList
from docref.engine.cold import ColdPool
from docref.engine.static import check_static
from docref.graph.extraction import PARALLEL_THRESHOLD
from docref.graph.project import ProjectGraph

MODULE = '''"""Module {i}."""

from pkg.m{prev:03} import g{prev}


def g{i}(value: int) -> int:
    """Return the value, see :func:`pkg.m{prev:03}.g{prev}` and :func:`pkg.m{prev:03}.gone{i}`.

    Args:
        value (int): The value.
        extra{i} (int): Not a parameter.

    Returns:
        str: The value.
    """
    return g{prev}(value)


def h{i}(a: int) -> None:  # docref: ignore[C1-PARAM-UNKNOWN]
    """Do.

    Args:
        b: Not a parameter.
    """


def k{i}(a: int) -> None:  # docref: ignore[
    """Do.

    Args:
        a: A.
    """
'''


def project(tmp_path: Path) -> Path:
    pkg = tmp_path / "ws" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    count = PARALLEL_THRESHOLD + 6
    for i in range(count):
        text = MODULE.format(i=i, prev=(i - 1) % count)
        (pkg / f"m{i:03}.py").write_text(text, encoding="utf-8")
    # bad input goes through the workers too: a note, a skipped file, a partial extract
    latin = b'def f(a):\n    """Caf\xe9 \xe0 la carte.\n\n    Args:\n        b: B.\n    """\n'
    (pkg / "latin.py").write_bytes(latin)
    (pkg / "binary.py").write_bytes(b"\x00\x01" * 50)
    (pkg / "broken.py").write_text('def f(a:\n    """Do.\n\n    Args:\n        b: B.\n    """\n')
    return pkg.parent


def summary(run: object) -> list[object]:
    reports = run.reports  # type: ignore[attr-defined]
    rows: list[object] = [run.warnings]  # type: ignore[attr-defined]
    for r in reports:
        rows.append((r.path, r.functions, r.classes, [f.to_json() for f in r.findings]))
        rows.append((r.errors, r.warnings, r.deps, [q for q, _ in r.docstrings]))
    return rows


def serial(root: Path) -> list[object]:
    graph = ProjectGraph(str(root), use_cache=False)
    index_project(graph, [str(root)], 1, lambda done, total: None)
    ignore = IgnoreList.parse(["C2-RETURN-TYPE"])
    return summary(check_static(graph, sorted(graph.files), ignore=ignore, jobs=1))


def test_pool_checks_what_it_extracted_like_one_process(tmp_path: Path) -> None:
    root = project(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    done: list[int] = []
    with ColdPool(2) as pool:
        index_project(graph, [str(root)], 2, lambda d, t: None, pool)
        assert pool.active and all(pool.holds(rel) for rel in graph.files)
        if sys.platform.startswith("linux") and threading.active_count() == 1:
            # forked: the workers inherit the modules the parent preloaded
            assert {type(p).__name__ for p in pool._procs} == {"ForkProcess"}
        targets = sorted(graph.files)
        run = check_static(
            graph,
            targets,
            ignore=IgnoreList.parse(["C2-RETURN-TYPE"]),
            on_file_done=done.append,
            pool=pool,
        )
    assert not pool.active  # closed: workers reaped
    # the parent let its bodies go to the blob; later tiers still read them after the close
    fe = graph.get("pkg/m001.py")
    assert fe is not None and [f.name for f in fe.functions] == ["g1", "h1", "k1"]
    assert sum(done) == len(targets)
    got = summary(run)
    assert got == serial(root)
    findings = [f for r in run.reports for f in r.findings]
    assert any(f.rule == "C1-PARAM-UNKNOWN" for f in findings)
    assert any("gone" in f.message for f in findings)  # resolved against another file
    assert not any(f.qualname.startswith("h") for f in findings)  # the marker held
    assert run.warnings  # the malformed markers
    assert "pkg/binary.py" in graph.skipped and "pkg/binary.py" not in graph.files
    latin = next(r for r in run.reports if r.path == "pkg/latin.py")
    assert graph.entries["pkg/latin.py"].errors and latin.findings  # decoded with a note


def test_a_dead_worker_leaves_its_checks_to_the_parent(tmp_path: Path) -> None:
    root = project(tmp_path)
    graph = ProjectGraph(str(root), use_cache=False)
    with ColdPool(2) as pool:
        index_project(graph, [str(root)], 2, lambda d, t: None, pool)
        pool._procs[0].kill()  # between the phases, as an OOM kill would
        pool._procs[0].join()
        run = check_static(
            graph, sorted(graph.files), ignore=IgnoreList.parse(["C2-RETURN-TYPE"]), pool=pool
        )
    assert summary(run) == serial(root)


def test_workers_are_spawned_while_another_thread_runs(tmp_path: Path) -> None:
    # a forked child gets no copy of the other thread and may inherit a lock it held: the
    # pool forks only a single-threaded process (the CLI), else spawns, with the same reports
    root = project(tmp_path)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        graph = ProjectGraph(str(root), use_cache=False)
        with ColdPool(2) as pool:
            index_project(graph, [str(root)], 2, lambda d, t: None, pool)
            assert pool.active
            assert {type(p).__name__ for p in pool._procs} == {"SpawnProcess"}
            run = check_static(
                graph, sorted(graph.files), ignore=IgnoreList.parse(["C2-RETURN-TYPE"]), pool=pool
            )
    finally:
        stop.set()
        other.join()
    assert summary(run) == serial(root)
