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

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.java_throws import java_unthrown
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_spelling import suggest
from docref.checks.static.overriders import overridden_in_project
from docref.checks.static.raise_facts import (
    CallResolver,
    RaiseSummary,
    builtin_exception,
    closed_body,
    returns_not_implemented,
)
from docref.checks.static.raises_callees import (
    add_property_accessors,
    ends_in_raising_call,
    summarise_raises,
)
from docref.checks.static.returns_annotation import (
    NAMES_CONTAINER,
    declared_iterable,
    plain_return_type,
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

__all__ = ["c3_raises_unraised", "c3_returns_vs_yields", "c3_returns_without_value"]

RULE_RETURNS = "C3-RETURNS-YIELDS"
RULE_RAISES = "C3-RAISES"

_HOOK_WORDS = re.compile(
    r"\b(subclass(es)?|overrid(e|den|ing|es)|implementations?|implementers?|abstract"
    r"|(should|must|need to) implement|to be implemented)\b",
    re.I,
)
# "None", also code-marked as a Markdown or reST docstring writes it ("`None`", ":obj:`None`")
# or Epydoc's ``L{None}`` / ``C{None}``
_NONE_RETURN = re.compile(
    r"^(?::(?:py:)?(?:obj|data|const|class):|[LCIB]\{)?[`*\[]*(none|nothing|nonetype)\b", re.I
)
_EPYDOC_MARKUP = re.compile(r"^[LCIB]\{(.*)\}$")
# an untyped Returns text that tells when or whether the call returns, not what it returns:
# "This function only returns when cancelled", "Never returns", "Does not return"
_WHEN_RETURNS = re.compile(
    r"^(?:(?:this|the)\s+(?:function|method|coroutine|call)\b|it\s+(?:only|never)\b"
    r"|only\s+returns\b|never\s+returns\b|does\s+not\s+return\b|doesn't\s+return\b)",
    re.I,
)
_MARKER = re.compile(r"^(:\w+[^:]*:|@\w+:?)\s*")
_ITER_WORDS = re.compile(r"iter|generat|yield|stream|lazil|lazy", re.I)
_NONE_ANNOTATIONS = frozenset({"None", "'None'", '"None"'})
# Decorators that leave a generator a generator (anything else may wrap it: contextmanager…).
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "override", "final"})
# Decorators that run the body as written (any other may run a wrapper that raises, or put
# another implementation in its place: numpy's ``array_function_from_c_func_and_dispatcher``)
_BODY_RUNS = _PLAIN_DECORATORS | {"property", "cached_property", "setter", "getter", "deleter"}
_BROAD = frozenset({"Exception", "BaseException"})
# "Returns an iterator over …" in the summary or prose (a bare "Generator" is no such claim).
_RETURNS_ITERATOR = re.compile(
    r"\breturn(s|ing)?\s+(an?\s+|the\s+)?([\w-]+\s+){0,2}?(iterator|iterable|generator|stream)s?\b",
    re.I,
)
# Nodes that cannot raise: constants and names moved around.  Any call, operation, subscript,
# attribute access, unpacking, loop, ``with`` or ``yield`` may raise (``Exception`` fits).
_INERT = (
    *(ast.Return, ast.Pass, ast.Expr, ast.Constant, ast.Name, ast.Load, ast.Store),
    *(ast.Assign, ast.AnnAssign, ast.Global, ast.Nonlocal),
)
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")


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
    if seg.type is not None:
        written = seg.type.strip()
        epydoc = _EPYDOC_MARKUP.match(written)
        if epydoc:
            written = epydoc.group(1).strip()
        if written.strip("`*[]") in ("None", "NoneType"):
            return True
    text = _MARKER.sub("", seg.text, count=1)
    return bool(_NONE_RETURN.match(text) or (not seg.type and _WHEN_RETURNS.match(text)))


def _blank(seg: Segment) -> bool:
    """An empty field a template left (``:return:`` and nothing after): it claims nothing
    (round 12, redis)."""
    return not seg.type and not _MARKER.sub("", seg.text.strip(), count=1).strip()


