"""C2 rule for Javadoc: ``@return`` text that names a type other than the declared one.

``C2-JAVADOC-RETURN-TYPE`` reads only explicit type phrases in the ``@return`` text — "as a
double", "as long", "an int value", "the boolean result" — and only the primitive, boxed and
``String`` types.  It fires when the declared return
type is also one of those and differs after unboxing (``int`` ≡ ``Integer``).  A conversion
clause names the value's final type ("the double value of this object converted to type
short", "the value of this Long as an int"), so when there is one it decides, not the first
type word: the text agrees when any conversion target is the declared type.  A character
or a byte returned in an ``int`` agrees too: Java's idiom for a code point, a byte or a ``-1``
sentinel (``Reader.read``, ``codePointAt``, ``InputStream.read``), and the lower-case word
"integer" is any whole number, a ``long``'s too.  A purpose clause ("the token to parse as
Integer") names what a caller will make of the value, not what is returned; a boolean's
"true if it can be converted to a Byte" names the condition's type, and "as long as" is a
conjunction.  Anything else
(a class name, a collection, prose like "the number of items") is not judged: precision first.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.core.findings import Criterion, Finding

RULE_JAVADOC_RETURN_TYPE = "C2-JAVADOC-RETURN-TYPE"

_UNBOXED = {
    "int": "int",
    "integer": "int",
    "long": "long",
    "double": "double",
    "float": "float",
    "boolean": "boolean",
    "char": "char",
    "character": "char",
    "byte": "byte",
    "short": "short",
    "string": "String",
}
# Declared types are case-sensitive Java names; ``Integer`` and ``int`` are both accepted.
_DECLARED = {
    "int": "int",
    "Integer": "int",
    "long": "long",
    "Long": "long",
    "double": "double",
    "Double": "double",
    "float": "float",
    "Float": "float",
    "boolean": "boolean",
    "Boolean": "boolean",
    "char": "char",
    "Character": "char",
    "byte": "byte",
    "Byte": "byte",
    "short": "short",
    "Short": "short",
    "String": "String",
    "java.lang.String": "String",
}
_WORDS = "|".join(sorted(_UNBOXED, key=len, reverse=True))
# what a type word may not be followed by: an array/generic/member (``int[]``, ``Long.MAX``, a
# Javadoc member reference: "the same value as {@link Boolean#hashCode()}" on ``int``, JJWT's
# ``Objects.hashCode`` overloads, round 81j, compare with another method's value), or a
# noun it is an adjective of -- a toLongString's "this resource formatted as a long String", POI's
# "quotes ... converted to double single quotes" (a count of characters, round 70j)
_NOT_TYPE = (
    r"(?!\s*(?:\[|<|\.\w|-|#)"
    r"|\s+(?:string|text|description|name|list|array|sequence|quote|single|space|spacing)s?\b"
    # "as long as the stream is open", "true as long there are unread fields" (Commons
    # Imaging's hasNext, round 78j): the conjunction, a clause after it
    r"|(?<=\blong)\s+(?:as|there|it|this|that|the|an?|we|you|they|its|no|any)\b)"
)
# Only phrases that can only mean a type (:mod:`.prose_returns` leaves a Javadoc @return
# saying one to C2-JAVADOC-RETURN-TYPE): "as a double", "as long", "an int value",
# "the boolean result". A bare "the long description" is English, not a type.
TYPE_PHRASE = re.compile(
    rf"\bas\s+(?:an?\s+)?(?P<type>{_WORDS})\b{_NOT_TYPE}"
    rf"|^(?:an?\s+|the\s+)?(?P<type2>{_WORDS})\s+(?:value|number|result|primitive)\b",
    re.IGNORECASE,
)
# A conversion's target: "converted to type short", "cast to an int", "as a long", "in int".
_CONVERSION = re.compile(
    rf"\b(?:(?P<verb>converted|cast|narrowed|widened|coerced|truncated)\s+(?:in)?to"
    rf"(?:\s+(?:the|an?))?(?:\s+primitive)?(?:\s+type)?"
    rf"|(?<!such )as(?:\s+(?:an?|the))?(?:\s+primitive)?|in(?:\s+(?:an?))?)"
    rf"\s+(?P<type>{_WORDS})\b{_NOT_TYPE}",
    re.IGNORECASE,
)
# "the byte value in a printable string form" (Chronicle Bytes' ``String printable``, round
# 85j): the form the value is written in is the type that comes back
_IN_FORM = re.compile(
    rf"\bin\s+(?:an?\s+|its\s+|the\s+)?(?:[\w-]+\s+){{0,2}}?(?P<type>{_WORDS})\s+"
    r"(?:form|format|representation)\b",
    re.IGNORECASE,
)
_TAG = re.compile(r"^@return\s+")
# "true if the value can be converted to a Byte" (Commons Validator's isByte..isShort, round
# 78j): a boolean's @return opening with its value states a condition after it, whose type
# words are the condition's
_BOOLEAN_VALUE = re.compile(r"^(?:\{@code\s+|<code>)?(?:true|false)\b|^whether\b", re.I)
# "the token to parse as Integer", "to be read as a long": the type a caller will make of the
# value, not the type returned (SAMBox's readIntegerNumber/readNumber on String, round 74j);
# "parsed as an int" (done already) stays a claim
_PURPOSE = re.compile(
    r"\bto\s+(?:be\s+)?(?:parse|parsed|read|interpret|interpreted|treat|treated)\s+$",
    re.IGNORECASE,
)


def _claims(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """``pattern``'s matches in ``text`` that are not a later use's type ("to parse as")."""
    return [m for m in pattern.finditer(text) if not _PURPOSE.search(text[: m.start()])]


def _said(text: str, declared: str) -> re.Match[str] | None:
    """The phrase naming a type other than ``declared``, or None when the text agrees."""
    if any(_UNBOXED[m["type"].lower()] == declared for m in _IN_FORM.finditer(text)):
        return None  # "the byte value in a printable string form" of a String
    conversions = _claims(_CONVERSION, text)
    if any(_UNBOXED[m.group("type").lower()] == declared for m in conversions):
        return None  # "the double value ... converted to type short": the target decides
    # "in int" only ever agrees: "stored in long form" is English, not a claim
    reporting = [m for m in conversions if not m.group(0).lower().startswith("in")]
    phrases = _claims(TYPE_PHRASE, text)
    match = reporting[-1] if reporting else (phrases[0] if phrases else None)
    if match is None or (match.start() > 40 and not match.groupdict().get("verb")):
        return None  # an explicit phrase near the start, or an explicit conversion verb
    word = match.group("type") or match.groupdict().get("type2") or ""
    said = _UNBOXED[word.lower()]
    if word == "integer" and declared in ("long", "short", "byte"):
        # lower-case "integer" is the English word for a whole number, which every integral
        # type holds ("@return The integer value." on ``long getLong``); ``Integer`` and
        # ``int`` name Java's 32-bit type and stay judged
        return None
    if (said, declared) in (("char", "int"), ("byte", "int")):
        # Java returns a character or a byte in an int: a code point, an unsigned byte
        # (``InputStream.read``), or -1 for none; httpcore's ``byteAt`` (round 26)
        return None
    return None if said == declared else match


def c2_javadoc_return_type(inp: StaticInput) -> list[Finding]:
    """A Javadoc ``@return`` that names a primitive/boxed/String type the method does not return."""
    fn = inp.function
    if inp.file.language != "java" or not fn.returns:
        return []
    declared = _DECLARED.get(fn.returns.strip())
    if declared is None:
        return []
    out: list[Finding] = []
    for seg in inp.docstring.segments:
        if seg.kind != "returns":
            continue
        text = _TAG.sub("", seg.text).strip()
        if declared == "boolean" and _BOOLEAN_VALUE.match(text):
            continue
        match = _said(text, declared)
        if match is None:
            continue
        out.append(
            inp.finding(
                seg,
                Criterion.C2,
                RULE_JAVADOC_RETURN_TYPE,
                f'says it returns "{match.group(0).strip()}", but {fn.name}() is declared '
                f"to return {fn.returns}",
                f"the declared return type is {fn.returns}",
            )
        )
    return out
