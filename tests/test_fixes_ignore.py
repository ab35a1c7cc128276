"""The "Ignore Cn for this function" edit (docref.fixes.ignore), checked with the real
suppression reader: after the edit, the marker silences exactly what it should."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import apply_suppressions, check_file
from docref.core.codes import IgnoreList
from docref.fixes.ignore import ignore_edit
from docref.fixes.target import find_target
from docref.fixes.text import apply_edits
from docref.graph.project import ProjectGraph


def _apply(tmp_path: Path, name: str, text: str, qualname: str, code: str) -> tuple[str, str]:
    """The file text after the ignore edit, and the rules still reported for ``qualname``."""
    root = tmp_path / "proj"
    root.mkdir(exist_ok=True)
    path = root / name
    path.write_text(text, encoding="utf-8", newline="")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    target = find_target(graph, str(path), qualname)
    assert target is not None and target.entity is not None
    marker = ignore_edit(target.source, target.entity, target.language, code)
    assert marker.edit is not None, marker.reason
    new = apply_edits(text, [marker.edit])
    path.write_text(new, encoding="utf-8", newline="")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    report = check_file(graph, str(path))
    assert apply_suppressions(graph, report, IgnoreList()) == []  # the marker is well formed
    left = sorted(f.criterion.value for f in report.findings if f.qualname == qualname)
    return new, " ".join(left)


PY = '''\
import functools


@functools.cache
def area(width: int, height: int = 1) -> int:  # noqa: D401
    """Compute the area.

    Args:
        widht (int): The width.
        height (str): The height.
    """
    return width * height
'''


def test_marker_goes_after_an_existing_comment_on_the_def_line(tmp_path: Path) -> None:
    new, left = _apply(tmp_path, "a.py", PY, "area", "C2")
    assert new.splitlines()[4].endswith("# noqa: D401  # docref: ignore[C2]")
    assert left == "C1"


def test_a_second_code_is_merged_into_the_marker(tmp_path: Path) -> None:
    marked = PY.replace("# noqa: D401", "# docref: ignore[C2]")
    new, left = _apply(tmp_path, "a.py", marked, "area", "C1")
    assert new.splitlines()[4].endswith("# docref: ignore[C2, C1]")
    assert left == ""


def test_nothing_to_do_when_a_marker_covers_the_code_already(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    for text, reason in (
        (PY.replace("# noqa: D401", "# docref: ignore"), "silences everything"),
        (PY.replace("# noqa: D401", "# docref: ignore[c2]"), "C2 is ignored here already"),
    ):
        (root / "a.py").write_text(text, encoding="utf-8")
        graph = ProjectGraph(str(root), use_cache=False)
        graph.index()
        target = find_target(graph, str(root / "a.py"), "area")
        assert target is not None and target.entity is not None
        marker = ignore_edit(target.source, target.entity, "python", "C2")
        assert marker.edit is None and marker.reason is not None and reason in marker.reason


def test_a_hash_inside_a_string_is_no_comment(tmp_path: Path) -> None:
    text = '''\
def tag(label: str = "#x") -> str:
    """Tag.

    Args:
        lable (str): The label.
    """
    return label
'''
    new, left = _apply(tmp_path, "t.py", text, "tag", "C1")
    assert new.splitlines()[0] == 'def tag(label: str = "#x") -> str:  # docref: ignore[C1]'
    assert left == ""


def test_a_backslash_continued_def_line_gets_the_marker_on_the_last_header_line(
    tmp_path: Path,
) -> None:
    text = '''\
def tag(label: str, \\
        other: int) -> str:
    """Tag.

    Args:
        lable (str): The label.
        other (int): Other.
    """
    return label
'''
    new, left = _apply(tmp_path, "t.py", text, "tag", "C1")
    assert new.splitlines()[1] == "        other: int) -> str:  # docref: ignore[C1]"
    assert left == ""


@pytest.mark.parametrize("crlf", [False, True])
def test_java_marker_on_the_header_line(tmp_path: Path, crlf: bool) -> None:
    text = """\
package demo;

public class Box {
    /**
     * Resize the box.
     *
     * @param widht the new width
     */
    public void resize(int width) {
        this.width = width;
    }

    private int width;
}
"""
    if crlf:
        text = text.replace("\n", "\r\n")
    new, left = _apply(tmp_path, "Box.java", text, "Box.resize", "C1")
    assert new.splitlines()[8] == "    public void resize(int width) {  // docref: ignore[C1]"
    assert left == ""
    assert new.count("\r\n") == (new.count("\n") if crlf else 0)
