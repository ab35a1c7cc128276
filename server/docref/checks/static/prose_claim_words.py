"""The kinds a return claim names in words only a claim gives them (split from
:mod:`.prose_return_claims`, session 36): a builtin type word in code markup (also opening
the claim with no article, "`dict` with ... fields"), "a boolean ...", "an integer ...", "a
set of ...", and an untyped Returns entry's appositive ("the share of failures, a float in
``[0, 1]``")."""

from __future__ import annotations

import re

from docref.checks.static.prose_claim_kinds import claimed_kind

__all__ = ["appositive", "scalar_or_set"]


# a builtin type word in code markup is the word ("a `str` naming ...", "a :class:`list` of")
_TYPE_MARKUP = re.compile(
    r"(?::(?:py:)?(?:class|obj|data):)?(`{1,2})~?(?:builtins\.)?"
    r"(?P<w>str|int|list|dict|tuple|bool|bytes|set)\1"
)
# the scalar in words ("a boolean indicating ...", "an integer giving ..."; not "a boolean
# mask", "an integer array", "an integer or None") and "a set of" (session 15 prose probe)
# (nor an adjective coordinated before the noun that is the claim: "the integer and fraction
# rational string representation" on big-math's ``String toIntegerRationalString``, round 81j;
# nor a container of the scalars: "a float buffer of predefined length" on TarsosDSP's
# ``float[] generateDTMFTone``, round 98j)
_NOT_THE_SCALAR = (
    r"(?!\s*(?:[-/,]|or\b|(?:array|buffer|mask|index|indexer|series|tensor|matrix|vector|list|tuple"
    r"|sequence|dtype|type|value)s?\b|values?\s+of"
    r"|and\s+[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:string|text|representation)s?\b))"
)
_SCALARS_SAID = (
    ("bool", re.compile(rf"^(?:an?|the)\s+(?:bool|boolean)\b{_NOT_THE_SCALAR}", re.I)),
    ("int", re.compile(rf"^(?:an?|the)\s+(?:int|integer)\b{_NOT_THE_SCALAR}", re.I)),
    # "a float between 0 and 1", "a floating-point number" (session 16 prose probe)
    ("float", re.compile(rf"^an?\s+(?:float|floating[- ]point\s+number)\b{_NOT_THE_SCALAR}", re.I)),
    # "a set of bytes" counts out the bytes a bytes object is made of, as "some bytes" would
    # (music21's ``getBytes -> bytes``, round 38): the kind said is bytes (str for characters)
    ("bytes", re.compile(r"^an?\s+set\s+of\s+bytes\b(?!\s+(?:objects?|strings?|values?)\b)", re.I)),
    ("str", re.compile(r"^an?\s+set\s+of\s+characters\b", re.I)),
    # (not "a set of credit card details": the parts of one thing, which a text may hold --
    # faker's ``credit_card_full -> str``, round 45)
    (
        "set",
        re.compile(
            r"^(?:an?|the)\s+(?:new\s+)?(?:set|frozenset)\s+(?:of|with)\b"
            r"(?!(?:\s+[\w-]+){0,3}?\s+(?:details|information|info|instructions)\b)",
            re.I,
        ),
    ),
)


# a builtin's name in code markup opening the claim, then what the value holds or nothing
# ("`dict` with "path" and "bytes" fields", datasets' ``encode_example``; session 36 recall):
# the type, with no article (not "`str` or `bytes`": one of two)
_MARKED_HEAD = re.compile(
    r"^(?::(?:py:)?(?:class|obj|data):)?(`{1,2})~?(?:builtins\.)?"
    r"(?P<w>str|int|list|dict|tuple|bool|bytes|set)\1"
    r"(?=\s+(?:with|of|from|mapping|containing|holding|keyed|whose|where)\b|\s*\.?\s*$)"
)


def scalar_or_set(text: str) -> tuple[str, re.Match[str]] | None:
    """The kinds :func:`.claimed_kind` leaves to the return claims alone: a type word in code
    markup, "a boolean ...", "an integer ...", "a set of ..."."""
    plain = _TYPE_MARKUP.sub(lambda m: m["w"], text)
    if plain != text:
        found = claimed_kind(plain)
        if found is not None:
            return found
        head = _MARKED_HEAD.match(text)
        if head is not None:
            return head["w"], head
    for kind, pattern in _SCALARS_SAID:
        match = pattern.match(plain)
        if match is not None:
            return kind, match
    return None


# a Returns entry naming the value, then its kind after a comma ("the share of failures, a
# float in ``[0, 1]``", session 16 prose probe): the kind is the appositive's (not after a
# clause: "if the queue is empty, a string naming ...")
_APPOSITIVE = re.compile(
    r"^(?!(?:if|when|whenever|unless|while|where|once|because|since|after|before|otherwise"
    r"|on|for|in\s+case)\b)[^,;:()]{3,60},\s+"
    r"(?=an?\s+(?:float|int|integer|bool|boolean|string|str|list|dict|dictionary|tuple|set)\b)",
    re.I,
)


def appositive(text: str) -> tuple[str, re.Match[str]] | None:
    """The kind an untyped Returns entry names in an appositive after the value's noun."""
    lead = _APPOSITIVE.match(text)
    if lead is None:
        return None
    rest = text[lead.end() :]
    found = claimed_kind(rest) or scalar_or_set(rest)
    if found is None:
        return None
    # the words found, matched again in the whole entry: its judges read what follows them
    kind, words = found
    again = re.compile(re.escape(words.group(0))).match(text, lead.end() + words.start())
    return None if again is None else (kind, again)
