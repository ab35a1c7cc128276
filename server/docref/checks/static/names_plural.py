"""The plural of a class name, written for instances of the class.

Prose and type phrases name the instances of a class by its plural: "a predicate on
``ops.Operations``", "if qubits are not ``cirq.GridQubits``" (round 16, cirq: ``cirq.GridQubit``),
"List of Residues" (MDAnalysis: ``Residue``).  The plural names nothing, its singular does.
:func:`singulars` gives the singular forms to try; the name rules report such a name only when
none of them resolves (``cirq.SumOfProduct`` for the class ``SumOfProducts`` is a real slip:
a singular written for a plural name stays reported).
"""

from __future__ import annotations

import re

__all__ = ["SINGULAR_BEFORE", "item_singulars", "singulars", "word_singulars"]

# a singular article (or "instance of") and markup before a name, up to it: "an instance of
# `RunArtifacts`" is a slip for the class, not its plural (docref.core.word_search.preceded_by)
SINGULAR_BEFORE = re.compile(r"\b(?:an?|one|single|instance\s+of)\s+[`*]*\Z", re.IGNORECASE)


def singulars(name: str) -> list[str]:
    """The names ``name`` may be the plural of: its last dotted part, a class-shaped word
    (capitalised, some lower case) ending in ``s``, without the ``s`` / ``es`` (``ies`` ->
    ``y``); none for any other name (``Address``, ``URLS``, ``residues``)."""
    head, dot, last = name.rpartition(".")
    if not last[:1].isupper() or last.isupper():
        return []
    return [f"{head}{dot}{form}" for form in word_singulars(last) if len(form) > 1]


def word_singulars(word: str) -> list[str]:
    """The words ``word`` may be the English plural of, whatever its shape: without its
    ``s`` / ``es`` (``ies`` -> ``y``: ``opacities``, ``opacity``); none when it does not end
    in ``s`` or ends in ``ss``."""
    if not word.endswith("s") or word.endswith("ss"):
        return []
    forms = [word[:-1]]
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    return forms


def item_singulars(word: str) -> list[str]:
    """:func:`word_singulars` and the Latin plurals in ``-ices`` (``main_channel_indices``:
    ``main_channel_index``; ``vertices``: ``vertex``; ``matrices``: ``matrix``), for the
    names of one item of a plural name."""
    forms = word_singulars(word)
    if word.endswith("ices") and len(word) > 5:
        forms += [word[:-4] + "ex", word[:-4] + "ix"]
    return forms
