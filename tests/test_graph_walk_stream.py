"""The project index reads the workspace walk as it extracts (cold runs start their workers
on the first files while the rest of a tree of many folders is still walked), with the same
result as a walk done first."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from docref.graph.discovery import Candidate
from docref.graph.extraction import SideJob, extract_many
from docref.graph.project import ProjectGraph
from docref.graph.source import SourceText


def _write(root: Path, rel: str, text: str = "def f():\n    return 1\n") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_extraction_starts_before_the_walk_ends(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _write(root, "a.py")
    _write(root, "z/b.py")
    seen: list[str] = []

    def extractor(
        misses: Iterable[tuple[Candidate, SourceText]],
        workers: int | None,
        side_job: SideJob | None = None,
    ) -> Iterator[tuple[Candidate, str, str | None]]:
        rest = iter(misses)
        first = next(rest)
        seen.append(first[0].relpath)
        # the walk has not listed z/ yet: a file added there now is found
        _write(root, "z/late.py")
        return extract_many([first, *rest], 1, side_job)

    graph = ProjectGraph(str(root), use_cache=False)
    report = graph.index(workers=1, extractor=extractor)
    assert seen == ["a.py"]
    assert sorted(graph.entries) == ["a.py", "z/b.py", "z/late.py"]
    assert report.files == 3


def test_cache_hits_get_package_names_when_a_module_sorts_before_init(tmp_path: Path) -> None:
    """``pkg/Model.py`` is walked before ``pkg/__init__.py`` (upper case sorts first): the
    module is named ``pkg.Model`` whether it was extracted or read from the cache."""
    root = tmp_path / "ws"
    _write(root, "pkg/Model.py")
    _write(root, "pkg/__init__.py", "")
    _write(root, "pkg/sub/__init__.py", "")
    _write(root, "pkg/sub/A.py")
    cache = str(tmp_path / "cache")
    names = []
    for _ in range(2):
        graph = ProjectGraph(str(root), cache_directory=cache)
        report = graph.index(workers=1)
        names.append(
            {
                n: p
                for n, p in graph.modules.by_name.items()
                if p.endswith("A.py") or p.endswith("Model.py")
            }
        )
    assert report.cache_hits == report.files == 4
    assert names[0] == names[1] == {"pkg.Model": "pkg/Model.py", "pkg.sub.A": "pkg/sub/A.py"}
