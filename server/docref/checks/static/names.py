"""C1 name rules: identifiers that docstring prose names explicitly but that resolve to nothing.

* :func:`c1_xref_unresolved` (``C1-XREF-UNRESOLVED``): the target of a cross-reference --
  a Sphinx role (``:func:``, ``:meth:``, ``:class:``, ``:attr:``, ``:mod:``, ``:exc:``,
  ``:data:``, ``:obj:``..., with the ``~`` prefix and ``title <target>`` forms), an Epydoc
  ``L{...}``, a NumPy "See Also" entry, a Javadoc ``{@link}``/``{@linkplain}`` or ``@see``.
* :func:`c1_name_unresolved` (``C1-NAME-UNRESOLVED``): a name in prose -- in single or
  double backticks, Epydoc ``C{...}``, ``name()`` call syntax, a dotted ``mod.name`` whose
  first part is a module, or a Javadoc ``{@code name()}``.

A name resolves when it is a parameter, local, attribute or member of the enclosing class (and
its project bases), a symbol of the file or project, an import, a builtin or an attribute of an
imported external module (resolvers: :mod:`.names_python`, :mod:`.names_java`).  Precision
first: anything the code could supply in a way a static reader cannot see is not reported, and
a plain English word (``path``, ``Example``) in backticks or before parentheses is reported only
when a name in scope is one typo away from it.  Which mentions are looked at is
:mod:`.names_mentions`' business.  The finding sits on the segment holding the mention and names
it, with a did-you-mean from the names in scope; the evidence a bare name needs to be reported
is :mod:`.names_finding`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.names_doc_fields import names_a_docstring_field
from docref.checks.static.names_example_paths import stale_example_path
from docref.checks.static.names_examples import example_words
from docref.checks.static.names_finding import (
    RULE_DERIVED,
    RULE_IN_TESTS,
    RULE_NAME,
    RULE_XREF,
    RULE_XREF_WEAK,
)
from docref.checks.static.names_intent import (
    declares_foreign_module,
    in_equation,
    said_to_be_anothers,
)
from docref.checks.static.names_introduced import (
    introduced_names,
    quoted_keys,
    quoted_spans,
)
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_judge import judge_java, judge_python
from docref.checks.static.names_local import (
    docstring_words,
    family_shaped,
    parameter_family,
)
from docref.checks.static.names_mentions import find_mentions
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_referenced import parameter_of_recipient
from docref.checks.static.names_stale import RULE_ELSEWHERE, RULE_WORD
from docref.checks.static.names_verdict import How, judged, settled
from docref.checks.static.prose_names import RULE_STALE
from docref.checks.static.scopes import python_scope
from docref.core.findings import Finding

__all__ = [
    "RULE_DERIVED",
    "RULE_ELSEWHERE",
    "RULE_IN_TESTS",
    "RULE_NAME",
    "RULE_STALE",
    "RULE_WORD",
    "RULE_XREF",
    "RULE_XREF_WEAK",
    "c1_name_derived",
    "c1_name_in_tests",
    "c1_name_unresolved",
    "c1_prose_name_elsewhere",
    "c1_prose_name_word",
    "c1_xref_uncorroborated",
    "c1_xref_unresolved",
]


def c1_xref_unresolved(inp: StaticInput) -> list[Finding]:
    """``C1-XREF-UNRESOLVED``: a cross-reference target that names nothing, with a second
    signal that it is this code's name gone stale (:mod:`.names_corroboration`)."""
    return [f for f in _check(inp, xref=True) if f.rule != RULE_XREF_WEAK]


def c1_xref_uncorroborated(inp: StaticInput) -> list[Finding]:
    """``C1-XREF-UNCORROBORATED`` (opt-in): C1-XREF-UNRESOLVED's finding with no second
    signal, see :data:`RULE_XREF_WEAK`."""
    return [f for f in _check(inp, xref=True) if f.rule == RULE_XREF_WEAK]


def c1_name_unresolved(inp: StaticInput) -> list[Finding]:
    """``C1-NAME-UNRESOLVED``: a name in backticks, call syntax or ``mod.name`` prose that
    names nothing; ``C1-PROSE-NAME-STALE`` when, without other evidence, it has one renamed
    twin in scope (:mod:`.prose_names`); a Python name spelled as a word is left to the
    opt-in :func:`c1_prose_name_word`."""
    demoted = (RULE_WORD, RULE_DERIVED, RULE_ELSEWHERE, RULE_IN_TESTS)
    return [f for f in _check(inp, xref=False) if f.rule not in demoted]


def c1_prose_name_word(inp: StaticInput) -> list[Finding]:
    """``C1-PROSE-NAME-WORD`` (opt-in): ``C1-PROSE-NAME-STALE``'s guess on a Python name
    spelled as a word (``last`` for the parameter ``latest``), see :data:`RULE_WORD`."""
    return [f for f in _check(inp, xref=False) if f.rule == RULE_WORD]


def c1_name_derived(inp: StaticInput) -> list[Finding]:
    """``C1-NAME-DERIVED`` (opt-in): ``C1-NAME-UNRESOLVED``'s finding on a name built from a
    variable of the function by one word (``x_hat`` for ``x``), see :data:`RULE_DERIVED`."""
    return [f for f in _check(inp, xref=False) if f.rule == RULE_DERIVED]


def c1_name_in_tests(inp: StaticInput) -> list[Finding]:
    """``C1-NAME-IN-TESTS`` (opt-in): ``C1-NAME-UNRESOLVED``'s finding on a module member with
    no did-you-mean in a test or benchmark file, see :data:`RULE_IN_TESTS`."""
    return [f for f in _check(inp, xref=False) if f.rule == RULE_IN_TESTS]


