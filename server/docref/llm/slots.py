"""Keep litellm's Router from picking an endpoint whose every slot is taken.

litellm 1.106's Router bounds a deployment's requests in flight (``max_parallel_requests``)
but does not route around a full one: it picks first (``least-busy`` from in-flight counts
that lag -- counted once the request's synchronous part ran in litellm's executor, uncounted
by a success handler that runs from a logging queue after the slot is free), then refuses the
request with a 429 if the deployment it picked is full.  At 4 endpoints x 8 in flight that was
1.2-1.4 requests per question (each refusal a Router call, an exception and a formatted
traceback; docref re-sent it 50 ms later while a slot elsewhere sat idle).

:class:`FreeSlots` is a litellm ``CustomLogger`` in ``litellm.callbacks`` using two of the
hooks litellm's own rate limiters use: ``async_pre_call_check`` (the Router calls it with the
deployment right after taking one of its slots) counts a request in, and
``async_filter_deployments`` (the Router calls it with the deployments that are not cooling
down, before its strategy picks one) leaves out those whose count has reached their cap.
The request is counted out when the Router has returned or raised (`asked`), after the Router
released the slot, so the count is never below the Router's own: a deployment left in has a
free slot.  If every deployment is full by this count (it never is when docref's own bound is
the sum of the caps), the list is left whole and the Router refuses as before.  Routing,
cooldowns, fallbacks and the caps themselves stay the Router's.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from typing import Any

from litellm.integrations.custom_logger import CustomLogger

__all__ = ["FreeSlots", "free_slots"]

#: The deployments whose slots the request in this context took (a list shared with the
#: tasks the Router may start for it: a context copy keeps the same list).
_TAKEN: ContextVar[list[str] | None] = ContextVar("docref_router_slots", default=None)


class FreeSlots(CustomLogger):
    """Requests in flight per deployment id of the deployments docref gave a cap (module
    docstring); one per process, shared by every `RouterClient` (their ids are unique)."""

    def __init__(self) -> None:
        super().__init__()
        self._caps: dict[str, int] = {}
        self._in_flight: dict[str, int] = {}
        self._lock = threading.Lock()

    def watch(self, ident: str, cap: int) -> None:
        """Count deployment ``ident``'s requests against ``cap`` (its max_parallel_requests)."""
        with self._lock:
            self._caps[ident] = cap
            self._in_flight.setdefault(ident, 0)

    def busy(self) -> dict[str, int]:
        """The deployments with requests counted in, and how many."""
        with self._lock:
            return {ident: n for ident, n in self._in_flight.items() if n}

    @contextlib.contextmanager
    def asked(self) -> Iterator[None]:
        """Around one Router call: the slots it took are counted out when it is over."""
        taken: list[str] = []
        token = _TAKEN.set(taken)
        try:
            yield
        finally:
            _TAKEN.reset(token)
            with self._lock:
                for ident in taken:
                    self._in_flight[ident] -= 1

    def _has_room(self, deployment: Mapping[str, Any]) -> bool:
        ident = str((deployment.get("model_info") or {}).get("id"))
        cap = self._caps.get(ident)
        return cap is None or self._in_flight.get(ident, 0) < cap

    async def async_filter_deployments(
        self,
        model: str,
        healthy_deployments: list[Any],
        messages: Any,
        request_kwargs: dict[str, Any] | None = None,
        parent_otel_span: Any = None,
    ) -> list[Any]:
        free = [d for d in healthy_deployments if isinstance(d, Mapping) and self._has_room(d)]
        return free or healthy_deployments

    async def async_pre_call_check(self, deployment: dict[str, Any], parent_otel_span: Any) -> None:
        ident = str((deployment.get("model_info") or {}).get("id"))
        taken = _TAKEN.get()
        if taken is None or ident not in self._caps:
            return None  # not one of docref's calls, or an uncapped deployment
        with self._lock:
            self._in_flight[ident] += 1
        taken.append(ident)
        return None


_SLOTS: FreeSlots | None = None
_SLOTS_LOCK = threading.Lock()


def free_slots(litellm: Any) -> FreeSlots:
    """The process's `FreeSlots`, put in ``litellm.callbacks`` the first time (litellm's
    ``logging_callback_manager`` adds it once)."""
    global _SLOTS
    with _SLOTS_LOCK:
        if _SLOTS is None:
            _SLOTS = FreeSlots()
            litellm.logging_callback_manager.add_litellm_callback(_SLOTS)
        return _SLOTS
