"""``[[tool.docref.endpoints]]``: the model endpoints a litellm Router spreads questions over.

Each entry is one deployment: ``api_base`` (required), ``model`` (default: the ``model``
setting), ``api_key_env`` (the NAME of the variable with its key), ``weight`` (a share for the
``simple-shuffle`` strategy), ``rpm`` / ``tpm`` (the deployment's rate limits, which the
Router respects), ``max_concurrency`` (requests in flight there at most) and ``fallback``
(used only when every other endpoint failed on a question).  ``--api-base`` given several
times makes one entry per URL.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ROUTING_STRATEGIES", "EndpointSpec", "default_strategy", "parse_endpoints"]

# litellm 1.106's Router strategies (its docs: "Routing"); simple-shuffle spreads by weight or
# rpm/tpm, least-busy picks the endpoint with the fewest requests in flight.
ROUTING_STRATEGIES = (
    "simple-shuffle",
    "least-busy",
    "latency-based-routing",
    "usage-based-routing-v2",
)
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYS = ("api_base", "model", "api_key_env", "weight", "rpm", "tpm", "max_concurrency", "fallback")


@dataclass(frozen=True)
class EndpointSpec:
    """One deployment of ``[[tool.docref.endpoints]]`` (see the module docstring)."""

    api_base: str
    model: str | None = None
    api_key_env: str | None = None
    weight: int | None = None
    rpm: int | None = None
    tpm: int | None = None
    max_concurrency: int | None = None
    fallback: bool = False


def default_strategy(endpoints: tuple[EndpointSpec, ...]) -> str:
    """The Router's strategy when ``routing_strategy`` is not set: ``least-busy`` when every
    endpoint has a ``max_concurrency`` and none a ``weight`` or rate limit, else
    ``simple-shuffle`` (the one that honours weights and rpm/tpm).

    With per-endpoint caps, litellm 1.106's Router refuses a request it routed to a full
    endpoint (docref re-sends it 50 ms later); ``simple-shuffle`` picks full endpoints for
    about half the requests at 4 endpoints x 8 in flight, ``least-busy`` for about one in ten
    -- each refusal is a Router call, an exception and a traceback, ~1 ms of CPU.
    """
    plain = all(
        spec.max_concurrency is not None and spec.weight is None and spec.rpm is None
        and spec.tpm is None
        for spec in endpoints
    )  # fmt: skip
    return "least-busy" if endpoints and plain else "simple-shuffle"


def parse_endpoints(value: object) -> tuple[EndpointSpec, ...]:
    """The validated entries; ``ValueError`` names the entry and the key that is wrong."""
    if not isinstance(value, list) or not value:
        raise ValueError("expected a non-empty array of tables ([[tool.docref.endpoints]])")
    out: list[EndpointSpec] = []
    for number, entry in enumerate(value, 1):
        if not isinstance(entry, Mapping):
            raise ValueError(f"entry {number}: expected a table with api_base = ...")
        try:
            out.append(_entry(entry))
        except ValueError as exc:
            raise ValueError(f"entry {number}: {exc}") from None
    if all(spec.fallback for spec in out):
        raise ValueError("every entry is a fallback: at least one must not be")
    return tuple(out)


def _entry(entry: Mapping[str, Any]) -> EndpointSpec:
    names = {str(k).replace("-", "_"): v for k, v in entry.items()}
    unknown = sorted(set(names) - set(_KEYS))
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)} (known: {', '.join(_KEYS)})")
    base = names.get("api_base")
    if not isinstance(base, str) or not base.strip():
        raise ValueError("api_base: expected a URL such as http://127.0.0.1:8000/v1")
    model = names.get("model")
    if model is not None and (not isinstance(model, str) or not model.strip()):
        raise ValueError("model: expected a litellm model id")
    key_env = names.get("api_key_env")
    if key_env is not None and (not isinstance(key_env, str) or not _ENV_NAME.fullmatch(key_env)):
        # not echoed: a pasted key must not reach a log
        raise ValueError("api_key_env: expected the NAME of an environment variable")
    fallback = names.get("fallback", False)
    if type(fallback) is not bool:
        raise ValueError("fallback: expected true or false")
    ints = {k: _positive(k, names.get(k)) for k in ("weight", "rpm", "tpm", "max_concurrency")}
    return EndpointSpec(
        api_base=base.strip(),
        model=model.strip() if isinstance(model, str) else None,
        api_key_env=key_env,
        fallback=fallback,
        **ints,
    )


def _positive(key: str, value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 1:
        raise ValueError(f"{key}: expected a positive integer")
    return value
