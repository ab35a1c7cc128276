"""What one model-tier run gave and cost (:class:`ModelOutcome`, :class:`Usage`), apart from
the orchestrator (:mod:`docref.engine.model`): a run answered by the results cache builds one
without importing the orchestrator's rules, asyncio or the model client."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from docref.core.findings import Finding

if TYPE_CHECKING:
    from docref.checks.llm.result import LlmFunctionResult
    from docref.config.settings import Settings

__all__ = ["ModelOutcome", "ModelSetupError", "Usage", "count_unanswered"]


class ModelSetupError(Exception):
    """The configured model cannot be used at all (bad settings, a ``local_only`` refusal)."""


@dataclass(slots=True)
class Usage:
    """What the model was asked and what it cost (one run's, or a server's running totals).

    ``cost_known`` is false while litellm knew the price of no call at all (``cost_usd`` is
    then no cost, only an unknown one).
    """

    calls: int = 0
    cache_hits: int = 0
    unknown: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_known: bool = False

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens

    def add(self, other: Usage) -> None:
        """Count ``other`` in too: every counter added, ``cost_known`` if either knew a cost.
        Walks the fields, so a counter added to the class is merged without another line."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            setattr(self, f.name, (mine or theirs) if isinstance(mine, bool) else mine + theirs)

    @classmethod
    def of(cls, results: Sequence[LlmFunctionResult]) -> Usage:
        """The usage of ``results`` together."""
        return cls(
            calls=sum(r.calls for r in results),
            cache_hits=sum(r.cache_hits for r in results),
            unknown=sum(r.unknown for r in results),
            prompt_tokens=sum(r.prompt_tokens for r in results),
            completion_tokens=sum(r.completion_tokens for r in results),
            cost_usd=sum(r.cost_usd for r in results),
            cost_known=any(r.cost_usd for r in results) or not any(r.cost_unknown for r in results),
        )


@dataclass(slots=True)
class ModelOutcome:
    """The model's answers for one run: per-function results (findings, scores), the errors
    met (each once), ``fatal`` when the endpoint could not be used at all, ``not_asked``
    questions left out by ``max_calls``, and :attr:`usage`."""

    model: str
    endpoint: str
    results: list[LlmFunctionResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    fatal: str | None = None
    not_asked: int = 0
    usage: Usage = field(default_factory=Usage)
    warnings: list[str] = field(default_factory=list)
    questions: int = 0
    asked: dict[str, int] = field(default_factory=dict)
    unanswered: dict[str, int] = field(default_factory=dict)
    unanswered_warning: str | None = None
    per_endpoint: dict[str, dict[str, int]] = field(default_factory=dict)
    processes: int = 1  # that asked (docref.engine.model_pool)

    @property
    def findings(self) -> list[Finding]:
        """Every ``fail`` the model gave, in the order the functions were asked."""
        return [f for res in self.results for f in res.findings]


def count_unanswered(outcome: ModelOutcome, settings: Settings) -> None:
    """Per endpoint, the questions asked and those left without a verdict; the warning when
    an endpoint's share (or the run's) is above ``max_unknown_share``: a model that answers
    "Well, I think..." checks nothing, and a run that only counted unknowns would look green.
    """
    for res in outcome.results:
        for where, count in res.asked.items():
            outcome.asked[where] = outcome.asked.get(where, 0) + count
        for where, count in res.unanswered.items():
            outcome.unanswered[where] = outcome.unanswered.get(where, 0) + count
    outcome.questions = sum(len(res.results) for res in outcome.results)
    from docref.checks.llm.prompts import GENERATION

    limit = settings.max_unknown_share
    over = [
        (where, count, outcome.asked[where])
        for where, count in outcome.unanswered.items()
        if count and count > limit * outcome.asked.get(where, 0)
    ]
    total = sum(outcome.unanswered.values())
    if not over and not (total and total > limit * max(outcome.questions, 1)):
        return
    where, count, asked = max(over or [("?", total, outcome.questions)], key=lambda o: o[1])
    name = where if where != "?" else outcome.endpoint
    outcome.unanswered_warning = (
        f"the model {outcome.model} at {name} gave no usable yes/no answer to {count} of "
        f"{asked} question(s) ({count / max(asked, 1):.0%}, above max_unknown_share "
        f"{limit:g}): those sentences were not checked. Try another model (an instruction-"
        f'tuned or larger one), the referee-ver4 profile (profile = "referee-ver4"), or a model '
        f"that starts with its verdict (docref reads at most {GENERATION['max_tokens']} tokens)"
    )
