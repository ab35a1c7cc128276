"""What every evaluation method shares: options, per-item results and the reference metrics.

A method turns one :class:`~docref.eval.datasets.Item` into an :class:`ItemResult` (a score,
or ``None`` with a note when it could not score the item) with its cost.  Methods that call a
model live in :mod:`docref.eval.llm_methods` and :mod:`docref.eval.referee_method`, the
static tier in :mod:`docref.eval.static_method`; :func:`build_method` picks one by name.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from docref.eval.datasets import Item
from docref.eval.names import ALL_METHODS, LLM_METHODS, REFERENCE_METHODS
from docref.eval.reference import MetricUnavailable, reference_scorer
from docref.llm.endpoint import ModelSettings

__all__ = [
    "ALL_METHODS",
    "LLM_METHODS",
    "EvalOptions",
    "ItemResult",
    "Method",
    "MethodFatal",
    "MetricUnavailable",
    "ReferenceMethod",
    "build_method",
]


class MethodFatal(Exception):
    """The method cannot go on (dead endpoint, bad key): the run stops it, keeping what is
    done."""


@dataclass(frozen=True)
class EvalOptions:
    """Everything the methods are configured with (the CLI flags)."""

    language: str = "java"
    context: str = "dataset"
    profile: str = "paper"
    weights: Mapping[str, float] | None = None
    rounds: int = 1
    coderpe_form: str = "paper"
    with_reference: bool = False
    rouge_stemmer: bool = True  # the method's released configuration (docs/eval.md)
    repo_root: str | None = None
    model: ModelSettings | None = None
    llm_cache: bool = True


@dataclass
class ItemResult:
    """One method's verdict on one item.

    ``score`` is ``None`` when the method could not score the item (``note`` says why).
    ``unknown`` counts model answers that could not be parsed or questions that failed;
    ``segments`` holds ``[segment index, criterion, predicted]`` per answered check of a
    labelled segment, for the segment-level metrics.
    """

    score: float | None
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_unknown: int = 0
    seconds: float = 0.0
    unknown: int = 0
    note: str | None = None
    segments: list[list[Any]] | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ItemResult:
        """The inverse of :meth:`to_json`.

        Args:
            data: a JSON object written by :meth:`to_json`.

        Raises:
            ValueError: ``data`` is not a result written by :meth:`to_json`.
        """
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        score = known.get("score")
        if score is not None and (isinstance(score, bool) or not isinstance(score, int | float)):
            raise ValueError("cached result has a non-numeric score")
        try:
            return cls(**known)
        except TypeError as exc:
            raise ValueError(f"malformed cached result: {exc}") from None


class Method:
    """Base class: ``name``, the settings that change its results, and :meth:`judge`."""

    name = ""
    uses_model = False

    def settings(self) -> dict[str, Any]:
        return {}

    async def judge(self, item: Item) -> ItemResult:
        raise NotImplementedError

    async def close(self) -> None:
        return None


class ReferenceMethod(Method):
    """ROUGE / BLEU / METEOR of the summary against the item's reference."""

    def __init__(self, name: str, stemmer: bool) -> None:
        self.name = name
        self.stemmer = stemmer
        self._score = reference_scorer(name, stemmer=stemmer)

    def settings(self) -> dict[str, Any]:
        return {"stemmer": self.stemmer} if self.name.startswith("rouge") else {}

    async def judge(self, item: Item) -> ItemResult:
        if not item.reference or not item.reference.strip():
            return ItemResult(None, note="no reference summary")
        started = time.perf_counter()
        value = self._score(item.summary, item.reference)
        return ItemResult(value, seconds=time.perf_counter() - started)


def build_method(name: str, options: EvalOptions) -> Method:
    """The method called ``name``, configured from ``options``.

    Args:
        name: one of :data:`ALL_METHODS`.
        options: the run's settings.

    Raises:
        MetricUnavailable: a reference metric's library or data is missing.
        ValueError: unknown method name, or a model method without a model.
    """
    if name in REFERENCE_METHODS:
        return ReferenceMethod(name, options.rouge_stemmer)
    if name == "static":
        from docref.eval.static_method import StaticMethod

        return StaticMethod(options.language, options.weights)
    if name in LLM_METHODS:
        if options.model is None:
            raise ValueError(f"method {name} needs a model (--model)")
        if name == "referee":
            from docref.eval.referee_method import RefereeMethod

            return RefereeMethod(options, options.model)
        from docref.eval.llm_methods import judge_method

        return judge_method(name, options, options.model)
    raise ValueError(f"unknown method {name!r} (choose from: {', '.join(ALL_METHODS)})")
