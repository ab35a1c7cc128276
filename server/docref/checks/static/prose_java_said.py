"""What a Javadoc return claim goes on to say that settles it (rounds 58j, 66j): the value comes
"as an array" or as the declared array type (:func:`said_as_array`), or the sentence says the
value is keyed or lists the mapping's entries or values (:func:`said_keyed`) or a field of
them (:func:`said_with_value_field`), that another
thing is returned (:func:`returned_after`), or names a second thing beside it
(:func:`said_with_another`), or its capitals ``TRUE`` name the class's number constant
(:func:`number_constant_said`); or another sentence says it is returned as bytes
(:func:`bytes_said_elsewhere`), or a ``String`` method writes out the count it claims
(:func:`count_written_out`), or another sentence gives the truth as the numbers 1 and 0
(:func:`truth_as_numbers`); read by :mod:`.prose_returns` for ``.java`` files only."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from docref.segments import Segment

__all__ = [
    "bytes_said_elsewhere",
    "count_written_out",
    "number_constant_said",
    "returned_after",
    "said_as_array",
    "said_keyed",
    "said_with_another",
    "said_with_value_field",
    "truth_as_numbers",
]

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


# what is listed is the mapping's values, named by their type ("@return list of {@link
# CommandInfo}" on Jedis' ``Map<String, CommandInfo> commandInfo``, "@return A list of filters"
# on Pebble's ``Map<String, Filter> getFilters``, round 85j): "list" is the loose word for them
_OF_ITEMS = re.compile(
    r"^\s+(?:of\s+)?(?:(?:the|all|its)\s+)?(?P<words>[A-Za-z][\w-]*(?:\s+[A-Za-z]\w*)?)"
)
_MAP_VALUE = re.compile(r"(?:\b|^)\w*Map\s*<.*,\s*(?:[\w.]+\.)?(?P<value>[A-Za-z]\w*)\s*>\s*$")


def said_keyed(claim: str, rest: str, kinds: set[str], returns: str | None = None) -> bool:
    """A list claim said of a mapping whose sentence goes on to say the value is keyed, that
    the things listed are the mapping's entries, or names them by the type of its values."""
    if claim != "list" or kinds != {"dict"}:
        return False
    if _KEYED.search(rest) is not None or _OF_ENTRIES.match(rest) is not None:
        return True
    listed = _OF_ITEMS.match(rest)
    value = _MAP_VALUE.search(returns or "")
    if listed is None or value is None:
        return False
    # the noun, maybe after one adjective ("list of custom filters")
    value_type = value["value"].lower()
    named = {value_type, f"{value_type}s", f"{value_type}es"}
    return any(word.lower() in named for word in listed["words"].split())


# "a list of updated paths and smudgeFilterCommands": two things listed, the second a name
_OF_TWO = re.compile(
    r"^\s+(?:of\s+)?(?:(?:the|all|its)\s+)?(?:[a-z]+\s+)?[a-z]+s\s+and\s+(?:(?:the|their|its)\s+)?"
    r"(?P<second>[A-Za-z]\w*)"
)


def said_with_value_field(
    claim: str, rest: str, kinds: set[str], returns: str | None, fields: Callable[[str], set[str]]
) -> bool:
    """A list claim of "As and Bs" said of a mapping whose value class (``fields`` gives the
    fields of a class the file declares) has a field B: each A keyed to the value holding its
    B, as JGit's "a list of updated paths and smudgeFilterCommands" on ``Map<String,
    CheckoutMetadata>``, whose nested ``CheckoutMetadata`` has ``smudgeFilterCommand`` (round
    95j).  A second noun the value class does not hold leaves the claim judged."""
    if claim != "list" or kinds != {"dict"}:
        return False
    pair = _OF_TWO.match(rest)
    value = _MAP_VALUE.search(returns or "")
    if pair is None or value is None:
        return False
    second = pair["second"]
    held = fields(value["value"])
    return second in held or (second.endswith("s") and second[:-1] in held)


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


