"""Shared helpers for the ``docref eval`` tests: small datasets and the CLI as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.shared_data import require_java_dev

__all__ = [
    "CODE",
    "method_entry",
    "require_java_dev",
    "run_eval",
    "synthetic_items",
    "write_jsonl",
]

CODE = "public int add(int a, int b) {\n  return a + b;\n}\n"


def synthetic_items(count: int = 6) -> list[dict[str, Any]]:
    """Items whose summaries say GOOD (labels 4-5) or BAD (labels 1-2), so a judge scripted
    on those words correlates with the labels."""
    rows = []
    for i in range(count):
        good = i % 2 == 0
        rows.append(
            {
                "_id": f"item-{i}",
                "input": CODE.replace("add", f"add{i}"),
                "input_information": f"# helper{i} #\nint helper{i}() {{ return {i}; }}\n",
                "hallucinated_summary": (
                    f"The add{i} method returns the sum of a and b. It is GOOD number {i}."
                    if good
                    else f"The add{i} method multiplies a and b. It is BAD number {i}."
                ),
                "human_label": f"Return the sum of a and b ({i}).",
                "overall_majority_llm_label": 4 + i % 4 // 2 if good else 1 + i % 4 // 2,
                "class_name": "Calc",
                "method_name": f"add{i}",
            }
        )
    return rows


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def run_eval(
    *args: str, cache: Path, env: dict[str, str] | None = None, timeout: float = 240
) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "DOCREF_CACHE_DIR": str(cache), **(env or {})}
    full_env.pop("OPENAI_API_KEY", None)
    return subprocess.run(
        [sys.executable, "-m", "docref.eval", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
    )


def method_entry(document: dict[str, Any], name: str) -> dict[str, Any]:
    return next(m for m in document["methods"] if m["method"] == name)
