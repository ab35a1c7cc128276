"""Agreement of a method's scores with the human labels, the way the ReFEree paper reports it.

Pearson, Spearman and Kendall tau-b (scipy) with their p-values over all items pooled, their
mean ("Average"), seeded percentile-bootstrap 95% confidence intervals, and -- when a dataset
has segment labels -- accuracy / precision / recall / F1 per criterion, with "inconsistent"
(criterion violated, label 0) as the positive class.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = [
    "Correlations",
    "SegmentScores",
    "bootstrap_ci",
    "correlations",
    "segment_scores",
]

COEFFICIENTS = ("pearson", "spearman", "kendall")
DEFAULT_RESAMPLES = 1000


@dataclass(frozen=True)
class Correlations:
    """Coefficients (``None`` when undefined: fewer than 3 items or constant scores)."""

    n: int
    pearson: float | None
    spearman: float | None
    kendall: float | None
    p_values: Mapping[str, float | None]
    note: str | None = None
    ci95: Mapping[str, tuple[float, float] | None] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        values = [self.pearson, self.spearman, self.kendall]
        if any(v is None for v in values):
            return None
        return sum(v for v in values if v is not None) / 3


def _finite(value: float) -> float | None:
    return float(value) if math.isfinite(value) else None


def _coefficients(
    scores: Sequence[float], labels: Sequence[float]
) -> dict[str, tuple[float | None, float | None]]:
    from scipy import stats  # type: ignore[import-untyped, unused-ignore]

    with warnings.catch_warnings():
        # constant input: scipy warns and returns nan, which we report as undefined
        warnings.simplefilter("ignore")
        pearson = stats.pearsonr(scores, labels)
        spearman = stats.spearmanr(scores, labels)
        kendall = stats.kendalltau(scores, labels)  # tau-b is scipy's default variant
    return {
        "pearson": (_finite(pearson.statistic), _finite(pearson.pvalue)),
        "spearman": (_finite(spearman.statistic), _finite(spearman.pvalue)),
        "kendall": (_finite(kendall.statistic), _finite(kendall.pvalue)),
    }


def correlations(
    scores: Sequence[float],
    labels: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
) -> Correlations:
    """The three coefficients of ``scores`` against ``labels`` with p-values and CI95."""
    if len(scores) != len(labels):
        raise ValueError("scores and labels differ in length")
    n = len(scores)
    if n < 3:
        none: dict[str, float | None] = dict.fromkeys(COEFFICIENTS)
        return Correlations(n, None, None, None, none, f"{n} scored item(s): need at least 3")
    if len(set(scores)) == 1:
        none = dict.fromkeys(COEFFICIENTS)
        note = f"every item scored {scores[0]:g}: correlation is undefined for constant scores"
        return Correlations(n, None, None, None, none, note)
    found = _coefficients(scores, labels)
    return Correlations(
        n,
        found["pearson"][0],
        found["spearman"][0],
        found["kendall"][0],
        {k: v[1] for k, v in found.items()},
        ci95=bootstrap_ci(scores, labels, resamples=resamples, seed=seed) if resamples else {},
    )


def bootstrap_ci(
    scores: Sequence[float],
    labels: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
) -> dict[str, tuple[float, float] | None]:
    """Percentile bootstrap 95% intervals of each coefficient and of their average.

    Items are resampled with replacement (``seed`` fixes the draw); resamples on which a
    coefficient is undefined (constant scores) are dropped for that coefficient.
    """
    import numpy as np
    from scipy import stats  # type: ignore[import-untyped, unused-ignore]

    rng = np.random.default_rng(seed)
    x = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=float)
    draws: dict[str, list[float]] = {name: [] for name in (*COEFFICIENTS, "average")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(resamples):
            pick = rng.integers(0, len(x), len(x))
            xs, ys = x[pick], y[pick]
            if np.all(xs == xs[0]) or np.all(ys == ys[0]):
                continue
            drawn = (
                float(stats.pearsonr(xs, ys).statistic),
                float(stats.spearmanr(xs, ys).statistic),
                float(stats.kendalltau(xs, ys).statistic),
            )
            for name, value in zip(COEFFICIENTS, drawn, strict=True):
                if math.isfinite(value):
                    draws[name].append(value)
            if all(math.isfinite(v) for v in drawn):
                draws["average"].append(sum(drawn) / 3)
    out: dict[str, tuple[float, float] | None] = {}
    for name, values in draws.items():
        if len(values) < max(10, resamples // 10):
            out[name] = None
            continue
        low, high = np.percentile(values, [2.5, 97.5])
        out[name] = (float(low), float(high))
    return out


@dataclass(frozen=True)
class SegmentScores:
    """Per-criterion confusion counts; positive = the criterion is violated (label 0)."""

    criterion: str
    tp: int
    fp: int
    tn: int
    fn: int

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.tn + self.fn

    @property
    def accuracy(self) -> float | None:
        return (self.tp + self.tn) / self.total if self.total else None

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None or p + r == 0:
            return None
        return 2 * p * r / (p + r)

    def to_json(self) -> dict[str, object]:
        return {
            "criterion": self.criterion,
            "n": self.total,
            "accuracy": self.accuracy,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp": self.tp,
            "fp": self.fp,
            "tn": self.tn,
            "fn": self.fn,
        }


def segment_scores(pairs: Sequence[tuple[str, int, int]]) -> list[SegmentScores]:
    """Confusion counts per criterion from ``(criterion, predicted, gold)`` triples (1 = the
    criterion holds, 0 = violated), plus an ``"all"`` row pooling every criterion."""
    counts: dict[str, list[int]] = {}
    for criterion, predicted, gold in pairs:
        for key in (criterion, "all"):
            row = counts.setdefault(key, [0, 0, 0, 0])
            if predicted == 0 and gold == 0:
                row[0] += 1
            elif predicted == 0:
                row[1] += 1
            elif gold == 1:
                row[2] += 1
            else:
                row[3] += 1
    order = sorted(k for k in counts if k != "all") + (["all"] if counts else [])
    return [SegmentScores(k, *counts[k]) for k in order]
