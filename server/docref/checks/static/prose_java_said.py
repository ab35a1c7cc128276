"""What a Javadoc return claim goes on to say that settles it (rounds 58j, 66j): the value comes
"as an array" or as the declared array type (:func:`said_as_array`), or the sentence says the
value is keyed or lists the mapping's entries (:func:`said_keyed`), or that another thing is
returned (:func:`returned_after`); read by :mod:`.prose_returns` for ``.java`` files only."""

from __future__ import annotations

import re

__all__ = ["returned_after", "said_as_array", "said_keyed"]

# "the parsed String as a 3- or 4-element array of Strings" (round 58j's JSAP ``tupleToArray``
# on ``String[]``): the conversion names the Java array that comes back
_AS_ARRAY = re.compile(r"^\s+as\s+(?:an?\s+)?(?:\d+-?\s+or\s+)?(?:[\w-]+\s+)?array\b", re.I)
# "the converted String as a String[]" (round 66j's JCSP ``stringToArray``): the array spelled
# as Java spells a type
_AS_SPELLED = re.compile(r"^\s+as\s+(?:an?\s+)?([\w.]+(?:\s*\[\s*\])+)")


def said_as_array(rest: str, kinds: set[str], returns: str | None) -> bool:
    """A Java claim that goes on to say its value comes as an array, said of an array: in words
    ("as an array of its parts"), or as the declared type itself ("as a String[]"; another
    array, "as an int[]" on ``String[]``, leaves the claim standing)."""
    if "list" not in kinds:
        return False
    if _AS_ARRAY.match(rest):
        return True
    spelled = _AS_SPELLED.match(rest)
    return spelled is not None and returns is not None and _same_type(spelled[1], returns)


def _same_type(spelled: str, declared: str) -> bool:
    """``String[]`` and ``java.lang.String []`` name one type: spacing and a package differ."""

    def simple(type_: str) -> str:
        return re.sub(r"\s+", "", type_).rsplit(".", 1)[-1]

    return simple(spelled) == simple(declared)


# the sentence says the value is keyed ("Get the list of genes ... where accession.toString is
# the key", "Build a list of features ... The index for the returned HashMap is ...", round
# 58j's BioJava, on ``LinkedHashMap``): "list" is the loose word for the mapping's values
_KEYED = re.compile(
    r"\b(?:is|are)\s+the\s+keys?\b|\bkeyed\s+(?:by|on)\b|\b(?:Hash|Linked|Tree)?Map\b"
)
# what is listed is the mapping's own entries ("Gets the list of font mappings. String to
# String.", round 66j's iText ``RtfImportMappings``, four getters of a ``HashMap``): a list of
# mappings is what a map holds
_OF_ENTRIES = re.compile(
    r"^\s+(?:[\w-]+\s+){0,2}?(?:mappings|entries|(?:key[-/ ]value\s+)?pairs|associations)\b",
    re.I,
)


def said_keyed(claim: str, rest: str, kinds: set[str]) -> bool:
    """A list claim said of a mapping whose sentence goes on to say the value is keyed, or that
    the things listed are the mapping's entries."""
    if claim != "list" or kinds != {"dict"}:
        return False
    return _KEYED.search(rest) is not None or _OF_ENTRIES.match(rest) is not None


# "Get a string of the form "P1(config_str1):P2" and return ProtocolConfigurations for it"
# (round 54j's JGroups ``parseProtocols`` on ``List<String>``): the first verb takes the input,
# the "and return" clause names the value; "and return it" returns the thing first named
_AND_RETURN = re.compile(
    r"\band\s+returns?\s+(?!(?:it|them|this|that|itself|themselves|the\s+same)\b)\w", re.I
)


def returned_after(rest: str) -> bool:
    """A claim whose sentence goes on to say the method returns something else: the first noun
    was the input."""
    return _AND_RETURN.search(rest) is not None