# "Get the SQL string and bindings" (Querydsl's ``List<SQLBindings> getSQL()``, round 85j): a
# second thing named beside the first, no verb between, makes the value what holds the two
_AND_ANOTHER = re.compile(r"^\s+and\s+(?:(?:its|their|the)\s+)?[a-z]+s\s*(?:[.;,:)]|$)")


def said_with_another(rest: str) -> bool:
    """A claim whose sentence names another thing returned with it ("the string and
    bindings"): the value is what holds both, not the first thing alone."""
    return _AND_ANOTHER.match(rest) is not None


# "Returns TRUE if the given vertexId can be an interior vertex" on ``int isInterior`` (S2's
# ``S2Builder``, round 81j), whose class declares ``private static final int TRUE = 1;``: the
# capitals name the number constant the method returns, not the boolean literal
_CAPS_BOOL = re.compile(r"\b(?:TRUE|FALSE)\b")


def number_constant_said(said: str, source: str) -> bool:
    """A boolean claim written in capitals (``TRUE``) that names a number constant the file
    declares (``static final int TRUE = 1;``)."""
    word = _CAPS_BOOL.search(said)
    if word is None:
        return False
    declared = rf"\bfinal\s+(?:int|long|short|byte)\s+{word.group(0)}\s*="
    return re.search(declared, source) is not None


# "Same as #getDisplayString() but returns the result as byte[]." over "@return the allele
# string representation" (htsjdk's ``byte[] getDisplayBases()``, round 95j): the docstring
# says in another sentence that the text comes back as its bytes
_RETURNED_AS_BYTES = re.compile(
    r"\breturns?\b[^.;]*?\bas\s+(?:an?\s+)?(?:byte\s*\[\s*\]|byte[- ]arrays?|bytes)(?![\w-])", re.I
)


def bytes_said_elsewhere(segments: Sequence[Segment], claimed: Segment) -> bool:
    """Whether one of the docstring's *segments* other than the *claimed* one says the value is
    returned as bytes: a string claim on a ``byte[]`` then names the text they encode."""
    return any(_RETURNED_AS_BYTES.search(s.text) for s in segments if s is not claimed)


# "@return The number of features." on Tribuo's shell command ``String numFeatures(ci)``, whose
# body is ``return "" + model.getFeatureIDMap().size();`` (round 89j): the count, written out
_RETURNED = re.compile(r"\breturn\b\s*([^;]*);")
_WRITTEN_OUT = re.compile(
    r'^(?:""\s*\+.+|.+\+\s*""|String\.valueOf\(.+\)'
    r"|(?:java\.lang\.)?(?:Integer|Long|Short|Byte)\.toString\(.+\))$",
    re.S,
)


def count_written_out(claim: str, body: str, declared: str | None) -> bool:
    """Whether a count claim said of a ``String`` method names what every ``return`` of its
    *body* writes out as text (``"" + size()``, ``String.valueOf(n)``)."""
    if claim != "int" or (declared or "").strip() not in ("String", "java.lang.String"):
        return False
    returned = [found[1].strip() for found in _RETURNED.finditer(body)]
    return bool(returned) and all(_WRITTEN_OUT.match(value) for value in returned)


# "Returns true if two given objects intersect" over "@return 1 of objects intersect otherwise
# 0." on ode4j's ``int ccdMPRIntersect`` (a port of C's libccd, round 98j): the docstring itself
# spells the truth as the numbers the method returns
_ONE_OR_ZERO = re.compile(
    r"\b(?P<a>[01])\s+(?:if|when|of|for)\b[^.;]*?\b(?:otherwise|else)\b[\s,]*(?P<b>[01])\b",
    re.I,
)
_INTEGRAL = frozenset({"int", "long", "short", "byte"})


def truth_as_numbers(
    claim: str, segments: Sequence[Segment], claimed: Segment, declared: str | None
) -> bool:
    """Whether a boolean claim said of an integral method has another of the docstring's
    *segments* give its truth as 1 and 0 ("1 if they intersect, otherwise 0")."""
    if claim != "bool" or (declared or "").strip() not in _INTEGRAL:
        return False
    for segment in segments:
        said = _ONE_OR_ZERO.search(segment.text) if segment is not claimed else None
        if said is not None and said["a"] != said["b"]:
            return True
    return False
