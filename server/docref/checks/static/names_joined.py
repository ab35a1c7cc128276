"""A parameter renamed to its words run together: ``skip_nans`` -> ``skipna``,
``num_workers`` -> ``nworkers`` (the compact spelling numpy and pandas give parameters;
session 15 prose probe, probe.md).  :func:`.prose_names.stale_match` takes such a parameter
as the renamed twin of a code-shaped name that resolves nowhere (``C1-PROSE-NAME-STALE``)."""

from __future__ import annotations

__all__ = ["run_together"]


def run_together(name: str, param: str) -> bool:
    """``param`` is ``name``'s two or three words run together, one at least cut short
    (``skip_nans`` -> ``skipna``, ``num_workers`` -> ``nworkers``); not the same letters
    joined (``term_id``/``termid``: a spelling), nor a parameter under four letters."""
    words = name.split("_")
    if not 2 <= len(words) <= 3 or not all(words) or not name.islower():
        return False
    if len(param) < 4 or not param.isalpha() or not param.islower() or param == "".join(words):
        return False

    def split(rest: str, left: list[str]) -> bool:
        if not left:
            return not rest
        word = left[0]
        return any(
            rest.startswith(word[:k]) and split(rest[k:], left[1:]) for k in range(1, len(word) + 1)
        )

    return split(param, words)
