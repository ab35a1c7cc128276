"""The model client under the LLM tier (the judge and its prompts are in :mod:`docref.checks.llm`).

* :mod:`docref.llm.client` -- `ModelClient`: one chat completion through litellm (imported
  lazily) with bounded concurrency, timeouts, our own retries and typed errors;
  :mod:`docref.llm.litellm_setup` -- litellm's lazy import and the zero price of an unpriced
  model; :mod:`docref.llm.endpoint` -- `ModelSettings` and `resolve_endpoint` (where calls
  really go).
* :mod:`docref.llm.answers` -- the on-disk cache of parsed answers.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docref.llm.answers import AnswerCache
    from docref.llm.client import (
        ClientStats,
        Completion,
        ModelAuthError,
        ModelBadResponse,
        ModelClient,
        ModelError,
        ModelRateLimited,
        ModelRefused,
        ModelRequestError,
        ModelUnavailable,
    )
    from docref.llm.endpoint import Endpoint, ModelSettings, resolve_endpoint

__all__ = [
    "AnswerCache",
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
    "resolve_endpoint",
]

_WHERE = {name: "client" for name in __all__}
_WHERE.update(AnswerCache="answers", Endpoint="endpoint", ModelSettings="endpoint")
_WHERE.update(resolve_endpoint="endpoint")


def __getattr__(name: str) -> Any:
    # resolved on first use: importing the client (ssl, asyncio, ~50 ms) for
    # ``docref.llm.extra``'s one ``find_spec`` would tax every model run the results cache
    # answers whole
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'docref.llm' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"docref.llm.{module}"), name)
