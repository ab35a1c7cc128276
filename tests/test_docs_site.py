"""The documentation site builds with ``mkdocs build --strict``: a page per rule generated from
the catalog, the README as the home page, and a broken link fails the build."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from docref.core.catalog import STATIC_RULES
from docref.core.rule_docs import rule_text

REPO = Path(__file__).resolve().parents[1]


def _build(config_dir: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=config_dir,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_site_builds_strictly_with_a_page_per_rule(tmp_path: Path) -> None:
    site = tmp_path / "site"
    run = _build(REPO, site)
    assert run.returncode == 0, run.stderr
    for code in ["C1", "C2", "C3", "C4", *STATIC_RULES]:
        page = site / "rules" / code / "index.html"
        assert page.is_file(), f"no page for {code}"
    # the page says what `docref rule` prints: the rule's own "what it flags" line
    summary = STATIC_RULES["C2-RETURN-TYPE"].summary
    assert summary.split(".")[0] in (site / "rules" / "C2-RETURN-TYPE" / "index.html").read_text()
    assert rule_text("C2-RETURN-TYPE") is not None
    home = (site / "index.html").read_text()
    assert "docref check examples/shop" in home  # the README's first command is the home page


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    copy.mkdir()
    shutil.copytree(REPO / "docs", copy / "docs")
    shutil.copy(REPO / "mkdocs.yml", copy / "mkdocs.yml")
    shutil.copy(REPO / "README.md", copy / "README.md")
    editors = copy / "docs" / "editors.md"
    editors.write_text(editors.read_text() + "\nSee [the missing page](nowhere.md).\n")
    run = _build(copy, tmp_path / "site")
    assert run.returncode != 0
    assert "nowhere.md" in run.stderr
