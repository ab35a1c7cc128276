"""The finding of the C1 name rules for a mention that names nothing, and the evidence it needs.

:func:`unresolved_finding` reports a cross-reference that names nothing, or a member missing
from a project class or module, as it is; a bare name in prose only with supporting evidence
(a did-you-mean, a parameter cue, a name in scope it extends), and it words the message and the
fix hint.  Which mentions get here is :mod:`.names`' business.
"""

from __future__ import annotations

import re
from itertools import pairwise

from docref.checks.static.base import StaticInput
from docref.checks.static.names_corroboration import RULE_XREF_WEAK, corroborated
from docref.checks.static.names_elsewhere import RULE_ELSEWHERE, elsewhere_message, used_elsewhere
from docref.checks.static.names_introduced import loop_variable
from docref.checks.static.names_local import family_or_c_type, wrapped_name
from docref.checks.static.names_mentions import Mention, is_plain_word
from docref.checks.static.names_scope import Resolution, project_variant
from docref.checks.static.names_shorthand import (
    alias_shorthand,
    foreign_member,
    module_shorthand,
    package_shorthand,
    root_imported,
)
from docref.checks.static.names_spelling import hint, suggest
from docref.checks.static.names_stale_twin import call_linked, twin_in_scope
from docref.checks.static.names_words import enum_placeholder, run_together
from docref.checks.static.prose_names_listed import returned_label
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = [
    "RULE_DERIVED",
    "RULE_IN_TESTS",
    "RULE_NAME",
    "RULE_XREF",
    "RULE_XREF_WEAK",
    "unresolved_finding",
]

RULE_XREF = "C1-XREF-UNRESOLVED"
RULE_NAME = "C1-NAME-UNRESOLVED"
RULE_IN_TESTS = "C1-NAME-IN-TESTS"
"""Opt-in since session 20: C1-NAME-UNRESOLVED's finding on a member missing from a module,
with no did-you-mean, in a test or benchmark file (``tests/``, ``_tests/``, ``benchmarks/``,
``test_*.py``, ``*_test.py``, ``conftest.py``; not a public ``testing`` package).  Their
docstrings narrate a scenario or a past bug and use shorthand (haiku's benchmarks' "compiled
``hk.init_fn`` of model", cirq's ``_compat_test`` naming the modules of an old bug, napari's
"``layers.axis_labels``" of a viewer): chosen on rounds 13-26, where all 8 such findings were
FALSE or DEBATABLE against 38 of 42 TRUE for the same shape in library code; rounds 27-30 had
none.  A typo with a did-you-mean, and a bare name, stay C1-NAME-UNRESOLVED in a test file too."""
RULE_DERIVED = "C1-NAME-DERIVED"
"""Opt-in since session 12: C1-NAME-UNRESOLVED's finding whose only twin is a parameter or a
local of the function that the name extends by a whole word (``x_hat`` for a local ``x``,
``grid_sample`` for ``grid``, ``x_chunk`` for the parameter ``chunk``), or a local the name is
one word short of (``alpha_bar`` for a nested ``alpha_bar_fn``).  Judged on first sight
(rounds 0-14) 1 in 17 was TRUE: such a name is a value derived from the variable (maths
notation, another library's function, a placeholder), not a stale one.  A parameter that
extends the name (``return_weak_type`` for ``return_weak_type_flag``: a renamed parameter) and
every function, class and module-level twin (``frobnicate_all`` for ``frobnicate``) stay
C1-NAME-UNRESOLVED's."""


def _same_entity(name: str, candidates: list[str]) -> bool:
    """``name`` is another spelling of a name in scope by a convention, not a stale name:
    the trailing underscore that stores a quantity or avoids a keyword (``n_outputs`` for the
    fitted attribute ``n_outputs_``, ``class`` for ``class_``; ``train__`` for ``train``,
    a key prefix), or the camelCase of a
    snake_case name, which is the key of a serialised form (``minLength`` for ``min_length``
    in a JSON schema) -- a Python rename never switches naming conventions."""
    if f"{name}_" in candidates:
        return True
    # a key prefix joined by two underscores (``train__`` beside ``train``) or another
    # library's in-place spelling (torch's ``clip_grad_norm_`` beside ``_clip_grad_norm``);
    # one trailing underscore more than a name in scope is a fitted attribute that does not
    # exist (scikit-learn's ``type_of_target_`` for the function ``type_of_target``): reported
    if name.endswith("_") and not name.startswith("__"):
        twins = [c for c in candidates if c and c.strip("_") == name.strip("_")]
        if any(name.endswith("__") or c.startswith("_") for c in twins):
            return True
    if re.search(r"[a-z][A-Z]", name) is None:
        return False
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    # the private twin too: ``arrowSerializationOptions`` (a REST field) is what
    # ``_arrow_serialization_options`` builds
    return snake in {c.lstrip("_") for c in candidates}


