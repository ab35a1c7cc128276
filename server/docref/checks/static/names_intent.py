"""When a name the docstring mentions is missing on purpose, not by drift (issue 12, round 6).

* :func:`speaks_for_implementers`: the docstring of an abstract hook -- a method that is only
  a docstring and ``raise NotImplementedError`` / ``pass`` / ``...``, or ``@abstractmethod`` --
  describes what implementations provide, so an attribute of ``self`` or a bare name it
  mentions may live only in the subclasses (statsmodels' ``hessian_factor`` hook speaks of
  ``self.scaletype``, which GLM defines).  Only ``C1-NAME-UNRESOLVED`` defers to it: the
  hook's own signature (``C1-PARAM-UNKNOWN``) and a missing module member stay reported.
* :func:`marked_not_existing`: the sentence itself says the name does not exist yet
  (``xxx : class for regression diagnostics TODO: does not exist yet``): a known gap, not drift.
* :func:`may_not_exist`: the sentence makes the name conditional ("If defined,
  :attr:`~PIL.Image.Image.n_frames` refers to ...": multi-frame plugins define it), calls
  it old ("the old ``Header.fromTxtFile`` method": history), gives it an owner by a
  possessive ("Django's `timesince` formatter", "torchvision's ``nrow``": another project's
  name), calls it an id ("command ids such as `napari.window.file.copy`") or denies it
  exists ("there is no analogous ``write_json_mash()`` function").
* :func:`said_to_be_anothers`: the words after the name call it another callable's parameter
  ("the ``parse_strict`` argument of Unit") or, "function/method/class of `X`" with ``X`` a
  package name that is not this project's, another library's ("The `replace_wrep` function
  of `fastai`"), or the standard library's, a bare name "in the standard library" (distlib's
  "just like the :func:`urlretrieve` function in the standard library", round 80).
* :func:`named_with_its_library`: the word before the name is an external library the file
  imports ("a traitlets Config" with a class role: ipython's ``embed``, whose file does
  ``from traitlets import ...``): the sentence says whose class it is.
* :func:`instance_of_a_wildcard`: the docstring writes a family of names with a wildcard
  (twisted's ``C{proto_*}``) and the name is one of them (``C{self.proto_foo}``, "for
  example"): an illustration, not a reference.
* :func:`in_equation`: a name written bare with its arguments (``log_ndtr(x)``) next to a
  relation sign (``z = log_ndtr(-x)``, ``constr_eq(x) = 0``, ``\\simeq``), also inside
  another call (``in_b = intersect(predec(B))``, numba's data-flow equations) is mathematics,
  the function a formula names, not a reference to the code.
* :func:`declares_foreign_module`: the docstring sets Sphinx's current module to one the
  project does not have (jax's ``.. currentmodule:: jaxlib._jax`` before ``:class:`CpuDevice```):
  its bare names are members of that module, which a static reader of the project cannot list.
* :func:`own_entry_capitalised`: an entry's description starting with the entry's own name
  capitalised (``dtype: `Dtype` of this basis``), the first word of a sentence.
* :func:`names_an_event_handler`: ``on_<event>`` in a docstring that speaks of events
  (discord.py's Intents flags, "corresponds to the following events: - :func:`on_reaction_add`"):
  the handler a user defines for the event (the framework looks up ``'on_' + event``), not a
  name of the project's code.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_local import OTHERS_PARAMETER
from docref.checks.static.project_imports import project_imports
from docref.checks.static.returns_raises_ast import body_facts, function_node
from docref.core.brackets import closing_bracket
from docref.core.segment import Segment

__all__ = [
    "declares_foreign_module",
    "in_equation",
    "instance_of_a_wildcard",
    "marked_not_existing",
    "may_not_exist",
    "named_for_a_library",
    "named_with_its_library",
    "own_entry_capitalised",
    "said_to_be_anothers",
    "speaks_for_implementers",
]

# "if defined", "when present", "if it exists", "where available" -- before the name
_CONDITIONAL = re.compile(
    r"\b(?:if|when|where|whenever)\s+(?:it\s+is\s+|they\s+are\s+)?"
    r"(?:defined|present|available|exists?)\b",
    re.I,
)

_CURRENT_MODULE = re.compile(r"^\s*\.\.\s+(?:py:)?(?:current)?module::\s*([\w.]+)\s*$", re.M)

# "TODO", "does not exist yet", "not implemented yet", "(in the) future" -- not "a future
# version/release", which announces a change to a name that exists (or is stale); "could be
# implemented" (round 33, python-pptx: "a `_DirPkgWriter` could be implemented"): a thing only
# imagined -- "can"/"may be added" say what the code does, so they are no cue
_NOT_YET = re.compile(
    r"\bTODO\b|\bFIXME\b|\bdoes(?:n't| not) (?:yet )?exist\b|\bnot (?:yet )?implemented\b"
    r"|\bnot yet\b|\bfuture\b(?!\s+(?:versions?|releases?)\b)"
    r"|\b(?:could|might)\s+(?:also\s+|later\s+|someday\s+)?be\s+"
    r"(?:implemented|added|written|created|introduced)\b",
    re.I,
)


def marked_not_existing(source: str, segment: Segment, start: int) -> bool:
    """The mention at ``start`` is marked as not there yet (a TODO, "does not exist yet"): by
    its own entry when it opens a line of a list (``xxx : ... TODO``; a See Also section is one
    segment, its other entries say nothing of this one), else by the segment's sentence."""
    line_start = source.rfind("\n", 0, start) + 1
    if source[line_start:start].strip():
        return _NOT_YET.search(segment.text) is not None
    indent = start - line_start
    end = source.find("\n", start)
    while end != -1 and end < segment.end:
        following = source.find("\n", end + 1)
        line = source[end + 1 : following if following != -1 else len(source)]
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break  # the next entry (or section) starts: the entry ends here
        end = following
    entry = source[start : segment.end if end == -1 else min(end, segment.end)]
    return _NOT_YET.search(entry) is not None


