"""The project graph on a real multi-package workspace: index, modules, updates, warm start."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from docref.graph.model import FileExtract, Import
from docref.graph.project import ProjectGraph
from docref.graph.python_extract import extract_python
from docref.graph.source import content_hash

FIXTURE = Path(__file__).parent / "fixtures" / "pyproj"

PY_FILES = [
    "app/__init__.py",
    "app/core/__init__.py",
    "app/core/util.py",
    "app/service.py",
    "src/lib/__init__.py",
    "src/lib/shapes.py",
    "src/lib/tools.py",
]
JAVA_FILES = ["java/com/example/Greeter.java", "java/com/example/Names.java"]
UTIL = "app/core/util.py"
SERVICE = "app/service.py"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def graph(project: Path, cache_dir: Path) -> ProjectGraph:
    g = ProjectGraph(str(project), cache_directory=str(cache_dir))
    g.index(workers=1)
    return g


def _fresh(text: str, rel: str) -> FileExtract:
    data = text.encode("utf-8")
    return extract_python(data, rel, content_hash(data))


def _snapshot(g: ProjectGraph) -> dict[str, dict[str, object]]:
    return {rel: g.files[rel].to_json() for rel in sorted(g.files)}


# ---- index --------------------------------------------------------------------------------


def test_index_report_counts_and_skips(project: Path, cache_dir: Path) -> None:
    (project / "app" / "blob.py").write_bytes(b"x = 1\n\x00\x00\x00")
    (project / "app" / "huge.py").write_text("X = 1\n" * 1000)  # 6000 bytes
    (project / "app" / "dangling.py").symlink_to(project / "app" / "nowhere.py")
    g = ProjectGraph(str(project), cache_directory=str(cache_dir), max_file_bytes=4000)
    progress: list[tuple[int, int]] = []
    report = g.index(progress=lambda done, total: progress.append((done, total)), workers=1)

    assert sorted(g.files) == sorted(PY_FILES + JAVA_FILES)
    assert report.files == len(PY_FILES) + len(JAVA_FILES)
    reasons = {s.relpath: s.reason for s in report.skipped}
    assert set(reasons) == {"app/blob.py", "app/huge.py", "app/dangling.py"}
    assert "binary" in reasons["app/blob.py"]
    assert "size cap" in reasons["app/huge.py"]
    assert "4,000" in reasons["app/huge.py"]
    assert reasons["app/dangling.py"] == "broken symlink"
    assert g.skipped == reasons

    functions = {rel: [f.qualname for f in g.files[rel].functions] for rel in g.files}
    assert functions[UTIL] == ["helper", "unrelated", "uses_helper"]
    assert functions[SERVICE] == [
        "Service.__init__",
        "Service.run",
        "Service.describe",
        "Service.pending",
    ]
    assert functions["src/lib/shapes.py"] == ["Shape.area", "Square.__init__", "Square.area"]
    assert functions["src/lib/tools.py"] == ["area"]
    assert functions["java/com/example/Names.java"] == ["Names.normalise"]
    assert functions["java/com/example/Greeter.java"] == ["Greeter.greet"]
    assert report.functions == 13
    assert report.functions == sum(len(fe.functions) for fe in g.files.values())
    classes = sorted(c.qualname for fe in g.files.values() for c in fe.classes)
    assert classes == ["Greeter", "Names", "Service", "Shape", "Square"]
    assert report.classes == 5
    assert report.edges == sum(len(fe.edges()) for fe in g.files.values())
    assert report.edges > 20
    assert report.cache_hits == 0
    assert progress
    candidates = len(PY_FILES) + len(JAVA_FILES) + 2  # the broken symlink is no candidate
    assert progress[-1] == (candidates, candidates)
    assert g.files["java/com/example/Names.java"].package == "com.example"
    json_report = report.to_json()
    assert {"path": "app/dangling.py", "reason": "broken symlink"} in json_report["skipped"]


def test_module_names(graph: ProjectGraph) -> None:
    names = graph.modules.names_of
    assert names["app/__init__.py"] == ["app"]
    assert names["app/core/__init__.py"] == ["app.core"]
    assert names[UTIL] == ["app.core.util"]
    # src layout: importable as ``lib.shapes``, also registered by its full path
    assert names["src/lib/shapes.py"] == ["lib.shapes", "src.lib.shapes"]
    assert names["src/lib/__init__.py"] == ["lib", "src.lib"]
    assert names["java/com/example/Names.java"] == ["com.example.Names"]
    assert graph.modules.module_path("app.core.util") == UTIL
    assert graph.modules.module_path("lib.tools") == "src/lib/tools.py"
    assert graph.modules.module_path("app.nothing") is None


def test_resolve_relative_imports_use_package_semantics(graph: ProjectGraph) -> None:
    resolve = graph.modules.resolve_import
    # level 1 from app/core/util.py is the package app/core
    assert resolve(UTIL, Import("", "anything", None, 1, 0)) == ("app/core/__init__.py", "anything")
    assert resolve(UTIL, Import("", "util", None, 1, 0)) == (UTIL, None)
    # level 1 from app/__init__.py is the package app itself
    assert resolve("app/__init__.py", Import("", "service", None, 1, 0)) == (SERVICE, None)
    assert resolve("app/__init__.py", Import("", "nothing", None, 1, 0)) == (
        "app/__init__.py",
        "nothing",
    )
    assert resolve("app/__init__.py", Import("core", "util", None, 1, 0)) == (UTIL, None)
    assert resolve(SERVICE, Import("core.util", "helper", None, 1, 0)) == (UTIL, "helper")
    assert resolve(SERVICE, Import("core", "*", None, 1, 0)) == ("app/core/__init__.py", None)
    # level 2 from app/core/util.py is app
    assert resolve(UTIL, Import("service", "Service", None, 2, 0)) == (SERVICE, "Service")
    assert resolve(UTIL, Import("", "service", None, 2, 0)) == (SERVICE, None)
    assert resolve(UTIL, Import("missing", "x", None, 1, 0)) == (None, None)


def test_resolve_absolute_imports(graph: ProjectGraph) -> None:
    resolve = graph.modules.resolve_import
    assert resolve(SERVICE, Import("app.core", "util", None, 0, 0)) == (UTIL, None)
    assert resolve(SERVICE, Import("app.core.util", "helper", None, 0, 0)) == (UTIL, "helper")
    assert resolve(SERVICE, Import("app.core.util", None, "u", 0, 0)) == (UTIL, None)
    assert resolve(SERVICE, Import("app", "Service", None, 0, 0)) == ("app/__init__.py", "Service")
    assert resolve("src/lib/tools.py", Import("lib.shapes", "Square", None, 0, 0)) == (
        "src/lib/shapes.py",
        "Square",
    )
    assert resolve(SERVICE, Import("src.lib.tools", None, None, 0, 0)) == (
        "src/lib/tools.py",
        None,
    )
    assert resolve(SERVICE, Import("os.path", None, None, 0, 0)) == (None, None)
    assert resolve(SERVICE, Import("app.missing", "later", None, 0, 0)) == (None, None)
    greeter = "java/com/example/Greeter.java"
    names = Import("com.example", "Names", None, 0, 0)
    assert resolve(greeter, names) == ("java/com/example/Names.java", None)
    assert resolve(greeter, Import("java.util", "List", None, 0, 0)) == (None, None)


def test_import_links(graph: ProjectGraph) -> None:
    assert graph.imports_of(SERVICE) == {UTIL}  # app.missing is not in the project (yet)
    assert graph.importers_of(UTIL) == {SERVICE}
    assert graph.imports_of("app/__init__.py") == {SERVICE}
    assert graph.importers_of(SERVICE) == {"app/__init__.py"}
    assert graph.imports_of("src/lib/tools.py") == {"src/lib/shapes.py"}
    assert graph.importers_of("src/lib/shapes.py") == {"src/lib/tools.py"}
    assert graph.importers_of("src/lib/tools.py") == set()
    greeter, names = "java/com/example/Greeter.java", "java/com/example/Names.java"
    assert graph.imports_of(greeter) == {names}
    assert graph.importers_of(names) == {greeter}
    # absolute and relative paths name the same file
    assert graph.importers_of(str(Path(graph.root) / UTIL)) == {SERVICE}


# ---- updates ------------------------------------------------------------------------------


def test_update_buffer_reports_changed_and_dependents(graph: ProjectGraph, project: Path) -> None:
    disk = (project / UTIL).read_text()
    buffer = disk.replace("return value * 2", "return value * 3")
    assert buffer != disk
    result = graph.update(UTIL, buffer)
    assert result.path == UTIL
    assert result.changed == ["helper"]
    assert set(result.dependents) == {
        (UTIL, "helper"),
        (UTIL, "uses_helper"),
        (SERVICE, "Service.run"),
    }
    assert result.note is None
    assert graph.source(UTIL) == buffer
    assert (project / UTIL).read_text() == disk  # the buffer is never written
    fe = graph.get(UTIL)
    assert fe is not None
    assert fe.to_json() == _fresh(buffer, UTIL).to_json()
    # the same buffer again changes nothing
    again = graph.update(str(project / UTIL), buffer)
    assert again.changed == []
    assert again.dependents == []


def test_update_from_disk_drops_the_buffer(graph: ProjectGraph, project: Path) -> None:
    disk = (project / UTIL).read_text()
    graph.update(UTIL, disk.replace("os.getcwd()", "os.getcwdb().decode()"))
    result = graph.update(UTIL)
    assert result.changed == ["unrelated"]
    assert (SERVICE, "Service.describe") in result.dependents  # uses util.unrelated
    assert graph.source(UTIL) == disk
    fe = graph.get(UTIL)
    assert fe is not None
    assert fe.to_json() == _fresh(disk, UTIL).to_json()
    # disk edits are picked up by update(path) without text
    (project / UTIL).write_text(disk + "\n\ndef extra() -> None:\n    pass\n")
    result = graph.update(UTIL)
    assert result.changed == ["extra"]
    assert graph.find_function(UTIL, "extra") is not None


def test_update_new_file_satisfies_unresolved_import(graph: ProjectGraph, project: Path) -> None:
    assert graph.modules.module_path("app.missing") is None
    (project / "app" / "missing.py").write_text('def later():\n    """Soon."""\n    return 1\n')
    result = graph.update("app/missing.py")
    assert result.changed == ["later"]
    assert ("app/missing.py", "later") in result.dependents
    assert (SERVICE, "Service.pending") in result.dependents
    assert graph.imports_of(SERVICE) == {UTIL, "app/missing.py"}
    assert graph.importers_of("app/missing.py") == {SERVICE}
    assert graph.modules.module_path("app.missing") == "app/missing.py"


def test_update_buffer_only_file(graph: ProjectGraph, project: Path) -> None:
    """An unsaved new editor buffer is indexed without touching the disk."""
    result = graph.update("app/missing.py", "def later():\n    return 2\n")
    assert result.changed == ["later"]
    assert graph.importers_of("app/missing.py") == {SERVICE}
    assert graph.source("app/missing.py") == "def later():\n    return 2\n"
    assert not (project / "app" / "missing.py").exists()


def test_remove_reports_dependents_and_drops_module(graph: ProjectGraph) -> None:
    result = graph.remove(UTIL)
    assert sorted(result.changed) == ["helper", "unrelated", "uses_helper"]
    assert set(result.dependents) == {(SERVICE, "Service.run"), (SERVICE, "Service.describe")}
    assert graph.get(UTIL) is None
    assert UTIL not in graph.files
    assert graph.modules.module_path("app.core.util") is None
    assert UTIL not in graph.modules.names_of
    assert graph.imports_of(SERVICE) == set()
    assert graph.importers_of(UTIL) == set()
    assert graph.imports_of(UTIL) == set()
    # and it comes back
    graph.update(UTIL)
    assert graph.imports_of(SERVICE) == {UTIL}
    assert graph.importers_of(UTIL) == {SERVICE}


def test_update_to_unreadable_file_removes_it(graph: ProjectGraph, project: Path) -> None:
    (project / UTIL).write_bytes(b"def helper():\n\x00\x00")
    result = graph.update(UTIL)
    assert result.note is not None
    assert "binary" in result.note
    assert (SERVICE, "Service.run") in result.dependents
    assert graph.get(UTIL) is None
    assert "binary" in graph.skipped[UTIL]
    assert graph.importers_of(UTIL) == set()


def test_update_buffer_with_undecodable_text_notes_it(graph: ProjectGraph) -> None:
    result = graph.update(UTIL, 'def helper(value):\n    return "\ud800"\n')
    assert result.note is not None
    assert "U+FFFD" in result.note
    fe = graph.get(UTIL)
    assert fe is not None
    assert result.note in fe.errors
    assert [f.qualname for f in fe.functions] == ["helper"]


def test_update_ignores_other_languages(graph: ProjectGraph) -> None:
    result = graph.update("README.md", "# readme\n")
    assert result.note == "not a Python or Java file"
    assert result.changed == []
    assert "README.md" not in graph.files


def test_update_java_buffer_reaches_importers(graph: ProjectGraph, project: Path) -> None:
    names = "java/com/example/Names.java"
    text = (project / names).read_text().replace("raw.trim()", "raw.strip()")
    result = graph.update(names, text)
    # a method's text is part of its class's text: both changed
    assert result.changed == ["Names.normalise", "Names"]
    assert ("java/com/example/Greeter.java", "Greeter.greet") in result.dependents


# ---- warm start and the cache -------------------------------------------------------------


def test_warm_start_reuses_every_extract(project: Path, cache_dir: Path) -> None:
    cold = ProjectGraph(str(project), cache_directory=str(cache_dir))
    cold_report = cold.index(workers=1)
    assert cold_report.cache_hits == 0
    warm = ProjectGraph(str(project), cache_directory=str(cache_dir))
    warm_report = warm.index(workers=1)
    assert warm_report.cache_hits == warm_report.files == cold_report.files
    assert (warm_report.functions, warm_report.classes, warm_report.edges) == (
        cold_report.functions,
        cold_report.classes,
        cold_report.edges,
    )
    assert _snapshot(warm) == _snapshot(cold)
    for rel in warm.files:
        assert warm.importers_of(rel) == cold.importers_of(rel)
        assert warm.imports_of(rel) == cold.imports_of(rel)


def test_changed_file_is_re_extracted_on_next_start(project: Path, cache_dir: Path) -> None:
    ProjectGraph(str(project), cache_directory=str(cache_dir)).index(workers=1)
    text = (project / UTIL).read_text() + "\n\ndef added(x: int) -> int:\n    return helper(x)\n"
    (project / UTIL).write_text(text)
    second = ProjectGraph(str(project), cache_directory=str(cache_dir))
    report = second.index(workers=1)
    assert report.cache_hits == report.files - 1
    fe = second.get(UTIL)
    assert fe is not None
    assert [f.qualname for f in fe.functions][-1] == "added"
    assert fe.to_json() == _fresh(text, UTIL).to_json()
    third = ProjectGraph(str(project), cache_directory=str(cache_dir)).index(workers=1)
    assert third.cache_hits == third.files


def test_identical_content_in_two_files_keeps_each_path(project: Path, cache_dir: Path) -> None:
    shutil.copy(project / UTIL, project / "app" / "copy.py")
    for _ in range(2):  # cold, then warm from the shared cache row
        g = ProjectGraph(str(project), cache_directory=str(cache_dir))
        g.index(workers=1)
        assert g.files["app/copy.py"].path == "app/copy.py"
        assert g.files[UTIL].path == UTIL


def test_cache_directory_is_private(project: Path, cache_dir: Path) -> None:
    ProjectGraph(str(project), cache_directory=str(cache_dir)).index(workers=1)
    assert stat.S_IMODE(os.stat(cache_dir / "graph").st_mode) == 0o700


def test_cache_directory_from_environment(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "env-cache"))
    ProjectGraph(str(project)).index(workers=1)
    assert (tmp_path / "env-cache" / "graph").is_dir()
    report = ProjectGraph(str(project)).index(workers=1)
    assert report.cache_hits == report.files


def test_no_cache_never_writes(project: Path, cache_dir: Path) -> None:
    g = ProjectGraph(str(project), use_cache=False, cache_directory=str(cache_dir))
    assert g.index(workers=1).files == len(PY_FILES) + len(JAVA_FILES)
    assert not cache_dir.exists()


# ---- incremental parsing ------------------------------------------------------------------


def test_successive_edits_match_a_fresh_extract(graph: ProjectGraph, project: Path) -> None:
    rel = SERVICE
    text = (project / rel).read_text()
    graph.update(rel, text)  # now the graph holds a tree to re-parse incrementally

    def edit(new_text: str) -> list[str]:
        result = graph.update(rel, new_text)
        fe = graph.get(rel)
        assert fe is not None
        assert fe.to_json() == _fresh(new_text, rel).to_json()
        assert graph.source(rel) == new_text
        return result.changed

    # insert a function at the top (after the module docstring)
    head, sep, rest = text.partition('"""\n')
    text = head + sep + '\n\ndef first(n: int) -> int:\n    """First."""\n    return n\n' + rest
    assert edit(text) == ["first"]
    # edit a body in the middle
    text = text.replace('return util.unrelated("service")', "return util.unrelated('svc') + '!'")
    assert edit(text) == ["Service.describe", "Service"]  # the class holds the method
    # delete the lines at the end (the last method)
    cut = text.index("    def pending(self)")
    text = text[:cut].rstrip() + "\n"
    assert edit(text) == ["Service", "Service.pending"]  # changed first, then removed
    # non-ASCII text and emoji in strings shift every later byte offset
    text = text.replace('"""Runs the helpers."""', '"""Runs the helpers: é, 漢字 and 😀."""')
    changed = edit(text)
    assert "Service" in changed
    text = text.replace("helper(value) * self.factor", 'helper(value) * self.factor  # ✓ "😀"')
    assert "Service.run" in edit(text)
    text = text.replace("def first(n: int)", "def first(n: int, label: str = 'é😀')")
    assert edit(text) == ["first"]
    # a syntax error in the middle and its repair
    broken = text.replace("def describe(self) -> str:", "def describe(self -> str:")
    graph.update(rel, broken)
    fe = graph.get(rel)
    assert fe is not None
    assert fe.errors
    assert fe.to_json() == _fresh(broken, rel).to_json()
    edit(text)
    final = graph.get(rel)
    assert final is not None
    assert final.errors == []
    service = [f.qualname for f in final.functions]
    assert service == ["first", "Service.__init__", "Service.run", "Service.describe"]
    doc = final.classes[0].docstring
    assert doc is not None
    data = text.encode("utf-8")
    assert data[doc.span.start_byte : doc.span.end_byte].decode() == doc.text
    assert "😀" in doc.text


