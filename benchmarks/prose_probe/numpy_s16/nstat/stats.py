"""Descriptive statistics over plain sequences (NumPy style)."""

from __future__ import annotations

import math
from collections.abc import Sequence

EPSILON = 1e-12
DEFAULT_BINS = 10


def _finite(values: Sequence[float]) -> list[float]:
    return [v for v in values if not math.isnan(v)]


def _center(values: Sequence[float]) -> float:
    return sum(values) / len(values)


# PROBE param-name stale C1 | NaN entries of `data` are dropped first
def mean(values: Sequence[float], skipna: bool = True) -> float:
    """Arithmetic mean.

    NaN entries of `data` are dropped first when `skipna` is true.

    Parameters
    ----------
    values : sequence of float
        The sample.
    skipna : bool, optional
        Ignore NaN values.

    Returns
    -------
    float
        The mean.
    """
    pool = _finite(values) if skipna else list(values)
    return _center(pool)


# PROBE param-name ctrl - | NaN entries of `values` are dropped first
def median(values: Sequence[float], skipna: bool = True) -> float:
    """Median.

    NaN entries of `values` are dropped first when `skipna` is true.

    Parameters
    ----------
    values : sequence of float
        The sample.
    skipna : bool, optional
        Ignore NaN values.

    Returns
    -------
    float
        The median.
    """
    pool = sorted(_finite(values) if skipna else values)
    mid = len(pool) // 2
    return pool[mid] if len(pool) % 2 else (pool[mid - 1] + pool[mid]) / 2


# PROBE param-name stale C1 | Delta degrees of freedom; ``ddof_value`` is subtracted
def variance(values: Sequence[float], ddof: int = 0) -> float:
    """Variance of a sample.

    Parameters
    ----------
    values : sequence of float
        The sample.
    ddof : int, optional
        Delta degrees of freedom; ``ddof_value`` is subtracted from the
        count in the divisor.

    Returns
    -------
    float
        The variance.
    """
    m = _center(values)
    return sum((v - m) ** 2 for v in values) / (len(values) - ddof)


# PROBE param-name ctrl - | Delta degrees of freedom; ``ddof`` is subtracted
def std(values: Sequence[float], ddof: int = 0) -> float:
    """Standard deviation of a sample.

    Parameters
    ----------
    values : sequence of float
        The sample.
    ddof : int, optional
        Delta degrees of freedom; ``ddof`` is subtracted from the
        count in the divisor.

    Returns
    -------
    float
        The standard deviation.
    """
    return math.sqrt(variance(values, ddof))


# PROBE param-name stale C1 | The window is ``win`` samples wide
def rolling_mean(values: Sequence[float], window_size: int) -> list[float]:
    """Rolling mean.

    The window is ``win`` samples wide and ends at each position; the
    first positions get a shorter window.

    Parameters
    ----------
    values : sequence of float
        The series.
    window_size : int
        Width of the window.

    Returns
    -------
    list of float
        One mean per position.
    """
    out = []
    for i in range(len(values)):
        chunk = values[max(0, i - window_size + 1) : i + 1]
        out.append(_center(chunk))
    return out


# PROBE param-name ctrl - | The window is ``window_size`` samples wide
def rolling_max(values: Sequence[float], window_size: int) -> list[float]:
    """Rolling maximum.

    The window is ``window_size`` samples wide and ends at each position;
    the first positions get a shorter window.

    Parameters
    ----------
    values : sequence of float
        The series.
    window_size : int
        Width of the window.

    Returns
    -------
    list of float
        One maximum per position.
    """
    return [max(values[max(0, i - window_size + 1) : i + 1]) for i in range(len(values))]


# PROBE param-name stale C1 | Weights are normalised so that the sum of *wts*
def weighted_mean(values: Sequence[float], weights: Sequence[float]) -> float:
    """Weighted mean.

    Weights are normalised so that the sum of *wts* is one before they are
    applied.

    Parameters
    ----------
    values : sequence of float
        The sample.
    weights : sequence of float
        One weight per value.

    Returns
    -------
    float
        The weighted mean.
    """
    total = sum(weights)
    return sum(v * w / total for v, w in zip(values, weights, strict=True))