def speaks_for_implementers(inp: StaticInput, owner: str) -> bool:
    """A name missing from ``owner`` (empty: a bare name; ``class `X```: the method's class)
    is mentioned by the docstring of an abstract hook, which speaks for its implementers."""
    if inp.file.language != "python" or inp.function.parent_class is None:
        return False
    if owner and not owner.startswith("class "):
        return False  # ``np.missing``: a module member is missing for the subclasses too
    node = function_node(inp.data, inp.function)
    if node is None:
        return False
    facts = body_facts(node)
    return facts.abstract or facts.stub


def declares_foreign_module(inp: StaticInput) -> bool:
    """The docstring's ``.. currentmodule:: X`` (or ``.. module:: X``) names a module that is
    not one of the project's."""
    docstring = inp.function.docstring
    if docstring is None or inp.file.language != "python" or "module::" not in docstring.text:
        return False  # (the directive's word first: the regex tries every line of a docstring)
    declared = _CURRENT_MODULE.findall(docstring.text)
    return any(inp.graph.modules.module_path(m) is None for m in declared)


# "the old ``Header.fromTxtFile`` method", "formerly `x`": the name of something gone, told as
# history (the word right before the mention, an article or markup between)
_HISTORY = re.compile(
    r"\b(?:old|older|former|formerly|legacy|deprecated|removed|previous|previously|obsolete)"
    r"\s+(?:[:\w]+:)?[`*]*$",
    re.I,
)


# "there is no analogous ``write_json_mash()``", "there are no such `x`": the sentence denies
# the name exists (textacy, round 57), up to three words between
_DENIED = re.compile(
    r"\bthere\s+(?:is|are|was|were)\s+no\s+(?:[A-Za-z-]+\s+){0,3}(?:[:\w]+:)?[`*]*$", re.I
)


