"""Where a docstring claims what kind of value comes back, and which kind
(:mod:`.prose_returns` judges the claims against the code).

A claim is the text after the verb of a summary "Return(s) ..." / "Get(s) ..." (and the
summaries that make or ask: "Computes a ...", "Tells whether ..."), a noun-phrase summary
("Tuple of two ..."), an untyped Returns entry, a body sentence whose subject is the function
("It returns a ..."), or a Javadoc comment's first sentence.  The kind is read by
:func:`.claimed_kind`, then the words only a return claim gives a kind (a type word in code
markup, "a boolean ...", "an integer ...", "a set of ..."), then a conversion
(:func:`.conversion_kind`).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.java_body import returns_named_constants
from docref.checks.static.prose_claim_kinds import BOOL_ALT, OTHERWISE, claimed_kind
from docref.checks.static.prose_conversions import conversion_kind
from docref.checks.static.types_common import annotation_in, doc_type, incompatible, type_scope
from docref.segments import Segment

__all__ = ["Claim", "entry_text", "kinds_claimed", "says_it_returns_none"]

# a return claim: its segment, its text after the verb/field, the kind claimed with the match
# of the words that say it, and whether it holds only when the function returns a value
Claim = tuple[Segment, str, tuple[str, re.Match[str]], bool]

_VERB = re.compile(r"^(?:Returns?|Gets?)\s+", re.I)
# a summary saying the function makes the value ("Compute a dictionary of ...", "Builds the
# list of ...") or answers a question ("Tells whether ...", "Checks if ..."; session 15 prose
# probe): a return claim only on a function that returns something (not ``-> None``, which
# computes or decides for its side effect or its exception)
_MADE = re.compile(
    r"^(?:Computes?|Calculates?|Builds?|Creates?|Makes?|Constructs?|Produces?|Gives?"
    r"|Generates?)\s+(?=(?:an?|the)\s)",
    re.I,
)
# ("Check if ..." / "Tells if ..." on a JDK ``int`` method is a check that reports a position
# or a tri-state: only "whether", and no "check"; nor "Indicates whether", the summary of
# java.awt's tri-state ``int`` methods, ``Font.canDisplayUpTo``'s offset)
_ASKS = re.compile(r"^(?:Tells?|Determines?)\s+whether\s", re.I)
_RETURN_FIELD = re.compile(r"^(?::returns?:|@return\b|Returns?:)\s*", re.I)
# a sentence of the description whose subject is the documented function ("Returns a list of
# ...", "The function returns ...", "This method gives back ...", "It returns ..."; session
# 16 prose probe): a return statement as the summary's is, in the body of the docstring
_BODY_VERB = re.compile(
    r"^(?:(?:The|This)\s+(?:function|method|call)\s+|This\s+|It\s+)?"
    r"(?:Returns|gives\s+back)\s+(?=(?:an?|the)\s)",
    re.I,
)
# the same in the passive, with the kind as a conversion ("The paths are returned as a set",
# "It is returned as a list"; session 16 prose probe): the subject is the value itself (an
# article or pronoun opens the sentence, no clause or item of it: not "Each key is ...")
_PASSIVE = re.compile(
    r"^(?:The|This|These|It|They|Its|Their)\b[^,;:()]{0,60}?\s(?:is|are)\s+(?:always\s+)?"
    r"returned\s+(?=as\s)",
    re.I,
)


# a noun-phrase summary that goes on as a clause about its noun ("Tuple of AtomKeys is
# default repr string.", qcodes' "A data dict has two keys, ..." on an argument, round 57): the
# noun is the clause's subject, not what comes back
# (the verbs of having only with no conjunction before them: "True if setup has been run"
# is the claim's own condition)
_CLAUSE = re.compile(
    r"^[^,;:()]*?(?<!\bthat)(?<!\bwhich)(?<!\bwho)\s(?:is|are)\s+(?!returned\b)"
    r"|^(?:(?!\b(?:if|when|whether|unless|where|while|once|until|because|since|that|which|who)"
    r"\b)[^,;:()])*?\s(?:has|have|contains?|holds?|consists?)\s",
    re.I,
)


# "Get the help string for a single trait and print it." (round 28, traitlets, on ``-> None``):
# the sentence goes on to do something with what it gets, which is then no return value
# ("and return it" still returns it)
# ("Get a String from bytes ... and append to an {@link Appendable}", Agrona's ``int
# getStringAscii(index, appendable)``, round 81j: the thing got is handed to the target)
_CONSUMED = re.compile(
    r"\band\s+(?:then\s+)?(?!(?:return|yield|give)s?\b)[a-z]+\s+(?:(?:it|them)\b|(?:in)?to\s)",
    re.I,
)


_RETURNED = re.compile(r"\breturns?\b", re.I)  # "Get X and return it" says it comes back
# an assignment to an attribute of the object (``self.items = ...``, ``self.cache[k] = ...``,
# ``setattr(self, "items", ...)``)
_STORED = re.compile(r"^\s*(?:self\.\w+(?:\[[^\]\n]*\])?\s*=(?!=)|setattr\(\s*self\s*,)", re.M)


def _stores(inp: StaticInput) -> bool:
    """A Python method whose body assigns an attribute of its object: a summary "Get the list
    of collections." on it fetches them into the object (round 63, leafmap's
    ``get_pc_collections() -> None`` does ``setattr(self, "pc_collections", ...)``), a return
    claim only when a value comes back; one that only prints what it gets still claims it."""
    if inp.file.language == "java":
        return False
    span = inp.function.span
    body = inp.data[inp.function.header_span.end_byte : span.end_byte]
    return _STORED.search(body.decode("utf-8", "replace")) is not None


def _accessor(inp: StaticInput) -> bool:
    """A property's setter or deleter (``@name.setter``): its docstring describes the
    property, often the getter's copied (round 28, ansible-test's ``setup_executed``: "True if
    setup has been executed, otherwise False." over ``-> None``), never what it returns."""
    fn = inp.function
    marks = {d.split("(", 1)[0].strip() for d in fn.decorators}
    return bool(marks & {f"{fn.name}.setter", f"{fn.name}.deleter"})


