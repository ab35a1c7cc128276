"""Which files are indexed (discovery) and how they are read (source), on real files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from docref.graph.discovery import (
    Candidate,
    Skipped,
    is_gitignored,
    language_of,
    walk_workspace,
)
from docref.graph.source import SkipFile, content_hash, decode_source, read_source


def _write(root: Path, rel: str, text: str = "x = 1\n") -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _walk(root: Path) -> tuple[list[str], dict[str, str]]:
    found: list[str] = []
    skipped: dict[str, str] = {}
    for item in walk_workspace(str(root)):
        if isinstance(item, Candidate):
            assert os.path.isabs(item.abspath)
            assert item.abspath == str(root / item.relpath)
            assert item.language == language_of(item.relpath)
            found.append(item.relpath)
        else:
            assert isinstance(item, Skipped)
            skipped[item.relpath] = item.reason
    return found, skipped


# ---- discovery ----------------------------------------------------------------------------


def test_empty_workspace_yields_nothing(tmp_path: Path) -> None:
    assert list(walk_workspace(str(tmp_path))) == []


def test_languages_and_non_sources(tmp_path: Path) -> None:
    for rel in ("a.py", "b.pyi", "C.java", "notes.txt", "setup.cfg", "pkg/mod.py", ".hidden.py"):
        _write(tmp_path, rel)
    found, skipped = _walk(tmp_path)
    assert sorted(found) == ["C.java", "a.py", "b.pyi", "pkg/mod.py"]
    assert skipped == {}


def test_skipped_directories(tmp_path: Path) -> None:
    keep = ["app/main.py", "app/lib/helpers.py", "builder/ok.py", "environment/x.py"]
    drop = [
        ".hidden/h.py",
        ".venv/lib/v.py",
        "venv/v.py",
        "node_modules/pkg/n.py",
        "build/b.py",
        "app/__pycache__/c.py",
        "lib/python3.11/site-packages/sp.py",
        "dist/d.py",
        "thing.egg-info/e.py",
        # a virtual environment under any name is recognised by its pyvenv.cfg
        "my-env/lib/python3.11/e.py",
        "app/nested/tools_env/t.py",
    ]
    for rel in keep + drop:
        _write(tmp_path, rel)
    _write(tmp_path, "my-env/pyvenv.cfg", "home = /usr/bin\n")
    _write(tmp_path, "app/nested/tools_env/pyvenv.cfg", "home = /usr/bin\n")
    found, skipped = _walk(tmp_path)
    assert sorted(found) == sorted(keep)
    assert skipped == {}  # skipped directories are not reported file by file


def test_gitignore_root_and_nested_with_negation(tmp_path: Path) -> None:
    _write(tmp_path, ".gitignore", "*.gen.py\ngenerated/\n/top_only.py\nsub/secret.py\n")
    _write(tmp_path, "sub/.gitignore", "drop_*.py\n!drop_keep.py\n!keep.gen.py\n")
    keep = [
        "a.py",
        "deeper/top_only.py",  # the leading slash anchors to the root
        "sub/s.py",
        "sub/drop_keep.py",  # negated in the same file
        "sub/keep.gen.py",  # a nested .gitignore overrides its parent
        "sub/deep/d.py",
    ]
    drop = [
        "x.gen.py",
        "pkg/y.gen.py",
        "generated/g.py",
        "pkg/generated/g.py",
        "top_only.py",
        "sub/secret.py",
        "sub/drop_a.py",
        "sub/deep/drop_b.py",  # unanchored: applies at any depth below sub/
        "sub/other.gen.py",
    ]
    for rel in keep + drop:
        _write(tmp_path, rel)
    # the nested rule does not leak outside its directory
    _write(tmp_path, "drop_outside.py")
    found, skipped = _walk(tmp_path)
    assert sorted(found) == sorted([*keep, "drop_outside.py"])
    assert skipped == {}
    # one path at a time (the language server's watched-file events) agrees with the walk
    for rel in [*keep, "drop_outside.py"]:
        assert not is_gitignored(str(tmp_path), str(tmp_path / rel)), rel
    for rel in drop:
        assert is_gitignored(str(tmp_path), str(tmp_path / rel)), rel
    assert not is_gitignored(str(tmp_path / "sub"), str(tmp_path / "x.gen.py"))  # outside


def test_broken_symlink_reported(tmp_path: Path) -> None:
    _write(tmp_path, "real.py")
    (tmp_path / "dangling.py").symlink_to(tmp_path / "missing.py")
    (tmp_path / "dangling.txt").symlink_to(tmp_path / "missing.txt")  # not a source: silent
    (tmp_path / "alias.py").symlink_to(tmp_path / "real.py")
    found, skipped = _walk(tmp_path)
    assert sorted(found) == ["alias.py", "real.py"]
    assert skipped == {"dangling.py": "broken symlink"}


def test_symlink_loop_terminates_and_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "pkg/mod.py")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "pkg" / "self").symlink_to(tmp_path / "pkg", target_is_directory=True)
    found, skipped = _walk(tmp_path)
    assert found == ["pkg/mod.py"]
    assert set(skipped) == {"pkg/loop", "pkg/self"}
    assert all("symlink loop" in reason for reason in skipped.values())


def test_symlink_to_sibling_dir_indexes_the_real_path(tmp_path: Path) -> None:
    # ``a_link`` sorts before ``pkg``: the real directory must still be the one indexed
    _write(tmp_path, "pkg/mod.py")
    (tmp_path / "a_link").symlink_to(tmp_path / "pkg", target_is_directory=True)
    found, skipped = _walk(tmp_path)
    assert found == ["pkg/mod.py"]
    assert "inside the workspace" in skipped["a_link"]


def test_symlink_to_outside_dir_is_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _write(outside, "lib.py")
    ws = tmp_path / "ws"
    _write(ws, "main.py")
    (ws / "vendored").symlink_to(outside, target_is_directory=True)
    found, skipped = _walk(ws)
    assert found == ["main.py", "vendored/lib.py"]
    assert skipped == {}


# ---- reading files ------------------------------------------------------------------------


def test_read_plain_utf8(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok.py", 'NAME = "café 😀"\n')
    src = read_source(str(path), "python")
    assert src.text == 'NAME = "café 😀"\n'
    assert src.data == src.text.encode("utf-8")
    assert src.content_hash == content_hash(src.data)
    assert src.note is None


def test_latin1_with_coding_cookie(tmp_path: Path) -> None:
    text = '# -*- coding: latin-1 -*-\nNAME = "café"\n'
    path = tmp_path / "latin.py"
    path.write_bytes(text.encode("latin-1"))
    src = read_source(str(path), "python")
    assert src.text == text
    assert src.data == text.encode("utf-8")  # extractors always see UTF-8
    assert src.note is not None
    assert "latin-1" in src.note
    assert src.content_hash == content_hash(text.encode("utf-8"))


def test_cookie_on_second_line_counts_third_does_not() -> None:
    second = b'#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\nQ = "\x93x\x94"\n'
    src = decode_source(second, "python")
    assert src.text.endswith('Q = "\u201cx\u201d"\n')
    assert src.note is not None
    assert "cp1252" in src.note
    third = b'\n\n# coding: latin-1\nX = "\xe9"\n'
    src = decode_source(third, "python")
    assert "\ufffd" in src.text
    assert src.note is not None
    assert "U+FFFD" in src.note


def test_cookie_ignored_for_java_and_unknown_codings() -> None:
    java = decode_source(b'// coding: latin-1\nclass A { String s = "\xe9"; }\n', "java")
    assert "\ufffd" in java.text
    bogus = decode_source(b'# coding: no-such-codec\nX = "\xe9"\n', "python")
    assert "\ufffd" in bogus.text
    assert bogus.note is not None
    assert "U+FFFD" in bogus.note


def test_invalid_utf8_without_cookie_replaced_with_note(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_bytes(b'X = "\xff\xfe ok"\nY = 2\n')
    src = read_source(str(path), "python")
    assert src.text == 'X = "\ufffd\ufffd ok"\nY = 2\n'
    assert src.data == src.text.encode("utf-8")
    assert src.note is not None
    assert "byte 5" in src.note
    assert "U+FFFD" in src.note


def test_bom_is_stripped(tmp_path: Path) -> None:
    path = tmp_path / "bom.py"
    path.write_bytes(b'\xef\xbb\xbf"""Doc."""\n')
    src = read_source(str(path), "python")
    assert src.text == '"""Doc."""\n'
    assert src.data == b'"""Doc."""\n'
    assert src.note is None
    assert src.content_hash == content_hash(b'"""Doc."""\n')


def test_binary_file_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "blob.py"
    path.write_bytes(b"x = 1\n\x00\x01\x02")
    with pytest.raises(SkipFile) as info:
        read_source(str(path), "python")
    assert "binary" in info.value.reason


def test_file_over_size_cap_is_skipped(tmp_path: Path) -> None:
    path = _write(tmp_path, "big.py", "X = 1\n" * 100)  # 600 bytes
    with pytest.raises(SkipFile) as info:
        read_source(str(path), "python", max_bytes=599)
    assert "size cap" in info.value.reason
    assert "600" in info.value.reason
    assert read_source(str(path), "python", max_bytes=600).text == "X = 1\n" * 100


def test_missing_and_broken_symlink(tmp_path: Path) -> None:
    with pytest.raises(SkipFile, match="not found"):
        read_source(str(tmp_path / "nope.py"), "python")
    link = tmp_path / "link.py"
    link.symlink_to(tmp_path / "gone.py")
    with pytest.raises(SkipFile) as info:
        read_source(str(link), "python")
    assert info.value.reason == "broken symlink"


def test_unreadable_file_is_skipped(tmp_path: Path) -> None:
    path = _write(tmp_path, "secret.py")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running with privileges that can read a mode-000 file")
        with pytest.raises(SkipFile) as info:
            read_source(str(path), "python")
        assert info.value.reason == "permission denied"
    finally:
        path.chmod(0o644)


def test_fifo_named_like_a_source_file_is_skipped_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.py")  # opening it for reading would block forever
    with pytest.raises(SkipFile, match="not a regular file"):
        read_source(str(tmp_path / "pipe.py"), "python")
