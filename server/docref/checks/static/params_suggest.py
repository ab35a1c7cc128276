"""The did-you-mean of ``C1-PARAM-UNKNOWN`` (and of the name rules' spelling check): the
parameter a stale or misspelt documented name most likely stands for."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["closest_parameter", "rename_target"]


def _osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a transposition costs 1), capped at ``limit + 1``.

    Only the cells within ``limit`` of the diagonal are computed (a cell further off costs
    more than ``limit`` already) and the rows stop once two in a row exceed it (a transposition
    reaches back two rows): the same distances, ~3x faster -- the did-you-mean scores every
    name in scope against each unresolved name."""
    big = limit + 1
    if abs(len(a) - len(b)) > limit:
        return big
    if a == b:
        return 0
    n = len(b)
    previous2: list[int] = []
    previous = [j if j < big else big for j in range(n + 1)]
    for i, ca in enumerate(a, 1):
        current = [big] * (n + 1)
        if i < big:
            current[0] = i
        for j in range(max(1, i - limit), min(n, i + limit) + 1):
            cb = b[j - 1]
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value if value < big else big
        if min(current) >= big and min(previous) >= big:
            return big
        previous2, previous = previous, current
    return min(previous[n], big)


def _fold(name: str) -> str:
    return name.replace("_", "").lower()


def closest_parameter(name: str, candidates: Iterable[str]) -> str | None:
    """The one candidate that is a case/underscore variant of ``name`` or within edit
    distance 2 (1 for short names); ``None`` when there is none or the best is a tie."""
    pool = [c for c in dict.fromkeys(candidates) if c != name]
    variants = [c for c in pool if _fold(c) == _fold(name)]
    if len(variants) == 1:
        return variants[0]
    limit = 1 if len(name) <= 3 else 2
    scored = sorted((_osa_distance(name, c, limit), c) for c in pool)
    scored = [(d, c) for d, c in scored if d <= limit]
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def rename_target(name: str, candidates: list[str], documented: set[str], java: bool) -> str | None:
    """The parameter a stale entry ``name`` was most likely renamed to.  Java (round 12,
    OpenJFX ``Plugin.paint(g, intX, intY, ...)``): one that no ``@param`` of its own documents
    (``@param x`` beside ``@param g`` is not ``g``'s old name), else the one whose last
    camelCase words are ``name`` (``x`` -> ``intX``).  Python keeps the plain edit distance."""
    if not java:
        return closest_parameter(name, candidates)
    pool = [c for c in candidates if c not in documented]
    found = closest_parameter(name, pool)
    if found is None and name[:1].isalpha():
        tail = name[0].upper() + name[1:]
        affixed = [c for c in pool if len(c) > len(name) and c.endswith(tail)]
        found = affixed[0] if len(affixed) == 1 else None
    return found
