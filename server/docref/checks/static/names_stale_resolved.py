"""A code-marked name that resolved, but only for a reason that is no evidence it is current,
judged again as a stale name (:func:`.names_stale.stale_finding`): :func:`keyword_or_renamed`
-- unknown only because the function takes ``**kwargs`` -- and
:func:`renamed_but_used_elsewhere` -- known only because other code of the file uses it."""

from __future__ import annotations

import builtins
import dataclasses
import re
import sys

from docref.checks.static.base import StaticInput
from docref.checks.static.names_finding import unresolved_finding
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import missing, project_names
from docref.checks.static.names_spelling import suggest
from docref.checks.static.names_stale import (
    RULE_ELSEWHERE,
    STALE_KINDS,
    renamed_to,
    stale_finding,
)
from docref.checks.static.names_stale_cues import has_an_entry, parameter_cue
from docref.checks.static.names_stale_unnamed import (
    abbreviated_twin,
    qualified_twin,
    unnamed_twin,
)
from docref.checks.static.prose_names import RULE_STALE
from docref.core.findings import Finding
from docref.core.word_search import word_in
from docref.segments import Segment

__all__ = ["keyword_or_renamed", "renamed_but_used_elsewhere"]

# sections whose text describes the returned value: a code-marked name there labels a part of
# it (mlflow's "A tuple of ``runs`` and ``token``" beside a parameter ``page_token``)
_RETURNED = frozenset({"returns", "yields"})


def keyword_or_renamed(
    inp: StaticInput, segment: Segment, mention: Mention, scope: PythonScope
) -> Finding | None:
    """A bare name the scope left unknown only because the function takes ``**kwargs`` (it
    may be a keyword passed on): stale when it resolves nowhere once keywords are set aside
    and one parameter is its renamed twin (``include_header`` for ``include_hdr``)."""
    name = mention.target
    if not scope.kwargs or scope.facts.dynamic or "." in name or mention.kind not in STALE_KINDS:
        return None
    again = scope.resolve_bare(name, keyword=False)
    if again.verdict != "missing" or again.owner:
        return None
    if mention.kind != "emphasis" and _seen(inp, segment, mention):
        # "See `set_simulation_output` for more details" sends the reader to a function, no
        # keyword: a misspelt function of the file is its did-you-mean (statsmodels'
        # ``simulation_smoother(..., **kwargs)`` beside ``get_simulation_output``, ac86759f)
        functions = {f.name for f in inp.file.functions}
        if suggest(name, [c for c in again.candidates if c in functions]) is not None:
            return unresolved_finding(inp, segment, mention, again)
    # the parameters only: another name in scope is no evidence against a forwarded keyword
    bare = dataclasses.replace(again, candidates=())
    return stale_finding(inp, segment, mention, bare, keyword=True)


# "See `x`", "see also ``x``", "see the `x`": what the words send the reader to
_SEE = re.compile(r"(?<![\w-])[Ss]ee(?:\s+also)?(?:\s+the)?\s*:?\s*$")


def _seen(inp: StaticInput, segment: Segment, mention: Mention) -> bool:
    """``mention`` is what a "See ..." clause sends the reader to."""
    before = inp.source[max(segment.start, mention.start - 40) : mention.start]
    return _SEE.search(before.rstrip("`*")) is not None


def _in_own_code(inp: StaticInput, name: str) -> bool:
    """``name`` is a word of the function's code outside its docstring (strings included)."""
    span, doc = inp.function.span, inp.function.docstring
    code = inp.code(span.start_byte, span.end_byte)
    if doc is not None:
        before = inp.code(span.start_byte, doc.span.start_byte)
        code = before + inp.code(doc.span.end_byte, span.end_byte)
    return word_in(code, name)


