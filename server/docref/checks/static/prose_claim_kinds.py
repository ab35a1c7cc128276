"""The kinds of value a prose claim names: the vocabulary of C2-PROSE-RETURN-TYPE's and
C2-PROSE-PARAM-TYPE's claims ("a list of", "the number of", "`True` if", "a string", ...) and
what else in the sentence settles or refines them (the other boolean as the alternative,
another alternative; an "as <kind>" phrase: :mod:`.prose_said_after`).  Split from
:mod:`.prose_returns` (session 15), which finds the claims and judges them against the code."""

from __future__ import annotations

import re

from docref.checks.static.prose_conversions import WORD_KINDS, parsed_into
from docref.checks.static.prose_said_after import KIND_WORDS

__all__ = [
    "BOOL_ALT",
    "OTHERWISE",
    "SHOWN",
    "claimed_kind",
    "defined_as",
    "kind_per_item",
    "literal_set",
    "said_of_items",
]

# Sphinx's `!True` (the default role, not linked) too
_MARK = r"(?:``|`!?|\{@code\s+|<code>)?"
_UNMARK = r"(?:``|`|\}|</code>)?"
_BOOL = re.compile(
    rf"^(?:either\s+)?{_MARK}(?P<v>true|false){_UNMARK}\s+(?:if|when|iff|unless|whenever)\b"
    # "Return `True` for multi-output aggregations without names." (narwhals, session 31
    # recall): the value and the cases it answers for
    rf"|^{_MARK}(?:true|false){_UNMARK}\s+for\s+(?!(?:example|instance)\b)"
    # "Returns `False`, anonymous credentials never expire.": the value itself, then a stop
    rf"|^{_MARK}(?:true|false){_UNMARK}\s*(?:[,;.:]|$)"
    r"|^whether\b(?!.*\bor\s+(?!not\b)\w)",  # "whether it is a simple or complex type": a choice
    re.I,
)
# up to two words qualifying the noun ("a fully-qualified location string", "a settings
# dict"), none of them a preposition or conjunction ("the key of the dict" is no dict)
# (a possessive too: "the queue's string representation", session 15 prose probe)
# ("a type among STR, CLASS, ...", round 58j's ASM ``newStringishItem``: one of the constants;
# "a flag whether string properties should be checked", round 62j's Commons Configuration: a
# conjunction opens a clause, its subject no noun the article governs)
_ADJ = (
    r"(?:(?!(?:of|from|in|for|to|into|and|or|by|with|on|at|as|among|between"
    r"|whether|if|that|which|whose|when|where|unless)\b)[\w-]+(?:'s|')?\s+)"
)
# Adjectives are up to two words; nouns that make "string" a modifier are refused, also
# after one or two more words of the compound ("the string representation size", "the string
# concat initial coder") that are no article, preposition or -ing verb.
_COMPOUND = (
    r"(?:\s+(?!(?:of|for|to|in|on|at|by|with|from|as|like|such|than|if|when|that|which|and|or"
    r"|the|an?|is|are)\b)[a-z]+(?<!ing)){0,2}"
)
_STR = re.compile(
    rf"^(?:an?|the)\s+(?P<adj>{_ADJ}{{0,2}})(?:string|str)\b(?!'|\s*\(|-|\s+of\s+bytes|"
    rf"{_COMPOUND}\s+(?:"
    r"length|size|width|count|index|position|offset|number|hash|type|kind|class|category|"
    # a measure of strings: "the normalized string kernel between two strings" on MALLET's
    # ``double K(String, String)`` (round 101j), "the string distance"
    r"kernel|distance|similarity|metric|score|"
    r"constant|flag|mode|style|coder|(?:id|identifier|handle|pointer|code)s?\b"
    # "A string keyed dictionary of headers", "The string values extracted from the url" (round
    # 16), "The query string parameters." (round 72: a plural ending it) head the noun phrase
    r"|(?:keyed|valued|indexed)\b|(?:dict|dictionary|mapping|map|list|tuple|set|array|sequence"
    r"|collection|table|vector|matrix|pair)\b|(?:value|key|item|element|entr(?:y|ie)|name|field|token|word|part)s\b)|\s+[a-z]{2,}[^su\W]s(?=\s*[,.;:)]|\s*$))",
    re.I,
)
# "the splitted string" is the string in parts (jOpenDocument's ``List<String> split``, 74j)
_NOT_STR_ADJ = frozenset(
    {"byte", "bytes", "binary", "raw", "encoded", "octet", "c", "null-terminated", "zero"}
    | {"split", "splitted", "tokenized", "tokenised"}
)
# the words that make "the ... bytes" a count of them ("the total bytes written")
_MEASURES = (
    r"total|max|maximum|min|minimum|remaining|available|free|used|missing|extra|more|many|few"
)
# a container noun before "string" is what comes back ("a dictionary mapping string keys")
_CONTAINER_NOUNS = frozenset(
    {"dict", "dictionary", "list", "tuple", "set", "mapping", "map", "array", "sequence"}
)
_BYTES = re.compile(
    r"^(?:an?|the)\s+(?:bytes\s+object|byte\s*string|bytestring)\b"
    # "the bytes read", "the received bytes" (anyio's ``receive_exactly``, session 38 recall):
    # the plural noun after its article and up to two qualifying words, then a stop, a
    # participle or a preposition -- not a noun it qualifies ("the hidden bytes value"), nor
    # a measure ("the total bytes written" is a count)
    rf"|^the\s+(?!(?:{_MEASURES})\b){_ADJ}{{0,2}}bytes"
    r"(?=\s*(?:[,.;:)]|$)|\s+(?:[a-z]+ed|read|written|sent|to|from|in|of|that|which|for|at)\b)",
    re.I,
)
# "a 2-tuple", "a (rows, cols) tuple" (its items spelled out before the noun), "tuple of";
# "A pair (eigenvalue, eigenvector)", "A pair ``(mean, var)``", "A pair with the new dict and
# the removed value" and "(args, kwargs) tuple" with no article (session 31 recall: optax,
# flax, sqlglot, scrapy); not "a key-value pair" or "a pair of" things, which a list may hold
_TUPLE = re.compile(
    r"^(?:(?:an?|the)\s+(?:[\w-]+\s+|\([\w\s,.*]+\)\s+)?tuple\b|tuple\s+of\b"
    r"|\([\w\s,.*]+\)\s+tuple\b"
    r"|an?\s+pair\s*(?=[(`]|with\b|:))",
    re.I,
)
# "a sequence of floats" too (session 15 prose probe), not of characters or bytes (a string)
_LIST = re.compile(
    r"^(?:(?:an?|the)\s+(?:new\s+)?(?:list|sequence)\s+(?:of|with|containing)\b|list\s+of\b"
    r"|sequence\s+of\b)(?!\s+(?:the\s+)?(?:char|character|byte|letter|digit|code\s+point)s?\b)",
    re.I,
)
# "a dict literal" is the source text of a dict (round 22, pylint: a suggestion on ``-> str``)
_DICT = re.compile(
    rf"^(?:(?:an?|the)\s+{_ADJ}{{0,2}}(?:dict|dictionary)\b(?!\s*-?like|\s+(?:key|value|entry|"
    r"entries|item|size|length|name|literal)s?\b)|(?:dict|dictionary)\s+(?:of|mapping|from)\b"
    # "a Map from ... to ..." (session 16 prose probe): the type's name; not "the mapping
    # from model indices to view" (JDK ``RowSorter``: an ``int[]`` doing that job)
    r"|an?\s+(?:new\s+)?(?-i:Map|Mapping)\s+(?:of|from)\b"
    # Python's lower-case word with its indefinite article ("Returns a mapping of worker index
    # to processed count", session 16 prose probe); "the mapping from ..." stays a role
    r"|an?\s+(?:new\s+)?mapping\s+(?:of|from)\b)",
    re.I,
)
# "the number of seconds": a count, unless the sentence goes on to name another kind ("the
# number of bytes, as a human-readable string") or a count per item ("Total number of pixels
# for each band": one count per band, a list; "Number of rows represented by each status
# label", round 21 pyjanitor, on ``tuple[int, ...]``); "a number of" is "several".  "The number of
# the character reference" (round 17, bs4, on a ``str``) is the number one thing bears, not a
# count: one singular thing after the article (a word ending in "s" is read as a plural, so
# "the number of the items" stays a count)
_INT = re.compile(
    r"^(?:the\s+)?(?:total\s+|max(?:imum)?\s+|min(?:imum)?\s+)?(?:number|count)\s+of\b"
    r"(?!\s+(?:the|this|that|its|a|an)\s+[a-z-]+(?<!s)(?:\s+[a-z-]+(?<!s))?(?:[,.;:)]|\s+as\b|$))"
    r"(?!.*\b(?:str|string|text|list|tuple|dict|dictionary|mapping"
    r"|(?:for|in|of|by|to|on|from|with)\s+(?:each|every)|per)\b)"
    # bytes named later ("the number of items, as bytes"), not as what is counted: "maximum
    # number of bytes that will be read" (anyio, session 31 recall) is a count of them
    r"(?!\s+(?!bytes\b).*\bbytes\b)",
    re.I,
)
_CLAIMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("bool", _BOOL),
    ("bytes", _BYTES),
    ("str", _STR),
    ("tuple", _TUPLE),
    ("list", _LIST),
    ("dict", _DICT),
    ("int", _INT),
)
# the other boolean as the alternative ("`True` if ..., `False` otherwise", "... , otherwise
# False", "False if ..."): still a boolean claim, removed before looking for other alternatives
BOOL_ALT = re.compile(
    rf"(?:(?:otherwise|else)\s*,?\s*{_MARK}(?:true|false){_UNMARK}(?!\s*\w)"
    rf"|{_MARK}(?:true|false){_UNMARK}\s+(?:otherwise|else)\b"
    rf"|[.;,]\s*(?:and\s+)?{_MARK}(?:true|false){_UNMARK}\s+(?:if|when|iff|unless)\b)",
    re.I,
)
# another alternative named in the same sentence: the claim is only part of the story
# ("otherwise raises ...", "otherwise sets ...", "otherwise ``None``" tell what happens
# instead of returning, or the absence of a value: the claim's kind stays the one claimed)
OTHERWISE = re.compile(
    r"\b(?:(?:otherwise|else)(?!\s*,?\s*(?:it\s+)?(?:raises?|throws?|sets?|logs?|warns?|fails?"
    r"|calls?|does\s+nothing|nothing|an?\s+(?:\w+\s+)?(?:error|exception)|[`*]*none\b))"
    r"|or\s+(?:an?|the)\b|or\s+(?!`?(?:true|false|none)\b)\w+\s+if\b)",
    re.I,
)
SHOWN = {"bool": "a boolean", "str": "a string", "bytes": "bytes", "tuple": "a tuple"}
SHOWN |= {"list": "a list", "dict": "a dict", "int": "a count"}


