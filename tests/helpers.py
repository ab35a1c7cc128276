"""Helpers shared by the tests that run ``docref`` as a subprocess, and the small sample
modules several of them check."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
SHOP = REPO / "examples" / "shop"
ROUNDTRIP = REPO / "tests" / "fixtures" / "roundtrip_project"

# one C1 (a misspelt parameter) and one C2 (the documented return type) finding
SCALE_BAD = '''def scale(value: float, factor: float = 2.0) -> float:
    """Scale a value.

    Args:
        value (float): The value.
        fctor (float): The factor.

    Returns:
        str: The scaled value.
    """
    return value * factor
'''


def pkg_project(tmp_path: Path, helpers: str, main: str) -> Path:
    """A project ``proj`` with a package ``pkg`` of two modules, ``helpers.py`` and
    ``main.py`` (the cache tests' shape: ``main`` calls into ``helpers``)."""
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'proj'\n", encoding="utf-8")
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "helpers.py").write_text(helpers, encoding="utf-8")
    (root / "pkg" / "main.py").write_text(main, encoding="utf-8")
    return root


def roundtrip_project(tmp_path: Path) -> Path:
    """A fresh copy of the round-trip fixture project (a package with tests) at
    ``tmp_path/proj``, without the bytecode a run left in the fixture."""
    root = tmp_path / "proj"
    shutil.copytree(ROUNDTRIP, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def docref_env(cache: Path, **extra: str) -> dict[str, str]:
    """The environment of a ``docref`` subprocess: this one's without a developer's OpenAI
    settings (a test names its model and endpoint), the caches in ``cache``, output in UTF-8,
    plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(cache), "PYTHONIOENCODING": "utf-8", **extra})
    return env


def run_docref(
    args: Sequence[str],
    *,
    cwd: Path,
    env: dict[str, str],
    timeout: float = 120,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m docref ARGS`` run to its end (``stdin`` its input), its output captured as
    text."""
    return subprocess.run(
        [sys.executable, "-m", "docref", *args],
        input=stdin,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
    )


def cli_rules(root: Path, cache: Path, *args: str) -> list[tuple[str, str]]:
    """(path, rule) of each finding of ``docref check ARGS --format json --no-llm`` run in
    ``root`` with the caches in ``cache``, sorted."""
    argv = ["check", *args, "--format", "json", "--no-progress", "--no-llm"]
    proc = run_docref(argv, cwd=root, env=docref_env(cache))
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    return sorted((f["path"], f["rule"]) for f in report["findings"])


def benchmark_module(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as a module (the benchmarks folder is no package)."""
    path = REPO / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
