"""Corroboration of C1-XREF-UNRESOLVED: a second signal that a cross-reference naming nothing
is a stale or misspelt reference to this code, not a name from somewhere else.

A name that resolves nowhere is weak evidence on its own: on projects seen for the first time
(issue 12, judged rounds 0-16) C1-NAME-UNRESOLVED was right 49% of the time and
C1-XREF-UNRESOLVED 43%, because each project brings another reason a name resolves nowhere
(Sphinx-only events, maths notation, another library's spelling, a placeholder).  A finding
stays under C1-XREF-UNRESOLVED only when one of these agrees (:func:`corroborated`):

* **a close name in scope**: a did-you-mean (a target renamed, ``set_context`` for
  ``set_ctx``, or misspelt, ``TimeStep`` for ``Timestep``);
* **a member missing from a class**: ``self._hue_var``, ``Stats.format_histogram`` -- the
  owner resolved, so the name is one of this code's members that is gone;
* **a path written from the project's own package** whose head resolves and whose tail does
  not (``gensim.models.lda.LdaModel``): the text claims a place in this code (a path through
  an alias, ``lax.scatter`` for ``jax._src.lax.lax``, is as often shorthand);
* **a private name** (``:func:`_temporary_qrc_file```, See Also ``_execute_task``): by the
  leading underscore it is this project's own -- no Sphinx-only target or other library's
  object is linked by a private name (session 24: the judged bare, no-did-you-mean
  findings of rounds 0-49 with such a name were 3 of 3 TRUE; the s16 prose probe's
  planted ``:func:`_execute``` after the helper became ``_run_one``).  Dunder names stay
  uncorroborated (``__array_function__`` is numpy's protocol).

The rest move to the opt-in id :data:`RULE_XREF_WEAK` (``--extend-select`` restores them).
Java's findings are not split: their judged samples were not part of this measure.
C1-NAME-UNRESOLVED is not split yet: on the same rounds its best second signal,
:func:`close_slip` (a did-you-mean that is a slip of the name, not a variable of the function
plus an affix: ``loc0``, ``nlabels``), kept 68% TRUE against 49% (benchmarks/PRECISION.md,
"Session 14: C1 corroboration (nu12)").
"""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_scope import Resolution

__all__ = ["RULE_XREF_WEAK", "close_slip", "corroborated"]

RULE_XREF_WEAK = "C1-XREF-UNCORROBORATED"
"""Opt-in since session 14: C1-XREF-UNRESOLVED's finding with no second signal (a bare target
found nowhere with no close name in scope: an event or a page only the Sphinx build knows,
another library's object)."""


def corroborated(
    inp: StaticInput, mention: Mention, resolution: Resolution, suggestion: str | None
) -> bool:
    """A second signal agrees that the unresolved cross-reference ``mention`` is a reference to
    this code gone stale (see the module's docstring); ``suggestion`` is the finding's
    did-you-mean."""
    if resolution.owner.startswith("class"):
        return True
    if resolution.owner.startswith("module") and not resolution.external:
        # written from the top as the module is named (``gensim.models.lda``), not through an
        # alias (``lax.scatter`` for ``jax._src.lax.lax``, ``hk.scan`` for ``haiku``)
        owner = resolution.owner.split("`")[1] if "`" in resolution.owner else ""
        head = mention.target.replace("#", ".").split(".")[0]
        if head and owner.split(".")[0] == head:
            return True
    return suggestion is not None or _private(mention.target)


def _private(name: str) -> bool:
    """A bare private name: one leading underscore then a letter (not a dunder, not a path)."""
    return name[:1] == "_" and name[1:2].isalpha() and "." not in name and "#" not in name


def close_slip(name: str, suggestion: str) -> bool:
    """``name`` is a slip of ``suggestion``: a case slip, a plural ``s`` at the end, or a
    small edit inside the name (at most one edit per five letters of the shorter); not the
    same letters split differently, not an affix that makes another name, not a whole word
    more or less."""
    if not suggestion or name == suggestion:
        return False
    a, b = name.lower(), suggestion.lower()
    if a == b:
        return True  # ``NameSpace`` for ``Namespace``
    if a.replace("_", "") == b.replace("_", ""):
        return False  # ``term_id`` / ``termid``: the same words, as often a description
    short, long = sorted((a, b), key=len)
    if long.startswith(short):
        return long[len(short) :] in ("s", "es")  # ``n_color`` for ``n_colors``
    if long.endswith(short):
        return False  # ``nlabels`` beside ``labels``: another quantity
    words_a, words_b = set(a.strip("_").split("_")), set(b.strip("_").split("_"))
    if len(words_a) != len(words_b) and (words_a <= words_b or words_b <= words_a):
        return False  # a whole word more or less: a derived name
    return _distance(a, b) <= max(1, len(short) // 5)


def _distance(a: str, b: str) -> int:
    """The Levenshtein distance of ``a`` and ``b``."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]