# a participle naming a conversion makes the noun what was converted, not what comes back:
# "The stringified dictionary" is a string (round 12b, langchain-core), "a serialized list" text;
# so does a text format: "a bytes-ish YAML dictionary" is YAML text (round 28, ansible-core, on
# ``bytes | str``), "a JSON list" a document
_CONVERTED = re.compile(
    r"\b(?:stringified|seriali[sz]ed|(?:json-)?encoded|pickled|rendered|dumped"
    r"|json|yaml|toml|xml)\b",
    re.I,
)


# a participle after the noun converts it into a kind: "The input string encoded to bytes" is
# bytes (round 45, robotframework ``encode_string_to_bytes``), "the list converted to a tuple" a
# tuple -- the kind after "to"/"as"/"into" is the claim; not "converted to lowercase" (no kind)
_CONVERTED_TO = re.compile(
    r"\s*,?\s+(?:encoded|decoded|converted|cast|coerced|serial[iz]ed|turned|transformed)\s+"
    r"(?:to|as|into)\s+(?:an?\s+)?(?P<k>bytes|string|str|int|integer|float|list|tuple|dict"
    r"|dictionary|bool|boolean|set)\b(?![-\w])",
    re.I,
)
# a container noun right after the kind word heads the compound ("Return an error tuple list
# of new error messages" for ``-> list[ErrorTuple]``, round 34, mypy): the kind word qualifies
_HEAD_AFTER = re.compile(r"\s+(?:list|dict|dictionary|array|sequence|tuple)s?\b", re.I)
_ENDS_IN_OF = re.compile(r"\b(?:of|with|for|from|to)\s*$", re.I)  # "a list of" tuples


