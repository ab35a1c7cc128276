"""A code-shaped name in prose whose one word was swapped for a synonym in a parameter's name
(``skip_digest`` -> ``ignore_digest``, ``lease_time`` -> ``lease_seconds``,
``target_dir`` -> ``target_root``; session 16 prose probe), or a container name given up for
the plural it held (``job_list`` -> ``jobs``): the parameter under its old name.

A swapped word counts only when the two words say the same thing (:data:`_SYNONYMS`): names
that differ by any other word are as often two sibling values of one thing (``no_condexpr``
beside ``with_condexpr``, ``predictive_covar`` beside ``test_covar``, ``stage_label`` for
another function's parameter beside ``stage_plugins``: session 14/15 tests from the wild)."""

from __future__ import annotations

import re

from docref.checks.static.name_words import words_of

__all__ = ["container_plural", "swapped_word"]

# words a rename swaps for one another, the value staying the same
_SYNONYMS = (
    ("skip", "ignore", "omit", "exclude", "drop"),
    ("dir", "directory", "folder", "root", "path"),
    ("file", "filename", "fname", "path", "filepath"),
    ("time", "seconds", "secs", "sec", "duration", "timeout", "delay", "interval"),
    ("size", "bytes", "length", "len"),
    ("num", "count", "number", "n", "total"),
    ("max", "maximum", "limit", "cap"),
    ("min", "minimum", "floor"),
    ("dest", "destination", "target", "dst", "out", "output"),
    ("src", "source", "origin", "input"),
    ("callback", "cb", "hook", "handler", "fn", "func", "function", "callable"),
    ("name", "label", "title"),
    ("cfg", "config", "conf", "settings", "options", "opts"),
    ("rate", "ratio", "frac", "fraction", "share", "pct", "percent"),
    ("tol", "tolerance", "eps", "epsilon"),
    ("iter", "iters", "iterations", "steps", "epochs", "rounds"),
    ("enable", "use", "with", "allow"),
    ("disable", "no", "without"),
    ("url", "uri", "endpoint", "link"),
    ("idx", "index", "pos", "position"),
    ("err", "error", "exc", "exception"),
    ("msg", "message"),
    ("type", "kind", "dtype"),
    ("mode", "method", "strategy", "algorithm", "algo"),
    ("params", "parameters", "args", "arguments"),
)
_GROUPS: dict[str, set[int]] = {}
for _i, _group in enumerate(_SYNONYMS):
    for _w in _group:
        _GROUPS.setdefault(_w, set()).add(_i)


def _style(name: str) -> str:
    bare = name.lstrip("_")
    return "snake" if "_" in bare else "camel" if re.search(r"[a-z0-9][A-Z]", bare) else "word"


def swapped_word(name: str, param: str) -> bool:
    """``param`` is the code-shaped ``name`` with one of its two or more words swapped for a
    synonym (:data:`_SYNONYMS`), the same naming convention, the words kept three letters or
    more."""
    a, b = words_of(name), words_of(param)
    if len(a) != len(b) or len(a) < 2 or _style(name) != _style(param) or _style(name) == "word":
        return False
    if name.startswith("_") != param.startswith("_"):
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(diff) != 1:
        return False
    kept = sum(len(w) for i, w in enumerate(a) if i != diff[0])
    old, new = a[diff[0]], b[diff[0]]
    return kept >= 3 and bool(_GROUPS.get(old, set()) & _GROUPS.get(new, set()))


# a container word ending a name: ``job_list`` holds jobs
_CONTAINER_WORDS = frozenset({"list", "lst", "seq", "array", "arr", "tuple", "set", "iter"})


def container_plural(name: str, param: str) -> bool:
    """``param`` is the plural the container-named ``name`` held (``job_list`` -> ``jobs``,
    ``workers_list`` -> ``workers``; session 15/16 prose probes): the same collection renamed.
    A singular parameter stays another value (``path_list`` beside ``path``)."""
    a, b = words_of(name), words_of(param)
    if len(a) < 2 or a[-1] not in _CONTAINER_WORDS or len(b) != len(a) - 1:
        return False
    if name.startswith("_") != param.startswith("_") or b[:-1] != a[:-2]:
        return False
    held, plural = a[-2], b[-1]
    if len(held) < 3:
        return False
    if held == plural:
        return held.endswith("s") and not held.endswith("ss")  # ``workers_list`` -> ``workers``
    return plural in (held + "s", held + "es") or (
        held.endswith("y") and plural == held[:-1] + "ies"
    )