# the prefixes that make a name the count of what another holds (``nlabels``, ``n_items``;
# the maths' capital ``Npoints``, fipy round 35: "on the order of `Ncells` by `Npoints`")
_COUNT = re.compile(r"(?:[nN]|[nN]b|[nN]um)_?(?=[a-z])")


def _count_of(name: str, suggestion: str | None) -> bool:
    """``name`` is a count prefix on the plural name in scope it would be a typo of
    (``nlabels`` beside the parameter ``labels``: "a distribution over `nlabels` outcomes";
    round 16, tensorflow-probability): how many it holds, a dimension of the maths, not a
    misspelling of the collection itself."""
    if suggestion is None or not suggestion.endswith("s"):
        return False
    prefix = _COUNT.match(name)
    return prefix is not None and name[prefix.end() :] == suggestion


def _element_of_named(
    inp: StaticInput, segment: Segment, mention: Mention, plural: str | None
) -> bool:
    """The name's plural, the name in scope it would be a typo of, is named in the same
    sentence: the prose names the collection, then one of its elements ("If given encoding
    is in `custom_encoders`, use a corresponding `custom_encoder`": round 24, pydicom).  A
    singular alone in its sentence (``num_step`` for ``num_steps``) stays judged."""
    name = mention.target
    plurals = {f"{name}s", f"{name}es"} | ({f"{name[:-1]}ies"} if name.endswith("y") else set())
    if plural not in plurals:
        return False
    before = inp.source[segment.start : mention.start]
    after = inp.source[mention.end : segment.end]
    sentence = _SENTENCE_END.split(before)[-1] + " " + _SENTENCE_END.split(after)[0]
    return re.search(rf"(?<![\w.]){re.escape(plural)}(?!\w)", sentence) is not None


def _labels_returned(inp: StaticInput, segment: Segment, mention: Mention) -> bool:
    """The mention labels a member of the returned value in a Returns entry (a bulleted
    item's head, or one of a tuple of labels): the docstring defines the name itself."""
    text = inp.source[segment.start : segment.end]
    start, end = mention.start - segment.start, mention.end - segment.start
    return returned_label(segment.kind, text, start, end)


# where a sentence ends: a full stop, question or exclamation mark before a space
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_EXAMPLES = re.compile(r"\b(?:such\s+as|e\.\s?g\.|for\s+(?:example|instance))", re.I)


def _numbered_example(
    inp: StaticInput, segment: Segment, mention: Mention, name: str, candidates: list[str]
) -> bool:
    """A name in scope plus digits given as an example ("generic field names such as `path`,
    `field1`, and `field2`" beside the parameter ``field``: round 16, elasticsearch): data
    named after the parameter, no typo of it.

    Overlaps :func:`.names_indexed.indexed_instance` (a stem in scope plus digits) but is not
    the same condition: with an "e.g./such as" cue it accepts a number another name in scope
    also ends in, and a stem joined by an underscore only when the digits end the name;
    ``indexed_instance`` needs no cue but refuses a number any name in scope ends in (a
    stale ``p_value2`` for ``pvalue2``).  Merging them changes findings: left apart until a
    judged re-run shows it does not (session 16 review, session 17)."""
    numbered = name.rstrip("0123456789")
    # digits must end the name: ``train_`` after "e.g." is a fitted attribute or a typo of
    # ``train``, not a numbered example (test_static_r11's key-prefix control)
    base = numbered.rstrip("_")
    if numbered == name or base not in candidates:
        return False
    return _EXAMPLES.search(inp.source, segment.start, mention.start) is not None