def c1_prose_name_elsewhere(inp: StaticInput) -> list[Finding]:
    """``C1-PROSE-NAME-ELSEWHERE`` (opt-in): a code-marked name only other code of the file
    uses, with a renamed twin among the parameters
    (:func:`.names_stale_resolved.renamed_but_used_elsewhere`).
    Opt-in since session 10: judged on first sight it was TRUE 3 times in 21 (rounds 11 and
    the session-10 re-runs: ``sample_weight``, ``axhline``, ``datetime64`` are names of other
    code, not old parameter names).  Also C1-NAME-UNRESOLVED's finding on a bare name that
    another file of the project still uses as code (:mod:`.names_elsewhere`), and
    C1-PROSE-NAME-STALE's on a private name another file uses (session 20)."""
    other_code = [f for f in _check(inp, xref=False) if f.rule == RULE_ELSEWHERE]
    return [*_check(inp, xref=False, elsewhere=True), *other_code]


_HISTORY = re.compile(r"\s*\.\.\s+version(?:changed|removed)::")


@per_function
def _check(inp: StaticInput, *, xref: bool, elsewhere: bool = False) -> list[Finding]:
    scope: PythonScope | JavaScope | None = None
    examples: set[str] | None = None
    own: tuple[set[str], list[tuple[int, int]], set[str]] | None = None
    words: set[str] | None = None
    findings: list[Finding] = []
    language = inp.file.language
    shared = inp.shared  # both rules scan the same segments: once for the two
    for index, segment in enumerate(inp.docstring.segments):
        if _HISTORY.match(segment.text):
            continue  # a version note tells of the code as it was (a removed parameter)
        seen: set[str] = set()
        mentions = shared.mentions.get(index)
        if mentions is None:
            mentions = find_mentions(inp.source, inp.docstring, segment, language)
            shared.mentions[index] = mentions
        for mention in mentions:
            if mention.is_xref != xref or mention.target in seen:
                continue
            seen.add(mention.target)
            if examples is None:
                if shared.examples is None:
                    # both from the docstring's example code, together: ``passed`` is read
                    # below for every mention
                    shared.examples, shared.passed = example_words(inp)
                examples = shared.examples
            passed = mention.target in shared.passed
            if re.split(r"[.#]", mention.target)[0] in examples and not passed:
                # marked as code only: "a list of dask.arrays" in plain prose is English
                # about the example's objects (an unmarked plural the resolver cannot tell)
                stale = (
                    language == "python"
                    and mention.kind != "dotted"
                    and stale_example_path(inp, python_scope(inp), mention.target)
                )
                if not stale:
                    continue  # defined by the docstring's own example (``long_running_task()``)
            if own is None:
                own = _introduced(inp)
            if re.split(r"[.#]", mention.target)[0] in own[0]:
                continue  # "an ApplyUnitaryArgs object `uargs`": a name the prose gives
            if not xref and mention.target in own[2]:
                continue  # "- 'RiseTime': ..." then "after `RiseTime`": a key it quotes
            if any(lo <= mention.start < hi for lo, hi in own[1]):
                continue  # in example code or quoted program output, not prose
            if family_shaped(mention.target):
                if words is None:
                    words = docstring_words(inp)  # once per docstring, only for _x / x_
                if parameter_family(
                    mention.target, [p.name for p in inp.function.params]
                ) or parameter_family(mention.target, words):
                    continue  # ``the _codepoint arguments``: min_codepoint and max_codepoint
            if said_to_be_anothers(inp, segment, mention.target, mention.end, passed=passed):
                continue  # "the ``parse_strict`` argument of Unit", "function of `fastai`"
            if language == "python" and parameter_of_recipient(
                inp, segment, mention.start, mention.end
            ):
                continue  # "to the `Scene` object through the `filenames` keyword argument"
            if names_a_docstring_field(inp.source, mention.target, mention.end, segment.end):
                continue  # "a ``:type:`` or ``rtype`` field": the markup's field, not code
            if "." not in mention.target and declares_foreign_module(inp):
                continue  # ``.. currentmodule:: jaxlib._jax``: a member of a module elsewhere
            if mention.kind == "call" and in_equation(inp.source, mention.start, mention.end):
                continue  # ``z = log_ndtr(-x)``: the function a formula names
            if scope is None:
                scope = (
                    JavaScope(inp.graph, inp.file, inp.function, inp.source)
                    if language == "java"
                    else python_scope(inp)
                )
            how = How(xref=xref, elsewhere=elsewhere, passed=passed)
            if isinstance(scope, JavaScope):
                findings += judged(inp, segment, mention, scope, judge_java(scope, mention), how)
            else:
                # the costliest ways a bare name resolves are left pending (see names_verdict)
                pending: list[Callable[[], bool]] = []
                resolution = judge_python(scope, mention, pending)
                findings += settled(inp, segment, mention, scope, resolution, pending, how)
    return findings


def _introduced(inp: StaticInput) -> tuple[set[str], list[tuple[int, int]], set[str]]:
    """The names the docstring introduces itself, the (absolute) spans of its code and
    quoted output and the keys it quotes (:mod:`.names_introduced`)."""
    start = inp.docstring.body_start
    body = inp.source[start : inp.docstring.body_end]
    spans = [(start + lo, start + hi) for lo, hi in quoted_spans(body)]
    return introduced_names(body), spans, quoted_keys(body)
