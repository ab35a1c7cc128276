"""Docstring-only edits of a dependency (issue 18, the editor's incremental checks): the
functions using it keep their findings -- no rule reads the words of another entity's
docstring -- while an edit of its code, even next to the docstring, re-checks them.

The dependency is a decorator whose wrapper's docstring *mentions* taking a keyword out of
``**kwargs``: only the code counts (``C1-PARAM-UNKNOWN`` reads the wrapper's code, not its
docstring), so the mention never hides the decorated function's unknown parameter, and the
code that does take it does.
"""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.runner import RULES, check_file
from docref.engine.incremental import IncrementalStatic
from docref.graph.project import ProjectGraph

DECO = '''\
"""Decorators."""


def scaled(func):
    """Hand every keyword on."""

    def inner(*args, **kwargs):
        """Call func; kwargs.pop("scale") is the caller's business."""
        return func(*args, **kwargs)

    return inner
'''

USER = '''\
"""Users of the decorators."""

from pkg.deco import scaled


@scaled
def plot(x):
    """Plot the data.

    Args:
        x: The data.
        scale: The scale.
    """
    return x
'''

# (old, new, the decorated function's check reused): the wrapper's docstring words, then its
# code (it takes the keyword now), then its docstring removed
EDITS = [
    ('is the caller\'s business."""', 'is the callers\' business."""', True),
    (
        "        return func(*args, **kwargs)",
        '        kwargs.pop("scale", None)\n        return func(*args, **kwargs)',
        False,
    ),
    ('        """Call func; kwargs.pop("scale") is the callers\' business."""\n', "", False),
]


def write_project(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    for name, text in (("__init__.py", ""), ("deco.py", DECO), ("user.py", USER)):
        (root / "pkg" / name).write_text(text, encoding="utf-8")


def from_scratch(root: Path, name: str) -> list[tuple[int, str]]:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    report = check_file(graph, f"pkg/{name}", RULES)
    return [(f.range[0][0], f.rule) for f in report.findings]


def test_a_docstring_edit_of_a_dependency_keeps_its_users_findings(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write_project(root)
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    checker = IncrementalStatic(graph)
    checker.check("pkg/deco.py", RULES)  # opened in the editor: its last version is known
    # the mention in the wrapper's docstring does not make "scale" a parameter of the call
    first = checker.check("pkg/user.py", RULES)
    assert [f.rule for f in first.findings] == ["C1-PARAM-UNKNOWN"]
    text = DECO
    for old, new, reused in EDITS:
        assert old in text, old
        text = text.replace(old, new, 1)
        (root / "pkg" / "deco.py").write_text(text, encoding="utf-8")
        graph.update(str(root / "pkg" / "deco.py"), text)
        checker.check("pkg/deco.py", RULES)
        report = checker.check("pkg/user.py", RULES)
        assert checker.last_reused == (1 if reused else 0), old
        assert [(f.range[0][0], f.rule) for f in report.findings] == from_scratch(root, "user.py")
    # the code now takes the keyword: the finding went with the edit that made it so
    assert from_scratch(root, "user.py") == []
