"""docref in editors other than VS Code, driven headless with the set-up docs/editors.md gives.

Neovim 0.7 (its built-in client, ``vim.lsp.start_client``) and Emacs 28 with eglot 1.9, both
from Debian's packages: the diagnostic arrives with its rule id as the code, the hover explains
it, "Fix this docstring" applies, and after the save the finding is gone while nothing but the
flagged docstring line changed.  The scripts live in ``tests/editors/``.  Locally a missing
editor skips its test; CI (``DOCREF_REQUIRE_EDITORS=1``, set by ``.ci/run``, which installs
them) fails instead, so these can never pass by being skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EDITORS = Path(__file__).parent / "editors"

STALE = '''"""Stock levels."""


def level(stock: dict[str, int], sku: str) -> int:
    """Return how many items of a product are in stock.

    Args:
        stock (dict[str, int]): Items in stock by product code.
        sku (str): The product code.

    Returns:
        str: The number of items, 0 when the product is unknown.
    """
    return stock.get(sku, 0)


def restock(stock: dict[str, int], sku: str, count: int) -> None:
    """Add ``count`` items of product ``sku`` to ``stock``."""
    stock[sku] = stock.get(sku, 0) + count
'''


def _editor_command(editor: str) -> list[str]:
    if editor == "neovim":
        binary = shutil.which("nvim")
        command = [
            "nvim",
            "--headless",
            "--clean",
            "-c",
            f"luafile {EDITORS / 'neovim.lua'}",
        ]
    else:
        binary = shutil.which("emacs")
        command = ["emacs", "--batch", "-l", str(EDITORS / "eglot.el")]
    if binary is None:
        message = f"{editor} is not installed (Debian: neovim / emacs-nox + elpa-eglot)"
        if os.environ.get("DOCREF_REQUIRE_EDITORS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return command


@pytest.mark.parametrize("editor", ["neovim", "emacs"])
def test_diagnostic_hover_and_quick_fix_in_a_headless_editor(editor: str, tmp_path: Path) -> None:
    command = _editor_command(editor)
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "stock"\n')
    source = project / "inventory.py"
    source.write_text(STALE)
    out = tmp_path / "outcome.json"
    env = {
        **os.environ,
        "DOCREF_EDITOR_OUT": str(out),
        "DOCREF_EDITOR_FILE": str(source),
        "DOCREF_EDITOR_ROOT": str(project),
        "DOCREF_PYTHON": sys.executable,
        "HOME": str(tmp_path),  # no user init files, no package state written to the real home
    }
    run = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=180)
    assert out.is_file(), f"{editor} wrote no outcome:\n{run.stdout}\n{run.stderr}"
    outcome = json.loads(out.read_text())
    assert "error" not in outcome, f"{outcome['error']}\n{run.stderr[-2000:]}"

    before = outcome["before"]
    assert [d["code"] for d in before] == ["C2-RETURN-TYPE"]
    assert before[0]["line"] == 11  # the `str:` line of the Returns section (0-based)
    assert 'says it returns "str", but level() returns int' in before[0]["message"]
    hover = outcome["hover"]
    assert "Evidence" in hover and "C2-RETURN-TYPE" in hover
    assert "-> int" in hover  # the signature a reviewer needs is quoted
    assert "Fix this docstring" in outcome["titles"]

    fixed = source.read_text()
    assert fixed == STALE.replace("        str: The number", "        int: The number")
    assert not [d for d in (outcome["after"] or []) if "C2" in str(d)]
