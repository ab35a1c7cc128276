"""Helpers shared by the tests that run ``docref`` as a subprocess, and the small sample
modules several of them check."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHOP = REPO / "examples" / "shop"

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