# "Whether to show the bar ..." (round 86, superqt's ``setBarVisible(val: bool) -> None``, the
# getter's summary copied): an option's meaning, which a setter's flag carries in
_WHETHER_TO = re.compile(r"^whether\s+(?:or\s+not\s+)?to\s", re.I)
_BOOL_DEFAULTS = frozenset({"True", "False"})


def _sets_the_flag(inp: StaticInput, text: str) -> bool:
    """A noun-phrase summary "Whether to ..." on a function that takes a boolean parameter
    (annotated ``bool`` or defaulting to ``True``/``False``): the summary says what the flag
    passed in means, not what comes back.  With no such parameter ("Whether to show the bar"
    on ``barVisible(self) -> None``) it is still a return claim."""
    if _WHETHER_TO.match(text) is None:
        return False
    return any(
        (p.annotation or "").strip() == "bool" or (p.default or "").strip() in _BOOL_DEFAULTS
        for p in inp.function.params
        if p.kind not in ("vararg", "kwarg")
    )


def _claims(inp: StaticInput) -> list[tuple[Segment, str, bool]]:
    """The return claims of the docstring: the segment, its text after the verb/field, and
    whether it holds only when the function returns a value (:data:`_MADE`, :data:`_ASKS`,
    a "Get" of a method that stores, :func:`_stores`)."""
    java = inp.file.language == "java"
    out: list[tuple[Segment, str, bool]] = []
    if not java and _accessor(inp):
        return out
    # a typed Returns entry is C2-RETURN-TYPE's to judge, and says what the summary means
    typed = any(s.kind == "returns" and s.type for s in inp.docstring.segments)
    agreed = typed and _type_field_agrees(inp)
    tagged = java and _tag_says_the_number(inp)
    for seg in inp.docstring.segments:
        if seg.kind == "returns" and seg.type is None:
            if agreed:
                continue  # ":rtype: bytes or NoneType" agrees: "A timestamp string" is content
            text = _RETURN_FIELD.sub("", seg.text, count=1)
            out.append((seg, _VERB.sub("", text, count=1), False))
        elif typed:
            # an entry the annotation agrees with: a sentence of the description saying what
            # comes back is still judged below ("This method gives back a dictionary mapping
            # ..." over a ``list of float`` entry and annotation, session 16 prose probe: both
            # say the sentence is stale); the summary stays the entry's to explain
            if not agreed:
                continue
        elif seg.kind == "summary" or (java and seg.kind == "prose" and seg.section is None):
            verb = _VERB.match(seg.text)
            made = _MADE.match(seg.text) or _ASKS.match(seg.text)
            if verb is not None and seg.text[:1].isupper():
                if verb.group(0).lower().startswith("get") and _CONSUMED.search(seg.text):
                    continue  # "Get X and print it": what it gets is used, not returned
                if tagged and seg.text[verb.end() :].lower().startswith("whether "):
                    continue  # "Return whether or not ..." over "@return -1 if ...": as below
                get = verb.group(0).lower().startswith("get") and not _RETURNED.search(seg.text)
                out.append((seg, seg.text[verb.end() :], get and _stores(inp)))
            elif made is not None and seg.text[:1].isupper():
                asks = made.group(0).lower().endswith("whether ")
                if asks and tagged:
                    # "Determines whether ... represents the constructor" over "@return the
                    # descriptor_index ..., 0 if it is not": the tag says how the answer
                    # comes back (an index, 0 for no), and C2 judges the tag itself
                    continue
                rest = seg.text[made.end() :]
                out.append((seg, "whether " + rest if asks else rest, True))
            elif (
                seg.kind == "summary"
                and not java
                and not _CLAUSE.match(seg.text)
                and not _sets_the_flag(inp, seg.text)
            ):
                out.append((seg, seg.text, False))  # a noun-phrase summary ("Tuple of two ...")
        if seg.kind == "prose" and seg.section is None and seg.text[:1].isupper():
            body = _BODY_VERB.match(seg.text) or _PASSIVE.match(seg.text)
            if body is not None and (not java or _VERB.match(seg.text) is None):
                out.append((seg, seg.text[body.end() :], False))
    return out


