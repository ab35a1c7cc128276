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

import dataclasses
import re
from dataclasses import replace

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.names_constants import renamed_constant
from docref.checks.static.names_doc_fields import names_a_docstring_field
from docref.checks.static.names_example_paths import stale_example_path
from docref.checks.static.names_examples import example_words
from docref.checks.static.names_finding import (
    RULE_DERIVED,
    RULE_IN_TESTS,
    RULE_NAME,
    RULE_XREF,
    RULE_XREF_WEAK,
    unresolved_finding,
)
from docref.checks.static.names_indexed import (
    family_placeholder,
    indexed_instance,
    vararg_item,
)
from docref.checks.static.names_intent import (
    declares_foreign_module,
    in_equation,
    instance_of_a_wildcard,
    marked_not_existing,
    may_not_exist,
    named_for_a_library,
    named_with_its_library,
    names_an_event_handler,
    own_entry_capitalised,
    said_to_be_anothers,
    speaks_for_implementers,
)
from docref.checks.static.names_introduced import (
    data_named,
    introduced_names,
    one_of_plural,
    quoted_keys,
    quoted_spans,
)
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_java_stale import used_elsewhere
from docref.checks.static.names_judge import judge_java, judge_python
from docref.checks.static.names_local import (
    docstring_words,
    family_shaped,
    parameter_family,
)
from docref.checks.static.names_mentions import Mention, find_mentions
from docref.checks.static.names_plural import SINGULAR_BEFORE, singulars
from docref.checks.static.names_private import calls_its_private_twin
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_referenced import parameter_of_recipient, parameter_of_referenced
from docref.checks.static.names_runtime import set_by_name
from docref.checks.static.names_scope import missing
from docref.checks.static.names_searched import searched_for
from docref.checks.static.names_spelling import suggest
from docref.checks.static.names_stale import RULE_ELSEWHERE, RULE_WORD, STALE_ONLY, stale_finding
from docref.checks.static.names_stale_resolved import keyword_or_renamed
from docref.checks.static.prose_names import RULE_STALE
from docref.checks.static.scopes import python_scope
from docref.core.findings import Finding
from docref.core.word_search import preceded_by
from docref.segments import Segment

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
            if isinstance(scope, JavaScope):
                resolution = judge_java(scope, mention)
            else:
                resolution = judge_python(scope, mention)
                if resolution.verdict == "missing" and _spelt_in_full(inp, scope, mention):
                    continue  # ``:func:`pool2d``` after ``torch.nn.functional.pool2d``
                if resolution.verdict == "missing" and _plural_of_a_name(
                    inp, segment, scope, mention
                ):
                    continue  # ``cirq.GridQubits``: instances of the class ``cirq.GridQubit``
            if mention.kind == "caps":
                # an ALL_CAPS name: judged only as a renamed constant the function uses
                found = renamed_constant(inp, segment, mention)
                if resolution.verdict == "missing" and not resolution.owner and found:
                    findings.append(found)
                continue
            keyword = (
                resolution.verdict == "unknown"
                and not xref
                and isinstance(scope, PythonScope)
                and scope.kwargs
            )
            if passed and not xref and isinstance(scope, PythonScope):
                # the example calls the function with it: judged as an old parameter only
                bare = missing("", mention.target, ())
                finding = stale_finding(inp, segment, mention, bare, passed=True)
                findings.extend([finding] if finding is not None else [])
                continue
            if resolution.verdict != "missing" and not keyword:
                resolved = resolution.verdict == "resolved" and not xref
                if resolved:
                    # the opt-in rule's names; the default rule's when the words call it a
                    # parameter (``cued``); Javadoc's when another method declares it
                    finding = used_elsewhere(inp, segment, mention, scope, cued=not elsewhere)
                    findings.extend([finding] if finding is not None else [])
                continue
            if elsewhere:
                continue  # the opt-in rule reports names resolved elsewhere only
            if not xref and parameter_of_referenced(inp, segment, mention.target):
                continue  # ``stage_name`` beside :func:`list_stage_plugins`: its parameter
            # ``xxx : ... TODO: does not exist yet``: a known gap, not drift; "If defined,
            # `n_frames` ...", "the old ``fromTxtFile``": allowed to be absent
            if marked_not_existing(inp.source, segment, mention.start) or may_not_exist(
                inp.source, segment, mention.start, mention.end
            ):
                continue
            if isinstance(scope, PythonScope) and searched_for(inp, scope, mention):
                continue  # a tool's list of removed names it finds in user code (its strings)
            if "." not in mention.target and named_with_its_library(inp, segment, mention.start):
                continue  # "a traitlets :class:`Config`": that library's class
            if named_for_a_library(inp, segment, mention.end):
                continue  # "(e.g. ``topk`` for torch)": a function of that library
            if instance_of_a_wildcard(inp, mention.target):
                continue  # ``proto_*``, then "for example ``self.proto_foo``"
            if names_an_event_handler(inp, mention.target) and (
                suggest(resolution.missing, resolution.candidates) is None
            ):
                continue  # "the following events: - :func:`on_reaction_add`" (no typo of a name)
            if keyword and isinstance(scope, PythonScope):
                # maybe a keyword passed on through **kwargs: judged only as a parameter's old
                # name (the name in no code of the file, passed to nothing it imports or calls)
                finding = keyword_or_renamed(inp, segment, mention, scope)
                if finding is not None:
                    findings.append(finding)
                continue
            if resolution.missing in _UNSHIPPED and resolution.owner.startswith("module"):
                # ``astropy.table.__init__``: the package's ``__init__.py``; ``polars.testing``:
                # test packages are routinely left out of wheels and of checked trees
                continue
            plain = not xref and "." not in mention.target
            own_params = [p.name for p in inp.function.params]
            body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
            if plain and indexed_instance(mention.target, own_params, resolution.candidates, body):
                continue  # "parameters `loc0` and `scale0`", "`mesh_a` <-> `mesh_b`": indexed
            if set_by_name(inp.function, inp.body_code(), mention.target):
                continue  # ``cls.functional`` of ``setattr(cls, name, mod)``: what it makes
            if family_placeholder(resolution.missing, resolution.candidates):
                continue  # ``fourier.avg_cs_from_XX``: one of the owner's ``avg_cs_from_*``
            if plain and vararg_item(mention.target, inp.function.params):
                continue  # "arguments of the form `condition0`, `value0`, ...": *args items
            sentence = inp.source[segment.start : segment.end]
            if plain and own_entry_capitalised(segment, mention.target):
                continue  # "dtype: `Dtype` of this basis": the entry's name, capitalised
            if plain and one_of_plural(inp, mention.start, mention.target, sentence, mention.end):
                continue  # "a `resolved_circuit`": one item of ``resolved_circuits``
            if plain and data_named(inp, mention.start):
                continue  # "a column named `instance_id`": the caller's data, named
            own_name = inp.function.name
            if plain and calls_its_private_twin(inp.body_code(), mention.target, own_name):
                continue  # "running it through des_crypt()": the ``self.__des_crypt`` it calls
            finding = None
            if mention.kind not in STALE_ONLY:
                finding = unresolved_finding(inp, segment, mention, resolution)
            if finding and not xref and speaks_for_implementers(inp, resolution.owner):
                finding = None  # an abstract hook's docstring speaks for its implementers
            if finding is None and not xref and not resolution.owner:
                finding = stale_finding(inp, segment, mention, resolution)
            if finding is not None and _ADDED.match(segment.text):
                finding = _as_history(finding)
            if finding is not None:
                findings.append(finding)
    return findings