def test_parallel_cold_index_matches_in_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from docref.graph.extraction import PARALLEL_THRESHOLD

    n = PARALLEL_THRESHOLD + 6
    root = tmp_path / "many"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    for i in range(n):
        j = (i + 1) % n
        (root / "pkg" / f"m{i}.py").write_text(
            f'"""Module {i}: é."""\n\nfrom pkg.m{j} import f{j}\n\n\n'
            f"def f{i}(x: int) -> int:\n    return f{j}(x) + {i}\n"
        )
    serial = ProjectGraph(str(root), use_cache=False)
    serial.index(workers=1)
    parallel = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    with caplog.at_level("WARNING"):
        report = parallel.index(workers=2)
    assert not [r for r in caplog.records if "parallel indexing failed" in r.getMessage()]
    assert report.files == n + 1
    assert _snapshot(parallel) == _snapshot(serial)
    assert parallel.importers_of("pkg/m1.py") == {"pkg/m0.py"}
    warm = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache")).index(workers=2)
    assert warm.cache_hits == report.files


# ---- re-index, BOM, packages appearing, decoding notes --------------------------------------


def test_reindex_drops_deleted_files_and_keeps_buffers(project: Path, graph: ProjectGraph) -> None:
    buffer = "def edited() -> int:\n    return 1\n"
    graph.update(str(project / SERVICE), buffer)
    (project / UTIL).unlink()
    report = graph.index(workers=1)
    assert UTIL not in graph.files
    assert report.files == len(PY_FILES) + len(JAVA_FILES) - 1
    assert [f.qualname for f in graph.files[SERVICE].functions] == ["edited"]
    assert graph.source(str(project / SERVICE)) == buffer


