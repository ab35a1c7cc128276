"""``docref check`` over several project roots at once, the paths its output prints, and the
files it could not check (issue 13): the CLI as a subprocess, and the real ``pre-commit`` tool
running the repository's own hook on a two-project repository."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.helpers import REPO, SCALE_BAD, SHOP, docref_env, run_docref

SCHEMA = json.loads((REPO / "tests/data/sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
SCALE = SCALE_BAD
CART_FINDINGS = 4  # examples/shop/shop/cart.py's planted static findings


def docref(cwd: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(
        ["check", "--no-progress", *args], cwd=cwd, env=docref_env(tmp_path / "cache")
    )


@pytest.fixture
def mono(tmp_path: Path) -> Path:
    """Two projects side by side: ``pkg_a`` ignores C2 in its pyproject.toml, ``pkg_b`` is a
    src layout holding the sample shop."""
    root = tmp_path / "mono"
    (root / "pkg_a").mkdir(parents=True)
    (root / "pkg_a" / "pyproject.toml").write_text('[tool.docref]\nignore = ["C2"]\n')
    (root / "pkg_a" / "ok.py").write_text(SCALE)
    (root / "pkg_b" / "src").mkdir(parents=True)
    (root / "pkg_b" / "pyproject.toml").write_text('[project]\nname = "b"\n')
    shutil.copytree(SHOP / "shop", root / "pkg_b" / "src" / "shop")
    return root


FILES = ("pkg_a/ok.py", "pkg_b/src/shop/cart.py")


# ---------------------------------------------------------------- many roots


def test_each_root_is_checked_with_its_own_settings(mono: Path, tmp_path: Path) -> None:
    proc = docref(mono, tmp_path, *FILES)
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    # pkg_a: the C1 only (its pyproject.toml ignores C2); pkg_b: all four of the shop's
    assert [ln.split(":")[0] for ln in lines] == ["pkg_a/ok.py"] + [FILES[1]] * CART_FINDINGS
    assert ': C1-PARAM-UNKNOWN documents parameter "fctor"' in lines[0]
    assert any(": C2-RETURN-TYPE says it returns" in ln for ln in lines[1:])
    assert f"{1 + CART_FINDINGS} finding(s)" in proc.stderr


def test_many_roots_in_json_github_and_sarif(mono: Path, tmp_path: Path) -> None:
    report = json.loads(docref(mono, tmp_path, *FILES, "--format", "json").stdout)
    located = {(f["root"], f["path"]) for f in report["findings"]}
    assert located == {(str(mono / "pkg_a"), "ok.py"), (str(mono / "pkg_b"), "src/shop/cart.py")}
    assert report["not_checked"] == [] and report["errors"] == []

    github = docref(mono, tmp_path, *FILES, "--format", "github").stdout.splitlines()
    files = [ln.split("file=")[1].split(",")[0] for ln in github]
    assert files == ["pkg_a/ok.py"] + [FILES[1]] * CART_FINDINGS

    sarif = json.loads(docref(mono, tmp_path, *FILES, "--format", "sarif").stdout)
    jsonschema.validate(sarif, SCHEMA)
    run = sarif["runs"][0]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert {u["uri"] for u in uris} == set(FILES)
    assert all(u["uriBaseId"] == "SRCROOT" for u in uris)
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == mono.resolve().as_uri() + "/"


def test_sarif_is_relative_to_the_repository_root_from_a_sub_folder(
    mono: Path, tmp_path: Path
) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    subprocess.run(["git", "init", "-q"], cwd=mono, check=True)
    sub = mono / "pkg_b"
    sarif = json.loads(docref(sub, tmp_path, "src/shop/cart.py", "--format", "sarif").stdout)
    run = sarif["runs"][0]
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == mono.resolve().as_uri() + "/"
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert uris == {"pkg_b/src/shop/cart.py"}


# ---------------------------------------------------------------- cwd-relative paths


def test_text_paths_are_relative_to_the_working_directory(tmp_path: Path) -> None:
    """The sample shop copied as a plain folder (no marker anywhere): from its parent, from
    inside the package (the root is lifted above it) and from elsewhere (absolute)."""
    scratch = tmp_path / "scratch"
    shutil.copytree(SHOP, scratch, ignore=shutil.ignore_patterns("pyproject.toml"))
    cart = scratch / "shop" / "cart.py"
    cases = {
        tmp_path: "scratch/shop/cart.py",
        scratch / "shop": "cart.py",
        REPO: str(cart),  # outside the working directory: absolute
    }
    for cwd, expected in cases.items():
        proc = docref(cwd, tmp_path, str(cart) if cwd == REPO else os.path.relpath(cart, cwd))
        assert proc.returncode == 1, proc.stderr
        starts = {ln.split(":")[0] for ln in proc.stdout.splitlines()}
        assert starts == {expected}, (cwd, proc.stdout)
        github = docref(cwd, tmp_path, str(cart), "--format", "github").stdout
        assert f"::error file={expected}," in github


# ---------------------------------------------------------------- not checked


def not_checked_everywhere(mono: Path, tmp_path: Path, *args: str) -> dict[str, Any]:
    """The run in each format: exit 2, the reasons in each."""
    text = docref(mono, tmp_path, *args)
    assert text.returncode == 2
    report = json.loads(docref(mono, tmp_path, *args, "--format", "json").stdout)
    github = docref(mono, tmp_path, *args, "--format", "github").stdout
    sarif = json.loads(docref(mono, tmp_path, *args, "--format", "sarif").stdout)
    jsonschema.validate(sarif, SCHEMA)
    return {"text": text.stderr, "json": report, "github": github, "sarif": sarif}


def test_a_file_that_cannot_be_checked_is_reported_in_every_format(
    mono: Path, tmp_path: Path
) -> None:
    (mono / "pkg_a" / "blob.py").write_bytes(b"x = 1\x00\x00")
    (mono / "pkg_a" / "notes.txt").write_text("hello\n")
    out = not_checked_everywhere(
        mono, tmp_path, "pkg_a/blob.py", "pkg_a/notes.txt", FILES[1], "gone.py"
    )
    assert "docref: error: pkg_a/blob.py: not checked: binary file (NUL bytes)" in out["text"]
    assert "docref: error: pkg_a/notes.txt: not checked: not a Python or Java file" in out["text"]
    assert "docref: error: gone.py: not checked: no such file or folder" in out["text"]
    report = out["json"]
    reasons = {n["path"]: n["reason"] for n in report["not_checked"]}
    assert reasons == {
        "gone.py": "no such file or folder",
        "pkg_a/blob.py": "binary file (NUL bytes)",
        "pkg_a/notes.txt": "not a Python or Java file",
    }
    assert len(report["findings"]) == CART_FINDINGS  # the other root was still checked
    assert "::error file=pkg_a/blob.py,title=docref not checked::binary file" in out["github"]
    invocation = out["sarif"]["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    noted = {
        n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: n["message"]["text"]
        for n in invocation["toolExecutionNotifications"]
    }
    assert noted["pkg_a/blob.py"] == "not checked: binary file (NUL bytes)"


def test_a_named_file_outside_the_walk_is_checked_and_a_skipped_one_under_a_folder_warns(
    mono: Path, tmp_path: Path
) -> None:
    build = mono / "pkg_a" / "build"
    build.mkdir()
    (build / "gen.py").write_text(SCALE)  # build/ is never walked, but this file is named
    proc = docref(mono, tmp_path, "pkg_a/build/gen.py")
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("pkg_a/build/gen.py:6:9: C1-PARAM-UNKNOWN ")
    (mono / "pkg_a" / "blob.py").write_bytes(b"x = 1\x00\x00")
    folder = docref(mono, tmp_path, "pkg_a", "--format", "json")
    assert folder.returncode == 1  # a warning: the folder's other files were checked
    report = json.loads(folder.stdout)
    assert report["not_checked"] == [
        {"path": "pkg_a/blob.py", "reason": "binary file (NUL bytes)", "named": False}
    ]
    assert "pkg_a/blob.py: not checked: binary file (NUL bytes)" in report["warnings"]


# ---------------------------------------------------------------- pre-commit


def test_the_pre_commit_hook_reports_both_projects_and_fails(mono: Path, tmp_path: Path) -> None:
    """The real ``pre-commit`` running this repository's hook (``.pre-commit-hooks.yaml``: its
    id, entry, file types and serial mode) as a ``repo: local`` hook with ``language: system``
    -- the docref under test, offline, no hook environment to build -- on a git repository
    with two projects, one staged file in each."""
    pre_commit = shutil.which("pre-commit") or str(Path(sys.executable).parent / "pre-commit")
    if not os.path.exists(pre_commit) or shutil.which("git") is None:
        pytest.skip("pre-commit or git is not installed")
    import yaml

    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    local = {**hook, "language": "system"}
    config = {"repos": [{"repo": "local", "hooks": [local]}]}
    (mono / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=mono, check=True, capture_output=True)

    git("init", "-q")
    git("add", ".pre-commit-config.yaml", *FILES)
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "DOCREF_CACHE_DIR": str(tmp_path / "cache"),
        # the hook's `docref` is the one beside this interpreter
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    }
    proc = subprocess.run(
        [pre_commit, "run"],
        cwd=mono,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "Failed" in out and "Passed" not in out
    assert 'pkg_a/ok.py:6:9: C1-PARAM-UNKNOWN documents parameter "fctor"' in out
    assert out.count("pkg_b/src/shop/cart.py:") == CART_FINDINGS


def test_bad_settings_of_one_root_leave_the_other_checked(mono: Path, tmp_path: Path) -> None:
    (mono / "pkg_a" / "pyproject.toml").write_text("[tool.docref]\nignor = ['C2']\n")
    proc = docref(mono, tmp_path, *FILES, "--format", "json")
    assert proc.returncode == 2
    report = json.loads(proc.stdout)
    (entry,) = report["not_checked"]
    assert entry["path"] == "pkg_a/ok.py" and entry["named"] is True
    assert "ignor" in entry["reason"] and "pyproject.toml" in entry["reason"]
    assert {f["path"] for f in report["findings"]} == {"src/shop/cart.py"}


def test_root_flag_and_baseline_writing_across_roots(mono: Path, tmp_path: Path) -> None:
    outside = docref(mono, tmp_path, "--root", "pkg_b", *FILES)
    assert outside.returncode == 2
    assert "docref: error: pkg_a/ok.py: not checked: outside the project root pkg_b" in (
        outside.stderr
    )
    assert outside.stdout.count("pkg_b/src/shop/cart.py:") == CART_FINDINGS
    baseline = docref(mono, tmp_path, *FILES, "--write-baseline", str(tmp_path / "b.json"))
    assert baseline.returncode == 2
    assert "--write-baseline takes the files of one project, got 2 roots" in baseline.stderr
    assert not (tmp_path / "b.json").exists()