# "versionadded:: 0.10.0  Added ``max_cached_statement_use_count`` parameter." (asyncpg,
# round 16): unlike a change or removal note, it says the name is there since that version,
# so a name the code lacks is a real slip (a misnamed note, or a removal nobody noted), but
# the fix is in the history, not in the description: the message says so
_ADDED = re.compile(r"\s*\.\.\s+versionadded::")


def _as_history(finding: Finding) -> Finding:
    """``finding`` on a ``versionadded`` note, worded as a stale history note."""
    message = finding.message.replace("names nothing", "in a versionadded note names nothing", 1)
    fix = "correct the name in the version note, or add a versionchanged note for its removal"
    return dataclasses.replace(finding, message=message, fix_hint=fix)


def _introduced(inp: StaticInput) -> tuple[set[str], list[tuple[int, int]], set[str]]:
    """The names the docstring introduces itself, the (absolute) spans of its code and
    quoted output and the keys it quotes (:mod:`.names_introduced`)."""
    start = inp.docstring.body_start
    body = inp.source[start : inp.docstring.body_end]
    spans = [(start + lo, start + hi) for lo, hi in quoted_spans(body)]
    return introduced_names(body), spans, quoted_keys(body)


def _spelt_in_full(inp: StaticInput, scope: PythonScope, mention: Mention) -> bool:
    """A bare name the same docstring also writes as a dotted name that resolves (kornia's
    ``:func:`adaptive_max_pool2d``` beside ``torch.nn.functional.adaptive_max_pool2d``): the
    short form is that object, named for short."""
    if "." in mention.target or "#" in mention.target:
        return False
    body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    if f".{mention.target}" not in body:
        return False  # what any match holds: no pattern to compile per name
    full = re.compile(rf"(?<![\w.])((?:[A-Za-z_]\w*\.)+){re.escape(mention.target)}(?!\w)")
    for match in full.finditer(body):
        parts = [*match[1].rstrip(".").split("."), mention.target]
        if scope.resolve_dotted(parts).verdict != "missing":
            return True
    return False


def _plural_of_a_name(
    inp: StaticInput, segment: Segment, scope: PythonScope, mention: Mention
) -> bool:
    """A class-shaped plural whose singular resolves (:mod:`.names_plural`), not after a
    singular article ("an instance of `RunArtifacts`" for ``RunArtifact``: a slip)."""
    sentence = inp.source[segment.start : segment.end]
    if preceded_by(sentence, mention.target, SINGULAR_BEFORE):  # (no pattern per name)
        return False
    return any(
        judge_python(scope, replace(mention, target=singular)).verdict != "missing"
        for singular in singulars(mention.target)
    )


_UNSHIPPED = frozenset({"__init__", "testing", "tests", "test"})
