"""Series helpers (NumPy style)."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence

WINDOW_SIZE = 5


def _moving_sum(values: Sequence[float], window: int) -> list[float]:
    """Sum each window of values.

    Parameters
    ----------
    values : sequence of float
        The series.
    window : int
        The window length.

    Returns
    -------
    list of float
        One sum per full window.
    """
    return [sum(values[i : i + window]) for i in range(len(values) - window + 1)]


class Interval:
    """A closed interval."""

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high


class Series:
    """A named series of numbers."""

    def __init__(self, name: str, values: list[float]) -> None:
        self.name = name
        self.values = values
        self._index_cache: dict[float, int] = {}

    # PROBE helper-name stale C1 | The positions are memoised in ``self._positions``
    def position(self, value: float) -> int:
        """Find where a value first occurs.

        The positions are memoised in ``self._positions``.

        Parameters
        ----------
        value : float
            The value to find.

        Returns
        -------
        int
            Its index.
        """
        if value not in self._index_cache:
            self._index_cache[value] = self.values.index(value)
        return self._index_cache[value]

    # PROBE helper-name ctrl - | The positions are memoised in ``self._index_cache``
    def position_or_none(self, value: float) -> int | None:
        """Find where a value first occurs, if it does.

        The positions are memoised in ``self._index_cache``.

        Parameters
        ----------
        value : float
            The value to find.

        Returns
        -------
        int or None
            Its index, or None.
        """
        if value not in self.values:
            return None
        if value not in self._index_cache:
            self._index_cache[value] = self.values.index(value)
        return self._index_cache[value]

    # PROBE ret-ann stale C2 | Return True if every value is finite
    def all_finite(self) -> float:
        """Return True if every value is finite, False otherwise.

        Returns
        -------
        float
            The share of finite values.
        """
        return sum(math.isfinite(v) for v in self.values) / len(self.values)

    # PROBE ret-ann ctrl - | Return True if every value is finite
    def finite(self) -> bool:
        """Return True if every value is finite, False otherwise.

        Returns
        -------
        bool
            Whether all are finite.
        """
        return all(math.isfinite(v) for v in self.values)

    # PROBE ret-ann stale C2 | Returns whether the series is sorted
    def sortedness(self) -> int:
        """Returns whether the series is sorted.

        The count of out-of-order neighbours is what comes back.
        """
        return sum(a > b for a, b in zip(self.values, self.values[1:], strict=False))

    # PROBE ret-ann ctrl - | Returns whether the series is sorted
    def is_sorted(self) -> bool:
        """Returns whether the series is sorted."""
        return all(a <= b for a, b in zip(self.values, self.values[1:], strict=False))

    # PROBE ret-ann stale C2 | Compute a dictionary of value to count
    def histogram(self) -> list[tuple[float, int]]:
        """Compute a dictionary of value to count."""
        seen: dict[float, int] = {}
        for v in self.values:
            seen[v] = seen.get(v, 0) + 1
        return sorted(seen.items())

    # PROBE ret-ann ctrl - | Compute a dictionary of value to count
    def counts(self) -> dict[float, int]:
        """Compute a dictionary of value to count."""
        seen: dict[float, int] = {}
        for v in self.values:
            seen[v] = seen.get(v, 0) + 1
        return seen

    # PROBE ret-ann stale C2 | the number of values above the mean
    def above_mean(self) -> list[float]:
        """Give the number of values above the mean."""
        mean = sum(self.values) / len(self.values)
        return [v for v in self.values if v > mean]

    # PROBE ret-ann ctrl - | the number of values above the mean
    def n_above_mean(self) -> int:
        """Give the number of values above the mean."""
        mean = sum(self.values) / len(self.values)
        return sum(v > mean for v in self.values)

    # PROBE ret-ann stale C2 | a string such as
    def label(self) -> tuple[str, int]:
        """Describe the series.

        Returns
        -------
        label
            a string such as ``"price (12 values)"``.
        """
        return self.name, len(self.values)

    # PROBE ret-ann ctrl - | a string such as
    def title(self) -> str:
        """Describe the series.

        Returns
        -------
        title
            a string such as ``"price (12 values)"``.
        """
        return f"{self.name} ({len(self.values)} values)"

    # PROBE trap ctrl - | a list name
    def list_name(self) -> str:
        """Return the series' name as a list name, e.g. ``"price_list"``."""
        return self.name + "_list"

    # PROBE ret-inferred stale C2 | Return True when the series is empty
    def empty(self):
        """Return True when the series is empty."""
        return len(self.values) or None

    # PROBE ret-inferred ctrl - | Return True when the series is empty
    def is_empty(self):
        """Return True when the series is empty."""
        return not self.values

    # PROBE ret-inferred stale C2 | Returns a list of the distinct values
    def distinct(self):
        """Returns a list of the distinct values."""
        return {v for v in self.values}

    # PROBE ret-inferred ctrl - | Returns a list of the distinct values
    def distinct_list(self):
        """Returns a list of the distinct values."""
        return list(OrderedDict.fromkeys(self.values))

    # PROBE ret-inferred stale C2 | Return a tuple of the smallest and largest value
    def span(self):
        """Return a tuple of the smallest and largest value."""
        return Interval(min(self.values), max(self.values))

    # PROBE ret-inferred ctrl - | Return a tuple of the smallest and largest value
    def span_pair(self):
        """Return a tuple of the smallest and largest value."""
        return (min(self.values), max(self.values))

    # PROBE ret-inferred stale C2 | Return the series as a string
    def text(self):
        """Return the series as a string."""
        return [str(v) for v in self.values]

    # PROBE ret-inferred ctrl - | Return the series as a string
    def as_text(self):
        """Return the series as a string."""
        return ", ".join(str(v) for v in self.values)