# what an ``@return`` of a Java number says the answer is: a literal (0, -1), an index, a count
_NUMBER_SAID = re.compile(
    r"(?<![\w.])-?\d+(?!\w|\.\d)|(?<![a-z])(?:index|indices|position|offset|count|number"
    r"|constant)\b",
    re.I,
)
# (a double too: "Tells whether ..., and if so, how many times" over "@return &lt;= 0 means no
# uniqueness condition, &gt; 0 ..." on derby's ``uniqueJoinWithOuterTable``, round 54j)
_JAVA_NUMBERS = frozenset(
    {"int", "long", "short", "byte", "double", "float"}
    | {"Integer", "Long", "Short", "Double", "Float"}
)


def _tag_says_the_number(inp: StaticInput) -> bool:
    """A Java method declared to return a number whose ``@return`` says which number comes
    back (an ``isX`` whose tag says "the index of ..., 0 if it is not")."""
    if (inp.function.returns or "").strip() not in _JAVA_NUMBERS:
        return False
    tags = (s for s in inp.docstring.segments if s.kind == "returns")
    return any(_NUMBER_SAID.search(_RETURN_FIELD.sub("", s.text, count=1)) for s in tags)


# a sentence saying which number the method hands back: a named constant ("If doAfterBody
# returns EVAL_BODY_AGAIN, ...", "returns {@link #SKIP_BODY}") or the number type itself
# ("this always returns an Integer whose value is ...")
_RETURNS_THE_NUMBER = re.compile(
    r"\breturns?\s+(?:(?i:an?|the)\s+(?:int|Integer|integer|long|Long)\b"
    r"|(?:<code>|\{@(?:code|link|linkplain)\s+)?(?:[\w.]*[.#])?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b)"
)


# an ``@return`` naming the constants that come back ("@return One of the {@link
# #PRINT_NO_LABELS}, {@link #PRINT_EDGE_LABELS}, ...", round 58j's JGraphT
# ``GmlExporter.getPrintLabels`` under "Get whether to export the labels")
_TAG_NAMES_CONSTANT = re.compile(
    r"(?<![\w.#])(?:<code>|\{@(?:code|link|linkplain)\s+)?(?:[\w.]*[.#])?[A-Z][A-Z0-9]*"
    r"(?:_[A-Z0-9]+)+\b"
)


def _says_the_constant(inp: StaticInput, claim: Segment) -> bool:
    """Another sentence of a Java number method's docstring than ``claim`` says which number
    comes back (:data:`_RETURNS_THE_NUMBER`, or an ``@return`` naming constants:
    :data:`_TAG_NAMES_CONSTANT`), or the code returns named constants only: a
    "whether" answered by a constant of a protocol (a JSP tag's ``doAfterBody``: "@return
    whether additional evaluations of the body are desired" on ``int``, the body naming
    ``EVAL_BODY_AGAIN`` and ``SKIP_BODY``; a tri-state ``return Column.NULLABLE_UNKNOWN;``)."""
    if (inp.function.returns or "").strip() not in _JAVA_NUMBERS:
        return False
    if returns_named_constants(inp.data, inp.function):
        return True  # "@return whether NULL is allowed" over ``return Column.NULLABLE_UNKNOWN;``
    return any(
        s is not claim
        and (
            _RETURNS_THE_NUMBER.search(s.text)
            or (s.kind == "returns" and _TAG_NAMES_CONSTANT.search(s.text))
        )
        for s in inp.docstring.segments
    )


