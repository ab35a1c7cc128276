"""The LLM tier of the checks.

* :mod:`docref.llm.prompts` -- the per-(segment, criterion) judge prompt in two profiles
  (``paper``, hardened for untrusted input; ``referee-ver4``, the released layout for parity),
  the paper's generation parameters, strict answer parsing and the explanation prompt.
* :mod:`docref.llm.client` -- `ModelClient`: one chat completion through litellm (imported
  lazily) with bounded concurrency, timeouts, our own retries and typed errors;
  :mod:`docref.llm.endpoint` -- `ModelSettings` and `resolve_endpoint` (where calls really go).
"""

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
from docref.llm.prompts import (
    DEFAULT_PROFILE,
    GENERATION,
    PROFILES,
    PROMPT_VERSION,
    Profile,
    build_messages,
    clean_explanation,
    explanation_messages,
    parse_answer,
)

__all__ = [
    "DEFAULT_PROFILE",
    "GENERATION",
    "PROFILES",
    "PROMPT_VERSION",
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
    "Profile",
    "build_messages",
    "clean_explanation",
    "explanation_messages",
    "parse_answer",
    "resolve_endpoint",
]
