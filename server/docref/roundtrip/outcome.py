"""Classifying a sandboxed pytest run: passed, failed, timed out, or could not run.

The inputs are pytest's exit code and output tail, and the JSON report and refusal log the
guard plugin (:mod:`docref.roundtrip.sandbox_guard`) wrote into the run's copy. Every
outcome carries a reason a person can act on (which tests failed and why, which module is
missing, what the sandbox refused).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TestRun", "classify"]


@dataclass(slots=True)
class TestRun:
    """The outcome of one pytest run in a copy.

    ``status``: ``passed``, ``failed`` (tests failed or the sandbox refused something),
    ``timeout`` (killed) or ``error`` (pytest could not run the tests: a missing module,
    collection errors, an installed copy imported instead of the sandbox).
    """

    __test__ = False

    status: str
    reason: str = ""
    passed: int = 0
    failed: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    missing_module: str | None = None
    output: str = ""
    seconds: float = 0.0


def _load(report: str) -> dict[str, Any] | None:
    try:
        with open(report, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _violations(data: dict[str, Any], run: str) -> list[str]:
    """The guard's refusals: this process's (report) and its children's (the log file)."""
    entries = list(data.get("violations", []))
    path = os.path.join(run, ".docref-violations.jsonl")
    with contextlib.suppress(OSError), open(path, encoding="utf-8") as fh:
        for line in fh:
            with contextlib.suppress(ValueError):
                entries.append(json.loads(line))
    seen: dict[str, None] = {}
    for v in entries:
        if isinstance(v, dict):
            seen.setdefault(f"{v.get('kind')}: {v.get('detail')}", None)
    return list(seen)


def _missing_module(text: str) -> str | None:
    marker = "No module named "
    at = text.find(marker)
    if at < 0:
        return None
    name = text[at + len(marker) :].split("\n", 1)[0].strip().strip("'\"")
    return name.split("'")[0] or None


def classify(
    output: str,
    timed_out: bool,
    code: int | None,
    report_path: str,
    run: str,
    timeout: float,
    python: str,
) -> TestRun:
    """Turn pytest's exit, output and the guard's report into a :class:`TestRun`.

    Args:
        output (str): The run's combined stdout and stderr (its tail).
        timed_out (bool): The run was killed on the timeout.
        code (int | None): The exit code.
        report_path (str): The guard's JSON report.
        run (str): The run's copy (imports must come from inside it).
        timeout (float): The timeout, for the message.
        python (str): The interpreter, for messages.

    Returns:
        TestRun: The outcome with a reason a person can act on.
    """
    tail = output[-4000:]
    if timed_out:
        return TestRun(
            "timeout", f"the tests ran over {timeout:g}s; their processes were killed", output=tail
        )
    data = _load(report_path)
    if data is None and (refused := _violations({}, run)):
        return TestRun(
            "failed",
            "the sandbox refused " + "; ".join(refused[:3]),
            output=tail,
            violations=refused,
        )
    if data is None:
        missing = _missing_module(output)
        if missing == "pytest":
            return TestRun(
                "error",
                f"pytest is not installed for {python}",
                output=tail,
                missing_module="pytest",
            )
        return TestRun(
            "error",
            f"pytest ended (exit code {code}) without finishing the session",
            output=tail,
            missing_module=missing,
        )
    violations = _violations(data, run)
    failed = [str(f.get("nodeid")) for f in data.get("failed", [])]
    errors = data.get("errors", [])
    passed = int(data.get("passed", 0))
    root = os.path.realpath(run)
    for name, where in (data.get("modules") or {}).items():
        if where and not os.path.realpath(where).startswith(root + os.sep):
            return TestRun(
                "error",
                f"the tests imported {name} from {where}, not from the "
                "temporary copy (is the project installed non-editable in that "
                "environment?)",
                passed,
                failed,
                violations,
                output=tail,
            )
    if violations:
        return TestRun(
            "failed",
            "the sandbox refused " + "; ".join(violations[:3]),
            passed,
            failed,
            violations,
            output=tail,
        )
    messages = [str(e.get("message", "")) for e in errors]
    missing = next((m for m in map(_missing_module, messages) if m), None)
    if errors:
        what = "; ".join(f"{e.get('nodeid')}: {e.get('message')}" for e in errors[:3])
        return TestRun(
            "error",
            f"the tests could not be collected: {what}",
            passed,
            failed,
            output=tail,
            missing_module=missing,
        )
    status = int(data.get("exitstatus", code or 0))
    if status == 5 or int(data.get("collected", 0)) == 0:
        return TestRun("error", "pytest collected no tests", output=tail)
    if status == 0 and not failed:
        return TestRun("passed", "", passed, output=tail)
    first = next((f.get("message") for f in data.get("failed", []) if f.get("message")), "")
    missing = _missing_module(str(first))
    reason = f"{len(failed)} test(s) failed" + (f", first: {first}" if first else "")
    if status not in (0, 1):
        reason = f"pytest exit status {status}; {reason}"
    return TestRun("failed", reason, passed, failed, output=tail, missing_module=missing)
