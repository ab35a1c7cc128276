"""Running methods over a dataset: per-item results cached, so an interrupted run resumes.

The cache is the ``eval`` store of :func:`docref.cache.store.open_cache` (diskcache, JSON
values only).  Its key is a hash of the method name, the method's settings (model, prompt
profile, context, ...) and the item's content fingerprint: re-running the same command skips
every item already scored, and changing any setting or item scores it afresh.  Only finished
items are stored; an item cut short by a fatal model error, a crash or Ctrl-C is asked again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from docref.cache.store import open_cache
from docref.eval.datasets import Item
from docref.eval.methods import ItemResult, Method, MethodFatal

__all__ = ["MethodRun", "ResultCache", "result_key", "run_methods"]

log = logging.getLogger(__name__)

CACHE_NAME = "eval"
RESULT_VERSION = "docref-eval-1"


def result_key(method: str, settings: dict[str, Any], item: Item) -> str:
    payload = json.dumps(
        [RESULT_VERSION, method, settings, item.ident, item.fingerprint()],
        sort_keys=True,
        ensure_ascii=False,
        default=str,
    )
    return "eval:" + hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


class ResultCache:
    """get/put of :class:`ItemResult` by key; unreadable entries are misses."""

    def __init__(self, backend: Any) -> None:
        self._backend = backend

    @classmethod
    def open(cls, directory: str | None = None) -> ResultCache | None:
        backend = open_cache(CACHE_NAME, directory)
        return None if backend is None else cls(backend)

    def get(self, key: str) -> ItemResult | None:
        try:
            raw = self._backend.get(key)
        except Exception as exc:  # a locked or damaged cache is a miss, never a failure
            log.warning("eval cache read failed: %s", exc)
            return None
        if not isinstance(raw, str):
            return None
        try:
            data = json.loads(raw)
            return ItemResult.from_json(data) if isinstance(data, dict) else None
        except ValueError:
            return None

    def put(self, key: str, result: ItemResult) -> None:
        try:
            self._backend.set(key, json.dumps(result.to_json()))
        except Exception as exc:
            log.warning("eval cache write failed: %s", exc)

    def close(self) -> None:
        self._backend.close()


@dataclass
class MethodRun:
    """One method's results over the dataset (``results[i]`` is None when not scored)."""

    method: str
    settings: dict[str, Any]
    results: list[ItemResult | None]
    cached: int = 0
    fatal: str | None = None
    error: str | None = None
    wall_seconds: float = 0.0
    notes: dict[str, int] = field(default_factory=dict)

    @property
    def done(self) -> int:
        return sum(1 for r in self.results if r is not None)


async def _run_one(
    method: Method,
    items: Sequence[Item],
    cache: ResultCache | None,
    concurrency: int,
    advance: Callable[[], None],
) -> MethodRun:
    settings = method.settings()
    run = MethodRun(method.name, settings, [None] * len(items))
    started = time.perf_counter()
    todo: list[int] = []
    keys = [result_key(method.name, settings, item) for item in items]
    for index in range(len(items)):
        hit = cache.get(keys[index]) if cache is not None else None
        if hit is not None:
            run.results[index] = hit
            run.cached += 1
            advance()
        else:
            todo.append(index)
    gate = asyncio.Semaphore(concurrency)
    stop = asyncio.Event()

    async def one(index: int) -> None:
        if stop.is_set():
            return
        async with gate:
            if stop.is_set():
                return
            try:
                result = await method.judge(items[index])
            except MethodFatal as exc:
                if run.fatal is None:
                    run.fatal = str(exc)
                stop.set()
                return
            except Exception as exc:  # a docref bug on one item must not lose the others
                log.warning("%s failed on item %s", method.name, items[index].ident, exc_info=True)
                run.results[index] = ItemResult(None, note=f"internal error: {exc!r}")
                advance()
                return
            run.results[index] = result
            if cache is not None:
                await asyncio.to_thread(cache.put, keys[index], result)
            advance()

    try:
        await asyncio.gather(*(one(i) for i in todo))
    finally:
        await method.close()
    for result in run.results:
        if result is not None and result.score is None and result.note:
            run.notes[result.note] = run.notes.get(result.note, 0) + 1
    run.wall_seconds = time.perf_counter() - started
    return run


def run_methods(
    methods: Sequence[Method],
    items: Sequence[Item],
    *,
    use_cache: bool = True,
    concurrency: int = 4,
    advance: Callable[[], None] = lambda: None,
) -> list[MethodRun]:
    """Every method over every item, one method after another (items concurrently)."""
    cache = ResultCache.open() if use_cache else None
    runs: list[MethodRun] = []
    try:
        for method in methods:
            runs.append(asyncio.run(_run_one(method, items, cache, concurrency, advance)))
    finally:
        if cache is not None:
            cache.close()
    return runs