# a Java array type named as the noun ("a String[] containing the key and value", "a
# String[] of size two", round 26; with its length written in: "a <CODE>float[2]</CODE> with
# the x coordinates"): a list, not its element type; the article may open the sentence ("The
# resulting String[] which ...", round 54j's MINA)
# The brackets follow the type name (``String []`` may keep a space when empty); a number in
# brackets after a space, or brackets followed by more, is a subscript: MARC field notation
# ("Returns the ISSN number [022]['a']", pymarc ``Record.issn``, round 90)
_ARRAY = re.compile(
    r"^(?:[Aa]n?|[Tt]he)\s+(?:[\w-]+\s+)?[A-Za-z_][\w.]*(?:<[^<>]*>)?(?:(?:\[\d*\])+|\s+(?:\[\])+)(?!\s*\[)"
)


def claimed_kind(text: str) -> tuple[str, re.Match[str]] | None:
    """The kind of value ``text`` (a return claim without its verb) says comes back."""
    array = _ARRAY.match(text)
    if array is not None:
        return "list", array
    for kind, pattern in _CLAIMS:
        match = pattern.match(text)
        if match is None:
            continue
        if kind == "str" and set((match["adj"] or "").lower().split()) & _NOT_STR_ADJ:
            return None
        if kind == "str" and set((match["adj"] or "").lower().split()) & _CONTAINER_NOUNS:
            return None  # "A dictionary mapping string names to ...": the container is the noun
        if kind == "str" and match.group(0).endswith("STRING"):
            return None  # "the DER BIT STRING" (round 100, pycryptodome): ASN.1's type, bytes
        if kind != "str" and _CONVERTED.search(match.group(0)):
            return None
        if text[match.end() : match.end() + 1] == "/":
            return None  # "A string/bytes object": one of two kinds (round 13, invoke)
        if not _ENDS_IN_OF.search(match.group(0)) and _HEAD_AFTER.match(text, match.end()):
            return None  # "an error tuple list": the container after the kind is the noun
        converted = _CONVERTED_TO.match(text, match.end())
        if converted is not None:
            word = converted["k"].lower()
            return WORD_KINDS.get(word, word), converted
        into = parsed_into(text, match.end())
        if into is not None and into != kind:
            return None  # what was parsed is the value named; what it became comes back
        return kind, match
    return None


