"""benchmarks/precision.py's Debian-source fetch path (round 23): which tarball ``apt-get
source`` left is the upstream one, and which of its files become the corpus, checked on a
small tarball built here (no network)."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import tarfile
import tomllib
from pathlib import Path

import pytest

from tests.helpers import benchmark_module

ROOT = Path(__file__).resolve().parent.parent


precision = benchmark_module("precision")


def _tarball(path: Path, members: dict[str, str], links: tuple[str, ...] = ()) -> None:
    with tarfile.open(path, "w:xz") as tf:
        for name, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        for name in links:
            info = tarfile.TarInfo(name)
            info.type = tarfile.SYMTYPE
            info.linkname = "/etc/passwd"
            tf.addfile(info)


def test_orig_tarball_is_the_upstream_one() -> None:
    names = [
        "libfoo-java_1.2-3.dsc",
        "libfoo-java_1.2-3.debian.tar.xz",
        "libfoo-java_1.2.orig.tar.xz",
    ]
    assert precision.orig_tarball(names) == "libfoo-java_1.2.orig.tar.xz"
    assert precision.orig_tarball(["foo_1.0.orig.tar.gz", "foo_1.0-1.dsc"]) == "foo_1.0.orig.tar.gz"


def test_no_orig_tarball_is_none() -> None:
    # what apt-get leaves when the upstream tarball is gone (404): the .dsc and the diff only
    assert precision.orig_tarball(["foo_1.0-1.dsc", "foo_1.0-1.debian.tar.xz"]) is None
    assert precision.orig_tarball([]) is None


def test_extract_keeps_main_sources_only(tmp_path: Path) -> None:
    archive = tmp_path / "foo_1.0.orig.tar.xz"
    _tarball(
        archive,
        {
            "foo-1.0/src/main/java/org/foo/A.java": "class A {}",
            "foo-1.0/src/main/java/org/foo/package.html": "<html/>",
            "foo-1.0/src/main/java/org/foo/test/Helper.java": "class Helper {}",
            "foo-1.0/src/test/java/org/foo/ATest.java": "class ATest {}",
            "foo-1.0/src/site/Example.java": "class Example {}",
            "foo-1.0/pom.xml": "<project/>",
        },
        links=("foo-1.0/src/main/java/org/foo/Link.java",),
    )
    dest = tmp_path / "out"
    count = precision.extract_tar_sources(str(archive), str(dest), ["src/main/java"], {"test"})
    found = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    assert found == ["src/main/java/org/foo/A.java"]
    assert count == 1
    assert (dest / "src/main/java/org/foo/A.java").read_text() == "class A {}"


def test_extract_several_source_dirs_and_a_lookalike(tmp_path: Path) -> None:
    archive = tmp_path / "guava_31.1.orig.tar.xz"
    _tarball(
        archive,
        {
            "guava-31.1/guava/src/com/google/common/base/Strings.java": "class Strings {}",
            "guava-31.1/guava/srcgen/Gen.java": "class Gen {}",
            "guava-31.1/android/guava/src/com/google/common/base/Strings.java": "class S {}",
            "guava-31.1/extra/src/X.java": "class X {}",
        },
    )
    dest = tmp_path / "out"
    count = precision.extract_tar_sources(
        str(archive), str(dest), ["guava/src/", "extra/src"], set()
    )
    found = sorted(str(p.relative_to(dest)) for p in dest.rglob("*.java"))
    # a prefix is a folder: guava/srcgen is not guava/src, android/guava/src is another tree
    assert found == ["extra/src/X.java", "guava/src/com/google/common/base/Strings.java"]
    assert count == 2


def test_extract_member_escaping_dest_is_left_out(tmp_path: Path) -> None:
    archive = tmp_path / "evil_1.0.orig.tar.xz"
    _tarball(
        archive,
        {
            "evil-1.0/src/main/java/../../../../Escape.java": "class E {}",
            "evil-1.0/src/main/java/Ok.java": "class Ok {}",
        },
    )
    dest = tmp_path / "out"
    assert precision.extract_tar_sources(str(archive), str(dest), ["src/main/java"], set()) == 1
    assert not any(p.name == "Escape.java" for p in tmp_path.rglob("*.java"))


def test_r23j_corpora_name_exact_debian_versions() -> None:
    with open(ROOT / "benchmarks" / "precision" / "corpora.toml", "rb") as fh:
        corpora = [c for c in tomllib.load(fh)["corpus"] if c["set"] == "r23j"]
    assert len(corpora) >= 6
    for corpus in corpora:
        assert corpus["lang"] == "java"
        assert corpus["debsrc"] and corpus["source_dirs"]
        # an exact Debian version (upstream-revision), never a range
        assert "-" in corpus["version"] and not set("<>=*") & set(corpus["version"])
        assert precision._requirement(corpus) == f"{corpus['debsrc']}={corpus['version']}"


@pytest.mark.parametrize("name", ["foo_1.0.orig-docs.tar.gz", "foo_1.0.orig.tar.xz.asc"])
def test_orig_component_and_signature_are_not_the_tarball(name: str) -> None:
    assert precision.orig_tarball([name]) is None


def test_a_corpus_not_fetched_leaves_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the mirror has lost some orig tarballs (404): the others are still fetched, the missing
    # ones named on stderr and in the exit message
    corpora = [
        {"name": "deb-gone", "lang": "java", "debsrc": "libgone-java", "version": "1.0-1"},
        {"name": "deb-here", "lang": "java", "debsrc": "libhere-java", "version": "2.0-1"},
    ]

    def fetch(corpus: dict[str, str], dest: str) -> int:
        if corpus["name"] == "deb-gone":
            raise precision.FetchError("libgone-java=1.0-1: no orig tarball downloaded")
        os.makedirs(dest)
        return 3

    monkeypatch.setattr(precision, "load_corpora", lambda corpus_set: corpora)
    monkeypatch.setattr(precision, "_fetch_debsrc", fetch)
    args = argparse.Namespace(set="x", corpora=str(tmp_path))
    with pytest.raises(SystemExit, match="not fetched: deb-gone"):
        precision.cmd_fetch(args)
    out, err = capsys.readouterr()
    assert "deb-here: 3 files" in out
    assert "deb-gone: not fetched: libgone-java=1.0-1: no orig tarball downloaded" in err
    assert (tmp_path / "deb-here").is_dir() and not (tmp_path / "deb-gone").exists()


def test_a_git_corpus_reads_only_its_commit_and_source_dirs(tmp_path: Path) -> None:
    # round 78j: a library whose orig tarball the Debian mirror no longer serves is read from
    # its upstream repository at an exact commit; a later commit's files are not seen
    clone = tmp_path / "mirror" / "acme+lib" / "repo"
    work = tmp_path / "work"
    (work / "src" / "main" / "java").mkdir(parents=True)
    (work / "src" / "test" / "java").mkdir(parents=True)
    (work / "src" / "main" / "java" / "A.java").write_text("class A {}")
    (work / "src" / "test" / "java" / "ATest.java").write_text("class ATest {}")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    commit = subprocess.run(
        [*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    (work / "src" / "main" / "java" / "Later.java").write_text("class Later {}")
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "two"], check=True)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(clone)], check=True)
    corpus = {"name": "gh-lib", "git": "acme/lib", "commit": commit}
    dest = tmp_path / "out"
    extract = precision.extract_tar_sources
    count = precision.precision_git.fetch_git(
        corpus, str(dest), extract, set(), str(tmp_path / "mirror")
    )
    assert count == 1
    assert sorted(p.name for p in dest.rglob("*.java")) == ["A.java"]
    assert precision._requirement(corpus) == f"acme/lib@{commit}"


def test_a_git_corpus_without_its_clone_is_a_fetch_error(tmp_path: Path) -> None:
    corpus = {"name": "gh-gone", "git": "acme/gone", "commit": "0" * 40}
    with pytest.raises(FileNotFoundError, match=r"acme/gone@0+: no clone"):
        precision.precision_git.fetch_git(
            corpus, str(tmp_path / "out"), precision.extract_tar_sources, set(), str(tmp_path)
        )
