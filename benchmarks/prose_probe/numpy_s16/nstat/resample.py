"""Resampling helpers (NumPy style)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from nstat.stats import mean

N_BOOT = 1000


def _draw(values: Sequence[float], rng: random.Random) -> list[float]:
    return [rng.choice(values) for _ in values]


# PROBE param-name stale C1 | n_resamples
def bootstrap_mean(values: Sequence[float], n_boot: int = N_BOOT, seed: int = 0) -> list[float]:
    """Bootstrap distribution of the mean.

    The sample is redrawn with replacement, and each redraw's mean is kept;
    this is repeated
    n_resamples times with a generator seeded from `seed`.

    Parameters
    ----------
    values : sequence of float
        The sample.
    n_boot : int, optional
        Number of redraws.
    seed : int, optional
        Seed of the generator.

    Returns
    -------
    list of float
        One mean per redraw.
    """
    rng = random.Random(seed)
    return [mean(_draw(values, rng)) for _ in range(n_boot)]


# PROBE param-name stale C1 | Seed_value fixes the draws
def permute(values: Sequence[float], seed: int = 0) -> list[float]:
    """A random permutation of the sample.

    Seed_value fixes the draws so that runs are reproducible.

    Parameters
    ----------
    values : sequence of float
        The sample.
    seed : int, optional
        Seed of the generator.

    Returns
    -------
    list of float
        The permuted sample.
    """
    out = list(values)
    random.Random(seed).shuffle(out)
    return out


# PROBE plural-name ctrl - | ``alphas``
def interval(
    values: Sequence[float], alpha: float = 0.05, n_boot: int = N_BOOT
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean.

    The interval covers ``1 - alpha`` of the redraws; smaller ``alphas``
    give wider intervals.

    Parameters
    ----------
    values : sequence of float
        The sample.
    alpha : float, optional
        Miss rate.
    n_boot : int, optional
        Number of redraws.

    Returns
    -------
    tuple of float
        ``(low, high)``.
    """
    boots = sorted(bootstrap_mean(values, n_boot))
    k = int(alpha / 2 * n_boot)
    return boots[k], boots[n_boot - 1 - k]


# PROBE param-name stale C1 | ``rng_seed``  seed of the generator
def jackknife(values: Sequence[float], seed: int = 0) -> list[float]:
    """Leave-one-out means.

    ============  =======================================
    option        meaning
    ============  =======================================
    ``values``    the sample
    ``rng_seed``  seed of the generator (unused, kept for symmetry)
    ============  =======================================

    Parameters
    ----------
    values : sequence of float
        The sample.
    seed : int, optional
        Unused.

    Returns
    -------
    list of float
        One mean per left-out value.
    """
    return [mean([v for j, v in enumerate(values) if j != i]) for i in range(len(values))]


# PROBE ret-type stale C2 | Returns a float between 0 and 1
def pvalue_count(observed: float, values: Sequence[float], n_boot: int = N_BOOT) -> int:
    """How often a redraw's mean reaches the observed one.

    Returns a float between 0 and 1, the share of redraws at or above
    `observed`.

    Parameters
    ----------
    observed : float
        The statistic.
    values : sequence of float
        The sample.
    n_boot : int, optional
        Number of redraws.
    """
    return sum(1 for b in bootstrap_mean(values, n_boot) if b >= observed)


# PROBE ret-type ctrl - | Returns a float between 0 and 1
def pvalue(observed: float, values: Sequence[float], n_boot: int = N_BOOT) -> float:
    """Bootstrap p-value of the mean.

    Returns a float between 0 and 1, the share of redraws at or above
    `observed`.

    Parameters
    ----------
    observed : float
        The statistic.
    values : sequence of float
        The sample.
    n_boot : int, optional
        Number of redraws.
    """
    return pvalue_count(observed, values, n_boot) / n_boot


# PROBE param-name stale C1 | `n_draws`'s default
def subsample(values: Sequence[float], size: int, n_boot: int = N_BOOT) -> list[list[float]]:
    """Random subsamples without replacement.

    `n_draws`'s default is ``N_BOOT``; each subsample has `size` values.

    Parameters
    ----------
    values : sequence of float
        The sample.
    size : int
        Values per subsample.
    n_boot : int, optional
        Number of subsamples.

    Returns
    -------
    list of list of float
        The subsamples.
    """
    rng = random.Random(0)
    return [rng.sample(list(values), size) for _ in range(n_boot)]
