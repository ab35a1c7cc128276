"""The did-you-mean of the C1 name rules: when a name that resolves nowhere is a misspelling.

A name mentioned in a docstring that names nothing is reported only with evidence that it was
meant to be another name: :func:`suggest` picks the one candidate it is probably a typo, a
case/underscore variant or a plural of; :func:`hint` gives a weaker suggestion for a message
whose finding other evidence already made; :func:`inflected` tells English endings
("a list of `Widgets`") from typos.
"""

from __future__ import annotations

from collections.abc import Iterable

from docref.checks.static.params import closest_parameter

__all__ = ["fold", "hint", "inflected", "suggest"]


def fold(name: str) -> str:
    """``name`` without underscores and case: the key its case/underscore variants share."""
    return name.replace("_", "").lower()


def _shape(name: str) -> str:
    bare = name.strip("_")
    if bare.upper() == bare:
        return "constant"
    return "class" if bare[:1].isupper() else "value"


def _variant(a: str, b: str) -> bool:
    """Case/underscore variants of one shape (``getValue``/``get_value``; not the class
    ``TaskStatus`` for the value ``task_status``, nor ``INFINITY`` for ``Infinity``)."""
    return fold(a) == fold(b) and _shape(a) == _shape(b)


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one insertion, deletion, substitution or transposition."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
        return a[i + 1 :] == b[i + 1 :] or (swapped and a[i + 2 :] == b[i + 2 :])
    return a[i + 1 :] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1 :]


def _subsequence(short: str, long: str) -> bool:
    rest = iter(long)
    return all(char in rest for char in short)


def _close_spelling(name: str, nearest: str) -> bool:
    """Two edits are a misspelling of a bare name only when they are all insertions or all
    deletions (``in_vals`` for ``in_values``: an abbreviation) or the name is long enough to
    keep its shape (``set_reference_frames`` for ``stc_reference_frames``); two replaced
    letters in a short name make another word (``log_space``/``log_scale``,
    ``new_function``/``get_function``, ``n_world``/``iworld``), which is what a docstring
    defining its own terms names -- in the wild, its true findings nearly all carry a close
    suggestion and its false ones a distant one.  A private name can only be the project's
    own, so any suggestion counts."""
    if _one_edit(name, nearest) or len(name) >= _LONG_NAME or name.startswith("_"):
        return True  # a private name is this project's: ``_load_rows`` for ``_read_rows``
    short, long = sorted((name, nearest), key=len)
    return len(long) - len(short) == 2 and _subsequence(short, long)


_LONG_NAME = 16


def _plural(single: str, many: str) -> bool:
    """``many`` is the English plural of ``single`` (``entry``/``entries``, ``hook``/``hooks``)."""
    if len(single) < 3:
        return False
    if single.endswith("y") and many == single[:-1] + "ies":
        return True
    return many in (single + "s", single + "es")


def inflected(name: str, base: str) -> bool:
    """``name`` is an English inflection of ``base`` (``Widgets``, ``archived``, ``CFGs``)."""
    if _plural(base, name):
        return True
    return any(name == base + end for end in ("d", "ed", "ing", "s"))


def _number_variant(name: str, other: str) -> bool:
    """``file_type`` and ``files_types``: the same words but for the number of a word before
    the last one, an item and the collection holding it (nibabel's class attribute
    ``files_types`` of ``file_type`` pairs), not a typo.  The last word's plural alone
    (``create_entries`` for ``create_entry``) is a renamed function's, left as evidence."""
    words, others = name.split("_"), other.split("_")
    if len(words) < 2 or len(words) != len(others) or words[:-1] == others[:-1]:
        return False
    return all(a == b or _plural(a, b) or _plural(b, a) for a, b in zip(words, others, strict=True))


