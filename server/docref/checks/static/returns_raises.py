"""Static rules C3-RETURNS-YIELDS and C3-RAISES: documented returns, yields and exceptions.

* :func:`c3_returns_without_value` -- a Returns entry on a function that never returns a value
  (Python), or ``@return`` on a ``void`` Java method.
* :func:`c3_returns_vs_yields` -- a generator documented with Returns but no Yields, or Yields
  on a function that yields nothing and returns nothing or is annotated with a type that is
  no iterator (``-> int``; stubs included).
* :func:`c3_raises_unraised` -- a documented exception that the body neither raises (directly,
  by re-raise, implicitly through an operation, or through a 1-hop project callee) nor could
  receive from a call the rule cannot see into; ``Exception`` only on a body that cannot
  raise at all; and a documented name that resolves to nothing.

Precision first: abstract methods, ``@overload``, stubs (only ``pass``/``...``/``raise``;
except for an annotation that settles Yields), Protocol methods, hooks whose docstring talks
about subclasses, decorated generators and anything the AST does not settle are skipped.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.java_throws import java_unthrown
from docref.checks.static.names_python import PythonScope
from docref.checks.static.overriders import overridden_in_project
from docref.checks.static.raises_callees import (
    add_property_accessors,
    ends_in_raising_call,
    summarise_raises,
)
from docref.checks.static.raises_documented import documented_names, explained, unresolved_name
from docref.checks.static.return_decorators import (
    BODY_RUNS,
    PLAIN_DECORATORS,
    decorator_makes_the_value,
)
from docref.checks.static.return_evidence import (
    RULE_RETURNS_WEAK,
    generator_claim_corroborated,
    returned_by_overrides,
)
from docref.checks.static.returns_annotation import (
    NAMES_CONTAINER,
    declared_iterable,
    plain_return_type,
)
from docref.checks.static.returns_no_claim import (
    blank_entry,
    nothing_returned,
    raise_sentence,
    side_effect_only,
    template_only,
    the_awaitable,
)
from docref.checks.static.returns_raises_ast import (
    BodyFacts,
    FuncNode,
    body_facts,
    decorator_names,
    ends_in_return_value,
    function_node,
)
from docref.checks.static.scopes import python_scope
from docref.core.findings import Criterion, Finding
from docref.graph.model import Class, Function
from docref.segments import Segment

__all__ = [
    "c3_raises_generic",
    "c3_raises_unraised",
    "c3_returns_vs_yields",
    "c3_returns_without_value",
    "returns_vs_yields",
]

RULE_RETURNS = "C3-RETURNS-YIELDS"
RULE_RAISES = "C3-RAISES"
RULE_RAISES_GENERIC = "C3-RAISES-GENERIC"
"""Opt-in: a Python ``ValueError``/``TypeError`` documented but not raised.  Judged on first
sight (rounds 0-14) 2 such findings in 14 were TRUE: the two exceptions every conversion, numpy
operation, property getter or setter and C function raises without a ``raise`` the AST sees
(numpy's C dispatchers, ``self.data[:] = value``, a property read one hop away)."""
_GENERIC_EXCEPTIONS = frozenset({"ValueError", "TypeError"})

_HOOK_WORDS = re.compile(
    r"\b(subclass(es)?|overrid(e|den|ing|es)|implementations?|implementers?|abstract"
    r"|(should|must|need to) implement|to be implemented)\b",
    re.I,
)
# "None", also code-marked as a Markdown or reST docstring writes it ("`None`", ":obj:`None`")
# or Epydoc's ``L{None}`` / ``C{None}``
# ``:py:data:`None``` -- also with the role's closing colon forgotten (``:py:data`None```,
# round 15, pyOpenSSL's ``set_serial_number``)
# "No return value." (round 24), "No output." (48), "@return void;" (Java 54j); a lone "N/A" (43)
# or a lone "No" (round 94, pyulog: ":return: No")
# the word may be quoted as a literal (round 60, polyfactory: ":returns: 'None'")
# other languages' names for None: ":return: null on success, raise ..." (round 76, twilio)
# "No return since updates in place." (round 75, deepchem): the section says nothing comes back
_NONE_RETURN = re.compile(
    r"^(?::(?:py:)?(?:obj|data|const|class):?|[LCIB]\{)?[`*\['\"]*"
    r"(none|nothing|nonetype|void|null|nil|no\s+(?:return(?:ed)?\s+)?(?:value|output)"
    r"|(?:n/a|no)(?=\.?\s*$)"
    r"|no\s+returns?(?=\s*(?:[.;,]|$|\s(?:since|because|as)\b)))\b",
    re.I,
)
_NONE_TYPES = frozenset({"none", "nonetype", "void", "n/a", "nothing"})
_EPYDOC_MARKUP = re.compile(r"^[LCIB]\{(.*)\}$")
# an untyped Returns text that tells when or whether the call returns, not what it returns:
# "Only returns when cancelled", "Though the function returns nothing, ..." (neurokit2, r49)
_WHEN_RETURNS = re.compile(
    r"^(?:(?:al)?though\s+|while\s+)?(?:(?:this|the)\s+(?:function|method|coroutine|call)\b|it\s+"
    r"(?:only|never)\b|only\s+returns\b|never\s+returns\b|does(?:\s+no|n')t\s+return\b)",
    re.I,
)
_MARKER = re.compile(r"^(:\w+[^:]*:|@\w+:?)\s*")
_FIELD_TYPE = re.compile(r"^:returns?\s+([^:\s]+)\s*:")
# a label before the text: a return code ("Returns: 0: Nothing.", round 17, xlsxwriter's "0:
# Success" convention) or a NumPy name before None ("Updated model: None", round 27, pgmpy)
_CODE_LABEL = re.compile(r"^(?:-?\d+|[A-Za-z][\w ]{0,40}?(?=:\s*None\b)):\s*")
_ITER_WORDS = re.compile(r"iter|generat|yield|stream|lazil|lazy", re.I)
_NONE_ANNOTATIONS = frozenset({"None", "'None'", '"None"'})
# "Returns an iterator over …" in the summary or prose (a bare "Generator" is no such claim).
_RETURNS_ITERATOR = re.compile(
    r"\breturn(s|ing)?\s+(an?\s+|the\s+)?([\w-]+\s+){0,2}?(iterator|iterable|generator|stream)s?\b",
    re.I,
)


def _finding(inp: StaticInput, seg: Segment, rule: str, message: str, hint: str) -> Finding:
    return inp.finding(seg, Criterion.C3, rule, message, hint)


def _is_hook(inp: StaticInput) -> bool:
    """The docstring addresses subclasses/overriders: it documents a contract, not this body."""
    return any(
        _HOOK_WORDS.search(s.text) for s in inp.docstring.segments if s.kind in ("summary", "prose")
    )


def _in_protocol(inp: StaticInput) -> bool:
    owner = inp.function.parent_class
    if owner is None:
        return False
    cls = inp.graph.symbol(inp.path, owner)
    if not isinstance(cls, Class):
        return False
    if cls.kind == "interface":
        return True
    return any(b.split("[", 1)[0].rsplit(".", 1)[-1] == "Protocol" for b in cls.bases)


def _python_context(
    inp: StaticInput, *, keep_stubs: bool = False
) -> tuple[FuncNode, BodyFacts] | None:
    """The def and its facts, or None when a rule must stay silent for the whole function.
    ``keep_stubs``: a stub's annotation may settle a Yields entry, its ``raise`` show a
    misspelt exception; abstract methods and ``@overload`` are contracts and stay out."""
    if inp.file.language != "python" or _in_protocol(inp) or _is_hook(inp):
        return None
    node = function_node(inp.data, inp.function)
    if node is None:
        return None
    facts = body_facts(node)
    if facts.abstract or (facts.stub and not keep_stubs):
        return None
    return node, facts


def _says_none(seg: Segment) -> bool:
    # the reST field's argument is the type (``:return void: ...``, round 36, impacket)
    field = _FIELD_TYPE.match(seg.text)
    written = field.group(1) if field else seg.type
    if written is not None:
        written = written.strip()
        epydoc = _EPYDOC_MARKUP.match(written)
        if epydoc:
            written = epydoc.group(1).strip()
        # ``void``: the C and Java spelling of "no value"; ``N/A``: "not applicable" (round 43);
        # a NumPy entry typed in words, "Returns : nothing" (round 82, spreg ``check_robust``)
        if written.strip("`*[]'\"").lower() in _NONE_TYPES:
            return True
    text = _CODE_LABEL.sub("", _MARKER.sub("", seg.text, count=1), count=1)
    return bool(_NONE_RETURN.match(text) or (not seg.type and _WHEN_RETURNS.match(text)))


def _first(segments: list[Segment]) -> Segment:
    """The entry to report on: prefer the description over a bare ``:rtype:``."""
    return next((s for s in segments if s.section not in (":rtype", "@rtype")), segments[0])


def _display(fn: Function) -> str:
    return f"{fn.name}()"


# ---- C3-RETURNS-YIELDS ---------------------------------------------------------------------


def c3_returns_without_value(inp: StaticInput) -> list[Finding]:
    """Returns documented, but the function never returns a value."""
    no_claim = (blank_entry, nothing_returned, raise_sentence, side_effect_only, template_only)
    returns = [
        s for s in inp.docstring.segments if s.kind == "returns" and not any(f(s) for f in no_claim)
    ]
    if not returns or any(_says_none(s) for s in returns):
        return []
    fn = inp.function
    if inp.file.language == "java":
        if fn.returns == "void":
            msg = f"documents a return value, but {_display(fn)} is declared void"
            return [_finding(inp, _first(returns), RULE_RETURNS, msg, "remove the @return tag")]
        return []
    if fn.name == "__init__":
        return []  # a constructor's Returns describes the object the class call creates
    if fn.is_async and all(the_awaitable(s) for s in returns):
        return []  # "A task that represents the work ...": the coroutine the call gives
    if fn.returns is not None and fn.returns.strip() not in _NONE_ANNOTATIONS:
        return []  # annotated with a value type: the annotation and the body disagree instead
    if ends_in_return_value(inp.data, fn):
        return []  # it returns a value (most functions end so): no parse needed to know
    context = _python_context(inp)
    if context is None:
        return []
    node, facts = context
    if facts.yields or facts.returns_value:
        return []
    if decorator_makes_the_value(inp, node, returns):
        return []
    if ends_in_raising_call(inp, node):
        return []  # always raises through a helper: a stub keeping the API's docstring
    if returned_by_overrides(inp):
        return []  # an override returns the value: the docstring is the interface's
    msg = f"documents a return value, but {_display(fn)} never returns one"
    hint = "remove the Returns entry or return the documented value"
    return [_finding(inp, _first(returns), RULE_RETURNS, msg, hint)]


def c3_returns_vs_yields(inp: StaticInput) -> list[Finding]:
    """A generator documented with Returns only, or Yields on a function that is no generator
    (it yields nothing, and returns nothing or is annotated with a non-iterator type)."""
    return [f for f in returns_vs_yields(inp) if f.rule == RULE_RETURNS]


@per_function
def returns_vs_yields(inp: StaticInput) -> list[Finding]:
    """C3-RETURNS-YIELDS's or C3-RETURNS-WEAK's finding on Returns and Yields entries against
    whether the function is a generator."""
    segments = inp.docstring.segments
    # an empty ``:return:`` a template left claims nothing, on a generator too (round 25, luigi)
    returns = [s for s in segments if s.kind == "returns" and not blank_entry(s)]
    yields = [s for s in segments if s.kind == "yields"]
    if not returns and not yields:
        return []
    span = inp.function.span
    if not yields and b"yield" not in inp.data[span.start_byte : span.end_byte]:
        return []  # Returns only, on a body that cannot yield: nothing to report, no parse
    context = _python_context(inp, keep_stubs=True)
    if context is None:
        return []
    node, facts = context
    fn = inp.function
    decorators = [d.rsplit(".", 1)[-1] for d in decorator_names(node)]
    if any(d not in PLAIN_DECORATORS for d in decorators):
        return []
    if facts.yields and returns and not yields:
        if facts.returns_value or any(_ITER_WORDS.search(s.text) for s in returns):
            return []  # a generator's return value, or "returns an iterator over …"
        if inp.docstring.style == "epydoc":
            return []  # Epydoc has no yield field: @return is where a generator's values go
        if declared_iterable(inp) and not any(NAMES_CONTAINER.search(s.text) for s in returns):
            # ``-> Iterable[Segment]`` with "Returns: Segments with applied tint.": the entry
            # describes the iterable the annotation declares; only the section name is off
            return []
        msg = f"documents a return value, but {_display(fn)} is a generator: use Yields"
        strong = generator_claim_corroborated(inp)
        rule = RULE_RETURNS if strong else RULE_RETURNS_WEAK
        return [_finding(inp, _first(returns), rule, msg, "document it under Yields")]
    if yields and not facts.yields:
        return _yields_without_generator(inp, yields[0], facts)
    return []


def _yields_without_generator(inp: StaticInput, seg: Segment, facts: BodyFacts) -> list[Finding]:
    """Yields on a function whose body never yields: reported when it returns nothing (no
    annotation or ``-> None``), or when its annotation says it returns a non-iterator type
    (stubs included).  Silent when the docstring says it returns an iterator or generator."""
    fn = inp.function
    hint = "remove the Yields entry"
    no_annotation = fn.returns is None or fn.returns.strip() in _NONE_ANNOTATIONS
    if not facts.stub and not facts.returns_value and no_annotation:
        msg = f"documents yielded values, but {_display(fn)} neither yields nor returns anything"
        return [_finding(inp, seg, RULE_RETURNS, msg, hint)]
    declared = plain_return_type(inp)
    prose = [s for s in inp.docstring.segments if s.kind in ("summary", "prose")]
    returns = [s for s in inp.docstring.segments if s.kind == "returns"]
    if (
        declared is None
        or any(_RETURNS_ITERATOR.search(s.text) for s in prose)
        or any(_ITER_WORDS.search(s.text) for s in returns)
    ):
        return []
    msg = f"documents yielded values, but {_display(fn)} is annotated to return {declared}"
    if declared != "None":
        hint += " or document the value under Returns"
    # a coroutine documented in the generator-based style of ``@asyncio.coroutine`` (its
    # Yields describe what awaiting it produces, round 36: 13 DEBATABLE): only the section's
    # name is off, as with a generator documented under Returns
    rule = RULE_RETURNS_WEAK if fn.is_async and declared != "None" else RULE_RETURNS
    return [_finding(inp, seg, rule, msg, hint)]


# ---- C3-RAISES -------------------------------------------------------------------------------


def c3_raises_unraised(inp: StaticInput) -> list[Finding]:
    """A documented exception that nothing in the body (or a 1-hop callee) can raise, or
    whose name resolves to nothing at all (a Python ``ValueError``/``TypeError`` not raised is
    the opt-in :func:`c3_raises_generic`'s)."""
    return [f for f in _raises(inp) if f.rule == RULE_RAISES]


def c3_raises_generic(inp: StaticInput) -> list[Finding]:
    """``C3-RAISES-GENERIC`` (opt-in): a Python ``ValueError``/``TypeError`` documented but
    raised by nothing the rule sees (:data:`RULE_RAISES_GENERIC`)."""
    return [f for f in _raises(inp) if f.rule == RULE_RAISES_GENERIC]


def _raises(inp: StaticInput) -> list[Finding]:
    raises = [s for s in inp.docstring.segments if s.kind == "raises" and s.name]
    if not raises:
        return []
    if inp.file.language == "java":
        return _java_raises(inp, raises)
    context = _python_context(inp, keep_stubs=True)
    if context is None:
        return []
    node, facts = context
    summary = summarise_raises(inp, node)
    add_property_accessors(inp, summary)  # the property's docstring speaks for its setter
    # a stub's ``raise NotImplementedError`` says nothing of what implementations raise, and
    # an overridden method may document what its overriders raise (the contract)
    summary.opaque |= facts.stub or overridden_in_project(inp)
    # a decorator that may not run the body as written (round 12: numpy's dispatchers for C
    # functions, FALSE x4); ``@property`` and the like run it
    summary.opaque |= any(d.rsplit(".", 1)[-1] not in BODY_RUNS for d in decorator_names(node))
    scope: PythonScope | None = None
    out: list[Finding] = []
    for seg in raises:
        names = documented_names(seg)
        if not names:
            continue
        scope = scope or python_scope(inp)
        unresolved = unresolved_name(inp, seg, names, summary, scope)
        if unresolved is not None:
            out.append(unresolved)
            continue
        missing = [n for n in names if not summary.opaque and not explained(inp, n, summary, node)]
        if len(missing) != len(names):
            continue
        doc = missing[0].rsplit(".", 1)[-1]
        msg = (
            f"documents raising {doc}, but {_display(inp.function)} neither raises it "
            "nor calls anything that does"
        )
        generic = all(n.rsplit(".", 1)[-1] in _GENERIC_EXCEPTIONS for n in missing)
        rule = RULE_RAISES_GENERIC if generic else RULE_RAISES
        out.append(_finding(inp, seg, rule, msg, f"remove {doc} from the Raises entries"))
    return out


# ---- Java ------------------------------------------------------------------------------------


def _java_raises(inp: StaticInput, raises: list[Segment]) -> list[Finding]:
    """Javadoc ``@throws``: interface methods and hooks document contracts, not a body."""
    if _in_protocol(inp) or _is_hook(inp):
        return []
    return java_unthrown(inp, raises)