# PROBE param-name stale C1 | Each window holds `window_len` values
def moving_mean(values: Sequence[float], win: int = WINDOW_SIZE) -> list[float]:
    """Moving mean of a series.

    Each window holds `window_len` values; shorter tails are dropped.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        One mean per full window.
    """
    return [s / win for s in _moving_sum(values, win)]


# PROBE param-name ctrl - | Each window holds `win` values
def moving_max(values: Sequence[float], win: int = WINDOW_SIZE) -> list[float]:
    """Moving maximum of a series.

    Each window holds `win` values; shorter tails are dropped.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        One maximum per full window.
    """
    return [max(values[i : i + win]) for i in range(len(values) - win + 1)]


# PROBE param-name stale C1 | values below ``lower_bound`` are raised to it
def clip(values: Sequence[float], lo: float, hi: float) -> list[float]:
    """Clip a series.

    Values below ``lower_bound`` are raised to it, values above *hi* lowered to it.

    Parameters
    ----------
    values : sequence of float
        The series.
    lo : float
        The lower bound.
    hi : float
        The upper bound.

    Returns
    -------
    list of float
        The clipped series.
    """
    return [min(max(v, lo), hi) for v in values]


# PROBE param-name ctrl - | values below ``lo`` are raised to it
def clip_low(values: Sequence[float], lo: float) -> list[float]:
    """Clip a series from below.

    Values below ``lo`` are raised to it.

    Parameters
    ----------
    values : sequence of float
        The series.
    lo : float
        The lower bound.

    Returns
    -------
    list of float
        The clipped series.
    """
    return [max(v, lo) for v in values]


# PROBE param-name stale C1 | unless `skip_nans` is False
def total(values: Sequence[float], skipna: bool = True) -> float:
    """Sum a series.

    NaNs are left out unless `skip_nans` is False.

    Parameters
    ----------
    values : sequence of float
        The series.
    skipna : bool, default True
        Leave NaNs out.

    Returns
    -------
    float
        The sum.
    """
    return sum(v for v in values if not (skipna and math.isnan(v)))


# PROBE helper-name stale C1 | computed by `_rolling_sum`
def moving_total(values: Sequence[float], win: int = 3) -> list[float]:
    """Moving sum, computed by `_rolling_sum`.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        One sum per window.
    """
    return _moving_sum(values, win)


# PROBE helper-name ctrl - | computed by `_moving_sum`
def moving_total2(values: Sequence[float], win: int = 2) -> list[float]:
    """Moving sum of pairs, computed by `_moving_sum`.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        One sum per window.
    """
    return _moving_sum(values, win)


# PROBE helper-name stale C1 | defaults to `WINDOW_LEN`
def smooth(values: Sequence[float], win: int = WINDOW_SIZE) -> list[float]:
    """Smooth a series.

    The window defaults to `WINDOW_LEN`.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        The smoothed series.
    """
    return moving_mean(values, win)


