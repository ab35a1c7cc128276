"""``docref cache stats|clear``: the command line of :mod:`docref.cache.admin`.

``clear`` asks no confirmation because everything in the caches can be rebuilt (the answer
cache only at the price of asking the model again, which ``stats`` makes visible first).  A
cache that cannot be read or cleared makes the command exit 2, after handling the others.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from docref.cache.admin import (
    KNOWN_CACHES,
    CacheStats,
    cache_base,
    cache_origin,
    cache_stats,
    clear_caches,
)

__all__ = ["add_cache_parser"]


# --------------------------------------------------------------------------- the command


def add_cache_parser(subparsers: Any) -> None:
    """Register ``cache stats`` and ``cache clear`` on the top-level sub-parser collection."""
    cache = subparsers.add_parser(
        "cache", help="show or clear docref's on-disk caches (DOCREF_CACHE_DIR)"
    )
    actions = cache.add_subparsers(dest="cache_action", required=True, metavar="ACTION")
    stats = actions.add_parser("stats", help="entries, size on disk and size limit per cache")
    stats.add_argument("--json", action="store_true", help="machine-readable output")
    stats.set_defaults(func=run_stats)
    clear = actions.add_parser(
        "clear", help="remove every cached entry (rebuilt on the next run; no confirmation)"
    )
    clear.add_argument(
        "names",
        nargs="*",
        type=_cache_name,
        metavar="NAME",
        help=f"caches to clear: {', '.join(KNOWN_CACHES)} (default: all)",
    )
    clear.add_argument("--json", action="store_true", help="machine-readable output")
    clear.set_defaults(func=run_clear)


def run_stats(args: argparse.Namespace) -> int:
    """``docref cache stats``: exit 0, or 2 when a cache could not be read."""
    base = cache_base(None)
    stats = cache_stats(base)
    if args.json:
        payload = {"directory": base, "caches": [s.to_json() for s in stats]}
        print(json.dumps(payload, indent=2))
    else:
        print(f"cache directory: {base}{cache_origin()}")
        for s in stats:
            print(f"  {s.name:<8} {_describe(s)}")
            print(f"  {'':<8} {s.directory}")
    for s in stats:
        if s.error:
            print(f"docref: error: {s.name} cache: {s.error}", file=sys.stderr)
    return 2 if any(s.error for s in stats) else 0


def run_clear(args: argparse.Namespace) -> int:
    """``docref cache clear [NAME...]``: exit 0, or 2 when a cache could not be cleared."""
    results = clear_caches(args.names or None)
    if args.json:
        cleared = [r.to_json() for r in results]
        print(json.dumps({"directory": cache_base(None), "cleared": cleared}))
    else:
        for r in results:
            if r.error is None:
                what = (
                    f"removed {r.removed} entries, freed {_size(r.bytes_freed)}"
                    if r.existed
                    else "nothing to clear (not created yet)"
                )
                print(f"{r.name}: {what}  ({r.directory})")
    for r in results:
        if r.error:
            print(f"docref: error: {r.name} cache: {r.error}", file=sys.stderr)
        elif r.note:
            print(f"docref: warning: {r.name} cache: {r.note}", file=sys.stderr)
    return 2 if any(r.error for r in results) else 0


def _cache_name(text: str) -> str:
    if text not in KNOWN_CACHES:
        raise argparse.ArgumentTypeError(
            f"unknown cache {text!r} (choose from {', '.join(KNOWN_CACHES)})"
        )
    return text


def _describe(stats: CacheStats) -> str:
    if stats.error is not None:
        return "unreadable (see below)"
    if not stats.exists:
        return "not created yet"
    limit = "unknown" if stats.size_limit is None else _size(stats.size_limit)
    return f"{stats.entries} entries, {_size(stats.bytes_on_disk)} on disk, limit {limit}"


def _size(count: int) -> str:
    """``count`` bytes for people: ``512 B``, ``3.4 MiB``, ``1.0 GiB``."""
    if count < 1024:
        return f"{count} B"
    value = count / 1024
    for unit in ("KiB", "MiB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"
