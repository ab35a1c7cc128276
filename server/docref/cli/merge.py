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

# every shard reads every file (it picks functions, not files): ``files`` is the largest count
_SUMMED_STATS = (
    "functions",
    "classes",
    "llm_calls",
    "cache_hits",
    "tokens",
    "llm_errors",
    "baselined",
    "not_asked",
)
_SUMMED_LLM = ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "unknown")


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
    stats = merged["stats"]
    stats["files"] = max(_number(r["stats"].get("files")) for r in reports)
    for key in _SUMMED_STATS:
        stats[key] = sum(_number(r["stats"].get(key)) for r in reports)
    stats["seconds"] = round(sum(_number(r["stats"].get("seconds")) for r in reports), 3)
    stats["cost_usd"] = _cost([r["stats"].get("cost_usd") for r in reports])
    stats["shards"] = len(reports)
    models = [r["llm"] for r in reports if isinstance(r.get("llm"), dict)]
    if models:
        llm = {"model": models[0].get("model"), "endpoint": models[0].get("endpoint")}
        for key in _SUMMED_LLM:
            llm[key] = sum(_number(m.get(key)) for m in models)
        llm["cost_usd"] = _cost([m.get("cost_usd") for m in models])
        llm["fatal"] = next((m["fatal"] for m in models if m.get("fatal")), None)
        merged["llm"] = llm
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


def _number(value: object) -> float | int:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _cost(values: list[object]) -> float | None:
    """The sum of the known costs; ``None`` when no shard knew its cost."""
    known = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return round(sum(known), 6) if known else None