# "Django's `timesince`", "NumPy's ``ndarray.flat``", "torchvision's ``nrow``": an owner right
# before the mention (markup between) says whose name it is; a lower-case owner only without a
# determiner before it ("the function's ``x``" is this code's) and not a contraction ("it's")
_POSSESSIVE = re.compile(r"(?:\b(\w+)\s+)?\b([A-Za-z][\w.]*)'s\s+(?:[:\w]+:)?[`*]*$")
_DETERMINERS = frozenset(
    {"the", "this", "that", "these", "those", "its", "a", "an", "each", "every", "our", "your"}
    | {"their", "his", "her", "my", "any", "some", "same", "other", "another", "which", "whose"}
)
_CONTRACTIONS = frozenset(
    {"it", "that", "what", "there", "here", "let", "who", "he", "she", "where", "one", "this"}
)
# "command ids such as `napari.window.file.copy`", "the key ``a.b``": the sentence calls the
# name a string identifier, not a reference to code
_AN_ID = re.compile(
    r"\b(?:ids?|identifiers?|keys?|permissions?)\s+(?:such\s+as\s+|like\s+|e\.g\.,?\s+)?"
    r"(?:[:\w]+:)?[`*]*$"
    # "Authorization requires ``spanner.instances.setIamPolicy``" (round 32, the generated
    # Google Cloud clients): an access-control permission string, not a module path
    r"|\bauthori[sz]ation\s+requires\s+(?:the\s+)?(?:[:\w]+:)?[`*]*$",
    re.I,
)
# "Based of original function ``qnwnorm1`` in CompEcon toolbox by Miranda and Fackler" (round
# 31): a routine of the program this code was ported from -- told as its origin before the
# mention and placed in a named other program after it; "the original ``helper``" alone
# (this code's own earlier name) is no cue
_ORIGIN_BEFORE = re.compile(
    r"\b(?:original(?:ly)?|ported\s+from|translated\s+from|adapted\s+from|port\s+of)\s+"
    r"(?:[a-z]+\s+){0,3}(?:[:\w]+:)?[`*]*$",
    re.I,
)
_ORIGIN_AFTER = re.compile(r"[`*]*\s+(?:in|from|of)\s+(?:the\s+)?[A-Z][\w-]*")


def _possessive(before: str) -> bool:
    match = _POSSESSIVE.search(before)
    if match is None:
        return False
    owner = match[2]
    if owner[:1].isupper():
        return True
    if owner.lower() in _CONTRACTIONS:
        return False
    return (match[1] or "").lower() not in _DETERMINERS


# "the ``mlflow.prompt.is_prompt`` tag", "the ``a.b`` config key": a noun right after the
# mention (its closing markup between) calls it a string identifier
# (not "setting": "the ``self.sparse_serialize`` setting" is an attribute, gensim's TRUE)
_AN_ID_AFTER = re.compile(r"[`*]*\s+(?:tags?|permissions?|(?:config(?:uration)?\s+)?keys?)\b", re.I)
# the same history told after the mention ("``x`` was removed in 4.0", "``x`` is deprecated",
# "``x`` no longer exists"; not "``x`` is removed from ...": what the code does to it)
_HISTORY_AFTER = re.compile(
    r"[`*()]*\s+(?:(?:was|were|has\s+been|have\s+been)\s+(?:removed|dropped|deleted|deprecated)"
    r"|(?:is|are)\s+(?:now\s+(?:removed|dropped|deleted|deprecated)|deprecated)"
    r"|no\s+longer\s+exists?)\b",
    re.I,
)
# an example cue right before the mention ("e.g, ``pandas.indexcol``"), after a sentence
# that speaks of keys or ids ("name the keys with the name of the library ...")
_EXAMPLE_CUE = re.compile(r"\b(?:e\.\s?g\.?,?|such\s+as|for\s+example,?)\s+[`*]*$", re.I)
_ID_WORD = re.compile(r"\b(?:ids?|identifiers?|keys?|tags?)\b", re.I)


def may_not_exist(source: str, segment: Segment, start: int, end: int | None = None) -> bool:
    """The segment's text before the mention at ``start`` makes its existence conditional,
    calls it old (history: "the old ``Header.fromTxtFile`` method", or after it: "``x`` was
    removed in release 4.0"), names its owner
    ("Django's `timesince`", "torchvision's ``nrow``") or calls it an id ("command ids such as
    `napari.window.file.copy`": a string, not a module path), or the text after it (``end``)
    does ("the ``mlflow.prompt.is_prompt`` tag"; round 9), or it is the example of a sentence
    about keys ("name the keys ..., e.g, ``pandas.indexcol``"; round 19), or the text around
    it says it is a routine of the program this code was ported from ("original function
    ``qnwnorm1`` in CompEcon"; round 31)."""
    before = source[max(segment.start, start - 40) : start]
    if _HISTORY.search(before) or _possessive(before) or _AN_ID.search(before):
        return True
    if _DENIED.search(source, max(segment.start, start - 60), start):
        return True  # "there is no analogous ``write_json_mash()`` function": said not to be
    attribute = source.startswith(("self.", "cls."), start)
    if end is not None and not attribute and _AN_ID_AFTER.match(source, end, segment.end):
        return True
    if end is not None and _HISTORY_AFTER.match(source, end, segment.end):
        return True  # "`bright_radius` was removed in release 4.0" (ginga, round 90)
    origin = end is not None and _ORIGIN_BEFORE.search(before) is not None
    if origin and _ORIGIN_AFTER.match(source, end or 0, segment.end):
        return True
    if _EXAMPLE_CUE.search(before) and _ID_WORD.search(source, segment.start, start):
        return True
    return _CONDITIONAL.search(source, segment.start, max(segment.start, start)) is not None