def test_bom_in_buffer_keeps_offsets_consistent(project: Path, graph: ProjectGraph) -> None:
    text = '\ufeffdef f():\n    """Doc é."""\n'
    graph.update(str(project / UTIL), text)
    fn = graph.files[UTIL].functions[0]
    assert fn.docstring is not None
    data = graph.source(str(project / UTIL)).encode("utf-8")
    span = fn.docstring.span
    assert data[span.start_byte : span.end_byte] == '"""Doc é."""'.encode()


def test_new_package_init_renames_modules(tmp_path: Path) -> None:
    # ``server/`` is no import root of its own (``src/`` is): only a package makes ``pkg.mod``
    root = tmp_path / "ws"
    (root / "server" / "pkg").mkdir(parents=True)
    (root / "server" / "pkg" / "mod.py").write_text("def f():\n    pass\n")
    (root / "main.py").write_text("from pkg.mod import f\n\ndef g():\n    f()\n")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    mod = str(root / "server" / "pkg" / "mod.py")
    assert graph.modules.module_path("pkg.mod") is None  # not a package yet
    assert graph.importers_of(mod) == set()
    graph.update(str(root / "server" / "pkg" / "__init__.py"), "")
    assert graph.modules.module_path("pkg.mod") == "server/pkg/mod.py"
    assert graph.importers_of(mod) == {"main.py"}
    graph.remove(str(root / "server" / "pkg" / "__init__.py"))
    assert graph.modules.module_path("pkg.mod") is None
    assert graph.importers_of(mod) == set()