def renamed_but_used_elsewhere(
    inp: StaticInput, segment: Segment, mention: Mention, scope: PythonScope, *, cued: bool = False
) -> Finding | None:
    """A code-marked name that resolves only because other code of the file uses it (another
    function's parameter or local: ``response`` in scrapy's every callback), that this
    function's code never uses, while one of its parameters is its renamed twin
    (``max_length`` -> ``max_len``): judged as a stale name against the parameters only, a
    snake_case name (``keyAltNames`` is a document's field, pymongo's ``key_alt_name`` the
    value for it) abbreviated or one edit away, whatever words surround it.

    ``cued`` (the default rule, ``C1-PROSE-NAME-STALE``): only a name the words after it call a
    parameter ("the ``timeout`` argument", "``length`` parameter"), or that the docstring
    documents in a parameter entry, of a function that takes no ``**kwargs``: the docstring
    says it is this function's parameter, so another function's
    parameter of that name is no reading of it (no judged false alarm of the opt-in rule had
    such words: they were values, libraries, other callables' names).  Without ``cued`` (the
    opt-in ``C1-PROSE-NAME-ELSEWHERE``) those names are left to the default rule."""
    name = mention.target
    if mention.kind not in STALE_KINDS or "." in name or "#" in name or scope.facts.dynamic:
        return None
    if name != name.lower():
        return None
    fn = inp.function  # (the tests on the name alone first: they need no scan of the text)
    if not fn.params or hasattr(builtins, name) or name.startswith("__"):
        return None
    if any(p.name.startswith(name) and p.name[len(name) :][:1].isalnum() for p in fn.params):
        return None  # a word cut short: "``visit`` methods" next to a ``visitor`` (docutils)
    entry = has_an_entry(inp.docstring.segments, name)
    said = (entry or parameter_cue(inp.source, mention.start, mention.end)) and not scope.kwargs
    if said and not cued:
        return None  # a parameter by the words: the default rule's; else the opt-in's
    # not called a parameter, the default rule takes only an unnamed twin written shorter
    # (:func:`.abbreviated_twin`), as it does for a name found nowhere
    unsaid = cued and not said
    own = {part for r in fn.references for part in r.name.split(".")} | set(fn.local_names)
    facts = scope.facts
    if name in own or name in facts.entities or name in facts.top:
        return None
    if _in_own_code(inp, name):
        return None  # ``kwargs.pop("include_header")``: the function reads it by name
    if any(name in (i.bound_name, i.module.split(".")[0]) for i in inp.file.imports):
        return None  # ``argparse`` after ``from argparse import ArgumentParser``: the library
    if not said and name in project_names(inp.graph):
        return None  # (called a parameter, a project's attribute of that name is no reading)
    # no words call it a parameter, but a parameter the docstring names nowhere may be its
    # renamed twin (:mod:`.names_stale_unnamed`): the opt-in rule's, a plain word too -- on
    # real code such names were as often another function's value, a field, a query
    # parameter or a returned item's label (session 25: 15 TRUE of 28 on 104 projects)
    twin = None if said or scope.kwargs else unnamed_twin(inp, name)
    # "the underlying `urllib` stdlib module" beside ``url`` (pysmi's ``HttpReader``, session
    # 34): a standard library module's name cut short to a parameter's is the library, which
    # the file need not import; no judged row of a stdlib module's name was TRUE (argparse,
    # fcntl, token)
    abbreviated = twin is not None and abbreviated_twin(name, twin)
    if abbreviated and cued and name in sys.stdlib_module_names:
        return None
    # the twin written shorter, or under qualifying words before the name outside the text
    # of what is returned, is the default rule's; other affixed twins are the opt-in's
    default = abbreviated or (
        twin is not None and segment.kind not in _RETURNED and qualified_twin(name, twin)
    )
    if default != unsaid and (unsaid or not cued):
        return None
    # a plain word matched by affix (``vals`` -> ``vals_list``) only when its own entry names
    # it: "the ``carry`` argument" beside ``init_carry`` is as often the argument of a callable
    # the function takes (jax's ``nd_loop``)
    bare = missing("", name, ())
    finding = stale_finding(inp, segment, mention, bare, cued=cued and entry, twin=twin)
    if finding is None or name in scope.scope_candidates():
        return None  # a member of the class or a name the function sees
    if twin is not None:
        unnamed = f"is used only by other code of the file, not by {fn.name}()"
        message = finding.message.replace("names nothing in scope", unnamed, 1)
        message += ", which the docstring names nowhere"
        # the twin written shorter (``default`` -> ``dflt``, ``min_counts`` -> ``min_cnts``)
        # is the default rule's, as it is for a name found nowhere (:func:`.stale_finding`):
        # no other value is named by a word's own abbreviation.  So is a twin under words
        # qualifying the name before it (``state`` -> ``init_state``, session 25's TRUE rows
        # of the opt-in rule); words after it make another thing (``mask`` -> ``mask_cutout``)
        # and a tuple's label under Returns is no parameter (``token`` beside ``page_token``):
        # session 25's FALSE rows, left to the opt-in rule
        rule = RULE_STALE if default else RULE_ELSEWHERE
        return dataclasses.replace(finding, message=message, rule=rule)
    if cued:
        said_of = f"is named as a parameter, but {fn.name}() has none of that name"
        message = finding.message.replace("names nothing in scope", said_of)
        hint = finding.fix_hint
        match = renamed_to(finding)
        if match is not None and match not in {p.name for p in fn.params}:
            # the twin is another name in scope (a helper the function calls): said to be a
            # parameter, the name is one the function lost (stanza ``model_path`` beside
            # ``model_predict``, round 42), not that name's old one -- no rename to offer
            message = f"`{name}` {said_of} (removed, or renamed to no close name)"
            hint = f"describe the parameters {fn.name}() takes instead of `{name}`"
        return dataclasses.replace(finding, message=message, rule=RULE_STALE, fix_hint=hint)
    message = finding.message.replace(
        "names nothing in scope", f"is used only by other code of the file, not by {fn.name}()"
    )
    return dataclasses.replace(finding, message=message, rule=RULE_ELSEWHERE)
