"""Pay only for what is used: heavy modules are imported on first use, and every worker
process is reaped before ``docref check`` exits (CLI as a subprocess, ``-X importtime``
lists every module the run imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fake_openai import FakeOpenAI

REPO = Path(__file__).resolve().parents[1]
KEY_ENV = "DOCREF_TEST_LAZY_KEY"

CODE = '''def add(a: int, b: int) -> int:
    """Add two integers. The result is never negative."""
    return a + b
'''


def _check(
    root: Path, cache: Path, *args: str, base: str | None = None
) -> tuple[dict[str, object], set[str]]:
    """The JSON report of ``docref check`` and the top-level modules the process imported."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(cache), KEY_ENV: "sk-lazy-test"})
    model = (
        []
        if base is None
        else [
            "--model",
            "openai/test",
            "--api-key-env",
            KEY_ENV,
            "--api-base",
            base,
            "--timeout",
            "20",
        ]
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "docref",
            "check",
            str(root),
            *model,
            "--format",
            "json",
            "--no-progress",
            *args,
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    imported = {
        line.split("|")[-1].strip().split(".")[0]
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return json.loads(proc.stdout), imported


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    (root / "calc.py").write_text(CODE, encoding="utf-8")
    return root


def test_a_model_run_with_every_answer_cached_never_imports_litellm(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    first, imported = _check(root, cache, base=fake.base_url)
    assert first["llm"]["calls"] > 0 and "litellm" in imported  # type: ignore[index]
    asked = len(fake.requests)
    again, imported = _check(root, cache, base=fake.base_url)
    assert again["llm"]["calls"] == 0 and again["llm"]["cache_hits"] > 0  # type: ignore[index]
    assert again["findings"] == first["findings"] and len(fake.requests) == asked
    assert "litellm" not in imported and "openai" not in imported


def test_a_static_run_imports_no_model_client_nor_nltk(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    _check(root, cache)  # cold: segments docstrings (Punkt is loaded then)
    report, imported = _check(root, cache)  # warm: every result from the results cache
    assert report["tier"] == "static"
    assert not imported & {"litellm", "openai", "nltk", "tree_sitter", "numpy", "scipy"}


DRIVER = '''import json, os, sys


def children() -> list[list[str]]:
    """This process's children still in the process table (running or defunct)."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
                stat = handle.read()
        except (OSError, ValueError):
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if ppid == str(os.getpid()):
            found.append([pid, state])
    return found


if __name__ == "__main__":  # spawned workers import this file too
    # main(), not the console script's run(): a check's run() ends the process at once
    from docref.cli import main

    sys.argv = ["docref", "check", *sys.argv[1:]]
    print("EXIT", main(), file=sys.stderr)
    print("CHILDREN", json.dumps(children()), file=sys.stderr)
'''


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_every_worker_is_reaped_before_docref_check_returns(tmp_path: Path) -> None:
    from docref.graph.extraction import PARALLEL_THRESHOLD

    root = tmp_path / "ws"
    root.mkdir()
    for i in range(PARALLEL_THRESHOLD + 8):  # enough for extraction and check workers
        (root / f"m{i:03}.py").write_text(CODE.replace("add", f"add{i}"), encoding="utf-8")
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    env = {**os.environ, "DOCREF_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run(
        [sys.executable, str(driver), str(root), "--jobs", "2", "--no-progress"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    lines = proc.stderr.splitlines()
    assert "EXIT 0" in lines, proc.stderr[-2000:]
    assert "CHILDREN []" in lines, proc.stderr[-2000:]


def test_the_graph_imports_pathspec_only_to_read_a_gitignore(tmp_path: Path) -> None:
    """A cold run's workers import the graph but never walk a folder: pathspec (~60 ms of
    CPU a process) waits for a ``.gitignore``."""
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from docref.graph.discovery import walk_workspace\n"
        "import docref.graph.project\n"
        "before = 'pathspec' in sys.modules\n"
        "found = [c.relpath for c in walk_workspace(sys.argv[1]) if hasattr(c, 'language')]\n"
        "print(before, found, 'pathspec' in sys.modules)\n"
    )
    run = [sys.executable, "-c", script, str(tmp_path)]
    assert subprocess.run(run, capture_output=True, text=True, check=True).stdout.split() == [
        "False",
        "['a.py']",
        "False",
    ]
    (tmp_path / ".gitignore").write_text("b.py\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("y = 2\n", encoding="utf-8")
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "['a.py']", "True"]


def test_a_run_without_cache_never_imports_the_cache_store(tmp_path: Path) -> None:
    """``--no-cache`` reads and writes no cache: diskcache and platformdirs (the store's
    imports, ~15 ms before the workers fork) stay unloaded, in the parent and in the pool's
    workers (70 files: a cold pool runs).  Control: the same run with its cache loads them."""
    root, cache = _project(tmp_path), tmp_path / "cache"
    for n in range(70):
        (root / f"m{n}.py").write_text(CODE.replace("add", f"add{n}"), encoding="utf-8")
    report, imported = _check(root, cache, "--no-cache", "--no-llm")
    assert report["stats"]["files"] == 71  # type: ignore[index]
    assert not imported & {"diskcache", "platformdirs"}
    assert not cache.exists()
    cached, imported = _check(root, cache, "--no-llm")
    assert cached["findings"] == report["findings"]
    assert {"diskcache", "platformdirs"} <= imported
