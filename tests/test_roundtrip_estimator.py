"""pass@k: the unbiased estimator against a brute-force count over all k-subsets."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from docref.roundtrip.estimator import pass_at_k, pass_at_ks


def brute_force(m: int, c: int, k: int) -> Fraction:
    """The fraction of k-subsets of m samples (c of them passing) holding a passing one."""
    samples = [True] * c + [False] * (m - c)
    subsets = list(itertools.combinations(range(m), k))
    hits = sum(1 for s in subsets if any(samples[i] for i in s))
    return Fraction(hits, len(subsets))


@pytest.mark.parametrize("m", range(1, 11))
def test_matches_brute_force_for_every_c_and_k(m: int) -> None:
    for c in range(m + 1):
        for k in range(1, m + 1):
            got = pass_at_k(m, c, k)
            assert got is not None
            assert got == pytest.approx(float(brute_force(m, c, k)), abs=1e-12), (m, c, k)


def test_known_values() -> None:
    assert pass_at_k(2, 1, 1) == 0.5
    assert pass_at_k(5, 0, 3) == 0.0
    assert pass_at_k(5, 5, 1) == 1.0
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)  # 1 - C(3,2)/C(4,2) = 1 - 3/6
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)  # pass@1 is c/m


def test_large_m_stays_exact() -> None:
    # the float product form loses precision here; exact combinatorics must not
    assert pass_at_k(200, 1, 1) == pytest.approx(1 / 200)
    assert pass_at_k(200, 100, 100) == pytest.approx(1.0)
    assert 0.0 <= (pass_at_k(200, 3, 50) or 0.0) <= 1.0


def test_k_above_m_is_not_estimable() -> None:
    assert pass_at_k(2, 1, 3) is None
    assert pass_at_k(0, 0, 1) is None
    assert pass_at_ks(2, 1, [1, 3]) == {"1": 0.5, "3": None}


@pytest.mark.parametrize(("m", "c", "k"), [(3, 4, 1), (3, -1, 1), (-1, 0, 1), (3, 1, 0)])
def test_invalid_arguments_raise(m: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        pass_at_k(m, c, k)