# an array's element kind named before "string": "the integer string" for an ``int[]`` is a
# string of integers -- a sequence, the array itself (round 27jh's polynomial coefficients);
# ``char[]``/``byte[]`` are not judged as lists at all (:func:`.value_kinds.java_kinds`)
_ELEMENT_WORDS = {
    "int": {"int", "integer", "number", "digit"},
    "long": {"long", "integer", "number", "digit"},
    "short": {"short", "integer", "number"},
    "boolean": {"boolean", "bit", "flag"},
    "float": {"float", "number"},
    "double": {"double", "number"},
    # "the argument string" of ``main(String[] argv)``: the command line's arguments (round 104j)
    "String": {"argument"},
}


def string_of_elements(claim: str, match: re.Match[str], declared: str | None) -> bool:
    """Whether ``claim`` is a string whose adjective names the element kind of the Java array
    declared (:data:`_ELEMENT_WORDS`): the sequence of those, not a ``String``."""
    text = (declared or "").strip()
    if claim != "str" or not text.endswith("[]"):
        return False
    words = set((match.groupdict().get("adj") or "").lower().split())
    return bool(words & _ELEMENT_WORDS.get(text[:-2].strip().removeprefix("java.lang."), set()))


# "the string representation of the values" for a ``String[]``: a string of each of several
# things, one per item of the array or list of strings (round 27jh's name builder)
_OF_SEVERAL = re.compile(
    r"^(?:\s+[a-z]+)?\s+of\s+(?:the|its|their|these|those|all|each\s+of\s+the)\s+"
    r"(?:[a-z-]+\s+)?[a-z]+s\b"
)
# "the String representation for each day of the week" for a ``String[]``: a distributive
# "for each"/"for every"/"per" after the noun makes one string per thing (not "for this day")
_FOR_EACH = re.compile(r"^(?:\s+[a-z]+)?\s+(?:(?:for|of)\s+(?:each|every)|per)\s+[a-z]", re.I)
_STRINGS = re.compile(
    # ``String[][]`` too: "string representations of all cells" of a table, one per cell
    r"^(?:(?:java\.lang\.)?String\s*(?:\[\]\s*)+|(?:java\.util\.)?(?:List|Collection|Set"
    r"|Iterable)\s*<\s*(?:java\.lang\.)?String\s*>"
    # Python's: ``list[str]``, ``Sequence[str]``, ``tuple[str, ...]`` (round 65, supervision's
    # "Return the string value of every colormap" on ``-> list[str]``)
    r"|(?:typing\.)?(?:list|List|Sequence|Iterable|Iterator|Collection|set|Set|tuple|Tuple)"
    r"\[\s*str\s*(?:,\s*\.\.\.\s*)?\])$"
)


