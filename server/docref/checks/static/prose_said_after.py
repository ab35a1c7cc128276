"""What the words after a prose kind claim say of the value's form: an "as <kind>" phrase
(``said_as``: "The URL query string, as raw bytes"), a collection "per key" of a mapping
(``said_per_key``), a plural noun's items converted ("properties as bytes",
``items_converted``), a protocol's string told apart from Python's (``another_string``), a
string parsed into a mapping (``parsed_into_a_mapping``).  Split from
:mod:`.prose_claim_kinds` (session 35), which names the kinds the claims say."""

from __future__ import annotations

import re

__all__ = [
    "KIND_WORDS",
    "another_string",
    "items_converted",
    "parsed_into_a_mapping",
    "said_as",
    "said_per_key",
]


KIND_WORDS = {
    "str": r"str|string|String",
    # Java's raw bytes: "@return the string as a byte-array" on ``byte[]`` (sshj's
    # ``readStringAsBytes``, round 81j)
    "bytes": r"bytes|byte[- ]arrays?|byte\[\]",
    "bool": r"bool|boolean",
    "int": r"int|integer|long|short",
    "float": r"float|double",
    "list": r"list",
    "tuple": r"tuple",
    # Java's word for it: "@return the map of possible token types" on a ``HashMap``
    "dict": r"dict|dictionary|map|Map|mapping",
}


# the items written out as text: "List of VTK error events formatted as runtime errors" (round
# 14, pyvista, on ``-> str``: a newline-joined message), "the names, joined by commas"
_WRITTEN_OUT = re.compile(
    r"\b(?:formatted|joined|concatenated|separated|delimited|serialized|serialised|rendered)"
    r"\s+(?:as|by|with|into|in|to)\b",
    re.I,
)


_CONVERSIONS = r"(?:encoded|decoded|converted|seriali[sz]ed|cast|turned|transformed)"


def said_as(rest: str, kinds: set[str]) -> bool:
    """The sentence goes on to say the value comes "as" a kind the code returns ("The URL query
    string, as raw bytes, ...", round 19, httpx, on ``-> bytes``): the first noun names what
    the value is about, the "as" phrase its representation; or, for text the code returns, that
    the items are written out ("formatted as ...", "joined by ...")."""
    if kinds - {"None"} and kinds - {"None"} <= {"str", "bytes"} and _WRITTEN_OUT.search(rest):
        return True
    words = "|".join(KIND_WORDS[k] for k in kinds if k in KIND_WORDS)
    if not words:
        return False
    # "as bytes", and a participle of conversion with its target: "The input string encoded to
    # bytes." on ``-> bytes`` (round 45, robotframework): the string was the input
    pattern = (
        rf"(?<![\w-])(?:as|{_CONVERSIONS}\s+(?:in)?to)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?"
        rf"(?:{words})(?![\w-])"
    )
    return re.search(pattern, rest) is not None


# "a list of multiple values per header" (jsoup's ``multiHeaders``, round 23): one list for
# each key, so a mapping from the keys to lists
_PER_KEY = re.compile(r"\b(?:per|for\s+(?:each|every))\s+(?!(?:cent|se)\b)\w+", re.I)


def said_per_key(claim: str, rest: str, kinds: set[str]) -> bool:
    """A list or set claim "of ... per <key>" said of a mapping the code returns: the
    collection is each key's value, the mapping the keys' index of them."""
    return claim in ("list", "set") and "dict" in kinds and _PER_KEY.search(rest) is not None


# the last word before a conversion's "as": a plural noun ("properties", "values", "entries";
# not "class", "status", "bytes", "this"), the "as" maybe in parentheses ("Returns the
# patterns (as String) specified ..." on Thymeleaf's ``Set<String>`` getters, round 85j)
_PLURAL_BEFORE_AS = re.compile(r"\b[A-Za-z]+(?<![su])(?<!bytes)s\s*[,(]?\s*$")
_SCALARS = frozenset({"str", "bytes", "int", "float", "bool"})


def items_converted(claim: str, said: str, before: str, kinds: set[str]) -> bool:
    """A scalar conversion (``said``, with no article) of a plural noun ("Return properties
    as bytes", round 30, zeroconf, on ``dict[bytes, bytes | None]``) when the code returns a
    container: each item comes as that kind, not the whole value ("Return the header as
    bytes", and "the names as a string", one string made of them, stay claims)."""
    if claim not in _SCALARS or not kinds & {"list", "dict", "set", "tuple"}:
        return False
    bare = re.match(r"as\s+(?!an?\s)", said.strip()) is not None
    return bare and _PLURAL_BEFORE_AS.search(before) is not None


# Python's own string named in the sentence ("... of the given python string")
_PYTHON_STRING = re.compile(r"\b(?:python|unicode|native)\s+(?:string|str)s?\b", re.I)
_PYTHON_WORDS = frozenset({"python", "unicode", "native", "python's"})


def another_string(claim: str, said: str, rest: str) -> bool:
    """Whether a string claim with a qualifier ("the OSC string") goes on to name a Python
    string as another thing ("Returns the OSC string equivalent of the given python
    string", python-osc's ``write_string -> bytes``, round 91): the qualifier names a
    protocol's string, the sentence tells it apart from ``str``.  "the python string
    equivalent of the given OSC string", or an unqualified "the string", stays a claim."""
    words = said.lower().split()
    qualifier = set(words[1:-1])
    if claim != "str" or not qualifier or qualifier & _PYTHON_WORDS:
        return False
    return _PYTHON_STRING.search(rest) is not None


def parsed_into_a_mapping(claim: str, said: str, kinds: set[str]) -> bool:
    """Whether "the parsed query string" is said of a mapping (mocket's ``querystring ->
    dict``, round 91): what parsing the string made, its keys and values.  Of a list ("the
    parsed String" for a ``String[]``, round 58j's control) or without "parsed" it stays a
    string claim."""
    parsed = re.search(r"\b(?:parsed|decoded)\b", said, re.I) is not None
    return claim == "str" and parsed and kinds - {"None"} == {"dict"}
