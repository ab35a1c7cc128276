"""The on-disk cache of model answers (one entry per (segment, criterion) question).

Key: sha256 over the model id, the resolved api base,
:data:`~docref.checks.llm.prompts.PROMPT_VERSION`, the prompt profile, the language, the
criterion, the segment text, the code and the related information -- everything the rendered
prompt depends on, so an unchanged question is never asked twice and any change re-asks. Value:
the JSON text ``{"answer": 1|0, "explanation": str|null}``. Only parsed answers are stored (an
unknown answer is asked again next time).

The cache is diskcache (SQLite) through :func:`docref.cache.store.open_cache` with its
JSON-only Disk; every read and write runs in a worker thread (``asyncio.to_thread``) so a slow
disk or a locked database never stalls the event loop.  New answers are written
:data:`WRITE_BATCH` at a time in one transaction (one SQLite commit per answer was a tenth of
a big run's CPU), and whatever is left when a run ends (:meth:`AnswerCache.flush`, called by
the engine after every run) or the cache closes; an answer waiting to be written (or being
written by another batch's flush) is read from memory.  A malformed or unreadable entry is a
miss; a failing write is logged and ignored.

With a ``cache_url`` the local cache is a read-through layer in front of the team's shared cache
(:class:`docref.cache.shared.SharedCache`, Redis): same keys, same JSON values; a local miss
asks the shared cache and keeps its answer locally, a new answer goes to both.  A failing
shared cache only turns itself off (:attr:`AnswerCache.shared_problem`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any, Literal

from docref.cache.shared import SharedCache
from docref.cache.store import open_cache

__all__ = ["AnswerCache", "CachedAnswer", "answer_key"]

log = logging.getLogger(__name__)

CACHE_NAME = "answers"
WRITE_BATCH = 64


@dataclass(frozen=True, slots=True)
class CachedAnswer:
    answer: Literal[1, 0]
    explanation: str | None


def answer_key(
    *,
    model: str,
    api_base: str | None,
    prompt_version: str,
    profile: str,
    language: str,
    criterion: str,
    segment: str,
    code: str,
    related: str,
) -> str:
    """The cache key of one (segment, criterion) question (hex sha256)."""
    parts = [model, api_base or "", prompt_version, profile, language, criterion, segment, code]
    payload = json.dumps([*parts, related], ensure_ascii=False, separators=(",", ":"))
    return "answer:" + hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


class AnswerCache:
    """Async get/put of :class:`CachedAnswer` over a diskcache ``Cache`` (or any mapping-like
    object with ``get(key)`` / ``set(key, value)``)."""

    def __init__(self, backend: Any, shared: SharedCache | None = None) -> None:
        self._backend = backend
        self.shared = shared
        self._pending: dict[str, str] = {}  # answers not written yet (key -> JSON)
        self._writing: dict[str, str] = {}  # answers being written by a flush (key -> JSON)
        self._read: dict[str, CachedAnswer | None] = {}  # prefetched, each read once (get)

    @classmethod
    def open(
        cls, directory: str | None = None, shared: SharedCache | None = None
    ) -> AnswerCache | None:
        """The local ``answers`` cache (with ``shared`` behind it); ``None`` (with a warning)
        when neither can be used.  Without a local cache the shared one still serves."""
        backend = open_cache(CACHE_NAME, directory)
        if backend is None:
            return None if shared is None else cls(_NoLocal(), shared)
        return cls(backend, shared)

    @property
    def shared_problem(self) -> str | None:
        """Why the shared cache was not (or stopped being) used, once; ``None`` if it works."""
        return None if self.shared is None else self.shared.problem

    def _local(self, key: str) -> str | None:
        try:
            raw = self._backend.get(key)
        except Exception as exc:  # unsafe row, locked database, ...: a miss
            log.warning("answer cache read failed: %s", exc)
            return None
        return raw if isinstance(raw, str) else None

    def _get(self, key: str) -> CachedAnswer | None:
        raw = self._pending.get(key)
        if raw is None:  # a flush of another batch may be writing it this moment
            raw = self._writing.get(key)
        if raw is None:
            raw = self._local(key)
        answer = None if raw is None else _parse(raw)
        if answer is not None or self.shared is None:
            return answer
        shared = self.shared.get(key)
        answer = None if shared is None else _parse(shared)
        if answer is not None:  # read-through: the next run finds it locally
            self._set_local(key, _dump(answer))
        return answer

    def _write(self, batch: dict[str, str]) -> None:
        """``batch`` into the local cache in one transaction, then into the shared one."""
        transact = getattr(self._backend, "transact", None)
        try:
            with transact() if transact is not None else contextlib.nullcontext():
                for key, payload in batch.items():
                    self._backend.set(key, payload)
        except Exception as exc:
            log.warning("answer cache write failed: %s", exc)
        if self.shared is not None:
            for key, payload in batch.items():
                self.shared.set(key, payload)

    def _set_local(self, key: str, payload: str) -> None:
        try:
            self._backend.set(key, payload)
        except Exception as exc:
            log.warning("answer cache write failed: %s", exc)

    async def get(self, key: str) -> CachedAnswer | None:
        if key in self._read:
            return self._read.pop(key)
        return await asyncio.to_thread(self._get, key)

    async def prefetch(self, keys: list[str]) -> None:
        """Read ``keys`` now, in one worker thread, for the :meth:`get` of each that follows.

        A run looks up every question before asking any: one thread hop each was 8,000
        thread hops (and executor jobs queued ahead of litellm's, which uses the same
        executor) for a 2,000-function run."""
        keys = [key for key in keys if key not in self._read]  # read already, not used yet
        if keys:
            self._read.update(await asyncio.to_thread(lambda: {k: self._get(k) for k in keys}))

    async def cached(self, keys: list[str]) -> int:
        """How many of ``keys`` have an answer (read now, as by :meth:`prefetch`)."""
        await self.prefetch(keys)
        return sum(1 for key in keys if self._read.get(key) is not None)

    async def put(self, key: str, value: CachedAnswer) -> None:
        """Keep ``value`` (written with the next :data:`WRITE_BATCH`, or by :meth:`flush`)."""
        self._pending[key] = _dump(value)
        if len(self._pending) >= WRITE_BATCH:
            await self.flush()

    async def flush(self) -> None:
        """Write the answers kept so far."""
        batch, self._pending = self._pending, {}
        if batch:
            self._writing.update(batch)
            try:
                await asyncio.to_thread(self._write, batch)
            finally:
                for key in batch:
                    self._writing.pop(key, None)

    def close(self) -> None:
        batch, self._pending = self._pending, {}
        if batch:
            self._write(batch)
        closer = getattr(self._backend, "close", None)
        if closer is not None:
            closer()
        if self.shared is not None:
            self.shared.close()


class _NoLocal:
    """The local layer when the local cache cannot be opened: every read a miss."""

    def get(self, key: str) -> None:
        return None

    def set(self, key: str, value: str) -> None:
        return None


def _dump(value: CachedAnswer) -> str:
    return json.dumps({"answer": value.answer, "explanation": value.explanation})


def _parse(raw: str) -> CachedAnswer | None:
    """A stored JSON answer, or ``None`` when it is not one (a miss)."""
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    answer = data.get("answer")
    explanation = data.get("explanation")
    if isinstance(answer, bool) or answer not in (0, 1):
        return None
    if explanation is not None and not isinstance(explanation, str):
        return None
    return CachedAnswer(1 if answer == 1 else 0, explanation)