# "the string representations of this option" for a ``List<String>``: the plural head noun
# after "string" makes the strings several; "a string of patterns" for a ``String[]``: a
# string (a series) of several things, unless they are said to be written out in one text
# ("a string of comma-separated names" is one string holding them)
_PLURAL_HEAD = re.compile(
    # a plural noun, then what a noun takes ("of", "for", a stop), not an object: "the string
    # contains the names" is one string that a verb describes
    r"^\s+(?!(?:this|does|goes|was|has)\b)[a-z]{2,}[^su\W]s"
    r"(?=\s+(?:of|for|in|that|which)\b|\s*[,.;:)]|\s*$)"
)
_SERIES_OF = re.compile(
    # not "a string of characters" (or digits, letters, bytes): that is one string
    r"^\s+of\s+(?!(?:[a-z-]+\s+)?(?:char|character|letter|digit|byte|symbol|glyph)s\b)"
    r"(?:[a-z-]+\s+)?[a-z]{2,}[^su\W]s\b(?![\w-])"
)
_ONE_TEXT = re.compile(
    r"\b(?:separated|delimited|joined|concatenated|comma|commas|spaces?|newlines?|lines?"
    r"|form|format|formatted)\b",
    re.I,
)


# "@return the string divided into lines" on JGit's ``List<String> readLines(String s)``
# (round 95j): a participle of division after the noun makes the value its pieces, one string
# each, not the string divided
_SPLIT_INTO = re.compile(
    r"^\s*,?\s+(?:split|divided|broken|cut|chopped|separated)(?:\s+up)?\s+(?:in)?to\s+"
    r"(?:(?:(?:its|the|their)\s+)?(?:[a-z-]+\s+)?[a-z]{2,}[^su\W]s\b"
    # "a string split into an array using provided delimiters" on ActiveJDBC's ``String[]
    # split`` (round 98j): the container the pieces are put in, named for what it is
    r"|(?:an?|the)\s+(?:array|list|sequence|collection)\b)",
    re.I,
)


def string_per_item(claim: str, rest: str, declared: str | None, said: str = "") -> bool:
    """Whether a string claim said of an array or list of strings goes on to name several
    things it is of (:data:`_OF_SEVERAL`, :data:`_SERIES_OF`), has a plural head noun
    (:data:`_PLURAL_HEAD`), is given for each of several things (:data:`_FOR_EACH`) or is
    said to be split into several (:data:`_SPLIT_INTO`): each item is one such string.
    *said* is the claim with the words
    just before it: "a comma-separated String of codes" is one text holding them all."""
    if claim != "str" or not _STRINGS.match((declared or "").strip()):
        return False
    patterns = (_OF_SEVERAL, _PLURAL_HEAD, _FOR_EACH, _SPLIT_INTO)
    if any(p.match(rest) is not None for p in patterns):
        return True
    one_text = _ONE_TEXT.search(rest) is not None or _ONE_TEXT.search(said) is not None
    return _SERIES_OF.match(rest) is not None and not one_text


