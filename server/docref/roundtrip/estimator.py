"""The unbiased pass@k estimator of Chen et al. (2021), as used by the doc-to-code papers.

With ``m`` samples of which ``c`` pass, ``pass@k = 1 - C(m - c, k) / C(m, k)``: the probability
that at least one of ``k`` samples drawn without replacement from the ``m`` passes. It is
unbiased for the true pass@k of the model only when ``k <= m``; for ``k > m`` there is no
unbiased estimate from ``m`` samples, so :func:`pass_at_k` answers ``None`` ("not estimable")
instead of a number -- never a score from nothing.
"""

from __future__ import annotations

from math import comb

__all__ = ["pass_at_k", "pass_at_ks"]


def pass_at_k(samples: int, passed: int, k: int) -> float | None:
    """The unbiased pass@k estimate from ``passed`` passing out of ``samples`` candidates.

    Args:
        samples (int): How many candidates were generated and tested (``m``).
        passed (int): How many of them passed the tests (``c``).
        k (int): The budget of attempts the estimate is for.

    Returns:
        float | None: ``1 - C(m-c, k) / C(m, k)``, or ``None`` when ``k > m`` (or ``m`` is 0):
        not estimable without bias from so few samples.

    Raises:
        ValueError: When ``k < 1``, ``samples < 0`` or ``passed`` is outside ``[0, samples]``.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if samples < 0 or not 0 <= passed <= samples:
        raise ValueError(f"need 0 <= passed <= samples, got passed={passed}, samples={samples}")
    if samples == 0 or k > samples:
        return None
    if samples - passed < k:
        return 1.0  # every k-subset holds a passing candidate
    # exact integer arithmetic: the float product form drifts for large m
    return 1.0 - comb(samples - passed, k) / comb(samples, k)


def pass_at_ks(samples: int, passed: int, ks: list[int]) -> dict[str, float | None]:
    """``{"1": pass@1, "3": pass@3, ...}`` for each ``k`` in ``ks`` (keys as JSON wants them).

    Args:
        samples (int): How many candidates were tested (``m``).
        passed (int): How many passed (``c``).
        ks (list[int]): The budgets to report.

    Returns:
        dict[str, float | None]: One entry per ``k``, ``None`` where ``k > samples``.
    """
    return {str(k): pass_at_k(samples, passed, k) for k in ks}