def _numbered_series(inp: StaticInput, segment: Segment, target: str) -> bool:
    """The sentence lists ``target`` (``trimesh.sub1``) next to a sibling numbered otherwise
    (```trimesh.sub1`, `trimesh.sub2```): a made-up series illustrating a kind of dotted name
    (trimesh's sub-loggers, round 17), not a reference to one.  A bare numbered name
    (``shape2`` a sentence after ``shape1``) stays judged (:func:`_numbered_example`)."""
    match = re.fullmatch(r"(.*\.[^\W\d]\w*?)(\d+)", target)
    if match is None:
        return False
    sibling = re.compile(rf"(?<![\w.]){re.escape(match[1])}(\d+)(?!\w)")
    found = list(sibling.finditer(inp.source, segment.start, segment.end))
    for one, other in pairwise(found):
        gap = inp.source[one.end() : other.start()]
        if one[1] != other[1] and _LIST_GAP.fullmatch(gap) and match[2] in (one[1], other[1]):
            return True
    return False


# between two items of a list: markup, a comma, "and"/"or"
_LIST_GAP = re.compile(r"[\s`*'\",]*(?:(?:and|or)[\s`*'\"]*)?")


def unresolved_finding(
    inp: StaticInput, segment: Segment, mention: Mention, resolution: Resolution
) -> Finding | None:
    """The finding for a mention that names nothing, unless the evidence is too thin.

    A cross-reference that names nothing, or a member missing from a project class or module,
    is reported as it is.  A bare name in prose (backticks, ``name()``, ``{@code name()}``) is
    reported only with supporting evidence: a did-you-mean (a typo of a name in scope, or a
    case variant of a project name); for a code-shaped name in backticks, a sentence calling it
    a parameter next to a similar parameter (:func:`_parameter_cue`) or a name in scope that it
    extends by one word (``frobnicate_all`` for ``frobnicate``).  Unresolved names in prose are
    far more often values, formats, names from other programs or placeholders (``server_vad``,
    ``WIDTHxHEIGHT``, ``TerminateProcess()``) than stale code.  A member missing from an
    external module needs a did-you-mean too: the installed version may not be the one the
    project targets (``copy.replace`` is new in Python 3.13).
    """
    name = resolution.missing
    if not mention.is_xref and _numbered_series(inp, segment, mention.target):
        return None  # "`trimesh.sub1`, `trimesh.sub2`": made-up names of a series
    if resolution.owner.startswith("class") and enum_placeholder(name, resolution.candidates):
        return None  # ``Aux.KIND``: any of the enum-style class's constants
    word = not mention.is_xref and not resolution.owner and is_plain_word(mention.target)
    own = inp.function.name
    # a function's docstring names the function itself on purpose (``quote`` in ``unquote``)
    candidates = [c for c in resolution.candidates if c != own]
    suggestion = suggest(name, candidates, strict=word, bare=not resolution.owner)
    if suggestion is None and not resolution.owner:
        suggestion = project_variant(inp.graph, name)
        suggestion = None if suggestion == own else suggestion
    if suggestion is not None and not resolution.owner and loop_variable(inp, suggestion):
        suggestion = None  # ``term_id`` for ``for termid, df in ...``: both placeholders
    if not resolution.owner and _same_entity(name, [*candidates, suggestion or ""]):
        return None
    java_backtick = mention.kind == "backtick" and inp.file.language == "java"
    if java_backtick and run_together(name, (*candidates, suggestion or "")):
        return None  # "`cmin`, `cmax` are set" by the field ``cMin``: Plotly's key for it
    if not resolution.owner and _count_of(name, suggestion):
        return None
    if not resolution.owner and _element_of_named(inp, segment, mention, suggestion):
        return None
    if not resolution.owner and _labels_returned(inp, segment, mention):
        return None  # "tuple of (``payload``, ``signature_type``)": the result's elements
    if not resolution.owner and _numbered_example(inp, segment, mention, name, candidates):
        return None
    if not resolution.owner and family_or_c_type(inp, name, [*resolution.candidates, own]):
        return None
    if not resolution.owner and wrapped_name(inp, name, resolution.candidates):
        return None  # ``grid_sample`` beside the imported ``_torch_grid_sample`` wrapping it
    weak = hint(name, candidates)
    code_in_backticks = mention.kind in ("backtick", "literal") and not word
    renamed = code_in_backticks and _parameter_cue(inp, mention)
    twin = weak is not None and weak.lstrip("_") == name.lstrip("_")
    # ``X_transformed`` for a parameter ``X`` names a value derived from it (``y_pred``,
    # ``x_new``), not a renamed helper as ``frobnicate_all`` for a function ``frobnicate`` is
    derived = weak in {p.name for p in inp.function.params}
    # and a type's word added to it (``state_dicts``, ``name_list``): values of that type
    derived = derived or (weak is not None and _added_word(name, weak) in _TYPE_WORDS)
    # Javadoc ``{@code name()}`` is as often a method of another object or a C function
    java_call = inp.file.language == "java" and mention.kind == "call"
    extends = mention.kind == "backtick" and not word and weak is not None and not twin
    extends = extends and not derived
    if not extends and mention.kind in ("literal", "call") and not java_call and not word:
        # a bare code-shaped name in a reST literal or called in prose (```frobnicate_all```,
        # ``frobnicate_all()``) extending a name in scope by one word; a call only for a
        # function of the file, written as a call of its own (in ``json_quote(json_extract())``
        # an SQL expression names SQL functions, not the ``json`` module)
        bare = "." not in name and not resolution.owner and weak is not None
        # the documented name is the longer one (``frobnicate_all`` for ``frobnicate``), or a
        # call of a name that one the function calls extends (``wait_poll()`` for the
        # ``wait_poll_impl`` it calls); a literal ``bag_map`` beside ``bag_map_helper`` is
        # C1-PROSE-NAME-STALE's, with the call graph's link as its evidence
        longer = weak is not None and len(name) > len(weak)
        # the call-graph walk (every function of the file) last: only when it decides
        extends = bare and not twin and not derived
        extends = extends and (longer or (mention.kind == "call" and weak in call_linked(inp)))
        if extends and mention.kind == "call":
            functions = {f.name for f in inp.file.functions}
            nested = inp.source[max(0, mention.start - 1) : mention.start] in ("(", ".")
            extends = weak in functions and not nested
    thin = not mention.is_xref and (not resolution.owner or java_call)
    if (thin or resolution.external) and not (suggestion or renamed or extends):
        return None
    if (
        inp.file.language == "python"
        and mention.kind in ("dotted", "call")
        and "." in mention.target
        and (resolution.owner or "").startswith("module")
        and is_plain_word(mention.target.split(".")[0])
        and not root_imported(inp, mention.target)
    ):
        # in unmarked prose an English word before the dot ("expanded with string.expandtabs()")
        # names a module only when the file imports it
        return None
    if package_shorthand(inp, mention.target, resolution):
        return None
    if module_shorthand(inp, mention.target, resolution):
        return None
    if not mention.is_xref and suggestion is None and alias_shorthand(mention.target, resolution):
        return None
    if foreign_member(inp, mention, name, suggestion, resolution):
        return None
    if suggestion is None and not resolution.owner and "." not in name:
        # a renamed twin is a better fix than a name the old one merely extends
        # (``set_ctx`` for ``:func:`set_context```, not ``set``)
        sentence = inp.source[segment.start : segment.end]
        params = [p.name for p in inp.function.params if p.name not in ("self", "cls")]
        suggestion = twin_in_scope(inp, sentence, name, resolution, params, plain=word)
    message, fix_hint = _message(mention, resolution, suggestion or weak)
    rule = RULE_XREF if mention.is_xref else RULE_NAME
    if rule == RULE_NAME and not resolution.owner and _derived(inp, name, suggestion or weak):
        rule = RULE_DERIVED
    elif rule == RULE_NAME and not resolution.owner:
        # a bare name another file still uses as code: that code's vocabulary (opt-in)
        users = used_elsewhere(inp, name)
        if users:
            rule, message = RULE_ELSEWHERE, elsewhere_message(name, users, message)
    elif (
        inp.file.language == "python"
        and mention.is_xref
        and not corroborated(inp, mention, resolution, suggestion or weak)
    ):
        rule = RULE_XREF_WEAK  # no second signal: the opt-in id (:mod:`.names_corroboration`)
    owner = resolution.owner or ""
    if rule == RULE_NAME and owner.startswith("module") and not (suggestion or weak):
        rule = RULE_IN_TESTS if _test_code(inp.path) else rule
    return inp.finding(segment, Criterion.C1, rule, message, fix_hint)


