"""C2 rule for Javadoc: ``@return`` text that names a type other than the declared one.

``C2-JAVADOC-RETURN-TYPE`` reads only explicit type phrases in the ``@return`` text — "as a
double", "as long", "an int value", "the boolean result" — and only the primitive, boxed and
``String`` types.  It fires when the declared return
type is also one of those and differs after unboxing (``int`` ≡ ``Integer``).  Anything else
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
# Only phrases that can only mean a type: "as a double", "as long", "an int value",
# "the boolean result". A bare "the long description" is English, not a type.
_PHRASE = re.compile(
    rf"\bas\s+(?:an?\s+)?(?P<type>{_WORDS})\b(?!\s*(?:\[|<|\.\w|-))"
    rf"|^(?:an?\s+|the\s+)?(?P<type2>{_WORDS})\s+(?:value|number|result|primitive)\b",
    re.IGNORECASE,
)
_TAG = re.compile(r"^@return\s+")


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
        match = _PHRASE.search(text)
        if match is None or match.start() > 40:  # only an explicit phrase near the start
            continue
        said = _UNBOXED[(match.group("type") or match.group("type2")).lower()]
        if said == declared:
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
