"""The model client under the LLM tier (the judge and its prompts are in :mod:`docref.checks.llm`).

* :mod:`docref.llm.client` -- `ModelClient`: one chat completion through litellm (imported
  lazily) with bounded concurrency, timeouts, our own retries and typed errors;
  :mod:`docref.llm.endpoint` -- `ModelSettings` and `resolve_endpoint` (where calls really go).
* :mod:`docref.llm.answers` -- the on-disk cache of parsed answers.
"""

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
