"""Several endpoints behind one client: a litellm ``Router`` (``[[tool.docref.endpoints]]``,
``--api-base`` given more than once).

The Router is litellm's own load balancer, not a scheduler of ours: it picks a deployment by
``routing_strategy`` (weights, rpm/tpm), bounds each one's requests in flight
(``max_concurrency`` -> litellm's ``max_parallel_requests``; the deployments whose every
slot is taken are left out before it picks, :mod:`docref.llm.slots`, and a request it still
refuses as full is re-sent after 50 ms, not counted as an error or an attempt) and cools an
endpoint down for ``cooldown`` seconds once it failed more than ``allowed_fails`` times.
Its own retries are off (as for one endpoint): :class:`~docref.llm.client.ModelClient`'s loop
re-sends a failed attempt, and the Router then routes it to an endpoint that is not cooling
down -- so a question that was answered is never sent again (no double billing), and one that
failed is answered elsewhere.
Entries marked ``fallback`` form a second group, asked only when the main group failed.

Per endpoint, :attr:`RouterClient.per_endpoint` counts the answers (from the response's
``api_base``) and the failed attempts (litellm's ``failed_deployment_id``).  The answer cache
keys on the whole set of endpoints (:attr:`RouterClient.cache_identity`), so which endpoint
answered a question does not matter to the cache.  ``local_only`` applies to every endpoint.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from docref.llm.client import NO_KEY, ModelClient
from docref.llm.endpoint import Endpoint, ModelSettings, resolve_endpoint
from docref.llm.errors import ModelAuthError, ModelRefused
from docref.llm.litellm_setup import ZERO_PRICE, has_price, zero_priced

__all__ = ["EndpointCounts", "RouterClient", "make_client"]

GROUP = "docref"
_PER_DEPLOYMENT = frozenset(("model", "api_base", "api_key"))
FALLBACK_GROUP = "docref-fallback"
_SERIAL = itertools.count(1)  # deployment ids unique in the process (`FreeSlots` is shared)


@dataclass(frozen=True)
class EndpointCounts:
    """One endpoint's answers and failed attempts in this client's life."""

    answers: int = 0
    errors: int = 0


def make_client(settings: ModelSettings) -> ModelClient:
    """A :class:`RouterClient` when ``settings`` name several deployments, else the plain
    one-endpoint :class:`ModelClient`."""
    return RouterClient(settings) if settings.deployments else ModelClient(settings)


class RouterClient(ModelClient):
    """:class:`ModelClient` whose requests go through a litellm Router (module docstring)."""

    def __init__(self, settings: ModelSettings, **kwargs: Any) -> None:
        super().__init__(settings, **kwargs)
        self._router: Any = None
        self._router_lock = threading.Lock()
        self._per_endpoint: dict[str, EndpointCounts] = {}
        self._counts_lock = threading.Lock()
        self._ids: dict[str, str] = {}  # deployment id -> its display URL
        self._unpriced: set[str] = set()  # deployment ids litellm has no price for
        self._endpoints: tuple[Endpoint, ...] | None = None
        self._identity: str | None = None
        self._endpoint: Endpoint | None = None
        self._allowed = False  # local_only checked (every endpoint on this machine)
        self._slots: Any = None  # docref.llm.slots.FreeSlots, with the Router

    # ---- where calls go ---------------------------------------------------------------

    def endpoints(self) -> list[Endpoint]:
        """Every deployment's resolved endpoint, in settings order.

        Resolved once: every deployment names its ``api_base``, so nothing here depends on
        the environment, and the answer cache asks for it on every question (3% of the
        client's CPU per question at 4 endpoints when resolved each time)."""
        if self._endpoints is None:
            self._endpoints = tuple(self._resolve_endpoints())
        return list(self._endpoints)

    def _resolve_endpoints(self) -> list[Endpoint]:
        env = self._env()
        out = []
        for spec in self.settings.deployments:
            one = replace(
                self.settings,
                model=spec.model or self.settings.model,
                api_base=spec.api_base,
                api_key_env=spec.api_key_env or self.settings.api_key_env,
                deployments=(),
            )
            out.append(resolve_endpoint(one, env))
        return out

    @property
    def endpoint(self) -> Endpoint:
        if self._endpoint is None:  # asked on every question (the endpoints never change)
            first = self.endpoints()[0]
            count = len(self.settings.deployments)
            self._endpoint = replace(first, source=f"router over {count} endpoints")
        return self._endpoint

    @property
    def cache_identity(self) -> str | None:
        if self._identity is None:
            self._identity = "router:" + ",".join(sorted(e.url or "" for e in self.endpoints()))
        return self._identity

    @property
    def per_endpoint(self) -> dict[str, EndpointCounts]:
        """Answers and failed attempts per endpoint (display URL), every endpoint listed."""
        with self._counts_lock:
            counts = dict(self._per_endpoint)
        return {
            e.display_url or "?": counts.get(e.display_url or "?", EndpointCounts())
            for e in self.endpoints()
        }

    def check_allowed(self) -> Endpoint:
        endpoint = self.endpoint
        if self.settings.local_only and not self._allowed:
            remote = [e for e in self.endpoints() if not e.is_loopback]
            if remote:
                raise ModelRefused(
                    f"local_only is set but a model endpoint is not on this machine: "
                    f"{remote[0].describe()}. Point every endpoint at a loopback address "
                    f"(127.0.0.1, ::1, localhost) or turn local_only off.",
                    endpoint=remote[0].describe(),
                )
            self._allowed = True
        return endpoint

    def _api_key(self, endpoint: Endpoint) -> str | None:
        return None  # each deployment carries its own (read in _build)

    # ---- the Router -------------------------------------------------------------------

    def _build(self, litellm: ModuleType) -> Any:
        from docref.llm.slots import free_slots  # litellm is imported by now

        s = self.settings
        env = self._env()
        slots = free_slots(litellm)
        serial = next(_SERIAL)
        model_list = []
        for number, (spec, endpoint) in enumerate(
            zip(s.deployments, self.endpoints(), strict=True)
        ):
            ident = f"endpoint-{serial}.{number}"
            if spec.max_concurrency is not None:
                slots.watch(ident, spec.max_concurrency)
            self._ids[ident] = endpoint.display_url or "?"
            params: dict[str, Any] = {
                "model": spec.model or s.model,
                "api_base": endpoint.url,
                "api_key": self._key_of(endpoint, env),
            }
            for name, value in (
                ("weight", spec.weight),
                ("rpm", spec.rpm),
                ("tpm", spec.tpm),
                ("max_parallel_requests", spec.max_concurrency),
            ):
                if value is not None:
                    params[name] = value
            info: dict[str, Any] = {"id": ident}
            if not has_price(litellm, params["model"]):
                # a price of 0 (the deployment's model_info: litellm registers it once, where
                # a per-call price is registered again on every call) spares litellm its
                # per-answer zero-cost diagnostic; the answers' cost stays unknown
                info.update(ZERO_PRICE)
                self._unpriced.add(ident)
                zero_priced(params["model"])
            group = FALLBACK_GROUP if spec.fallback else GROUP
            model_list.append({"model_name": group, "litellm_params": params, "model_info": info})
        has_fallback = any(spec.fallback for spec in s.deployments)
        self._slots = slots
        return litellm.Router(
            model_list=model_list,
            routing_strategy=s.routing_strategy,
            num_retries=0,
            allowed_fails=s.allowed_fails,
            cooldown_time=s.cooldown_s,
            fallbacks=[{GROUP: [FALLBACK_GROUP]}] if has_fallback else [],
            set_verbose=False,
        )

    def _key_of(self, endpoint: Endpoint, env: Mapping[str, str]) -> str:
        if not endpoint.api_key_env:
            return NO_KEY  # the user's provider key must not go to another server
        value = env.get(endpoint.api_key_env, "").strip()
        if not value:
            raise ModelAuthError(
                f"environment variable {endpoint.api_key_env} (the API key for "
                f"{endpoint.display_url}) is not set",
                endpoint=endpoint.describe(),
            )
        return value

    def _send(self, litellm: ModuleType, kwargs: dict[str, Any]) -> Any:
        with self._router_lock:
            if self._router is None:
                self._router = self._build(litellm)
        # each deployment carries its own model, address and key
        sent = {k: v for k, v in kwargs.items() if k not in _PER_DEPLOYMENT}
        return self._ask(sent)

    async def _ask(self, sent: dict[str, Any]) -> Any:
        with self._slots.asked():  # the slots it takes are counted until it is over
            return await self._router.acompletion(model=GROUP, **sent)

    def _answered_by(self, response: Any) -> str | None:
        hidden = getattr(response, "_hidden_params", None) or {}
        ident = hidden.get("model_id")
        where = self._ids.get(str(ident)) if ident is not None else None
        if where is not None:
            self._add(where, answers=1)
        return where

    def _price_model(self, litellm: ModuleType) -> bool:
        return False  # priced per deployment (_build, _price_known)

    def _price_known(self, response: Any) -> bool:
        hidden = getattr(response, "_hidden_params", None) or {}
        ident = hidden.get("model_id")
        return ident is not None and str(ident) in self._ids and str(ident) not in self._unpriced

    def _busy(self, exc: Exception) -> bool:
        # litellm 1.106 refuses (429) a request routed to a deployment whose
        # max_parallel_requests slots are all taken instead of queueing it: nothing was sent,
        # so it is neither an endpoint's error nor an attempt
        return "max_parallel_requests slots in use" in str(exc)

    def _failed(self, exc: Exception) -> None:
        ident = getattr(exc, "failed_deployment_id", None)
        where = self._ids.get(str(ident)) if ident is not None else None
        if where is not None:
            self._add(where, errors=1)

    def _add(self, where: str, *, answers: int = 0, errors: int = 0) -> None:
        with self._counts_lock:
            now = self._per_endpoint.get(where, EndpointCounts())
            self._per_endpoint[where] = EndpointCounts(now.answers + answers, now.errors + errors)
