"""``docref merge``: one report from the outputs of ``docref check --shard I/N`` jobs.

JSON reports concatenate (findings, scores, errors, warnings) and their counters add up (the
model's calls, cache hits, tokens, cost; ``seconds`` is the jobs' sum, machine time; ``files``
the largest count, as every shard reads every file); SARIF
logs keep one run per shard (SARIF 2.1.0 allows several runs in a log).  The format is read
from the files; mixing the two is a usage error.  Exit codes as ``docref check``: 0 no
findings, 1 findings, 2 a file that cannot be read or merged (named in the message).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["add_merge_parser", "merge_json", "merge_sarif"]

# every shard reads every file (it picks functions, not files): ``files`` is the largest
# count, as ``processes`` (each shard's own); any other number is added up, so a counter new
# in ``docref check``'s report is merged without a line here (tests/test_summary_merge.py)
_LARGEST = frozenset({"files", "processes"})


class MergeError(ValueError):
    """An input that is not a docref report of the expected kind."""


def add_merge_parser(subparsers: Any) -> None:
    """Register ``docref merge FILE...``."""
    merge = subparsers.add_parser(
        "merge",
        help="merge the JSON or SARIF outputs of `docref check --shard I/N` jobs into one",
    )
    merge.add_argument("files", nargs="+", metavar="FILE", help="outputs of the shards")
    merge.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    merge.set_defaults(func=run_merge)


def run_merge(args: argparse.Namespace) -> int:
    """``docref merge``: the merged report; exit 0, 1 (findings) or 2 (unusable input)."""
    try:
        documents = [_load(path) for path in args.files]
        if all("runs" in doc for doc in documents):
            merged, count = merge_sarif(documents)
        elif not any("runs" in doc for doc in documents):
            merged = merge_json(documents)
            count = len(merged["findings"])
        else:
            raise MergeError("mixes SARIF logs and JSON reports; merge each kind on its own")
    except MergeError as exc:
        print(f"docref: error: merge: {exc}", file=sys.stderr)
        return 2
    text = json.dumps(merged, indent=2)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    else:
        print(text)
    return 1 if count else 0


def _load(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise MergeError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise MergeError(f"{path}: not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise MergeError(f"{path}: not a docref JSON report or SARIF log")
    if "runs" in data:
        if not isinstance(data["runs"], list):
            raise MergeError(f"{path}: a SARIF log whose runs are not a list")
    elif not isinstance(data.get("findings"), list) or not isinstance(data.get("stats"), dict):
        raise MergeError(f"{path}: not a docref JSON report (no findings / stats)")
    return data


def merge_json(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``--format json`` reports of the shards as one report."""
    merged: dict[str, Any] = {
        "findings": [f for r in reports for f in r["findings"]],
        "scores": [s for r in reports for s in r.get("scores", [])],
        "stats": {},
        "tier": "static+llm" if any(r.get("tier") == "static+llm" for r in reports) else "static",
        "errors": [e for r in reports for e in r.get("errors", [])],
        "warnings": list(dict.fromkeys(w for r in reports for w in r.get("warnings", []))),
        # every shard names the same files it could not check (they are found before sharding)
        "not_checked": list(
            {
                (n.get("path"), n.get("reason")): n
                for r in reports
                for n in r.get("not_checked", [])
                if isinstance(n, dict)
            }.values()
        ),
    }
    merged["stats"] = _combine([r["stats"] for r in reports])
    merged["stats"]["shards"] = len(reports)
    models = [r["llm"] for r in reports if isinstance(r.get("llm"), dict)]
    if models:
        merged["llm"] = _combine(models)
    return merged


def merge_sarif(logs: list[dict[str, Any]]) -> tuple[dict[str, Any], int]:
    """The shards' SARIF logs as one log with every run, and how many results it holds."""
    runs = [run for log in logs for run in log["runs"]]
    count = sum(len(run.get("results") or []) for run in runs if isinstance(run, dict))
    first = logs[0]
    merged = {
        "$schema": first.get("$schema"),
        "version": first.get("version", "2.1.0"),
        "runs": runs,
    }
    return merged, count


def _combine(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The shards' ``stats`` (or ``llm``) objects as one: numbers added (``files`` and
    ``processes`` the largest), costs as :func:`_cost`, per-endpoint rows added, anything
    else (the model, the endpoint, a fatal error) the first shard's that has one."""
    out: dict[str, Any] = {}
    for key in dict.fromkeys(k for part in parts for k in part):
        values = [part.get(key) for part in parts]
        if key == "cost_usd":
            out[key] = _cost(values)
        elif key == "endpoints":
            out[key] = _rows(values)
        elif any(_is_number(v) for v in values) and all(v is None or _is_number(v) for v in values):
            numbers = [_number(v) for v in values]
            total = max(numbers) if key in _LARGEST else sum(numbers)
            out[key] = round(total, 3) if isinstance(total, float) else total
        else:
            out[key] = next((v for v in values if v), values[0])
    return out


def _rows(values: list[object]) -> dict[str, dict[str, float | int]]:
    """Per-endpoint counts (``{"host": {"asked": 3, ...}}``) of every shard added up."""
    out: dict[str, dict[str, float | int]] = {}
    for rows in values:
        for where, row in (rows if isinstance(rows, dict) else {}).items():
            into = out.setdefault(where, {})
            for name, count in (row if isinstance(row, dict) else {}).items():
                into[name] = into.get(name, 0) + _number(count)
    return out


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(value: object) -> float | int:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _cost(values: list[object]) -> float | None:
    """The sum of the known costs; ``None`` when no shard knew its cost."""
    known = [_number(v) for v in values if _is_number(v)]
    return round(sum(known), 6) if known else None
