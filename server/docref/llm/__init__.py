"""The LLM tier of the checks.

* :mod:`docref.llm.prompts` -- the per-(segment, criterion) judge prompt in two profiles
  (``paper``, hardened for untrusted input; ``referee-ver4``, the released layout for parity),
  the paper's generation parameters, strict answer parsing and the explanation prompt.
"""

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
    "Profile",
    "build_messages",
    "clean_explanation",
    "explanation_messages",
    "parse_answer",
]