def kind_per_item(claim: str, rest: str, items: set[str] | None) -> bool:
    """Whether a claim of any kind is given for each of several things (:data:`_FOR_EACH`)
    on a collection whose items the annotation says are that kind: "Returns a tuple for each
    layer." on gdsfactory's ``-> set[Layer]``, ``Layer = tuple[int, int]`` (round 92) -- one
    tuple per layer, the set holding them.  Items of another kind, or of a kind not known,
    leave it a claim about the whole value."""
    return items is not None and claim in items and _FOR_EACH.match(rest) is not None


def claim_with_lead(text: str, match: re.Match[str], words: int = 2) -> str:
    """The claim *match* found in *text* with the *words* words before it, which qualify it
    ("comma-separated String")."""
    lead = text[: match.start()].split()[-words:]
    return " ".join([*lead, match.group(0)])


# a method named for the text of a thing ("getCountString", "sizeAsString") returns that thing
# written out: "@return The count of nodes" on ``String getCountString()`` is the count as text
_NAMED_TEXT = re.compile(r"([A-Z][a-z]+|^[a-z]+)(?:As|To)?String$")


_COUNT_WORDS = frozenset({"count", "number", "size", "length", "total", "index"})


def named_as_text(claim: str, match: re.Match[str], name: str, declared: str | None) -> bool:
    """Whether a claim said of a ``String`` method names the thing the method's name says it
    returns as text (the word before "String" in the name; any count word for a count)."""
    if (declared or "").strip() not in ("String", "java.lang.String"):
        return False
    named = _NAMED_TEXT.search(name)
    word = named.group(1).lower() if named is not None else ""
    if not word or word in ("get", "to", "as"):
        return False
    if claim == "int" and word in _COUNT_WORDS:
        return True
    return re.search(rf"\b{word}\b", match.group(0).lower()) is not None


# a count or a flag said of a list, dict or set describes its items or values (round 10's
# twisted ``isupport_TARGMAX`` and ``waiting``, round 11's "whether the layers are ..." on
# list[bool]; session 10: no such claim on a container was judged TRUE in rounds 0-11)


# "a set of characters" (or bytes) counts out what a string is made of (music21's "a set of
# bytes" on ``-> bytes``, round 38); said of a set the code returns it is that set word for
# word: OpenNLP's ``Set<Character> getEOSCharacters()`` "@return a set of characters which can
# indicate the end of a sentence" (round 95j)
_SET_OF = re.compile(r"^an?\s+set\s+of\b", re.I)


def literal_set(claim: str, said: str, kinds: set[str]) -> bool:
    """Whether a string or bytes claim read from "a set of characters/bytes" (*said*) is said
    of a set the code returns: the set itself."""
    return claim in ("str", "bytes") and "set" in kinds and _SET_OF.match(said) is not None


def defined_as(said: str, texts: list[str], kinds: set[str]) -> bool:
    """Whether one of the docstring's sentences (*texts*) defines the noun the claim ends in
    (*said*) as a kind the code returns: "Create a strings dictionary from the VCF header" then
    "The dictionary is an ordered list of common VCF identifiers" on htsjdk's ``ArrayList<String>
    makeDictionary`` (round 95j) -- a file format's name for the list."""
    words = [KIND_WORDS[k] for k in kinds if k in KIND_WORDS] + (
        ["array"] if "list" in kinds else []
    )
    head = said.split()[-1] if said.split() else ""
    if not words or not head.isalpha():
        return False
    pattern = re.compile(
        rf"\bthe\s+{re.escape(head)}\s+(?:is|will\s+be)\s+an?\s+(?:[\w-]+\s+){{0,2}}"
        rf"(?:{'|'.join(words)})s?\b",
        re.I,
    )
    return any(pattern.search(text) for text in texts)


def said_of_items(claim: str, kinds: set[str]) -> bool:
    """A flag said of a list, dict or set, or a count said of a dict, describes its items
    or values, not the container (a count said of a list is reported: "Total number of
    pixels in the image" on ``list[int]``)."""
    return (claim == "bool" and bool(kinds & {"list", "dict", "set"})) or (
        claim == "int" and "dict" in kinds
    )
