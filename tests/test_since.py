"""``--since REF``: changed lines from real git repositories, and the errors users will meet."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from docref.cli.since import SinceError, changed_lines, function_changed, span_lines
from docref.graph.project import ProjectGraph

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

TEN = "".join(f"line {i}\n" for i in range(1, 11))


@pytest.fixture(autouse=True)
def _isolated_git(monkeypatch: pytest.MonkeyPatch) -> None:
    # the developer's own git configuration (aliases, diff drivers, prefixes) must not leak in
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")


def git(repo: Path, *args: str) -> str:
    proc = subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=True, timeout=60
    )
    return proc.stdout


def make_repo(path: Path, files: dict[str, str | bytes]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.name", "Docref Test")
    git(path, "config", "user.email", "test@example.invalid")
    git(path, "config", "commit.gpgsign", "false")
    write(path, files)
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "initial")
    return path


def write(repo: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")


def commit_all(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def with_line(text: str, number: int, replacement: str) -> str:
    lines = text.splitlines(keepends=True)
    lines[number - 1] = replacement
    return "".join(lines)


# ---------------------------------------------------------------- changed lines


def test_unchanged_tree_has_no_changes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    assert changed_lines(str(repo), "HEAD") == {}


def test_uncommitted_edits_are_new_file_line_ranges(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    text = with_line(TEN, 3, "changed 3\n")
    text = text.replace("line 7\n", "line 7\ninserted a\ninserted b\n")
    write(repo, {"a.py": text})
    assert changed_lines(str(repo), "HEAD") == {"a.py": [(3, 3), (8, 9)]}


def test_staged_and_unstaged_edits_both_count(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN, "b.py": TEN})
    write(repo, {"a.py": with_line(TEN, 2, "staged\n")})
    git(repo, "add", "a.py")
    write(repo, {"b.py": with_line(TEN, 9, "unstaged\n")})
    assert changed_lines(str(repo), "HEAD") == {"a.py": [(2, 2)], "b.py": [(9, 9)]}


def test_branch_commits_count_from_the_merge_base_not_the_ref_tip(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN, "b.py": TEN})
    git(repo, "checkout", "-q", "-b", "feature")
    write(repo, {"a.py": with_line(TEN, 5, "feature work\n")})
    commit_all(repo, "feature")
    git(repo, "checkout", "-q", "main")
    write(repo, {"b.py": with_line(TEN, 1, "main moved on\n")})
    commit_all(repo, "main")
    git(repo, "checkout", "-q", "feature")
    # b.py differs between main's tip and the work tree, but not since the merge base
    assert changed_lines(str(repo), "main") == {"a.py": [(5, 5)]}


def test_removed_lines_mark_both_neighbours(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    write(repo, {"a.py": TEN.replace("line 5\nline 6\n", "")})
    assert changed_lines(str(repo), "HEAD") == {"a.py": [(4, 5)]}


def test_lines_removed_at_the_top_mark_the_first_line(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    write(repo, {"a.py": TEN.replace("line 1\n", "")})
    assert changed_lines(str(repo), "HEAD") == {"a.py": [(1, 1)]}


def test_deleted_file_has_no_lines(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN, "gone.py": TEN})
    (repo / "gone.py").unlink()
    assert changed_lines(str(repo), "HEAD") == {"gone.py": []}


def test_renamed_file_is_keyed_by_its_new_name(tmp_path: Path) -> None:
    other = TEN.replace("line", "other")
    repo = make_repo(tmp_path / "r", {"old.py": TEN, "moved.py": other})
    git(repo, "mv", "old.py", "new.py")
    write(repo, {"new.py": TEN + "line 11\n"})
    git(repo, "mv", "moved.py", "pkg_moved.py")
    assert changed_lines(str(repo), "HEAD") == {"new.py": [(11, 11)], "pkg_moved.py": []}


def test_new_and_untracked_files_are_changed_throughout(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN, ".gitignore": "ignored.py\nbuild/\n"})
    write(
        repo,
        {
            "added.py": "one\ntwo\n",
            "untracked.py": "one\ntwo\nthree",  # no final newline: still three lines
            "empty.py": "",
            "ignored.py": TEN,
            "build/out.py": TEN,
        },
    )
    git(repo, "add", "added.py")
    assert changed_lines(str(repo), "HEAD") == {
        "added.py": [(1, 2)],
        "empty.py": [],
        "untracked.py": [(1, 3)],
    }


def test_binary_files_have_no_lines(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"blob.bin": b"\x00\x01\x02\n"})
    write(repo, {"blob.bin": b"\x00\x09\x02\n\x00"})
    assert changed_lines(str(repo), "HEAD") == {"blob.bin": []}


def test_unusual_path_names_round_trip(tmp_path: Path) -> None:
    names = ["with space.py", "ünïcödé/モジュール.py", "tab\tname.py", 'quote"and\\slash.py']
    repo = make_repo(tmp_path / "r", dict.fromkeys(names, TEN))
    write(repo, {name: with_line(TEN, 4, "edited\n") for name in names})
    assert changed_lines(str(repo), "HEAD") == {name: [(4, 4)] for name in sorted(names)}


def test_workspace_below_the_repository_root_gets_relative_paths(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"outside.py": TEN, "ws/pkg/inside.py": TEN})
    write(
        repo,
        {
            "outside.py": with_line(TEN, 1, "x\n"),
            "ws/pkg/inside.py": with_line(TEN, 2, "y\n"),
            "ws/fresh.py": "z\n",
            "elsewhere.py": "w\n",
        },
    )
    assert changed_lines(str(repo / "ws"), "HEAD") == {
        "fresh.py": [(1, 1)],
        "pkg/inside.py": [(2, 2)],
    }


def test_functions_of_a_real_graph_are_selected_by_their_span(tmp_path: Path) -> None:
    source = (
        "def first(x):\n"
        '    """Return x."""\n'
        "    return x\n"
        "\n"
        "\n"
        "def second(y):\n"
        '    """Return y."""\n'
        "    return y\n"
    )
    repo = make_repo(tmp_path / "r", {"mod.py": source})
    write(repo, {"mod.py": source.replace("return y\n", "return y + 1\n")})
    ranges = changed_lines(str(repo), "HEAD")["mod.py"]
    graph = ProjectGraph(str(repo), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    extract = graph.get("mod.py")
    assert extract is not None
    changed = {
        f.qualname for f in extract.functions if function_changed(span_lines(f.span), ranges)
    }
    graph.close()
    assert changed == {"second"}


# ---------------------------------------------------------------- errors


def test_not_a_git_repository(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(SinceError, match="is not inside a git work tree"):
        changed_lines(str(plain), "main")


def test_missing_root_folder(tmp_path: Path) -> None:
    with pytest.raises(SinceError, match="not a directory"):
        changed_lines(str(tmp_path / "nope"), "main")


def test_unknown_ref(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    with pytest.raises(SinceError, match=r"unknown ref 'no-such-branch'"):
        changed_lines(str(repo), "no-such-branch")


@pytest.mark.parametrize("ref", ["--output=pwned.txt", "-p", "", "  ", "main\nHEAD"])
def test_option_like_or_malformed_refs_never_reach_git(tmp_path: Path, ref: str) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    with pytest.raises(SinceError, match="ref"):
        changed_lines(str(repo), ref)
    assert not (repo / "pwned.txt").exists()


def test_repository_without_commits(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    with pytest.raises(SinceError, match="no commits yet"):
        changed_lines(str(repo), "main")


def test_unrelated_histories(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    git(repo, "checkout", "-q", "--orphan", "other")
    commit_all(repo, "unrelated root")
    with pytest.raises(SinceError, match="no common ancestor"):
        changed_lines(str(repo), "main")


def test_shallow_clone_hint(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin", {"a.py": TEN})
    git(origin, "checkout", "-q", "-b", "feature")
    write(origin, {"a.py": with_line(TEN, 1, "f\n")})
    commit_all(origin, "feature")
    git(origin, "checkout", "-q", "main")
    write(origin, {"a.py": with_line(TEN, 2, "m\n")})
    commit_all(origin, "main")
    clone = tmp_path / "clone"
    url = origin.as_uri()
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", "--no-single-branch", url, str(clone)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    with pytest.raises(SinceError, match="shallow clone"):
        changed_lines(str(clone), "origin/feature")


def test_git_not_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": TEN})
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    with pytest.raises(SinceError, match="git is not installed"):
        changed_lines(str(repo), "HEAD")


# ---------------------------------------------------------------- function spans


@pytest.mark.parametrize(
    ("span", "ranges", "expected"),
    [
        ((10, 20), [(1, 9)], False),
        ((10, 20), [(21, 30)], False),
        ((10, 20), [(1, 10)], True),
        ((10, 20), [(20, 25)], True),
        ((10, 20), [(12, 12)], True),
        ((10, 20), [(1, 100)], True),
        ((10, 20), [], False),
        ((10, 20), [(1, 2), (30, 31), (15, 16)], True),
    ],
)
def test_function_changed(
    span: tuple[int, int], ranges: list[tuple[int, int]], expected: bool
) -> None:
    assert function_changed(span, ranges) is expected


@dataclass
class _Span:
    start_line: int
    end_line: int
    end_col: int


def test_span_lines_converts_zero_based_rows() -> None:
    assert span_lines(_Span(start_line=4, end_line=9, end_col=12)) == (5, 10)
    # a region that stops at column 0 ends on the row before
    assert span_lines(_Span(start_line=4, end_line=9, end_col=0)) == (5, 9)
    assert span_lines(_Span(start_line=4, end_line=4, end_col=0)) == (5, 5)
