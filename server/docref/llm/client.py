"""The model-call layer: one chat completion through litellm, with our own retries.

Rules (see ENGINEERING.md, "litellm (verified on 1.106.2)"):

* litellm is imported lazily, on first use and off the event loop, and tamed once
  (:mod:`docref.llm.litellm_setup`). Nothing reaches stdout.
* Everything goes per call; litellm's own retries are off (``num_retries=0``): we retry with
  backoff and decide what is retried: timeouts, connection failures, 5xx, rate-limit 429s.
  Quota-exhausted 429s, 401/403 and other 4xx are not retried.
* Every attempt runs under ``asyncio.wait_for(timeout_s)`` and a per-client semaphore;
  cancelling the awaiting task cancels the HTTP request.
* The API key is read from the environment variable named in the settings at call time; it is
  never stored, logged or put into an error message.
* A model litellm has no price for gets a price of 0 registered once (litellm then skips its
  costly per-answer zero-cost diagnostic); its cost is reported unknown, never $0.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from docref.llm.endpoint import Endpoint, ModelSettings, resolve_endpoint
from docref.llm.errors import (
    ModelAuthError,
    ModelBadResponse,
    ModelError,
    ModelRateLimited,
    ModelRefused,
    ModelRequestError,
    ModelUnavailable,
    classify,
)
from docref.llm.litellm_setup import has_price, loaded_litellm, register_zero_price, warm_litellm

__all__ = [
    "NO_KEY",
    "ClientStats",
    "Completion",
    "Endpoint",
    "ModelAuthError",
    "ModelBadResponse",
    "ModelClient",
    "ModelError",
    "ModelRateLimited",
    "ModelRefused",
    "ModelRequestError",
    "ModelSettings",
    "ModelUnavailable",
    "classify",
    "resolve_endpoint",
]

log = logging.getLogger("docref.llm")

#: Sent as the key to an explicitly configured endpoint that has no ``api_key_env``: the
#: OpenAI SDK insists on some key, and the user's provider key must not go to another server.
NO_KEY = "no-key"
_BUSY_WAIT_S = 0.05  # before re-sending a request an endpoint refused as full (router only)


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float | None
    seconds: float
    endpoint: str = ""  # where it was answered (a URL safe to show), for per-endpoint counts


@dataclass(frozen=True)
class ClientStats:
    """Counters for status reporting (``calls`` = `ModelClient.complete` invocations)."""

    calls: int = 0
    succeeded: int = 0
    errors: int = 0
    cancelled: int = 0
    requests: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_unknown: int = 0
    seconds: float = 0.0


# --------------------------------------------------------------------------- the client


class ModelClient:
    """Async chat completions against one configured model.

    ``backoff_base_s`` / ``backoff_max_s`` shape the exponential backoff between retries
    (with jitter; a ``Retry-After`` header wins, capped at ``backoff_max_s``).
    """

    def __init__(
        self,
        settings: ModelSettings,
        *,
        environ: Mapping[str, str] | None = None,
        backoff_base_s: float = 0.5,
        backoff_max_s: float = 10.0,
    ) -> None:
        self.settings = settings
        self._environ = environ
        self._backoff_base_s = backoff_base_s
        self._backoff_max_s = backoff_max_s
        self._sem: asyncio.Semaphore | None = None
        self._sem_loop: asyncio.AbstractEventLoop | None = None
        self._stats = ClientStats()
        self._stats_lock = threading.Lock()
        self._priced: bool | None = None  # whether litellm has a price for the model (first call)
        self._described: tuple[Endpoint, str] | None = None
        self._warm = False  # warm_litellm done for this client's model

    def __repr__(self) -> str:
        return f"ModelClient({self.settings!r})"

    @property
    def endpoint(self) -> Endpoint:
        return resolve_endpoint(self.settings, self._env())

    @property
    def stats(self) -> ClientStats:
        return self._stats

    def _env(self) -> Mapping[str, str]:
        return os.environ if self._environ is None else self._environ

    def _count(self, **delta: float) -> None:
        with self._stats_lock:
            values = {k: getattr(self._stats, k) + v for k, v in delta.items()}
            self._stats = ClientStats(**{**self._stats.__dict__, **values})

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._sem is None or self._sem_loop is not loop:
            self._sem = asyncio.Semaphore(self.settings.max_concurrency)
            self._sem_loop = loop
        return self._sem

    def check_allowed(self) -> Endpoint:
        """The resolved endpoint, or `ModelRefused` when ``local_only`` forbids it."""
        endpoint = self.endpoint
        if self.settings.local_only and not endpoint.is_loopback:
            raise ModelRefused(
                f"local_only is set but the model endpoint is not on this machine: "
                f"{endpoint.describe()}. Point api_base at a loopback address "
                f"(127.0.0.1, ::1, localhost) or turn local_only off.",
                endpoint=endpoint.describe(),
            )
        return endpoint

    def _api_key(self, endpoint: Endpoint) -> str | None:
        if endpoint.api_key_env:
            value = self._env().get(endpoint.api_key_env, "")
            if not value.strip():
                raise ModelAuthError(
                    f"environment variable {endpoint.api_key_env} (the API key for "
                    f"{endpoint.provider}) is not set",
                    endpoint=endpoint.describe(),
                )
            return value.strip()
        if endpoint.source == "settings":
            return NO_KEY
        return None

    async def warm(self) -> None:
        """Import litellm and what its first call imports, off the event loop, before asking.

        A caller that then starts its questions at once should await this first: each question
        that finds the client cold awaits the warm-up in a thread of its own, and threads end in
        any order, so the questions would reach the endpoint in an order nobody chose (the
        roundtrip's scripted-answer tests rely on the order of ``--max-concurrency 1``)."""
        if loaded_litellm() is None or not self._warm:
            await asyncio.to_thread(warm_litellm, self.settings.model)
            self._warm = True

    async def complete(
        self,
        messages: Sequence[Mapping[str, str]],
        *,
        max_tokens: int,
        temperature: float,
        top_p: float,
    ) -> Completion:
        """One chat completion; raises a `ModelError` subclass on failure."""
        self._count(calls=1)
        try:
            result = await self._complete(messages, max_tokens, temperature, top_p)
        except asyncio.CancelledError:
            self._count(cancelled=1)
            raise
        except ModelError:
            self._count(errors=1)
            raise
        cost = result.cost_usd
        self._count(
            succeeded=1,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
            cost_usd=cost or 0.0,
            cost_unknown=1 if cost is None else 0,
            seconds=result.seconds,
        )
        return result

    async def _complete(
        self,
        messages: Sequence[Mapping[str, str]],
        max_tokens: int,
        temperature: float,
        top_p: float,
    ) -> Completion:
        endpoint = self.check_allowed()
        api_key = self._api_key(endpoint)
        s = self.settings
        await self.warm()  # returns at once (no await inside) once warm
        litellm = loaded_litellm()
        assert litellm is not None  # warm() loaded it
        kwargs: dict[str, Any] = {
            "model": s.model,
            "messages": [dict(m) for m in messages],
            "timeout": s.timeout_s,
            "num_retries": 0,
            "max_retries": 0,
            "temperature": temperature,
            "top_p": top_p,
            "max_tokens": max_tokens,
            "drop_params": True,
        }
        if endpoint.source != "provider default" and endpoint.url:
            kwargs["api_base"] = endpoint.url
        if api_key is not None:
            kwargs["api_key"] = api_key
        if s.seed is not None:
            kwargs["seed"] = s.seed
        if self._priced is None:
            self._priced = self._price_model(litellm)
        where = self._describe(endpoint)
        attempts = 0
        busy_until = time.monotonic() + s.timeout_s
        while True:
            attempts += 1
            started = time.monotonic()
            try:
                async with self._semaphore():
                    self._count(requests=1)
                    started = time.monotonic()
                    response = await asyncio.wait_for(
                        self._send(litellm, kwargs), timeout=s.timeout_s
                    )
                done = self._completion(litellm, response, time.monotonic() - started, where)
                answered_by = self._answered_by(response) or endpoint.display_url or where
                return replace(done, endpoint=answered_by)
            except ModelError:
                raise
            except Exception as exc:
                if self._busy(exc) and time.monotonic() < busy_until:
                    # every slot of the endpoint picked was taken: nothing was sent, try again
                    attempts -= 1
                    await asyncio.sleep(_BUSY_WAIT_S)
                    continue
                self._failed(exc)
                failure = classify(exc)
                if not failure.retry or attempts > s.num_retries:
                    log.info(
                        "model call failed (%s) after %d attempt(s): %s",
                        failure.reason,
                        attempts,
                        where,
                    )
                    raise failure.kind(
                        f"{failure.reason} after {attempts} attempt(s): {where}",
                        endpoint=where,
                        attempts=attempts,
                    ) from exc
                delay = self._backoff(attempts, failure.retry_after)
                log.info(
                    "model call %s, retrying in %.2fs (attempt %d of %d): %s",
                    failure.reason,
                    delay,
                    attempts,
                    s.num_retries + 1,
                    where,
                )
                self._count(retries=1)
                await asyncio.sleep(delay)

    def _describe(self, endpoint: Endpoint) -> str:
        """``endpoint.describe()``, remembered while the endpoint stays the same (it parses
        the host as an IP address: 4% of the client's CPU per question when done each time)."""
        known = self._described
        if known is None or known[0] != endpoint:
            known = self._described = (endpoint, endpoint.describe())
        return known[1]

    def _send(self, litellm: ModuleType, kwargs: dict[str, Any]) -> Any:
        """The request itself (an awaitable); the router client sends it through its Router."""
        return litellm.acompletion(**kwargs)

    def _answered_by(self, response: Any) -> str | None:
        """Which endpoint answered ``response`` (``None``: the configured one)."""
        return None

    def _busy(self, exc: Exception) -> bool:
        """Whether ``exc`` says the request was not sent because the endpoint was full."""
        return False

    def _failed(self, exc: Exception) -> None:
        """An attempt failed with ``exc`` (the router client counts it per endpoint)."""

    @property
    def cache_identity(self) -> str | None:
        """What the answer cache keys on as the endpoint: the URL (answers from another
        server, which may serve other weights under the same name, are not reused)."""
        return self.endpoint.url

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self._backoff_max_s)
        base = self._backoff_base_s * (2.0 ** (attempt - 1))
        return min(base * (0.75 + random.random() / 2), self._backoff_max_s)

    def _completion(
        self, litellm: ModuleType, response: Any, seconds: float, where: str
    ) -> Completion:
        choices = getattr(response, "choices", None)
        if not choices:
            raise ModelBadResponse(f"the response has no choices: {where}", endpoint=where)
        message = getattr(choices[0], "message", None)
        text = getattr(message, "content", None)
        if not isinstance(text, str):
            raise ModelBadResponse(f"the response has no text: {where}", endpoint=where)
        usage = getattr(response, "usage", None)
        prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
        cost = self._cost(litellm, response) if self._price_known(response) else None
        return Completion(text, prompt_tokens, completion_tokens, cost, seconds)

    def _price_model(self, litellm: ModuleType) -> bool:
        """Whether litellm prices the model; if not, register `ZERO_PRICE` for it once
        (litellm's documented ``register_model``; a price passed per call would be registered
        again on every call) and say no: its cost is reported unknown."""
        model = self.settings.model
        if has_price(litellm, model):
            return True
        register_zero_price(litellm, model)
        return False

    def _price_known(self, response: Any) -> bool:
        """Whether litellm priced ``response``'s model (else its cost is unknown, not $0)."""
        return bool(self._priced)

    @staticmethod
    def _cost(litellm: ModuleType, response: Any) -> float | None:
        """The cost litellm computed while answering (its response's ``response_cost``), or
        computed again when it did not; ``None`` when litellm cannot price it."""
        hidden = getattr(response, "_hidden_params", None) or {}
        cost = hidden.get("response_cost") if isinstance(hidden, dict) else None
        if isinstance(cost, int | float) and not isinstance(cost, bool):
            return float(cost)
        try:
            return float(litellm.completion_cost(completion_response=response))
        except Exception:  # litellm has no price after all: unknown
            return None

    async def aclose(self) -> None:
        """Close litellm's cached async HTTP clients (where this litellm version can)."""
        litellm = loaded_litellm()
        if litellm is None:
            return
        closer = getattr(litellm, "close_litellm_async_clients", None)
        if closer is None:
            return
        try:
            await closer()
        except Exception:  # cleanup must never fail shutdown
            log.debug("closing litellm async clients failed", exc_info=True)
