"""Incremental static checking (issue 18): after every edit of a series, the editor's checker
reports exactly what a from-scratch check of the same texts reports, and it does reuse work.

The series edits two files of a small project as an editor would (buffers given to the graph,
then checked): a docstring word, a function added and removed, a line inserted above
everything (every later function moves), a dependency's signature and body (the dependent in
the other file must change), an import added.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import RULES, FileReport, check_file
from docref.engine.incremental import IncrementalStatic
from docref.graph.project import ProjectGraph

BASE = '''\
"""Helpers."""


def parse(text, strict=False):
    """Parse the text.

    Args:
        text: The text.
        strict: Whether to fail.
        mode: Not a parameter.

    Raises:
        KeyError: On bad text.
    """
    if strict:
        raise KeyError(text)
    return text


def join(left, right):
    """Join two parts.

    Args:
        left: The left part.
        right: The right part.

    Returns:
        str: The joined parts.
    """
    return left + right


class Base:
    """A base.

    Args:
        size: The size.
    """

    def __init__(self, size):
        self.size = size
'''

USER = '''\
"""Users of the helpers."""

from pkg.base import Base, parse


def load(text):
    """Load the text.

    Args:
        text: The text.

    Raises:
        KeyError: When parse rejects it.
    """
    return parse(text, True)


def other(value):
    """Return the value.

    Args:
        value: The value.
        extra: Gone.
    """
    return value


class Child(Base):
    """A child.

    Args:
        size: The size.
    """
'''


ADDED = 'def added(x):\n    """Add.\n\n    Args:\n        y: Wrong.\n    """\n    return x\n\n\n'


def _edits() -> list[tuple[str, str, str]]:
    """(file, old text, new text) applied one after the other."""
    return [
        ("base.py", "Join two parts.", "Join two halves."),  # a docstring word
        ("user.py", "Return the value.", "Return the input value."),
        ("base.py", "class Base:", ADDED + "class Base:"),
        ("base.py", '"""Helpers."""\n', '"""Helpers."""\n\nLIMIT = 3\n'),  # all move down
        ("base.py", "Parse the text.", "Parse the given text."),
        # the dependency's signature and body: load() documents a KeyError nothing raises now
        (
            "base.py",
            "def parse(text, strict=False):",
            "def parse(text, strict=False, *, loose=True):",
        ),
        ("base.py", "        raise KeyError(text)", "        return None"),
        ("base.py", "    def __init__(self, size):", "    def __init__(self, size, depth):"),
        ("user.py", '"""Users of the helpers."""\n', '"""Users of the helpers."""\n\nimport os\n'),
        ("base.py", ADDED, ""),
        ("user.py", "Load the text.", "Load the text now."),
    ]


def _write(root: Path, name: str, text: str) -> None:
    (root / "pkg" / name).write_text(text, encoding="utf-8")


def _fresh(root: Path, tmp: Path, name: str) -> FileReport:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    return check_file(graph, f"pkg/{name}", RULES)


def _same(a: FileReport, b: FileReport) -> None:
    assert [f.to_json() for f in a.findings] == [f.to_json() for f in b.findings]
    assert [(q, p.to_json()) for q, p in a.docstrings] == [
        (q, p.to_json()) for q, p in b.docstrings
    ]
    assert (a.functions, a.classes, a.errors) == (b.functions, b.classes, b.errors)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    _write(root, "__init__.py", "")
    _write(root, "base.py", BASE)
    _write(root, "user.py", USER)
    return root


def test_every_edit_gives_what_a_full_check_gives(project: Path, tmp_path: Path) -> None:
    graph = ProjectGraph(str(project), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    texts = {"base.py": BASE, "user.py": USER}
    for name in texts:
        _same(checker.check(f"pkg/{name}", RULES), _fresh(project, tmp_path, name))
    reused_somewhere = False
    seen_rules: set[str] = set()
    assert not [f for f in checker.check("pkg/user.py", RULES).findings if f.qualname == "load"]
    for name, old, new in _edits():
        assert old in texts[name], (name, old)
        texts[name] = texts[name].replace(old, new, 1)
        _write(project, name, texts[name])
        graph.update(str(project / "pkg" / name), texts[name])
        for checked in ("base.py", "user.py"):  # the edited file, then the other one
            got = checker.check(f"pkg/{checked}", RULES)
            _same(got, _fresh(project, tmp_path, checked))
            reused_somewhere |= checker.last_reused > 0
            seen_rules |= {f"{checked}:{f.qualname}:{f.rule}" for f in got.findings}
    assert reused_somewhere, "the checker never reused a function's findings"
    # the series did exercise the cross-file cases it is about: the dependency's edit gave
    # the dependent a finding it did not have at the start
    assert "user.py:load:C3-RAISES" in seen_rules
    assert "base.py:added:C1-PARAM-UNKNOWN" in seen_rules


def test_a_docstring_edit_rechecks_only_that_function(project: Path) -> None:
    graph = ProjectGraph(str(project), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    checker.check("pkg/base.py", RULES)
    text = BASE.replace("Join two parts.", "Join two halves.")
    graph.update(str(project / "pkg" / "base.py"), text)
    report = checker.check("pkg/base.py", RULES)
    assert report.functions == 2  # parse, join (Base.__init__ has no docstring)
    assert checker.last_reused == 1  # parse; join changed
    # a line added above moves every function: all reused, findings moved with them
    moved = "# a comment\n" + text
    graph.update(str(project / "pkg" / "base.py"), moved)
    again = checker.check("pkg/base.py", RULES)
    assert checker.last_reused == 2
    assert [f.range[0][0] for f in again.findings] == [f.range[0][0] + 1 for f in report.findings]


def test_changed_rules_are_not_served_from_the_memo(project: Path) -> None:
    graph = ProjectGraph(str(project), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    checker.check("pkg/user.py", RULES)
    fewer = tuple(r for r in RULES if r.__name__ != "c1_param_unknown")
    report = checker.check("pkg/user.py", fewer)
    assert checker.last_reused == 0
    assert not [f for f in report.findings if f.rule == "C1-PARAM-UNKNOWN"]


SHAPE_JAVA = """\
package geo;

