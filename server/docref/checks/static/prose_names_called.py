"""Stale names the sentence calls: a method/function mention and its renamed callable twin.

Split from :mod:`.prose_names` (its size).  A name the sentence calls a method or function,
or says throws/raises/returns something, names a callable: its renamed twin is a function or
class in scope (:func:`called_twin`), and it is no old name of a parameter holding a plain
value (:func:`called_not_valued`); a name the sentence sets to a value is no old name of a
callable (:func:`valued_not_called`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from docref.checks.static.name_words import convention, words_of
from docref.core.word_search import followed_by

__all__ = ["called_in", "called_not_valued", "called_twin", "valued_not_called"]

# declared types of parameters that hold a value nothing can call (Java and Python)
_VALUE_TYPES = frozenset(
    {
        *("boolean", "byte", "char", "short", "int", "long", "float", "double"),
        *("Boolean", "Byte", "Character", "Short", "Integer", "Long", "Float", "Double"),
        *("String", "java.lang.String", "CharSequence", "str", "bytes", "bool", "float", "int"),
    }
)
# after a mention: its closing markup and call parentheses, if any
_CLOSING = r"(?:\}|`+|</code>|\*)?(?:\(\))?"
# after the mention and its closing markup: a word that makes it a callable
_CALLED = rf"{_CLOSING}\s+(?:method|function|constructor|throws|raises|returns)\b"
_CALLED_IN = re.compile(rf"{_CLOSING}\s+(?:method|function)\b", re.I)
# after the mention and its closing markup: words giving it a value ("`x` set to `True`")
_VALUED = rf"{_CLOSING}\s+(?:(?:is|are|was|were|be|been)\s+)?set\s+to\b"


def called_twin(
    name: str, defined: Iterable[str], linked: Callable[[], set[str]] | None = None
) -> str | None:
    """The one function or class of ``defined`` that a called ``name()`` was renamed to by
    swapping one word (``replace_parameters()`` for the decorator ``rename_parameters``),
    same naming convention and word count, or ``None``.  A call names a callable: a
    parameter that merely shares its words (``replacement_params``) is the wrong target for
    the hint (round 13, nilearn).  Several such: the one ``linked`` by a call."""
    words = words_of(name)
    if len(words) < 2:
        return None
    found = set()
    for other in defined:
        theirs = words_of(other)
        if other == name or convention(other) != convention(name) or len(theirs) != len(words):
            continue
        if other.startswith("_") != name.startswith("_"):
            continue  # a public name renamed stays public (nilearn's inner ``_replace_params``)
        if sum(a != b for a, b in zip(words, theirs, strict=True)) == 1:
            found.add(other)
    if len(found) > 1 and linked is not None:
        found &= linked()  # ``rename_parameters`` (which calls the function), not ``remove_…``
    return found.pop() if len(found) == 1 else None


def called_in(name: str, sentence: str) -> bool:
    """``sentence`` calls ``name`` a method or function (``the `add_etag` method``)."""
    return followed_by(sentence, name, _CALLED_IN, not_after=".")  # no pattern per name


def called_not_valued(name: str, sentence: str, annotation: str | None) -> bool:
    """``sentence`` calls ``name`` a method/function or says it throws, raises or returns,
    while the parameter it would be the old name of holds a plain value (``annotation``)."""
    if (annotation or "").strip() not in _VALUE_TYPES:
        return False
    return re.search(rf"(?<![\w.]){re.escape(name)}{_CALLED}", sentence, re.I) is not None


def valued_not_called(name: str, sentence: str) -> bool:
    """``sentence`` sets ``name`` to a value ("if the receiver is created with
    `track_last_enqueued_event_properties` set to `True`", azure-eventhub, round 97): an option
    or keyword argument, so no old name of the callable twin the caller found for it
    (``get_last_enqueued_event_properties``, a function the code calls)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}{_VALUED}", sentence, re.I) is not None