# a test or benchmark module: a folder of them, or a test file's name (a ``testing`` package
# is public API, cirq's and numpy's, and stays library code)
_TEST_PATH = re.compile(
    r"(?:^|/)(?:tests?|_tests|benchmarks?)/|(?:^|/)(?:test_\w+|\w+_test|conftest)\.py$"
)


def _test_code(path: str) -> bool:
    """``path`` is a test or benchmark module of the project (:data:`RULE_IN_TESTS`)."""
    return _TEST_PATH.search(path) is not None


# the words of built-in and array types a name adds to another to describe values of that type
_TYPE_WORDS = frozenset(
    {"dict", "list", "tuple", "set", "str", "string", "int", "float", "bytes", "array"}
    | {"tensor", "map", "mapping", "seq", "sequence"}
)


def _added_word(name: str, base: str) -> str:
    """The word ``name`` adds to ``base`` (``state_dicts`` to ``state``: ``dict``, in the
    singular), or an empty string."""
    if name.startswith(f"{base}_"):
        word = name[len(base) + 1 :]
    elif name.endswith(f"_{base}"):
        word = name[: -len(base) - 1]
    else:
        return ""
    return word[:-1] if word.endswith("s") and word[:-1] in _TYPE_WORDS else word


def _derived(inp: StaticInput, name: str, twin: str | None) -> bool:
    """``name`` and its one ``twin``, a variable of the function, differ by a whole word
    (:data:`RULE_DERIVED`): the name is the longer of the two (a value derived from the
    variable), or the twin is a local (not a parameter) that extends it."""
    if twin is None:
        return False
    short, long = sorted((name.strip("_"), twin.strip("_")), key=len)
    if short == long or not (long.startswith(short + "_") or long.endswith("_" + short)):
        return False
    fn = inp.function
    params = {p.name for p in fn.params}
    if twin in params:
        return len(name) > len(twin)
    # a function nested in this one is a local too (``alpha_bar_fn``); any other def or class
    # of the file is a helper the name may really extend (``frobnicate_all``)
    nested = fn.qualname + "."
    defs = {f.name for f in inp.file.functions if not f.qualname.startswith(nested)}
    return twin in fn.local_names and twin not in defs | {c.name for c in inp.file.classes}


