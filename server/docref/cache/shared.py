"""The team-shared answer cache: Redis behind the local diskcache (``cache_url``).

A CI runner starts with an empty local cache; with a shared cache it reads every answer a
developer or an earlier job already paid for.  The local diskcache stays in front as a
read-through layer (:class:`docref.llm.answers.AnswerCache`): a local miss asks Redis, a Redis
hit is copied to the local cache, a new answer goes to both.

Values are the same JSON text the local cache stores (never pickle: the ``redis`` client stores
bytes and decodes nothing itself); keys are the local cache's keys under :data:`PREFIX`, so
``docref cache clear`` removes only docref's rows from a Redis another program shares.

Redis is an optimisation, never a reason for a run to fail: the first failure (unreachable,
a timeout, an authentication error, the server killed mid-run) is kept as :attr:`problem`
(shown once by the front end) and the shared cache is switched off for the rest of the run.
The password comes only from the environment variable named by ``cache_password_env``; the URL
may not carry one (settings refuse it) and every message shows :func:`describe_url`'s form.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["PREFIX", "SharedCache", "describe_url"]

log = logging.getLogger(__name__)

PREFIX = "docref:"
# A shared cache that answers slower than this is worse than asking the local one only.
_TIMEOUT_S = 2.0
TEAM_EXTRA = "the shared cache needs the redis client: pip install 'docref[team]'"


def describe_url(url: str) -> str:
    """``url`` without user name or query (safe to show)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparseable url>"
    host = parts.netloc.rpartition("@")[2]
    return f"{parts.scheme}://{host}{parts.path}"


class SharedCache:
    """Get/set of JSON text in Redis (thread-safe: called from worker threads).

    After the first failure every call is a no-op miss; :attr:`problem` says why.
    """

    def __init__(
        self,
        url: str,
        *,
        password_env: str | None = None,
        ttl_s: int | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.url = url
        self.where = describe_url(url)
        self.ttl_s = ttl_s
        self.problem: str | None = None
        self._lock = threading.Lock()
        self._client: Any = None
        env = os.environ if environ is None else environ
        password: str | None = None
        if password_env:
            password = env.get(password_env) or None
            if password is None:
                self._fail(f"environment variable {password_env} (its password) is not set")
                return
        try:
            import redis
        except ImportError:
            self._fail(TEAM_EXTRA)
            return
        try:
            self._client = redis.Redis.from_url(
                url,
                password=password,
                socket_timeout=_TIMEOUT_S,
                socket_connect_timeout=_TIMEOUT_S,
                retry_on_timeout=False,
            )
        except Exception as exc:  # a URL redis-py rejects: one warning, local cache only
            self._fail(_reason(exc))

    @property
    def usable(self) -> bool:
        return self._client is not None and self.problem is None

    def _fail(self, reason: str) -> None:
        with self._lock:
            if self.problem is None:
                self.problem = f"shared cache {self.where} not used: {reason}"
                log.info("%s", self.problem)
            client, self._client = self._client, None
        if client is not None:
            try:
                client.close()
            except Exception:  # already failing: closing must not raise too
                log.debug("closing the shared cache failed", exc_info=True)

    def get(self, key: str) -> str | None:
        """The JSON text under ``key``, or ``None`` (a miss, or the shared cache is off)."""
        client = self._client
        if client is None or self.problem is not None:
            return None
        try:
            raw = client.get(PREFIX + key)
        except Exception as exc:
            self._fail(_reason(exc))
            return None
        if isinstance(raw, bytes):
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                return None
        return None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (with the TTL); a failure switches the cache off."""
        client = self._client
        if client is None or self.problem is not None:
            return
        try:
            client.set(PREFIX + key, value.encode("utf-8"), ex=self.ttl_s)
        except Exception as exc:
            self._fail(_reason(exc))

    def check(self) -> bool:
        """Reach the server once (``PING``); false with :attr:`problem` set when it fails."""
        client = self._client
        if client is None or self.problem is not None:
            return False
        try:
            client.ping()
        except Exception as exc:
            self._fail(_reason(exc))
            return False
        return True

    def keys(self, pattern: str = "answer:*") -> Iterator[bytes]:
        """docref's keys matching ``pattern`` (SCAN, never KEYS: the server stays responsive)."""
        if self._client is None:
            return iter(())
        return iter(self._client.scan_iter(match=PREFIX + pattern, count=1000))

    def count(self, pattern: str = "answer:*") -> int | None:
        """How many docref keys match ``pattern``; ``None`` (with :attr:`problem`) on failure."""
        try:
            return sum(1 for _ in self.keys(pattern))
        except Exception as exc:
            self._fail(_reason(exc))
            return None

    def clear(self, pattern: str = "answer:*") -> int | None:
        """Delete docref's keys matching ``pattern``; how many, ``None`` on failure."""
        removed = 0
        try:
            batch: list[bytes] = []
            for key in self.keys(pattern):
                batch.append(key)
                if len(batch) >= 500:
                    removed += int(self._client.delete(*batch))
                    batch = []
            if batch:
                removed += int(self._client.delete(*batch))
        except Exception as exc:
            self._fail(_reason(exc))
            return None
        return removed

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                client.close()
            except Exception:  # shutting down
                log.debug("closing the shared cache failed", exc_info=True)


def _reason(exc: Exception) -> str:
    """A one-line reason for ``exc``; redis-py's messages name host and port, never the
    password, but a URL given to ``from_url`` could echo it, so only the class is kept then."""
    text = str(exc).strip()
    if "@" in text or "://" in text:
        text = ""
    name = type(exc).__name__
    return f"{name}: {text}" if text else name