def _sunder_twin(name: str, candidate: str) -> bool:
    """``candidate`` is ``name`` wrapped in underscores on both sides (``_negative_``,
    ``_PyPy__``): the way a module interns the word as a string constant (pygeodesy's
    ``_negative_ = 'negative'``, round 88) or an enum keeps a reserved member.  Prose naming
    the word means the value, not a misspelt reference to the constant."""
    wrapped = candidate.startswith("_") and candidate.endswith("_") and len(candidate) > 2
    return wrapped and not name.startswith("_") and candidate.strip("_") == name.strip("_")


def _evidence_pool(name: str, candidates: Iterable[str], bare: bool) -> list[str]:
    """Candidates that may count as evidence of a typo.  Left out: special names for an
    ordinary one (``floor`` is not a misspelt ``__floor__``), private twins (``none`` in
    prose is not ``_none``: a public name often fronts a private implementation; nor is
    ``negative`` the interned ``_negative_``: :func:`_sunder_twin`) and, for a ``bare`` name
    in prose, names that it inflects ("a list of `Widgets`" is English about ``Widget``;
    after a module or class name the same ending is a typo)."""
    dunder = name.startswith("__") and name.endswith("__")
    return [
        c
        for c in dict.fromkeys(candidates)
        if c != name
        and c.lstrip("_") != name.lstrip("_")
        and not _sunder_twin(name, c)
        and not (bare and inflected(name, c))
        and not _number_variant(name, c)
        and (dunder or not (c.startswith("__") and c.endswith("__")))
    ]


def suggest(
    name: str, candidates: Iterable[str], *, strict: bool = False, bare: bool = True
) -> str | None:
    """The one candidate ``name`` was probably meant to be (evidence of a typo), or ``None``.

    Loose: the one plural of a singular ``name`` (``create_entries`` for ``create_entry``; the
    other way round is English: "a list of `Widgets`"), else a case/underscore variant of the
    same shape (``get_value`` for ``getValue``, not the class ``TaskStatus`` for
    ``task_status``), else an edit distance of at most 2 (see
    :func:`~docref.checks.static.params.closest_parameter`).  Strict, for plain English words
    whose only evidence of being code is the suggestion: a variant of the same shape, or one
    edit (not just a capital) away from a name of at least five characters.  Two edits
    count only for names of six characters or more (``CFGs`` is not ``PCFG``), and never
    between a capitalised name and a lower-case one (``Decompress`` is not ``compress``).
    """
    pool = _evidence_pool(name, candidates, bare)
    if not strict:
        plural = [c for c in pool if _plural(name, c)]
        if len(plural) == 1:
            return plural[0]
        variants = [c for c in pool if _variant(c, name)]
        if variants:
            return variants[0] if len(variants) == 1 else None
        nearest = closest_parameter(name, [c for c in pool if fold(c) != fold(name)])
        if nearest is not None and len(name) < 6 and not _one_edit(name, nearest):
            return None
        if nearest is not None and name[:1].isupper() != nearest[:1].isupper():
            return None  # a class's name is no typo of a function's (``zlib.Decompress``)
        if nearest is not None and bare and not _close_spelling(name, nearest):
            return None
        return nearest
    close = [c for c in pool if _variant(c, name)]
    if not close and len(name) >= 5:
        close = [c for c in pool if _one_edit(name, c) and c.lower() != name.lower()]
    return close[0] if len(close) == 1 else None


def hint(name: str, candidates: Iterable[str]) -> str | None:
    """A weaker did-you-mean for the message once other evidence made the finding: the one
    private twin (``_munge`` for ``munge``), else the one candidate that ``name`` extends by
    one underscore-separated word or that extends ``name`` so (``frobnicate`` for
    ``frobnicate_all``)."""

    def by_one_word(short: str, long: str) -> bool:
        rest = long[len(short) + 1 :]
        return long.startswith(short + "_") and rest.isidentifier() and "_" not in rest

    pool = [c for c in dict.fromkeys(candidates) if c != name]
    twins = [c for c in pool if c.lstrip("_") == name.lstrip("_")]
    if len(twins) == 1:
        return twins[0]
    extended = [c for c in pool if by_one_word(c, name) or by_one_word(name, c)]
    return extended[0] if len(extended) == 1 else None