# PROBE param-name ctrl - | Weights are normalised so that the sum of *weights*
def weighted_sum(values: Sequence[float], weights: Sequence[float]) -> float:
    """Weighted sum.

    Weights are normalised so that the sum of *weights* is one before they
    are applied.

    Parameters
    ----------
    values : sequence of float
        The sample.
    weights : sequence of float
        One weight per value.

    Returns
    -------
    float
        The weighted sum.
    """
    total = sum(weights)
    return sum(v * w / total for v, w in zip(values, weights, strict=True)) * len(values)


# PROBE param-name stale C1 | Values below `lo` or above `hi` are clipped
def clip(values: Sequence[float], lower: float, upper: float) -> list[float]:
    """Clip a sample to a range.

    Values below `lo` or above `hi` are clipped to the nearest bound.

    Parameters
    ----------
    values : sequence of float
        The sample.
    lower, upper : float
        The bounds.

    Returns
    -------
    list of float
        The clipped sample.
    """
    return [min(max(v, lower), upper) for v in values]


# PROBE param-name ctrl - | Values below `lower` or above `upper` are clipped
def clip_count(values: Sequence[float], lower: float, upper: float) -> int:
    """Count the values a clip would change.

    Values below `lower` or above `upper` are clipped by :func:`clip`;
    this counts them.

    Parameters
    ----------
    values : sequence of float
        The sample.
    lower, upper : float
        The bounds.

    Returns
    -------
    int
        How many values lie outside.
    """
    return sum(1 for v in values if v < lower or v > upper)


# PROBE helper-name stale C1 | standardise : the same
def zscore(values: Sequence[float]) -> list[float]:
    """Standard scores.

    See Also
    --------
    standardise : the same, in place.

    Parameters
    ----------
    values : sequence of float
        The sample.

    Returns
    -------
    list of float
        ``(v - mean) / std`` per value.
    """
    m, s = _center(values), std(values)
    return [(v - m) / (s or EPSILON) for v in values]


# PROBE helper-name ctrl - | zscore : the same, without
def zscores_finite(values: Sequence[float]) -> list[float]:
    """Standard scores of the finite values.

    See Also
    --------
    zscore : the same, without dropping NaN.

    Parameters
    ----------
    values : sequence of float
        The sample.

    Returns
    -------
    list of float
        ``(v - mean) / std`` per finite value.
    """
    return zscore(_finite(values))


# PROBE helper-name stale C1 | centre is computed by ``_centre``
def spread(values: Sequence[float]) -> float:
    """Mean absolute deviation.

    The centre is computed by ``_centre`` and the deviations are averaged.

    Parameters
    ----------
    values : sequence of float
        The sample.

    Returns
    -------
    float
        The mean absolute deviation.
    """
    m = _center(values)
    return _center([abs(v - m) for v in values])


# PROBE helper-name ctrl - | centre is computed by ``_center``
def max_deviation(values: Sequence[float]) -> float:
    """Largest absolute deviation.

    The centre is computed by ``_center`` and the largest deviation kept.

    Parameters
    ----------
    values : sequence of float
        The sample.

    Returns
    -------
    float
        The largest absolute deviation.
    """
    m = _center(values)
    return max(abs(v - m) for v in values)


# PROBE const-name stale C1 | ``DEFAULT_NBINS`` bins are used
def histogram(values: Sequence[float], bins: int | None = None) -> list[int]:
    """Histogram counts.

    When `bins` is None, ``DEFAULT_NBINS`` bins are used.

    Parameters
    ----------
    values : sequence of float
        The sample.
    bins : int, optional
        Number of equal-width bins.

    Returns
    -------
    list of int
        The count per bin.
    """
    n = bins or DEFAULT_BINS
    lo, hi = min(values), max(values)
    width = (hi - lo) / n or 1.0
    counts = [0] * n
    for v in values:
        counts[min(int((v - lo) / width), n - 1)] += 1
    return counts


# PROBE const-name ctrl - | ``DEFAULT_BINS`` bins are used
def bin_edges(values: Sequence[float], bins: int | None = None) -> list[float]:
    """Histogram bin edges.

    When `bins` is None, ``DEFAULT_BINS`` bins are used.

    Parameters
    ----------
    values : sequence of float
        The sample.
    bins : int, optional
        Number of equal-width bins.

    Returns
    -------
    list of float
        ``bins + 1`` edges.
    """
    n = bins or DEFAULT_BINS
    lo, hi = min(values), max(values)
    return [lo + (hi - lo) * i / n for i in range(n + 1)]
