"""C2 prose parameter claims: a description saying what kind of value a parameter is.

``C2-PROSE-PARAM-TYPE`` reads the claim at the start of an untyped parameter entry (Google
``paths: A list of …``, reST ``:param paths: a list of …``, Javadoc ``@param name a String
naming …``) and in prose that names the parameter in code markup and then says what it is
(``*paths* is a list of …``, ``` ``name`` must be a string ```).  The claims are those of
:func:`~docref.checks.static.prose_returns.claimed_kind` except its booleans ("True if" in
prose describes when a flag is set, not its type); an entry's first words make a boolean
claim when they say what the flag does ("Whether ...", "If `True`, ...", "Set to `True` if
...", "`True` to ..."; not "True if ...", which may say when a value counts as set).  They
are judged against the annotation only when every member of it is a builtin the claim can be
compared with (Java: primitive, boxed and ``String`` parameters, string claims only).  "a
list of" for a tuple or a set is English; a count is any number, and in Java the text of one
when the file (or a project override's) parses a value of the parameter's name
(``Integer.parseInt(max)``).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.overriders import overriders
from docref.checks.static.prose_claim_kinds import (
    claim_with_lead,
    claimed_kind,
    said_of_items,
    string_of_elements,
    string_per_item,
)
from docref.checks.static.prose_conversions import conversion_kind
from docref.checks.static.prose_params_sided import counted_items, sided_with_annotation
from docref.checks.static.returns_annotation import annotation_kinds
from docref.checks.static.value_kinds import CONTAINERS, NUMBERS, SCALARS, java_kinds
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = [
    "RULE_PROSE_PARAM",
    "RULE_PROSE_PARAM_LOOSE",
    "c2_prose_param_loose",
    "c2_prose_param_type",
]

RULE_PROSE_PARAM = "C2-PROSE-PARAM-TYPE"
RULE_PROSE_PARAM_LOOSE = "C2-PROSE-PARAM-LOOSE"

# the entry's marker: reST ``:param [type] name:``, Javadoc ``@param name``, Google
# ``name (type):``/``name:`` (NumPy's untyped ``name`` line: the name, then a space)
_ENTRY = re.compile(r"^(?::param\b[^:]*:|@param\s+\S+|[*\w]+(?:\s*\([^)]*\))?\s*:)\s*")
_IN_PROSE = re.compile(
    r"(?:\*|``?)(?P<name>[A-Za-z_]\w*)(?:\*|``?)\s+(?:is|must\s+be|should\s+be)\s+(?P<rest>.*)"
)
# before a name in prose: an exclusion ("every argument but ``a`` and", "except `x`,"):
# what follows is said of the others (round 14, kornia's ``mean_average_precision``)
_EXCEPTED = re.compile(
    r"\b(?:but|except(?:\s+for)?|other\s+than|apart\s+from|besides)\s+"
    r"(?:(?:\*|``?)\w+(?:\*|``?)\s*(?:,\s*|\band\s+|\bor\s+)+)*$"
)
_SHOWN = {"str": "a string", "bytes": "bytes", "tuple": "a tuple", "list": "a list"}
_SHOWN |= {"dict": "a dict", "bool": "a flag", "int": "a count"}
# "as a float" (a conversion, session 16): without it a Java String "returned as a float" made
# the rule fail (KeyError, docref exit 2 on JDK java.prefs' ``getFloat``: round 26's re-runs)
_SHOWN |= {"float": "a number", "set": "a set"}
_MARK = r"(?:``|`|\{@code\s+|<code>)?"
_UNMARK = r"(?:``|`|\}|</code>)?"
# an entry saying what the flag does; "whether X or Y" is a choice between two values
_FLAG = re.compile(
    r"^(?:whether\b(?!.*\bor\s+(?!not\b)\w)"
    rf"|(?:(?:if|when)(?:\s+set\s+to)?|set\s+(?:it\s+|this\s+)?to)\s+"
    rf"{_MARK}(?:true|false){_UNMARK}(?![\w-])"
    rf"|{_MARK}(?:true|false){_UNMARK}\s+to\b)",
    re.I,
)

# integer levels listed one after another: "0 - no output, 1 - timings", "0: quiet; 1: ..."
_LEVELS = re.compile(r"(?<![\w.])0\s*(?:-|:|=|\))\s+\w.*?(?<![\w.])1\s*(?:-|:|=|\))\s+\w", re.S)

# the type in words ("A boolean that indicates ...", "boolean specifying ...", "An integer
# representing ..."; not "a boolean mask", "an integer index", "an integer or a string") or
# the type itself written before the text ("bool: use ...", "Optional, bool. If True ...",
# "(`bool`) When True ...")
# ("an integer string": the type noun after the word heads the phrase, round 76 twilio's
# ``integer(i: str)`` -- a string holding an integer)
_NOT_THE_VALUE = (
    r"(?!\s*(?:-|/|array|arrays|mask|masks|index|indices|indexer|series|tensor|matrix|vector"
    r"|list|lists|tuple|sequence|dtype|type|values?\s+of|or\b|,|(?:string|str|text)s?\b))"
)
_TYPE_WORD = re.compile(
    rf"^(?:(?:an?\s+)?(?P<word>boolean|integer)\b{_NOT_THE_VALUE}"
    r"|\((?:optional\s*,\s*)?`?(?P<paren>bool|int|str)`?\)"
    r"|(?:optional\s*,\s*)?`?(?P<bare>bool|int|str)`?(?=[:.;]\s|\s+-\s))",
    re.I,
)
_WORD_KIND = {"boolean": "bool", "integer": "int", "bool": "bool", "int": "int", "str": "str"}


def _type_word(text: str) -> tuple[str, re.Match[str]] | None:
    match = _TYPE_WORD.match(text)
    if match is None:
        return None
    word = match["word"] or match["paren"] or match["bare"]
    return _WORD_KIND[word.lower()], match


# a number made from the text: a parse call, or a number class's constructor given the text
# (``new Integer(iterations)``, ``new BigDecimal(value)``: deprecated, still a parse)
_NUMBER_CLASSES = (
    r"(?:java\.lang\.|java\.math\.)?(?:Integer|Long|Short|Byte|Double|Float|BigInteger|BigDecimal)"
)


def _parses(source: str, name: str) -> bool:
    call = rf"(?:\b(?:parse\w*|valueOf|decode)|\bnew\s+{_NUMBER_CLASSES})"
    pattern = rf"{call}\s*\(\s*(?:this\.)?{re.escape(name)}\b"
    return re.search(pattern, source) is not None


def _parsed(inp: StaticInput, name: str) -> bool:
    """Whether the file parses a value of ``name`` from text (``Integer.parseInt(max)``,
    ``Long.parseLong(this.timeToLive)``, ``FileSize.parse(size, 0)``, ``new Integer(count)``),
    or the file of a project override does with its parameter at that place (an interface's
    ``setMonitorInterval(String intervalSeconds)`` and the builder implementing it: log4j,
    round 26)."""
    if _parses(inp.source, name):
        return True
    at = next(i for i, p in enumerate(inp.function.params) if p.name == name)
    for path, override in overriders(inp):
        if at < len(override.params) and _parses(inp.graph.source(path), override.params[at].name):
            return True
    return False


def _kinds(inp: StaticInput, annotation: str | None) -> set[str] | None:
    if not annotation:
        return None
    if inp.file.language == "java":
        return java_kinds(annotation)
    return annotation_kinds(annotation)


def _claims(inp: StaticInput) -> list[tuple[Segment, str, str, bool]]:
    """(segment, parameter, claim text, whether it is the entry) for every entry and prose
    claim about a parameter."""
    names = {p.name for p in inp.function.params}
    out: list[tuple[Segment, str, str, bool]] = []
    for seg in inp.docstring.segments:
        if seg.kind == "param":
            if seg.type is None and seg.name in names:
                body = _ENTRY.sub("", seg.text, count=1)
                if body == seg.text and seg.text.startswith(seg.name + " "):
                    body = seg.text[len(seg.name) :].lstrip()
                out.append((seg, seg.name, body, True))
            continue
        if seg.kind in ("summary", "prose") and ("*" in seg.text or "`" in seg.text):
            for match in _IN_PROSE.finditer(seg.text):
                if _EXCEPTED.search(seg.text, 0, match.start()):
                    continue  # "every argument but ``n_classes`` and ``threshold`` is a list"
                if match["name"] in names:
                    out.append((seg, match["name"], match["rest"], False))
    return out


# an entry's default written as a quoted string: "Defaults to ``'0s'``", "default: "1h""
_QUOTED_DEFAULT = re.compile(r"""\bdefaults?\b(?:\s+(?:to|is))?\s*:?\s*`*(["'])[^"'`]+\1""", re.I)

# a list held in one string: "accepts a comma-separated list", "separated by commas"
_DELIMITED = re.compile(
    r"\b(?:comma|space|semicolon|colon|whitespace|newline|pipe)[- ]?(?:separated|delimited)\b"
    r"|\bseparated\s+by\s+(?:commas?|spaces?|semicolons?|newlines?)\b|\bdelimited\b",
    re.I,
)
# a string literal default (``'*all'``, ``""``): the code's own value for the parameter is text
_STRING_DEFAULT = re.compile(r"""^[rRuU]?(["']).*\1$""")


def _list_in_a_string(claim: str, kinds: set[str], text: str, default: str | None) -> bool:
    """ "The list of fields to return" on ``fields: str = "*all"``, "A list of status values
    ... accepts a comma-separated list" on ``Optional[str]`` (round 64, atlassian-python-api's
    REST wrappers: 4 FALSE, 1 DEB): a list written in one string, as the web API takes it --
    said so by the entry, or by the string the code gives as the default.  Without either
    ("List of task names" on ``Optional[str] = None``, clearml, round 43: TRUE) it stays firm."""
    if claim != "list" or not kinds - {"None"} or not kinds - {"None"} <= {"str"}:
        return False
    return bool(_DELIMITED.search(text)) or bool(_STRING_DEFAULT.match(default or ""))


# quoted numbers the entry lists as the values it takes: "Valid values: "5", "10", "20""
_QUOTED_NUMBERS = re.compile(r"""(["'])\d+\1(?:\s*(?:,|or|and)\s*(["'])\d+\2)+""")
# a string literal default holding a number (``"10"``)
_QUOTED_NUMBER = re.compile(r"""^[rRuU]?(["'])\d+\1$""")


def _count_as_text(text: str, default: str | None) -> bool:
    """A count the code takes written as text, on a ``str`` parameter: the entry's default is
    quoted ("Number of seconds to wait. Defaults to ``'0s'``", round 49, kfp), the entry lists
    the values as quoted numbers ("Number of price levels. Valid values: "5", "10", "20"",
    round 88, python-binance), or the code's own default is a number in quotes (its
    ``depth: str = "10"``).  "Number of" then says what the text counts, not the parameter's
    type; an empty or other string default (``retries: str = ''``) says nothing of it."""
    if _QUOTED_DEFAULT.search(text) or _QUOTED_NUMBERS.search(text):
        return True
    return _QUOTED_NUMBER.match(default or "") is not None


def _firm(
    claim: str, kinds: set[str], conversion: bool, annotation: str, name: str, default: str | None
) -> bool:
    """A claim no reading of the words reconciles with the annotation: a container said of a
    scalar or the other way round, a count or a string said of the other, a flag under an
    ``int`` (a C-style 0/1 default is skipped before).  What rounds 9-12 judged debatable or
    false stays with the opt-in C2-PROSE-PARAM-LOOSE: "a string" for ``bytes`` (Python 2
    wording), "a list of" for a mapping, a tuple for a list, conversions ("as an integer" for
    a ``str`` holding one), a flag said of a string or a container."""
    kinds = kinds - {"None"}
    if not kinds or conversion:
        return False
    if claim == "bool":
        # a flag under ``int`` whose default is not a C-style 0/1 (those are skipped before)
        return kinds <= {"int"}
    if claim == "dict" and not kinds & {"dict"} and kinds <= CONTAINERS:
        # "`columns` is a dict mapping each name to ..." on ``list[str]``, "*handlers* is a dict
        # from payload type to callable" on a list (session 16 prose probe): a mapping's keys
        # are what no list, tuple or set has ("a list of" for a mapping stays loose: its keys)
        return True
    if claim in CONTAINERS:
        return kinds <= SCALARS
    if (
        claim == "int"
        and kinds & {"list", "tuple", "set"}
        and counted_items(annotation, name, default)
    ):
        # a count said of a collection of numbers (or named for counts) is each item's: as
        # C2-PROSE-RETURN-ITEMS for returns ("Number of rows represented by each status label"
        # on ``tuple[int, ...]``, round 21; JGraphT's ``int[]``, round 58j)
        return False
    if claim in ("str", "int"):
        if kinds <= CONTAINERS:
            return True
        other = {"str": {"int", "float"}, "int": {"str"}}[claim]
        return kinds <= other
    return False


def c2_prose_param_type(inp: StaticInput) -> list[Finding]:
    """``C2-PROSE-PARAM-TYPE``: a prose parameter claim its annotation contradicts on any
    reading (:func:`_firm`)."""
    return [f for f in _prose_param_claims(inp) if f.rule == RULE_PROSE_PARAM]


def c2_prose_param_loose(inp: StaticInput) -> list[Finding]:
    """``C2-PROSE-PARAM-LOOSE`` (opt-in): the other contradicted prose parameter claims."""
    return [f for f in _prose_param_claims(inp) if f.rule == RULE_PROSE_PARAM_LOOSE]


# a Java array the entry itself calls an array after a "dictionary" claim: htsjdk's CRAM
# ``TagKeyCache(byte[][][] tagIDDictionary)``, "@param tagIDDictionary the tag ID dictionary from
# the compression header, where each entry in the outer array is a combination of tag IDs"
# (round 95j): the dictionary is the file format's name for that array
_ARRAY_SAID = re.compile(r"\b(?:(?:outer|inner|the|this|an?)\s+)array\b|\barray\s+of\b", re.I)

# a class's upper-case constant (``RemoteStreamOptions.ADD_INVOCATION_INFO``), a flag set's member
_MEMBER = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*\.[A-Z][A-Z0-9_]*$")

# the end of a sentence: a full stop, then a capital or the end of the entry
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(`*]|\s*$)")


def _marked_later(text: str, start: int, name: str) -> bool:
    """Whether the sentence holding ``text[start]`` names ``name`` code-marked after it."""
    end = _SENTENCE_END.search(text, start)
    rest = text[start : end.start() if end else len(text)]
    marked = rf"(?:``|`|\*|\{{@code\s+|<code>){re.escape(name)}(?:``|`|\*|\}}|</code>)"
    return re.search(marked, rest) is not None


@per_function  # both rules' findings, worked out once per function (each keeps its own)
def _prose_param_claims(inp: StaticInput) -> list[Finding]:
    claims = _claims(inp)
    if not claims:
        return []
    java = inp.file.language == "java"
    annotations = {p.name: p.annotation for p in inp.function.params}
    defaults = {p.name: p.default for p in inp.function.params}
    varargs = {p.name for p in inp.function.params if p.kind == "vararg"}
    kwargs = {p.name for p in inp.function.params if p.kind == "kwarg"}
    out: list[Finding] = []
    for seg, name, text, entry in claims:
        found = claimed_kind(text)
        if found is not None and found[0] == "bool":
            found = None
        if found is not None and found[0] in ("list", "tuple") and name in varargs:
            found = None  # ``*features: str`` "A list of features" (round 17, bs4): together
        if found is not None and found[0] == "dict" and name in kwargs:
            # ``**attrs: bytes | str`` "A dictionary of attributes" (round 19, pubsub): the
            # annotation types each value, the words the mapping of them all
            found = None
        conversion = False
        if found is None and entry and annotations.get(name) not in ("bool", "Optional[bool]"):
            # "The cookie header as a string."; a flag's entry tells what it does ("Collect
            # the results as a list"), not what it is
            found = conversion_kind(text)
            conversion = found is not None
        flag = _FLAG.match(text) if entry and not java else None
        if flag is not None and re.search(rf"[`*]{re.escape(name)}[`*]", text):
            # "whether the `signature` has at least `min_args` parameters" (round 14,
            # lightning): the test the value drives, the value itself named as a number
            flag = None
        if flag is not None and _LEVELS.search(text):
            # "Whether to print information. 0 - no output, 1 - timings, 2 - ..." (round 90,
            # kikuchipy's ``verbose: int``): the entry goes on to list integer levels
            flag = None
        if flag is not None:
            found = ("bool", flag)
        if found is None and not java:
            found = _type_word(text)
        if found is None or (java and found[0] in ("bytes", "tuple")):
            continue
        claim, match = found
        if entry and _marked_later(text, match.end(), name):
            # "The string returned by the device is split at most `maxsplit` times" (round 65,
            # pymeasure): the sentence names the parameter after the type word, so the type
            # word's subject is something else (a control: "`data` must be a string")
            continue
        kinds = _kinds(inp, annotations.get(name))
        if kinds is None or claim in kinds or (claim == "list" and kinds & {"tuple", "set"}):
            continue
        if java and claim in ("list", "dict") and kinds <= SCALARS:
            # judged against containers only: "the list of URLs (separated by spaces)" is a
            # String holding one (JDK rmi), "a list of flags" an int mask
            continue
        if claim == "int" and kinds & NUMBERS:
            continue
        if (
            claim == "int"
            and kinds - {"None"} <= {"str"}
            and _count_as_text(text, defaults.get(name))
        ):
            continue
        if claim in CONTAINERS and re.match(r"\s+type\b", text[match.end() :]):
            continue  # "The dictionary type." on a ``str`` naming one (round 49, kfp)
        if java and claim == "int" and kinds <= {"str"} and _parsed(inp, name):
            # a String holding a number the code parses: log4j's plugin attributes and
            # builders (``@PluginAttribute("max") String max``, "The maximum number of files
            # to keep.", later ``Integers.parseInt(max)``: round 26)
            continue
        if said_of_items(claim, kinds):
            continue  # "Whether it was waiting, and the result": a container's items
        if java and claim == "dict" and "list" in kinds and _ARRAY_SAID.search(text, match.end()):
            continue  # "the tag ID dictionary ..., where each entry in the outer array is ..."
        if java and string_of_elements(claim, match, annotations.get(name)):
            continue  # "the integer string" for an ``int[]``: a string of integers
        if java and string_per_item(
            claim, text[match.end() :], annotations.get(name), claim_with_lead(text, match)
        ):
            continue  # "the string representation of the values": one per item
        if claim == "bool" and kinds <= {"int", "None"} and defaults.get(name) in ("0", "1"):
            continue  # a C-style flag the code spells 0/1: GitPython's ``ignore_self: int = 1``
        if claim == "bool" and kinds <= {"int", "None"} and _MEMBER.match(defaults.get(name) or ""):
            # an int option defaulting to a constant of a class: pypsrp's ``remote_stream_options
            # = RemoteStreamOptions.ADD_INVOCATION_INFO``, "Whether to return the invocation info
            # ..., see RemoteStreamOptions for the values" (round 100): the class holds its values
            continue
        said = match.group(0).strip()
        annotation = annotations[name]
        message = (
            f'says parameter "{name}" is "{said}" ({_SHOWN[claim]}), but it is '
            f"{'declared' if java else 'annotated'} `{annotation}`"
        )
        hint = f"describe {name} as the {annotation} it is, or fix the annotation"
        default = defaults.get(name)
        firm = (
            _firm(claim, kinds, conversion, annotation or "", name, default)
            and not _list_in_a_string(claim, kinds, text, default)
            and not sided_with_annotation(
                inp.docstring.segments, seg, claim, kinds, text, (name in varargs, name in kwargs)
            )
        )
        rule = RULE_PROSE_PARAM if firm else RULE_PROSE_PARAM_LOOSE
        out.append(inp.finding(seg, Criterion.C2, rule, message, hint))
    return out
