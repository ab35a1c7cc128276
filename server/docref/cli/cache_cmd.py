"""``docref cache stats|clear``: the command line of :mod:`docref.cache.admin`.

``clear`` asks no confirmation because everything in the caches can be rebuilt (the answer
cache only at the price of asking the model again, which ``stats`` makes visible first).  A
cache that cannot be read or cleared makes the command exit 2, after handling the others.

The team's shared answer cache (``cache_url`` of the project in the current directory, or
``--cache-url``) is reported and cleared beside the local ``answers`` cache; only docref's keys
are counted and removed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from docref.cache.admin import (
    KNOWN_CACHES,
    CacheStats,
    cache_base,
    cache_origin,
    cache_stats,
    clear_caches,
)

if TYPE_CHECKING:
    from docref.cache.shared import SharedCache

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
    _shared_flag(stats)
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
    _shared_flag(clear)
    clear.set_defaults(func=run_clear)


def _shared_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cache-url",
        metavar="URL",
        help="the shared answer cache (default: cache_url of the project in this directory)",
    )


def _shared(args: argparse.Namespace) -> tuple[SharedCache | None, str | None]:
    """The shared cache the settings (or ``--cache-url``) name, or the reason it cannot be
    opened; ``(None, None)`` when none is configured."""
    from docref.cache.shared import SharedCache
    from docref.config import ConfigError, Settings, load_settings
    from docref.config.root import find_root

    try:
        settings = load_settings(find_root(os.getcwd()))
    except ConfigError as exc:  # the local caches do not depend on the project's settings
        print(f"docref: warning: no shared cache read: {exc}", file=sys.stderr)
        settings = Settings()
    try:
        if args.cache_url:
            url = Settings.from_mapping({"cache_url": args.cache_url}, "--cache-url").cache_url
            settings = settings.override(cache_url=url)
    except ConfigError as exc:
        return None, str(exc)
    if not settings.cache_url:
        return None, None
    shared = SharedCache(
        settings.cache_url, password_env=settings.cache_password_env, ttl_s=settings.cache_ttl
    )
    return shared, None


def run_stats(args: argparse.Namespace) -> int:
    """``docref cache stats``: exit 0, or 2 when a cache could not be read."""
    base = cache_base(None)
    stats = cache_stats(base)
    shared, problem = _shared(args)
    entries = None if shared is None else shared.count()
    if shared is not None:
        problem = shared.problem
        shared.close()
    if args.json:
        payload: dict[str, Any] = {"directory": base, "caches": [s.to_json() for s in stats]}
        if shared is not None or problem is not None:
            where = None if shared is None else shared.where
            payload["shared"] = {"url": where, "answers": entries, "error": problem}
        print(json.dumps(payload, indent=2))
    else:
        print(f"cache directory: {base}{cache_origin()}")
        for s in stats:
            print(f"  {s.name:<8} {_describe(s)}")
            print(f"  {'':<8} {s.directory}")
        if shared is not None and entries is not None:
            ttl = f"kept {shared.ttl_s} s" if shared.ttl_s else "kept until cleared"
            print(f"  {'shared':<8} {entries} answers, {ttl}")
            print(f"  {'':<8} {shared.where}")
    for s in stats:
        if s.error:
            print(f"docref: error: {s.name} cache: {s.error}", file=sys.stderr)
    if problem is not None:
        print(f"docref: error: {problem}", file=sys.stderr)
    return 2 if any(s.error for s in stats) or problem is not None else 0


def run_clear(args: argparse.Namespace) -> int:
    """``docref cache clear [NAME...]``: exit 0, or 2 when a cache could not be cleared."""
    results = clear_caches(args.names or None)
    wanted = args.names or ["answers"]
    shared, problem = _shared(args) if "answers" in wanted else (None, None)
    removed = None if shared is None else shared.clear()
    if shared is not None:
        problem = shared.problem
        shared.close()
    if args.json:
        cleared = [r.to_json() for r in results]
        payload: dict[str, Any] = {"directory": cache_base(None), "cleared": cleared}
        if shared is not None or problem is not None:
            where = None if shared is None else shared.where
            payload["shared"] = {"url": where, "removed": removed, "error": problem}
        print(json.dumps(payload))
    else:
        for r in results:
            if r.error is None:
                what = (
                    f"removed {r.removed} entries, freed {_size(r.bytes_freed)}"
                    if r.existed
                    else "nothing to clear (not created yet)"
                )
                print(f"{r.name}: {what}  ({r.directory})")
        if shared is not None and removed is not None:
            print(f"shared: removed {removed} answers  ({shared.where})")
    if problem is not None:
        print(f"docref: error: {problem}", file=sys.stderr)
    for r in results:
        if r.error:
            print(f"docref: error: {r.name} cache: {r.error}", file=sys.stderr)
        elif r.note:
            print(f"docref: warning: {r.name} cache: {r.note}", file=sys.stderr)
    return 2 if any(r.error for r in results) or problem is not None else 0


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