# the word right before a mention (``traitlets`` in "a traitlets :class:`Config`")
_WORD_BEFORE = re.compile(r"\b([a-z_][a-z0-9_]*)\s+(?::[\w:]+:)?[`*~!]*$")


def named_with_its_library(inp: StaticInput, segment: Segment, start: int) -> bool:
    """The word right before the mention at ``start`` is the top-level name of an external
    module the file imports ("a traitlets Config" with a class role, as ipython writes it):
    the name is that library's."""
    word = _WORD_BEFORE.search(inp.source[max(segment.start, start - 40) : start])
    if word is None:
        return False
    for imp in inp.file.imports:
        if imp.level or not imp.module or imp.module.split(".")[0] != word[1]:
            continue
        if inp.graph.modules.resolve_import(inp.path, imp)[0] is None:
            return True
    return False


# "(e.g. ``topk`` for torch)": the mention, then "for"/"in" and a word that ends the clause
# (not "``to_frame`` for pandas objects", where the word qualifies a noun the name acts on)
_FOR_LIBRARY = re.compile(r"[`*()]*\s+(?:for|in)\s+([A-Za-z_]\w*)\s*(?:[),;:]|\.(?!\w)|$)")


def named_for_a_library(inp: StaticInput, segment: Segment, end: int) -> bool:
    """The mention ending at ``end`` is followed by "for"/"in" and, ending the clause, the
    top-level name of a third-party library the project imports ("an equivalent function
    (e.g. ``topk`` for torch)": scikit-learn's vendored array-api code, round 11): that
    library's function, not this code's."""
    word = _FOR_LIBRARY.match(inp.source, end, segment.end)
    return word is not None and word[1] in project_imports(inp.graph).libraries


# "The `replace_wrep` function of `fastai`": the mention, then what it is and whose
_OF_LIBRARY = re.compile(
    r"[`*()]*\s+(?:function|method|class|module|attribute|property|helper)s?\s+"
    r"(?:of|from|in)\s+(?:the\s+)?(`*)([a-z_][a-z0-9_]*)\1(?![\w.(])"
)


def said_to_be_anothers(
    inp: StaticInput, segment: Segment, name: str, end: int, *, passed: bool = False
) -> bool:
    """The words after the mention ending at ``end`` call it another callable's parameter
    ("the ``parse_strict`` argument of Unit", :data:`.OTHERS_PARAMETER`; not when the
    docstring's example passes it, ``passed``), or another library's name
    (:func:`_of_another_library`)."""
    if not passed and OTHERS_PARAMETER.match(inp.source, end):
        return True
    if "." not in name and _IN_STDLIB.match(inp.source, end, segment.end):
        return True  # ":func:`urlretrieve` in the standard library": Python's own
    return "." not in name and (
        _of_another_library(inp, segment, end) or _in_another_package(inp, segment, end)
    )


# "`urlretrieve` function in the standard library", "``shlex.split`` from Python's stdlib"
_IN_STDLIB = re.compile(
    r"[`*()]*\s+(?:(?:function|method|class|module)s?\s+)?(?:of|from|in)\s+"
    r"(?:the\s+|Python's\s+)?(?:Python\s+)?(?:standard\s+library|stdlib)\b",
    re.IGNORECASE,
)


def _of_another_library(inp: StaticInput, segment: Segment, end: int) -> bool:
    """The mention ending at ``end`` is followed by "function/method/class of" and a
    lower-case package name, marked as code, that is none of this project's modules nor a
    name of the function or its file (pythainlp's "The `replace_wrep` function of `fastai`
    does not work well with Thai", round 57), or unmarked, a library the project imports:
    that library's name, not an old name of this code's.  A capitalised owner (a class: "the
    `fit` method of `Model`") and a plain word ("the ``_ctype`` attribute of the channel")
    stay references."""
    match = _OF_LIBRARY.match(inp.source, end, segment.end)
    if match is None:
        return False
    owner = match[2]
    if owner in project_imports(inp.graph).libraries:
        return True
    if not match[1] or inp.graph.modules.module_path(owner) is not None:
        return False
    fn = inp.function
    own = {p.name for p in fn.params} | set(fn.local_names)
    defined = {f.name for f in inp.file.functions} | {c.name for c in inp.file.classes}
    return owner not in own | defined | {i.bound_name for i in inp.file.imports}


