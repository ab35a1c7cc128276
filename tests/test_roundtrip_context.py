"""The round-trip file context (from the project graph), the splice, and test discovery."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from docref.context.build import find_function
from docref.graph.project import ProjectGraph
from docref.roundtrip.discovery import TestSelectionError, find_tests, select_tests
from docref.roundtrip.filecontext import (
    LIFT_DOCSTRING,
    PLACEHOLDER,
    FileContext,
    NotRebuildable,
    file_context,
)

from tests.helpers import roundtrip_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return roundtrip_project(tmp_path)


def graph_of(root: Path) -> ProjectGraph:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    return graph


def context(root: Path, rel: str, qualname: str) -> tuple[FileContext, ProjectGraph]:
    graph = graph_of(root)
    fe, fn = find_function(graph, str(root / rel), qualname)
    return file_context(fe, fn, graph.source(str(root / rel))), graph


def test_function_context_has_imports_globals_signature_docstring_and_placeholder(
    project: Path,
) -> None:
    ctx, _ = context(project, "textkit/words.py", "count_words")
    text = ctx.render()
    assert text.startswith("import re\n")
    assert "WORD = re.compile(" in text  # module-level names the body may use
    assert "def count_words(text: str) -> int:" in text
    assert "0 for an empty string." in text
    assert text.rstrip().endswith(PLACEHOLDER)
    assert "findall" not in text  # the body is gone
    assert "def shout" not in text and "class Slugger" not in text
    lifted = ctx.render(lift=True)
    assert LIFT_DOCSTRING in lifted and "0 for an empty string" not in lifted
    assert "def count_words(text: str) -> int:" in lifted


def test_method_context_has_class_scope(project: Path) -> None:
    ctx, _ = context(project, "textkit/words.py", "Slugger.make")
    text = ctx.render()
    assert "class Slugger:" in text
    assert '"""Turns titles into URL slugs."""' in text
    assert 'separator = "-"' in text
    assert "    def make(self, title: str) -> str:" in text
    assert text.rstrip().endswith("        " + PLACEHOLDER)
    # the rendered skeleton is itself valid Python once the placeholder becomes a body
    ast.parse(text.replace(PLACEHOLDER, "pass"))


def test_other_members_show_signatures_only(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "import os\n\n\nclass A:\n    def __init__(self, n: int) -> None:\n"
        "        self.n = n\n\n    def target(self) -> int:\n        '''Twice n.'''\n"
        "        return self.n * 2\n\n    @property\n    def later(self) -> str:\n"
        "        return os.sep\n",
        encoding="utf-8",
    )
    ctx, _ = context(tmp_path, "m.py", "A.target")
    text = ctx.render()
    assert "def __init__(self, n: int) -> None: ..." in text
    assert "@property\n    def later(self) -> str: ..." in text
    assert "self.n = n" not in text and "os.sep" not in text


def test_splice_replaces_only_the_body(project: Path) -> None:
    ctx, graph = context(project, "textkit/words.py", "Slugger.make")
    original = graph.source(str(project / "textkit/words.py"))
    spliced = ctx.splice(original, 'parts = title.split()\nreturn "_".join(parts)')
    assert '        parts = title.split()\n        return "_".join(parts)' in spliced
    assert "self.separator.join" not in spliced
    assert spliced.count("def count_words") == 1 and "0 for an empty string" in spliced
    ast.parse(spliced)
    # splicing the original body back gives the original file
    body = ctx.original_body.strip("\n")
    assert ctx.splice(original, body.replace("        ", "", 1)) == original


def test_function_without_docstring_is_refused(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    with pytest.raises(NotRebuildable, match="no docstring"):
        context(tmp_path, "m.py", "f")


def test_tests_are_found_statically(project: Path) -> None:
    graph = graph_of(project)
    assert find_tests(graph, "textkit/words.py", "count_words") == [
        "tests/test_words.py::test_count_words_plain",
        "tests/test_words.py::test_count_words_edges",
    ]
    assert find_tests(graph, "textkit/words.py", "Slugger.make") == [
        "tests/test_words.py::test_slug"
    ]
    assert find_tests(graph, "textkit/words.py", "shout") == []


def test_tests_found_through_module_import_alias_and_class(project: Path) -> None:
    (project / "tests" / "test_more.py").write_text(
        "import textkit.words as tw\nfrom textkit import words\n"
        "from textkit.words import count_words as cw\n\n\n"
        "class TestCounting:\n    def test_alias(self) -> None:\n        assert cw('a b') == 2\n\n"
        "    def test_module(self) -> None:\n        assert words.count_words('a') == 1\n\n\n"
        "def test_dotted() -> None:\n    assert tw.count_words('') == 0\n\n\n"
        "def test_other() -> None:\n    assert words.shout('a') == 'A!'\n",
        encoding="utf-8",
    )
    graph = graph_of(project)
    found = find_tests(graph, "textkit/words.py", "count_words")
    assert "tests/test_more.py::TestCounting::test_alias" in found
    assert "tests/test_more.py::TestCounting::test_module" in found
    assert "tests/test_more.py::test_dotted" in found
    assert "tests/test_more.py::test_other" not in found


def test_tests_found_through_package_reexport(project: Path) -> None:
    (project / "textkit" / "__init__.py").write_text(
        "from textkit.words import count_words\n", encoding="utf-8"
    )
    (project / "tests" / "test_pkg.py").write_text(
        "from textkit import count_words\n\n\ndef test_it() -> None:\n"
        "    assert count_words('x y') == 2\n",
        encoding="utf-8",
    )
    found = find_tests(graph_of(project), "textkit/words.py", "count_words")
    assert "tests/test_pkg.py::test_it" in found


def test_given_patterns(project: Path) -> None:
    root = str(project)
    assert select_tests(root, "tests/test_words.py") == ["tests/test_words.py"]
    assert select_tests(root, "tests/test_*.py,tests/test_words.py::test_slug") == [
        "tests/test_words.py",
        "tests/test_words.py::test_slug",
    ]
    assert select_tests(root, "tests") == ["tests"]
    with pytest.raises(TestSelectionError, match="matches no file"):
        select_tests(root, "tests/test_nothing*.py")
    with pytest.raises(TestSelectionError, match="outside the project"):
        select_tests(root, "../elsewhere/test_x.py")
    with pytest.raises(TestSelectionError, match="no such file"):
        select_tests(root, "tests/missing.py::test_x")
