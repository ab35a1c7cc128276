"""A corpus from a git snapshot of a public repository (round 78j): when the Debian mirror no
longer serves a library's orig tarball, its upstream repository at an exact commit is read
instead, from a local bare clone (``$DOCREF_GIT_MIRROR/OWNER+NAME/repo``), with ``git
archive`` so only that commit's tree is seen (never the clone's other branches)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable
from typing import Any

GIT_MIRROR = os.environ.get("DOCREF_GIT_MIRROR", "/work/.mirror")


def git_dir(repo: str, mirror: str = GIT_MIRROR) -> str:
    """The bare clone of ``owner/name`` under ``mirror``."""
    owner, name = repo.split("/", 1)
    return os.path.join(mirror, f"{owner}+{name}", "repo")


def git_requirement(corpus: dict[str, Any]) -> str:
    """What the corpus was fetched from: ``owner/name@commit`` (an exact commit, so a round
    can be re-fetched as judged)."""
    return f"{corpus['git']}@{corpus['commit']}"


def fetch_git(
    corpus: dict[str, Any],
    dest: str,
    extract: Callable[[str, str, list[str], set[str]], int],
    skip: set[str],
    mirror: str = GIT_MIRROR,
) -> int:
    """The ``.java`` files under the corpus's ``source_dirs`` at its ``commit``, copied to
    ``dest`` by ``extract`` (precision.py's tarball reader, which drops the top folder)."""
    source = git_dir(corpus["git"], mirror)
    if not os.path.isdir(source):
        raise FileNotFoundError(f"{git_requirement(corpus)}: no clone at {source}")
    dirs = corpus.get("source_dirs", ["src/main/java"])
    with tempfile.TemporaryDirectory() as tmp:
        archive = os.path.join(tmp, "snapshot.tar")
        # only the source folders: a snapshot may lack its largest blobs (test images), which
        # ``git archive`` of the whole tree cannot read
        command = ["git", "--git-dir", source, "archive", "--format=tar", "--prefix=top/"]
        subprocess.run([*command, "-o", archive, corpus["commit"], "--", *dirs], check=True)
        return extract(archive, dest, dirs, skip)