def _type_field_agrees(inp: StaticInput) -> bool:
    """A typed Returns entry (``:rtype:``) the return annotation does not contradict: the
    untyped text beside it describes the value's content (round 15, pyOpenSSL's
    ``get_notBefore``: ":return: A timestamp string, or None" with ``:rtype: bytes or
    NoneType`` for ``-> bytes | None``)."""
    fn = inp.function
    if not fn.returns or inp.file.language != "python":
        return False
    scope = type_scope(inp)
    annotation = annotation_in(fn.returns, scope)
    if annotation is None:
        return False
    for seg in inp.docstring.segments:
        if seg.kind == "returns" and seg.type:
            documented = doc_type(seg.type, scope)
            if documented is not None and not incompatible(inp, documented, annotation):
                return True
    return False


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


def _scalar_or_set(text: str) -> tuple[str, re.Match[str]] | None:
    """The kinds :func:`.claimed_kind` leaves to the return claims alone: a type word in code
    markup, "a boolean ...", "an integer ...", "a set of ..."."""
    plain = _TYPE_MARKUP.sub(lambda m: m["w"], text)
    if plain != text:
        found = claimed_kind(plain)
        if found is not None:
            return found
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


def _appositive(text: str) -> tuple[str, re.Match[str]] | None:
    """The kind an untyped Returns entry names in an appositive after the value's noun."""
    lead = _APPOSITIVE.match(text)
    if lead is None:
        return None
    rest = text[lead.end() :]
    found = claimed_kind(rest) or _scalar_or_set(rest)
    if found is None:
        return None
    # the words found, matched again in the whole entry: its judges read what follows them
    kind, words = found
    again = re.compile(re.escape(words.group(0))).match(text, lead.end() + words.start())
    return None if again is None else (kind, again)


def kinds_claimed(inp: StaticInput) -> list[Claim]:
    """The return claims of the docstring that name a kind: the segment, its text after the
    verb/field, the kind with the words that say it, and whether the claim holds only when the
    function returns a value.  A claim naming one alternative among others ("True if ...,
    otherwise the count") is left out."""
    claims: list[Claim] = []
    java = inp.file.language == "java"
    for seg, text, made in _claims(inp):
        found = claimed_kind(text)
        stated = any(p.match(seg.text) is not None for p in (_VERB, _BODY_VERB, _PASSIVE))
        verbed = seg.kind == "returns" or stated or made
        if found is None and verbed:
            # not in a noun-phrase summary: "The set of names may have changed." (docref)
            found = _scalar_or_set(text)
        if found is None and (seg.kind == "returns" or stated):
            found = conversion_kind(text)
        if found is None and seg.kind == "returns":
            found = _appositive(text)
        rest = BOOL_ALT.sub(" ", text) if found is not None and found[0] == "bool" else text
        asks = found is not None and found[0] == "bool" and text.lower().startswith("whether")
        if asks and java and _says_the_constant(inp, seg):
            continue  # the docstring names the constants that answer the question
        if found is not None and not OTHERWISE.search(rest):
            claims.append((seg, text, found, made))
    return claims


def entry_text(seg: Segment) -> str:
    """An untyped Returns entry's text without its field or header (``:returns:``,
    ``@return``, ``Returns:``)."""
    return _RETURN_FIELD.sub("", seg.text, count=1)


# "... and this method returns None." (the value's name, not English "returns none of them")
_RETURNS_NONE = re.compile(r"(?<![\w-])(?i:returns?)\s+(?:``|`)?None(?![\w-])")
_NONE_ENTRY = re.compile(r"\s*(?:``|`)?None(?![\w-])")


def says_it_returns_none(inp: StaticInput, claimed: Segment) -> bool:
    """Another sentence, or a Returns entry, of the docstring says the function returns
    ``None`` (earthkit-data's ``EmptyVertical.number_of_levels() -> None``, round 77: "Return
    the number of levels." -- the base class's summary -- then "... is not applicable for this
    vertical type, and this method returns None."): on a function that returns nothing the
    docstring says so itself, and the summary is the interface's it overrides."""
    for s in inp.docstring.segments:
        if s is claimed:
            continue
        if s.kind == "returns" and _NONE_ENTRY.match(entry_text(s)):
            return True
        if s.kind != "returns" and _RETURNS_NONE.search(s.text):
            return True
    return False
