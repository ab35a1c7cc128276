"""The names of the evaluation methods (kept apart so the command line can list them without
importing the methods and their model machinery)."""

from __future__ import annotations

__all__ = ["ALL_METHODS", "JUDGE_METHODS", "LLM_METHODS", "REFERENCE_METHODS"]

REFERENCE_METHODS = ("rouge-1", "rouge-2", "rouge-l", "bleu", "meteor")
JUDGE_METHODS = ("llm-judge", "g-eval", "coderpe", "ask-llm", "factscore")
LLM_METHODS = ("referee", *JUDGE_METHODS)
ALL_METHODS = (*LLM_METHODS, "static", *REFERENCE_METHODS)