_CUE_WORDS = frozenset(
    {"parameter", "parameters", "argument", "arguments", "arg", "args", "kwarg", "param"}
)


def _parameter_cue(inp: StaticInput, mention: Mention) -> bool:
    """The mention looks like a renamed parameter: the words next to it call it a parameter
    (``the `no_condexpr` parameter``, ``argument ``x_max```) and it shares a word with a
    parameter of the signature (``with_condexpr``).  Without the shared word it is as often
    a parameter of some other function ("a callable accepting a ``task_status`` argument")."""
    after = re.match(r"[`\s]*(?:keyword\s+)?(\w+)", inp.source[mention.end : mention.end + 40])
    before = re.search(r"(\w+)[\s`]*$", inp.source[max(0, mention.start - 40) : mention.start])
    if not any(m is not None and m[1].lower() in _CUE_WORDS for m in (after, before)):
        return False
    words = {w for w in mention.target.lower().split("_") if len(w) >= 4}
    params = {w for p in inp.function.params for w in p.name.lower().split("_")}
    return bool(words & params)


def _message(mention: Mention, resolution: Resolution, suggestion: str | None) -> tuple[str, str]:
    """The finding's message and fix hint."""
    name = mention.target
    if resolution.owner:
        message = f"`{name}` names nothing: {resolution.owner} has no `{resolution.missing}`"
    else:
        message = f"`{name}` names nothing in scope"
    if suggestion is not None:
        message += f"; did you mean `{suggestion}`?"
        return message, f"rename `{resolution.missing}` to `{suggestion}`"
    if resolution.owner:
        return message, f"name a member that {resolution.owner} has, or remove the reference"
    return message, f"name an existing function, class or variable, or remove `{name}`"