def test_decoding_note_is_not_shared_through_the_cache(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    # same decoded text, reached by different routes: UTF-8 vs declared latin-1
    text = '# -*- coding: latin-1 -*-\nNAME = "café"\n'
    (root / "a.py").write_bytes(text.encode("utf-8"))
    (root / "b.py").write_bytes(text.encode("latin-1"))
    for _ in range(2):  # cold, then warm from the cache
        graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
        graph.index(workers=1)
        assert graph.files["a.py"].errors == []
        assert any("latin-1" in e for e in graph.files["b.py"].errors)
        graph.close()


def test_incremental_java_update_matches_fresh_extract(project: Path, graph: ProjectGraph) -> None:
    from docref.graph.java_extract import extract_java

    rel = JAVA_FILES[0]
    path = project / rel
    text = path.read_text(encoding="utf-8")
    edits = [
        text.replace("{", "{\n    private int added = 1;", 1),
        text.replace("{", "{\n    /** Doc é. */\n    public void extra() { helper(); }", 1),
        text,
    ]
    for edited in edits:
        graph.update(str(path), edited)
        data = edited.encode("utf-8")
        assert graph.files[rel].to_json() == extract_java(data, rel, content_hash(data)).to_json()


def test_source_follows_disk_edits_and_buffers(graph: ProjectGraph, project: Path) -> None:
    rel = next(iter(sorted(graph.files)))
    target = project / rel
    first = graph.source(rel)
    assert graph.source(rel) == first  # served from the per-graph text cache
    target.write_text(first + "\n# edited on disk\n", encoding="utf-8")
    os.utime(target, ns=(1, 1))  # even with an old timestamp the size differs
    assert graph.source(rel).endswith("# edited on disk\n")
    graph.update(rel, "buffer text\n")
    assert graph.source(rel) == "buffer text\n"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_cancelled_index_stops_between_files_and_keeps_what_it_has(
    tmp_path: Path, workers: int
) -> None:
    for n in range(300):
        (tmp_path / f"m{n:03d}.py").write_text(
            f"from m{(n + 1) % 300:03d} import f{(n + 1) % 300}\n\n\ndef f{n}():\n    return {n}\n",
            encoding="utf-8",
        )
    extracted = 0

    def count(entry: object, side: object) -> None:
        nonlocal extracted
        extracted += 1

    graph = ProjectGraph(str(tmp_path), use_cache=False)
    report = graph.index(workers=workers, on_extracted=count, cancelled=lambda: extracted >= 40)
    assert report.cancelled
    assert 0 < report.files < 300
    assert report.files == len(graph.entries)
    # what was indexed is linked: an indexed file knows its indexed importers
    linked = [rel for rel in graph.entries if graph.importers_of(graph.abspath(rel))]
    assert linked
    # a later full index completes
    assert not graph.index(workers=1).cancelled
    assert len(graph.entries) == 300
