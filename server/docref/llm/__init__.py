"""The LLM tier of the checks.

* :mod:`docref.llm.prompts` -- the per-(segment, criterion) judge prompt in two profiles
  (``paper``, hardened for untrusted input; ``referee-ver4``, the released layout for parity),
  the paper's generation parameters, strict answer parsing and the explanation prompt.
* :mod:`docref.llm.client` -- `ModelClient`: one chat completion through litellm (imported
  lazily) with bounded concurrency, timeouts, our own retries and typed errors;
  :mod:`docref.llm.endpoint` -- `ModelSettings` and `resolve_endpoint` (where calls really go).
* :mod:`docref.llm.tier` -- `check_function_llm`: every (segment, criterion) question of one
  function, concurrently, with explanations for failures; :mod:`docref.llm.answers` -- the
  on-disk cache of parsed answers.
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
from docref.llm.tier import LlmFunctionResult, LlmRun, check_function_llm

__all__ = [
    "DEFAULT_PROFILE",
    "GENERATION",
    "PROFILES",
    "PROMPT_VERSION",
    "AnswerCache",
    "ClientStats",
    "Completion",
    "Endpoint",
    "LlmFunctionResult",
    "LlmRun",
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
    "check_function_llm",
    "clean_explanation",
    "explanation_messages",
    "parse_answer",
    "resolve_endpoint",
]
