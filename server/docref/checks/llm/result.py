"""The model tier's answers for one function (:class:`LlmFunctionResult`), apart from the
tier itself (:mod:`docref.checks.llm.tier`): reading stored answers back (the results cache
of ``docref check``) imports neither the model client nor asyncio."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docref.core.findings import Finding, Verdict
from docref.core.score import CheckResult

if TYPE_CHECKING:
    from docref.llm.errors import ModelError

__all__ = ["LlmFunctionResult"]


@dataclass
class LlmFunctionResult:
    """The LLM tier's answers for one function.

    ``results`` has one :class:`CheckResult` per (segment, criterion) asked (for
    :func:`~docref.core.score.score_docstring`), ``findings`` one per ``fail``.  ``calls``
    counts model requests made (cache hits and cancelled questions are not calls);
    ``cost_usd`` sums the costs litellm knows (``cost_unknown`` counts the others).
    ``fatal`` is the error that aborted the run, when one did.  ``asked`` counts, per endpoint
    (the URL that gave the last answer), the questions sent there and ``unanswered`` those
    whose answers could not be read as a verdict (a model that does not answer).
    """

    path: str
    qualname: str
    results: list[CheckResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_unknown: int = 0
    cache_hits: int = 0
    fatal: ModelError | None = None
    asked: dict[str, int] = field(default_factory=dict)
    unanswered: dict[str, int] = field(default_factory=dict)

    @property
    def unknown(self) -> int:
        return sum(1 for r in self.results if r.verdict is Verdict.UNKNOWN)
