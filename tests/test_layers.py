"""The package layers of ARCHITECTURE.md, checked by import-linter's contract in pyproject.toml."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))


def _contract() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        config: dict[str, object] = tomllib.load(fh)["tool"]["importlinter"]
    return config


def _run(config: Path, cwd: Path, pythonpath: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run(
        [LINT_IMPORTS, "--config", str(config), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_docref_keeps_its_layers() -> None:
    proc = _run(ROOT / "pyproject.toml", ROOT, ROOT / "server")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: 1 kept, 0 broken." in proc.stdout


def _toy_tree(tmp_path: Path, backward: bool) -> Path:
    """Every layer of the real contract as an empty package; ``backward``: core imports engine."""
    layers = _contract()["contracts"][0]["layers"]  # type: ignore[index]
    packages = [name for layer in layers for name in layer.replace("|", ":").split(":")]
    for name in packages:
        pkg = tmp_path / "src" / Path(*name.strip().split("."))
        pkg.parent.mkdir(parents=True, exist_ok=True)
        if name.strip() == "docref.defaults":
            pkg.with_suffix(".py").write_text("")
            continue
        pkg.mkdir(exist_ok=True)
        (pkg / "__init__.py").write_text("")
    (tmp_path / "src" / "docref" / "__init__.py").write_text("")
    core = tmp_path / "src" / "docref" / "core"
    (core / "segment.py").write_text("")
    (core / "findings.py").write_text("import docref.core.segment\n")
    score = "import docref.core.segment\n" + ("import docref.engine\n" if backward else "")
    (core / "score.py").write_text(score)
    config = tmp_path / "pyproject.toml"
    shutil.copy(ROOT / "pyproject.toml", config)
    return config


def test_a_backward_import_breaks_the_contract(tmp_path: Path) -> None:
    config = _toy_tree(tmp_path, backward=True)
    proc = _run(config, tmp_path, tmp_path / "src")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "docref.core is not allowed to import docref.engine" in proc.stdout


def test_the_same_toy_tree_without_it_keeps_the_contract(tmp_path: Path) -> None:
    config = _toy_tree(tmp_path, backward=False)
    proc = _run(config, tmp_path, tmp_path / "src")
    assert proc.returncode == 0, proc.stdout + proc.stderr
