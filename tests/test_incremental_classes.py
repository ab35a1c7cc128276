"""Class checks in the editor's incremental checks (issue 18): a class's check (its docstring
against its constructor) is reused while nothing it read changed, and made again when the
constructor it inherits from another file changes -- its code, or only its docstring, which
``DOC-PARAM-MISSING`` reads (a parameter documented there is documented for the class)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.runner import check_file, rules_for
from docref.engine.incremental import IncrementalStatic
from docref.graph.project import ProjectGraph

RULES = rules_for(("DOC-PARAM-MISSING",))

BASE = '''\
"""Bases."""


class Base:
    """A base."""

    def __init__(self, size, color=None):
        """Make it.

        Args:
            size: The size.
        """
        self.size = size
'''

USER = '''\
"""Users."""

from pkg.base import Base


def helper(value):
    """Help.

    Args:
        value: The value.
    """
    return value


class Child(Base):
    """A child.

    Args:
        size: The size.
    """
'''

# (file, old, new, Child's check reused, Child's findings after)
EDITS = [
    ("user.py", '    """Help.', '    """Help a bit.', True, ['"color"']),
    (
        "base.py",
        "            size: The size.\n",
        "            size: The size.\n            color: Its color.\n",
        False,
        [],
    ),
    ("base.py", "size, color=None):", "size, shade=None):", False, ['"shade"']),
]


def write_project(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    for name, text in (("__init__.py", ""), ("base.py", BASE), ("user.py", USER)):
        (root / "pkg" / name).write_text(text, encoding="utf-8")
    (root / "pyproject.toml").write_text(
        '[tool.docref]\nenable = ["DOC-PARAM-MISSING"]\n', encoding="utf-8"
    )


def from_scratch(root: Path, name: str) -> list[tuple[int, str, str]]:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    report = check_file(graph, f"pkg/{name}", RULES)
    return [(f.range[0][0], f.rule, f.message) for f in report.findings]


def child_missing(findings: list[tuple[int, str, str]]) -> list[str]:
    """The parameters Child's DOC-PARAM-MISSING names (quoted)."""
    return [
        m.split("parameter ", 1)[1].split(" of", 1)[0]
        for _, r, m in findings
        if r == "DOC-PARAM-MISSING" and "Child()" in m
    ]


def test_a_class_check_is_reused_until_what_it_read_changes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write_project(root)
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    texts = {"base.py": BASE, "user.py": USER}
    for name in texts:  # both open in the editor
        checker.check(f"pkg/{name}", RULES)
    assert child_missing(from_scratch(root, "user.py")) == ['"color"']
    for name, old, new, reused, missing in EDITS:
        assert old in texts[name], old
        texts[name] = texts[name].replace(old, new, 1)
        (root / "pkg" / name).write_text(texts[name], encoding="utf-8")
        graph.update(str(root / "pkg" / name), texts[name])
        checker.check(f"pkg/{name}", RULES)
        report = checker.check("pkg/user.py", RULES)
        assert checker.last_reused_classes == (1 if reused else 0), old
        got = [(f.range[0][0], f.rule, f.message) for f in report.findings]
        assert got == from_scratch(root, "user.py"), old
        assert child_missing(got) == missing, old