public class Shape {
    /**
     * Scales the shape.
     *
     * @param factor the factor
     * @return the scaled shape
     */
    public Shape scale(double factor) {
        return this;
    }
}
"""

SQUARE_JAVA = """\
package geo;

public class Square extends Shape {
    /**
     * Scales the square.
     *
     * @param factor the factor
     * @param extra not a parameter
     * @return the scaled square
     */
    @Override
    public Shape scale(double factor) {
        return this;
    }

    /** {@inheritDoc} */
    public Shape grow(double by) {
        return scale(by);
    }
}
"""


def test_java_edits_give_what_a_full_check_gives(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "geo").mkdir(parents=True)
    texts = {"Shape.java": SHAPE_JAVA, "Square.java": SQUARE_JAVA}
    for name, text in texts.items():
        (root / "geo" / name).write_text(text, encoding="utf-8")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    edits = [
        ("Square.java", "Scales the square.", "Scales the whole square."),
        ("Shape.java", "double factor)", "double factor, boolean keep)"),  # the parent's signature
        ("Shape.java", "Scales the shape.", "Scales a shape."),
    ]

    def fresh(name: str) -> FileReport:
        other = ProjectGraph(str(root), use_cache=False)
        other.index(workers=1)
        return check_file(other, f"geo/{name}", RULES)

    for name in texts:
        _same(checker.check(f"geo/{name}", RULES), fresh(name))
    assert [f.rule for f in fresh("Square.java").findings] == ["C1-PARAM-UNKNOWN"]  # extra
    for name, old, new in edits:
        texts[name] = texts[name].replace(old, new, 1)
        (root / "geo" / name).write_text(texts[name], encoding="utf-8")
        graph.update(str(root / "geo" / name), texts[name])
        for checked in texts:
            _same(checker.check(f"geo/{checked}", RULES), fresh(checked))
