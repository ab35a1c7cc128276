"""What ``recall.py`` (Python) and ``recall_java.py`` (Java) share around their mutations: the
fixed hash seed, the command line, the Wilson cell of a table, the progress line and the stored
run (:mod:`recall_store`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from precision import wilson
from recall_store import save

__all__ = ["caught_per_group", "fixed_hash_seed", "pct", "progress", "run_args", "write_run"]

HERE = os.path.dirname(os.path.abspath(__file__))


def fixed_hash_seed() -> None:
    """Re-run the script under ``PYTHONHASHSEED=0`` unless it is set so already."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        # the candidates' order goes through sets of names: without a fixed hash seed two runs
        # pick partly different mutations (session 9: 669 of 679 the same)
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )


def run_args(doc: str, splits: list[str], per_kind: int, label: str) -> argparse.ArgumentParser:
    """The options both harnesses take (a caller adds its own before parsing)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--split", choices=[*splits, "all"], default="tune")
    ap.add_argument(
        "--per-kind", type=int, default=per_kind, help="mutations of each kind per project"
    )
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--label", default=label)
    ap.add_argument(
        "--docref",
        default=f"{sys.executable} -m docref",
        help="the docref command, split like a shell: 'env PYTHONPATH=OLD/server python -m docref'",
    )
    return ap


def pct(k: int, n: int) -> str:
    """``k`` of ``n`` as a percentage with its Wilson 95% interval (``-`` for none)."""
    if n == 0:
        return "-"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def caught_per_group(
    rows: list[dict[str, Any]], group: Callable[[dict[str, Any]], tuple[str, ...]]
) -> list[tuple[tuple[str, ...], int, int]]:
    """(group, mutations, caught) for each group of ``rows``, sorted by group."""
    groups = Counter(group(r) for r in rows)
    return [
        (g, n, sum(r["caught"] for r in rows if group(r) == g)) for g, n in sorted(groups.items())
    ]


def progress(split: str, name: str, rows: list[dict[str, Any]], alarms: list[Any]) -> None:
    """One project's line on stderr."""
    caught = sum(x["caught"] for x in rows)
    print(
        f"{split}/{name}: {len(rows)} mutations, {caught} caught, {len(alarms)} false alarms",
        file=sys.stderr,
    )


def write_run(
    args: argparse.Namespace,
    splits: dict[str, list[str]],
    started: float,
    text: str,
    rows: list[dict[str, Any]],
    alarms: list[dict[str, Any]],
    **extra: Any,
) -> None:
    """Store the run as ``recall/LABEL.json.gz`` (``extra``: what one harness adds)."""
    os.makedirs(os.path.join(HERE, "recall"), exist_ok=True)
    out = os.path.join(HERE, "recall", f"{args.label}.json.gz")
    doc = {**extra, "seed": args.seed, "per_kind": args.per_kind, "splits": splits}
    doc |= {"seconds": round(time.perf_counter() - started, 1), "table": text}
    save(out, {**doc, "mutations": rows, "false_alarms": alarms})
    print(f"wrote {out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