def _first(segments: list[Segment]) -> Segment:
    """The entry to report on: prefer the description over a bare ``:rtype:``."""
    return next((s for s in segments if s.section not in (":rtype", "@rtype")), segments[0])


def _display(fn: Function) -> str:
    return f"{fn.name}()"


# ---- C3-RETURNS-YIELDS ---------------------------------------------------------------------


def c3_returns_without_value(inp: StaticInput) -> list[Finding]:
    """Returns documented, but the function never returns a value."""
    returns = [s for s in inp.docstring.segments if s.kind == "returns" and not _blank(s)]
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
    if fn.returns is not None and fn.returns.strip() not in _NONE_ANNOTATIONS:
        return []  # annotated with a value type: the annotation and the body disagree instead
    if ends_in_return_value(inp.data, fn):
        return []  # it returns a value (most functions end so): no parse needed to know
    context = _python_context(inp)
    if context is None:
        return []
    _, facts = context
    if facts.yields or facts.returns_value:
        return []
    if ends_in_raising_call(inp, context[0]):
        return []  # always raises through a helper: a stub keeping the API's docstring
    msg = f"documents a return value, but {_display(fn)} never returns one"
    hint = "remove the Returns entry or return the documented value"
    return [_finding(inp, _first(returns), RULE_RETURNS, msg, hint)]


def c3_returns_vs_yields(inp: StaticInput) -> list[Finding]:
    """A generator documented with Returns only, or Yields on a function that is no generator
    (it yields nothing, and returns nothing or is annotated with a non-iterator type)."""
    segments = inp.docstring.segments
    returns = [s for s in segments if s.kind == "returns"]
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
    if any(d not in _PLAIN_DECORATORS for d in decorators):
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
        return [_finding(inp, _first(returns), RULE_RETURNS, msg, "document it under Yields")]
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
    return [_finding(inp, seg, RULE_RETURNS, msg, hint)]


# ---- C3-RAISES -------------------------------------------------------------------------------


def _documented(seg: Segment) -> list[str]:
    """The exception names of a Raises entry as written, [] if one is unreadable."""
    raw = (seg.name or "").strip().strip("`~!").removeprefix(":exc:").strip("`~!")
    names: list[str] = []
    for part in re.split(r"\s*(?:,|\bor\b|\|)\s*", raw):
        part = part.strip().strip("`~!")
        if not part:
            continue
        if not _NAME.match(part):
            return []
        names.append(part)
    return names


def _project_class(inp: StaticInput, name: str) -> tuple[str, Class] | bool | None:
    """The project class ``name`` (dotted as written) resolves to; False: defined outside the
    project (an import that leaves it); None: unknown."""
    found = CallResolver(inp.graph, inp.file, inp.function).entity(name)
    if found is None:
        return None
    if isinstance(found, bool) or not isinstance(found[1], Class):
        return False
    return found[0], found[1]


def _covers(inp: StaticInput, documented: str, raised: str) -> bool:
    """Raising ``raised`` is consistent with documenting ``documented``."""
    if raised == documented:
        return True
    doc_builtin = builtin_exception(documented)
    raised_builtin = builtin_exception(raised)
    if raised_builtin is not None:
        return doc_builtin is not None and issubclass(raised_builtin, doc_builtin)
    found = _project_class(inp, raised)
    if not isinstance(found, tuple):
        return True  # unknown hierarchy: it may well be a subclass
    for base in found[1].bases:
        short = base.split("[", 1)[0].rsplit(".", 1)[-1]
        if short == documented:
            return True
        base_builtin = builtin_exception(short)
        if base_builtin is None:
            return True  # a project or library base: one hop is all we follow
        if doc_builtin is not None and issubclass(base_builtin, doc_builtin):
            return True
    return False


