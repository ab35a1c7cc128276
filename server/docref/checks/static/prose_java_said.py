"""What a Javadoc return claim goes on to say that settles it (round 58j): the value comes "as
an array" (:func:`said_as_array`), or the sentence says the value is keyed
(:func:`said_keyed`); read by :mod:`.prose_returns` for ``.java`` files only."""

from __future__ import annotations

import re

__all__ = ["said_as_array", "said_keyed"]

# "the parsed String as a 3- or 4-element array of Strings" (round 58j's JSAP ``tupleToArray``
# on ``String[]``): the conversion names the Java array that comes back
_AS_ARRAY = re.compile(r"^\s+as\s+(?:an?\s+)?(?:\d+-?\s+or\s+)?(?:[\w-]+\s+)?array\b", re.I)


def said_as_array(rest: str, kinds: set[str]) -> bool:
    """A Java claim that goes on to say its value comes as an array, said of an array."""
    return "list" in kinds and _AS_ARRAY.match(rest) is not None


# the sentence says the value is keyed ("Get the list of genes ... where accession.toString is
# the key", "Build a list of features ... The index for the returned HashMap is ...", round
# 58j's BioJava, on ``LinkedHashMap``): "list" is the loose word for the mapping's values
_KEYED = re.compile(
    r"\b(?:is|are)\s+the\s+keys?\b|\bkeyed\s+(?:by|on)\b|\b(?:Hash|Linked|Tree)?Map\b"
)


def said_keyed(claim: str, rest: str, kinds: set[str]) -> bool:
    """A list claim said of a mapping whose sentence goes on to say the value is keyed."""
    return claim == "list" and kinds == {"dict"} and _KEYED.search(rest) is not None
