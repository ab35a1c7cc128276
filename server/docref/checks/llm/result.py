"""The model tier's answers for one function (:class:`LlmFunctionResult`), apart from the
tier itself (:mod:`docref.checks.llm.tier`): reading stored answers back (the results cache
of ``docref check``) imports neither the model client nor asyncio, and builds the answers
only when something reads them (:class:`StoredResults`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from docref.core.findings import Finding, Verdict

if TYPE_CHECKING:
    from docref.core.score import CheckResult
    from docref.llm.errors import ModelError

__all__ = ["LlmFunctionResult", "StoredResults"]


class StoredResults(Sequence["CheckResult"]):
    """One function's answers read back from a cache, built by ``build`` when first read.

    A fully cached ``docref check`` run that prints findings reads only how many answers
    there were and how many were unknown (both stored beside them), never the answers
    themselves (4,088 objects on flask: a quarter of such a run's CPU); the scores of
    ``--format json`` read them all.
    """

    __slots__ = ("_build", "_count", "_items", "unknown")

    def __init__(self, count: int, unknown: int, build: Callable[[], list[CheckResult]]) -> None:
        self._count, self.unknown = count, unknown
        self._build: Callable[[], list[CheckResult]] | None = build
        self._items: list[CheckResult] = []

    def _all(self) -> list[CheckResult]:
        if self._build is not None:
            self._items, self._build = self._build(), None
        return self._items

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> CheckResult: ...

    @overload
    def __getitem__(self, index: slice) -> list[CheckResult]: ...

    def __getitem__(self, index: int | slice) -> CheckResult | list[CheckResult]:
        return self._all()[index]

    def __iter__(self) -> Iterator[CheckResult]:
        return iter(self._all())


@dataclass
class LlmFunctionResult:
    """The LLM tier's answers for one function.

    ``results`` has one :class:`~docref.core.score.CheckResult` per (segment, criterion) asked
    (for :func:`~docref.core.score.score_docstring`; :class:`StoredResults` when read back
    from a cache), ``findings`` one per ``fail``.  ``calls`` counts model requests made
    (cache hits and cancelled questions are not calls);
    ``cost_usd`` sums the costs litellm knows (``cost_unknown`` counts the others).
    ``fatal`` is the error that aborted the run, when one did.  ``asked`` counts, per endpoint
    (the URL that gave the last answer), the questions sent there and ``unanswered`` those
    whose answers could not be read as a verdict (a model that does not answer).
    """

    path: str
    qualname: str
    results: Sequence[CheckResult] = field(default_factory=list)
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
        if isinstance(self.results, StoredResults):  # counted when stored: nothing to build
            return self.results.unknown
        return sum(1 for r in self.results if r.verdict is Verdict.UNKNOWN)