def c3_raises_unraised(inp: StaticInput) -> list[Finding]:
    """A documented exception that nothing in the body (or a 1-hop callee) can raise, or
    whose name resolves to nothing at all."""
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
    summary.opaque |= any(d.rsplit(".", 1)[-1] not in _BODY_RUNS for d in decorator_names(node))
    scope: PythonScope | None = None
    out: list[Finding] = []
    for seg in raises:
        names = _documented(seg)
        if not names:
            continue
        scope = scope or python_scope(inp)
        unresolved = _unresolved(inp, seg, names, summary, scope)
        if unresolved is not None:
            out.append(unresolved)
            continue
        missing = [n for n in names if not summary.opaque and not _explained(inp, n, summary, node)]
        if len(missing) != len(names):
            continue
        doc = missing[0].rsplit(".", 1)[-1]
        msg = (
            f"documents raising {doc}, but {_display(inp.function)} neither raises it "
            "nor calls anything that does"
        )
        out.append(_finding(inp, seg, RULE_RAISES, msg, f"remove {doc} from the Raises entries"))
    return out


def _unresolved(
    inp: StaticInput, seg: Segment, names: list[str], summary: RaiseSummary, scope: PythonScope
) -> Finding | None:
    """A finding for the first documented name that names nothing: no builtin, import, class
    of the file or project, member, star import or module attribute.

    A call that leaves the project (or that the rule cannot follow) could raise a library
    exception documented by its bare name without an import, so then only a near-miss of a
    raised name (``CurtomError`` for ``CustomError``) is reported."""
    raised = sorted(summary.raised)
    for name in names:
        parts = name.split(".")
        if parts[-1] in summary.raised:
            continue  # raised under that name somewhere (a callee's import)
        found = scope.resolve_bare(name) if len(parts) == 1 else scope.resolve_dotted(parts)
        if found.verdict != "missing":
            continue
        typo_of = suggest(found.missing, raised)
        if typo_of is None and (summary.opaque or summary.external):
            continue
        meant = typo_of or suggest(found.missing, found.candidates)
        where = f": {found.owner} has no `{found.missing}`" if found.owner else " in scope"
        msg = f"documents raising {name}, but `{name}` names nothing{where}"
        hint = f"name the exception {_display(inp.function)} raises, or remove {name}"
        if meant is not None:
            msg += f"; did you mean `{meant}`?"
            hint = f"rename {found.missing} to {meant}"
        return _finding(inp, seg, RULE_RAISES, msg, hint)
    return None


def _cannot_raise(node: FuncNode) -> bool:
    """Nothing in the body can raise (``return 2``): see ``_INERT``."""
    for stmt in node.body:
        for sub in ast.walk(stmt):
            loaded = isinstance(sub, ast.Tuple | ast.List) and isinstance(sub.ctx, ast.Load)
            if not loaded and not isinstance(sub, _INERT):
                return False
    return True


def _explained(inp: StaticInput, dotted_name: str, summary: RaiseSummary, node: FuncNode) -> bool:
    name = dotted_name.rsplit(".", 1)[-1]
    if name in _BROAD:
        return not _cannot_raise(node)
    if name.endswith("Warning"):
        return True
    if any(_covers(inp, name, r) for r in summary.raised):
        return True
    if builtin_exception(name) is not None and "." not in dotted_name:
        if name == "NotImplementedError" and returns_not_implemented(node):
            return False  # ``return NotImplemented`` documented as raising (sympy's ``__eq__``)
        modules = {i.bound_name for i in inp.file.imports if i.name is None}
        return summary.external or not closed_body(node, modules, summary.properties)
    project = _project_class(inp, dotted_name)
    if isinstance(project, tuple):
        return False  # a project exception: external code cannot raise it
    return summary.external or project is None


# ---- Java ------------------------------------------------------------------------------------


def _java_raises(inp: StaticInput, raises: list[Segment]) -> list[Finding]:
    """Javadoc ``@throws``: interface methods and hooks document contracts, not a body."""
    if _in_protocol(inp) or _is_hook(inp):
        return []
    return java_unthrown(inp, raises)
