"""Reading the model's replies: the judge's score, strictly (:func:`parse_answer`), and an
explanation tidied to one line (:func:`clean_explanation`).

Kept apart from :mod:`.prompts`: that module holds what is sent (the texts
:data:`~.prompts.PROMPT_VERSION` versions), this one what is done with what comes back.
"""

from __future__ import annotations

import re
from typing import Literal

from docref.checks.llm.prompts import EXPLANATION_MAX_CHARS

__all__ = ["clean_explanation", "parse_answer"]

# Characters allowed around the digit: whitespace, quotes, backticks, markdown emphasis.
_WRAPPERS = " \t\r\n\f\v\"'`*_\u2018\u2019\u201c\u201d"


def parse_answer(text: str | None) -> Literal[1, 0] | None:
    """The judge's score: ``1`` (criterion holds), ``0`` (violated) or ``None`` (unknown).

    Strict on purpose.  After stripping whitespace, surrounding quotes, backticks or markdown
    emphasis and one trailing period, the answer must be exactly ``1`` or ``0`` (so ``"1\\n"``,
    ``" 0 "``, ``"**1**"``, ``"`0`"`` and ``"1."`` are read).  Anything else -- ``"10"``,
    ``"1 or 0"``, ``"yes"``, ``"The answer is 1"``, an empty answer, ``None`` -- is unknown:
    the caller retries once and otherwise reports the check as unknown, excluded from the
    score and never a finding.

    The released code instead reads ``1`` if a "1" occurs anywhere, else ``0`` if a "0" occurs
    anywhere, else -1 counted as inconsistent.  That is biased: a stray ``"10"`` (or ``"0 (1
    would mean...)"``) reads as consistent, and a refusal reads as a finding.
    """
    if text is None:
        return None
    core = text.strip(_WRAPPERS)
    if core.endswith("."):
        core = core[:-1].strip(_WRAPPERS)
    if core == "1":
        return 1
    if core == "0":
        return 0
    return None


_SENTENCE_END = re.compile(r"[.!?][\"')\]\u2019\u201d]*(?=\s|$)")


def clean_explanation(text: str | None, *, max_chars: int = EXPLANATION_MAX_CHARS) -> str | None:
    """The model's explanation as one tidy line, or ``None`` when it is empty.

    Strips it, collapses every whitespace run (line breaks included) to one space and, when it
    is longer than ``max_chars``, cuts it after the last sentence that ends within the limit
    (or, when the first sentence is already too long, at the last word boundary, adding "…").
    """
    if text is None:
        return None
    line = " ".join(text.split())
    if not line:
        return None
    if len(line) <= max_chars:
        return line
    head = line[:max_chars]
    ends = [m.end() for m in _SENTENCE_END.finditer(line) if m.end() <= max_chars]
    if ends:
        return line[: ends[-1]]
    cut = head[: max_chars - 1]
    space = cut.rfind(" ")
    if space > 0:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"
