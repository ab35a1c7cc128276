"""The kind a prose claim converts its value to or names as a whole: "the header value as an
int", "the response as tuple", ``:return: list`` (``C2-PROSE-RETURN-TYPE`` and
``C2-PROSE-PARAM-TYPE``; session 8)."""

from __future__ import annotations

import re

__all__ = ["CONVERSION_KINDS", "WORD_KINDS", "conversion_kind", "parsed_into"]

# a noun a container or flag word before it only qualifies: "the name as a list name" is a
# name (session 15 prose probe), "a dict key" a key; a string or an int before one stays
# what it is ("as a string name", "as an int index")
_MODIFIED = re.compile(
    r"\s+(?:name|key|id|identifier|label|index|column|field|attribute|prefix|suffix|token"
    r"|type|kind|flag|option|setting|literal|constant|variable|argument|parameter)s?\b",
    re.I,
)
_CONTAINERS = frozenset({"list", "tuple", "dict", "bool", "bytes", "set"})
_CONTAINER_AFTER = re.compile(
    r"\s+(?:array|list|set|map|dict|dictionary|tuple|sequence|collection|vector|matrix"
    r"|table|pair|iterator|iterable|stream)s?\b",
    re.I,
)
# a conversion the sentence names ("the header value as an int", "the response as tuple"):
# what the value is turned into, in the sentence's first clause; not "such as a list" or
# "as well as a string" (examples, additions), not "as a list-like"/"as a string or bytes",
# nor a Java array of the kind ("represented as a <code>String[]</code> array"), nor a member
# of the type ("Return the same value as {@link Float#hashCode()}", round 58j's Spring
# ``ObjectUtils.hashCode(float)``: Float's hash code, an int; ``int.from_bytes`` alike)
_AS_KIND = re.compile(
    r"(?<!such )(?<!well )\bas\s+(?:an?\s+)?(?:(?:new|single|plain|python)\s+)?"
    r"(?P<k>int|integer|float|string|str|bytes|bool|boolean|list|tuple|dict|dictionary|set)\b"
    # "set" before a preposition is the verb: "The permission bits as set by ``chmod``"
    # (pyfakefs ``create_dir``; the rule failed on it, docref exit 2)
    r"(?!(?<=\bas\sset)\s+(?:by|in|on|to|from|via|with|at|for|during|through|using|when)\b)"
    r"(?![-'(]|[#.]\w|\s*\[\]|\s+(?:of\s+bytes|representation\s+of)\b|\s*,?\s*or\b"
    # (another kind as the alternative; "or ``None`` when empty" is the value's absence, the
    # kind claimed stays: session 31 prose probe, "This returns the priority as a string, or
    # ``None`` when empty" on ``-> int | None``)
    r"(?!\s+[`*]*none\b))",
    re.I,
)
# a clause of its own before the phrase: it describes something else ("similar to
# `list.count` if the Header is treated as a list of keywords", "stored as a string")
_AS_ELSEWHERE = re.compile(
    r"\b(?:if|when|whenever|where|unless|while|because|since|similar|like|treated|viewed|seen"
    r"|regarded|considered|interpreted|parsed|passed|stored|encoded|decoded|read"
    # "given" after a determiner is an adjective, no clause of its own: "Returns all values
    # for the given header as a list" (tornado's ``HTTPHeaders.get_list``, session 31 recall)
    r"|(?<!\bthe\s)(?<!\ba\s)(?<!\bany\s)(?<!\beach\s)(?<!\bevery\s)given)\b",
    re.I,
)
# a claim that opens with a kind names the value itself: "String as an integer ID" is a
# string holding an integer (mlflow's ``create_experiment -> str``); "the list as a tuple"
# converts the list
_KIND_FIRST = re.compile(
    r"^\s*(?:an?\s+)?`{0,2}(int|integer|string|str|bytes|bool|boolean|list|tuple|dict|dictionary)\b",
    re.I,
)
# the kind a long type word names (a short one, ``int``, names itself)
WORD_KINDS = {"integer": "int", "string": "str", "boolean": "bool", "dictionary": "dict"}
# every kind ``conversion_kind`` can return: the rules' messages have a shown form for each
# (a kind the tables lacked made C2-PROSE-PARAM-TYPE fail with KeyError twice: "float" in
# session 16, "set" in session 33)
CONVERSION_KINDS = frozenset(
    {"int", "float", "str", "bytes", "bool", "list", "tuple", "dict", "set"}
)
# the whole claim is a type word (reST ``:return: list``, ``:returns: a :class:`list```)
_BARE = re.compile(
    r"^(?:an?\s+)?(?::(?:py:)?(?:class|obj):)?`{0,2}~?(?:builtins\.)?"
    r"(?P<k>int|str|bytes|bool|list|tuple|dict)`{0,2}\.?\s*$",
    re.I,
)


def conversion_kind(text: str) -> tuple[str, re.Match[str]] | None:
    """The kind ``text`` says its value is converted to or is, as a whole ("... as an int",
    ``list``); ``None`` when it names none or another alternative follows (see above)."""
    bare = _BARE.match(text)
    if bare is not None:
        return bare["k"].lower(), bare
    clause = re.split(r"[.;:](?:\s|$)", text, maxsplit=1)[0]
    match = _AS_KIND.search(clause)
    if match is None or _AS_ELSEWHERE.search(clause, 0, match.start()):
        return None
    word = match["k"].lower()
    kind = WORD_KINDS.get(word, word)
    if kind in _CONTAINERS and _MODIFIED.match(clause, match.end()):
        return None
    if _CONTAINER_AFTER.match(clause, match.end()):
        return None  # "as a string array" (JDK ``Descriptor.getFields``): the array's items
    first = _KIND_FIRST.match(clause)
    if first is not None and first.end() <= match.start():
        named = first[1].lower()
        if WORD_KINDS.get(named, named) != kind:
            return None  # "String as an integer ID": the string is the value
    return kind, match


# a participle clause saying what the value named was parsed into: "Gets a string from an
# object for the given key, parsed as a duration" (grpc-java's ``Long getStringAsDuration``,
# round 107j) returns the duration -- the string is what was parsed; not "a string to be parsed
# as JSON" (no comma clause: the string comes back, to be parsed later)
_PARSED = re.compile(
    r",\s*(?:and\s+|then\s+)?parsed\s+(?:as|into)\s+(?:an?\s+)?(?P<k>[A-Za-z][\w-]*)",
    re.I,
)


def parsed_into(text: str, start: int) -> str | None:
    """What ``text`` says, after ``start`` and in the same clause, that its value was parsed
    into: a kind (``int``, ``str``...) or the noun itself ("duration"); ``None`` if it says
    nothing was parsed."""
    clause = re.split(r"[.;:](?:\s|$)", text[start:], maxsplit=1)[0]
    match = _PARSED.search(text, start, start + len(clause))
    if match is None:
        return None
    word = match["k"].lower()
    return WORD_KINDS.get(word, word)