# "``fit_plane()`` in the *xcdskd* Python package": the mention, then the package it is in
_IN_PACKAGE = re.compile(
    r"[`*()]*\s+(?:(?:function|method|class|routine)s?\s+)?(?:of|from|in)\s+(?:the\s+)?"
    r"([`*]*)([A-Za-z_][\w-]*)\1\s+(?:Python\s+)?(?:package|library|project)\b"
)
# "in this package", "in the same package", "in the Python package": no other package
_OWN_WORDS = frozenset({"this", "same", "current", "main", "our", "python", "parent", "base"})


def _in_another_package(inp: StaticInput, segment: Segment, end: int) -> bool:
    """The mention ending at ``end`` is followed by "in the X (Python) package/library" and X is
    none of this project's modules (kikuchipy's "adapted from Aimo Winkelmann's function
    ``fit_plane()`` in the *xcdskd* Python package", round 90): that package's name, not an
    old name of this code's.  The project's own package named so stays a reference."""
    match = _IN_PACKAGE.match(inp.source, end, segment.end)
    if match is None:
        return False
    owner = match[2].replace("-", "_")
    return inp.graph.modules.module_path(owner) is None and owner.lower() not in _OWN_WORDS


_WILDCARD = re.compile(r"(?<![\w*])([A-Za-z_]\w*_)\*(?![\w*])")


def instance_of_a_wildcard(inp: StaticInput, name: str) -> bool:
    """``name``'s last part begins with the prefix of a wildcard the docstring writes
    (``proto_*``, then ``self.proto_foo``): one example of that family of names."""
    body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    last = name.rsplit(".", 1)[-1]
    return any(last.startswith(m[1]) and len(last) > len(m[1]) for m in _WILDCARD.finditer(body))


# a relation sign of a formula, after the call's arguments or before the name
_RELATION = r"(?:<=|>=|==|=|<|>|~|\u2248|\\+(?:simeq|approx|sim|leq?|geq?)\b)"
_RELATION_AFTER = re.compile(r"\s*" + _RELATION)
_RELATION_BEFORE = re.compile(_RELATION + r"\s*-?$")
# the enclosing calls right before a name: ``intersect(`` in ``intersect(predec(B))``
_OPENERS = re.compile(r"(?:[A-Za-z_]\w*\(\s*)+$")


def in_equation(source: str, start: int, end: int) -> bool:
    """The bare call written at ``start``..``end`` (the name; its arguments follow) stands in
    a formula: a relation sign right after its parenthesised arguments or right before it."""
    if end >= len(source) or source[end] != "(":
        return False
    close = closing_bracket(source, end + 1)
    position = close + 1 if close is not None else len(source)
    if _RELATION_AFTER.match(source, position):
        return True
    # the calls it is an argument of come first (``in_b = intersect(predec(B))``)
    before = _OPENERS.sub("", source[max(0, start - 60) : start])
    return _RELATION_BEFORE.search(before[-12:]) is not None


_EVENTS = re.compile(r"\bevents?\b", re.I)


def names_an_event_handler(inp: StaticInput, name: str) -> bool:
    """``name`` is ``on_<event>``, undotted, in a docstring that speaks of events (see the
    module docstring).  A helper named ``on_...`` in a docstring that does not (werkzeug's
    ``on_json_loading_failed``) stays a reference."""
    if not name.startswith("on_") or len(name) <= 3 or "." in name:
        return False
    return _EVENTS.search(inp.source, inp.docstring.body_start, inp.docstring.body_end) is not None


def own_entry_capitalised(segment: Segment, name: str) -> bool:
    """``name`` is the name the entry documents, capitalised as the first word of its
    description ("dtype: `Dtype` of this basis": tensorflow-probability, round 16), not a
    case slip of a class spelt nearly so (``DType``)."""
    entry = segment.name or ""
    return name[:1].isupper() and name != entry and name.lower() == entry.lower()