# PROBE trap ctrl - | the ``mean`` or the ``median``
def centre(values: Sequence[float], how: str = "mean") -> float:
    """Centre of a series.

    *how* picks the ``mean`` or the ``median``.

    Parameters
    ----------
    values : sequence of float
        The series.
    how : {'mean', 'median'}
        Which centre.

    Returns
    -------
    float
        The centre.
    """
    ordered = sorted(values)
    if how == "median":
        return ordered[len(ordered) // 2]
    return sum(ordered) / len(ordered)


# PROBE param-type stale C2 | *weights* is a sequence of floats
def weighted(values: Sequence[float], weights: float) -> float:
    """Weighted sum.

    *weights* is a sequence of floats, one per value.

    Parameters
    ----------
    values : sequence of float
        The series.
    weights : float
        One weight for every value.

    Returns
    -------
    float
        The weighted sum.
    """
    return sum(v * weights for v in values)


# PROBE param-type ctrl - | *weights* is a sequence of floats
def weighted_each(values: Sequence[float], weights: Sequence[float]) -> float:
    """Weighted sum.

    *weights* is a sequence of floats, one per value.

    Parameters
    ----------
    values : sequence of float
        The series.
    weights : sequence of float
        The weights.

    Returns
    -------
    float
        The weighted sum.
    """
    return sum(v * w for v, w in zip(values, weights, strict=True))


# PROBE param-type stale C2 | The number of decimals to keep
def round_all(values: Sequence[float], decimals: str) -> list[float]:
    """Round a series.

    Parameters
    ----------
    values : sequence of float
        The series.
    decimals
        The number of decimals to keep.

    Returns
    -------
    list of float
        The rounded series.
    """
    return [round(v, len(decimals)) for v in values]


# PROBE param-type ctrl - | The number of decimals to keep
def round_each(values: Sequence[float], decimals: int) -> list[float]:
    """Round a series.

    Parameters
    ----------
    values : sequence of float
        The series.
    decimals
        The number of decimals to keep.

    Returns
    -------
    list of float
        The rounded series.
    """
    return [round(v, decimals) for v in values]


# PROBE param-type stale C2 | Whether to sort the result
def unique(values: Sequence[float], sort: str = "asc") -> list[float]:
    """Unique values.

    Parameters
    ----------
    values : sequence of float
        The series.
    sort
        Whether to sort the result.

    Returns
    -------
    list of float
        The unique values.
    """
    out = list(dict.fromkeys(values))
    return sorted(out, reverse=sort == "desc")


# PROBE param-type ctrl - | Whether to sort the result
def unique_sorted(values: Sequence[float], sort: bool = True) -> list[float]:
    """Unique values.

    Parameters
    ----------
    values : sequence of float
        The series.
    sort
        Whether to sort the result.

    Returns
    -------
    list of float
        The unique values.
    """
    out = list(dict.fromkeys(values))
    return sorted(out) if sort else out


# PROBE doctype stale C1 | span : Intervall
def width(span) -> float:
    """Width of an interval.

    Parameters
    ----------
    span : Intervall
        The interval.

    Returns
    -------
    float
        Its width.
    """
    return span.high - span.low


# PROBE doctype ctrl - | span : Interval
def middle(span) -> float:
    """Middle of an interval.

    Parameters
    ----------
    span : Interval
        The interval.

    Returns
    -------
    float
        Its middle.
    """
    return (span.high + span.low) / 2


# PROBE doctype stale C1 | sink : Gobbler
def feed(sink, values: Sequence[float]) -> int:
    """Feed values to a sink.

    Parameters
    ----------
    sink : Gobbler
        Where the values go.
    values : sequence of float
        The values.

    Returns
    -------
    int
        How many were fed.
    """
    for v in values:
        sink.append(v)
    return len(values)


# PROBE doctype ctrl - | sink : array_like
def feed_all(sink, values: Sequence[float]) -> int:
    """Feed values to a sink.

    Parameters
    ----------
    sink : array_like
        Where the values go.
    values : sequence of float
        The values.

    Returns
    -------
    int
        How many were fed.
    """
    for v in values:
        sink.append(v)
    return len(values)


# PROBE backtick stale C1 | see `rolling_apply`
def apply_windows(values: Sequence[float], win: int = 3) -> list[float]:
    """Maximum of every window; see `rolling_apply` for other reductions.

    Parameters
    ----------
    values : sequence of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        One maximum per window.
    """
    return moving_max(values, win)


# PROBE trap ctrl - | Apply `x ** 2`
def squares(values: Sequence[float]) -> list[float]:
    """Apply `x ** 2` to every value `x`; see ``numpy.square`` for arrays.

    Parameters
    ----------
    values : sequence of float
        The series.

    Returns
    -------
    list of float
        The squares.
    """
    return [x**2 for x in values]
