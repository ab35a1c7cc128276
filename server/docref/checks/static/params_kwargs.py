"""``C1-PARAM-UNKNOWN`` in a function taking ``**kwargs``: a documented parameter renamed in
the signature.

A plain parameter named ``kwargs`` (or ``kwds``) holding a dict is the same sink by convention
(obspy's ``get_psxy(self, kwargs)`` documents the dict's keys ``GMT_type``, ``GMT_scaling`` as
``:param`` entries, round 24): :func:`keyword_dict` tells the rule to treat it like ``**kwargs``
when no entry documents the dict itself.

Any documented name may be a keyword the function forwards through ``**kwargs``, so an unknown
entry there is unverifiable in general (:func:`.params.c1_param_unknown` stays silent).  One
case is still provable: the entry's name is gone from the function and one parameter is its
renamed twin (``total_attempts`` documented, ``total_attmpts`` in the signature).  All of:

* exactly one parameter is the name abbreviated, extended by whole words or one edit away
  (:func:`.prose_names.renamed_twin`), or, failing that, the name with two neighbouring
  letters swapped (statsmodels' ``SimpleTable.__init__`` documented ``hmtl_fmt`` for its
  ``html_fmt`` beside ``**fmt_dict``: a typo no keyword is spelt as), and that parameter
  has no entry of its own (a function documenting both ``timeout`` and ``timeout_s``
  forwards the first);
* the name occurs nowhere in the function's code (``kwargs.pop("x")``, ``f(x=...)``,
  ``kwargs["x"]`` read it);
* no function of the file and no parameter of a function the file imports or calls takes a
  parameter of that name (:func:`.names_passed.passed_on`): the keyword may be forwarded to
  it;
* that parameter is not positional-only (before ``/``): its name is no part of the call, so
  an entry labelling the argument otherwise (sqlalchemy's ``:param __type:`` for
  ``__type_pos``, round 19) contradicts nothing a caller can write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from docref.checks.static.base import StaticInput
from docref.checks.static.name_words import transposed
from docref.checks.static.names_passed import passed_on
from docref.checks.static.params_kwargs_flow import KwargsFlow, kwargs_flow
from docref.checks.static.params_kwargs_slots import callee_slots
from docref.checks.static.params_property import is_property
from docref.checks.static.prose_names import renamed_twin
from docref.checks.static.returns_raises_ast import function_node
from docref.core.findings import Criterion, Finding
from docref.core.segment import Segment
from docref.graph.model import RECEIVER_NAMES
from docref.graph.parts import Param

__all__ = ["keyword_dict", "packed_parameter", "renamed_under_kwargs"]

_KWARGS_NAMES = frozenset({"kwargs", "kwds"})
# annotations a keyword dict may carry (unannotated is the common case)
_MAPPING = re.compile(
    r"^(?:typing\.|t\.|collections\.abc\.)?(?:dict|Dict|Mapping|MutableMapping)\b"
)


def keyword_dict(params: Iterable[Param], documented: Iterable[str]) -> bool:
    """A non-variadic parameter named ``kwargs``/``kwds`` that may hold a dict, and no entry
    of its own among ``documented``: the entries may document its keys one by one, as with
    ``**kwargs``.  A docstring documenting ``kwargs`` itself describes it as one argument
    (anyio's ``run_fixture(self, fixture_func, kwargs)``: ``fixture_func`` renamed is stale,
    a recall mutation)."""
    named = [
        p.name
        for p in params
        if p.name in _KWARGS_NAMES
        and p.kind not in ("vararg", "kwarg")
        and (p.annotation is None or _MAPPING.match(p.annotation.strip("'\" ")) is not None)
    ]
    return bool(named) and not set(named) & set(documented)


def renamed_under_kwargs(
    inp: StaticInput, documented: Iterable[tuple[Segment, str, str]], rule: str
) -> list[Finding]:
    """``rule``'s findings on the entries (segment, name as shown, name) of a ``**kwargs``
    function whose name was provably renamed in the signature (see the module docstring)."""
    fn = inp.function
    if is_property(fn):
        return []
    params = [p.name for p in fn.params if p.kind not in ("vararg", "kwarg")]
    params = [p for p in params if p not in RECEIVER_NAMES]
    positional_only = {p.name for p in fn.params if p.kind == "positional_only"}
    entries = list(documented)
    names = {stripped for _seg, _shown, stripped in entries}
    out: list[Finding] = []
    forwarded: set[str] | None = None
    code = ""
    flow: KwargsFlow | Literal[False] | None = None
    for segment, shown, name in entries:
        if not name.isidentifier() or name in params or name in ("args", "kwargs", "kwds"):
            continue
        twin = renamed_twin(name, params) or _transposed_twin(name, params)
        if twin is None or twin in names or twin in positional_only:
            continue  # a positional-only twin: its name is no keyword a caller can pass
        if flow is None:
            flow = _flow(inp)
        if flow is not False:
            if flow.reads(name, twin):
                continue
            if flow.hands_on(name, twin, lambda callee: callee_slots(inp, callee)) or (
                flow.reaches_nothing()
            ):
                # the keyword cannot be passed on (see :mod:`.params_kwargs_flow`)
                out.append(_finding(inp, segment, shown, twin, rule))
                continue
        else:
            if not code:
                code = _own_code(inp)
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", code):
                continue
        if forwarded is None:
            forwarded = passed_on(inp.graph, inp.file, fn)
            forwarded |= {p.name for f in inp.file.functions if f is not fn for p in f.params}
        if name in forwarded:
            continue
        out.append(_finding(inp, segment, shown, twin, rule))
    return out


def _finding(inp: StaticInput, segment: Segment, shown: str, twin: str, rule: str) -> Finding:
    message = (
        f'documents parameter "{shown}", but {inp.function.name}() has no such parameter and '
        f'does not read it from its **kwargs; did you mean "{twin}"?'
    )
    fix_hint = f'rename "{shown}" to "{twin}"'
    return inp.finding(segment, Criterion.C1, rule, message, fix_hint)


def _flow(inp: StaticInput) -> KwargsFlow | Literal[False]:
    """The flow of the function's ``**kwargs``; False when its ``def`` cannot be read (or it
    takes a keyword dict by another name: :func:`keyword_dict`)."""
    node = function_node(inp.data, inp.function)
    flow = kwargs_flow(node) if node is not None else None
    return flow if flow is not None else False


def _transposed_twin(name: str, params: list[str]) -> str | None:
    """The one parameter spelt as ``name`` with two neighbouring letters swapped (names of
    five letters or more: ``axes``/``aexs`` are too short to tell a slip from a word)."""
    found = [p for p in params if len(name) >= 5 and transposed(name, p)]
    return found[0] if len(found) == 1 else None


def _own_code(inp: StaticInput) -> str:
    """The function's signature and body without its docstring."""
    doc = inp.docstring
    code = inp.code(inp.function.span.start_byte, inp.function.span.end_byte)
    if doc.body_end > doc.body_start:
        code = code.replace(inp.source[doc.body_start : doc.body_end], " ")
    return code


def packed_parameter(
    inp: StaticInput, params: Iterable[Param], documented: Iterable[str], unknown: list[str]
) -> str | None:
    """The parameter whose fields the ``unknown`` entries document, if any: the function's
    only one, without an entry of its own, from which the body reads at least two of those
    names as attributes or keys (``args.prior_transform``, ``args.loglikelihood``: a sampler's
    ``sample(args)`` documenting the fields of the record it is handed, round 29).  The
    entries then describe
    what the argument holds, not parameters under old names; that the argument itself goes
    undocumented is the completeness rule's to say."""
    if len(unknown) < 2 or is_property(inp.function):
        return None
    entries = set(documented)
    own = [p for p in params if p.name not in RECEIVER_NAMES]
    if len(own) != 1 or own[0].kind in ("vararg", "kwarg") or own[0].name in entries:
        # the function's one argument: with others beside it, entries of the fields of one of
        # them are the flat parameters a refactor packed (emcee's ``update(old_state,
        # new_state, accepted)`` still documenting ``coords``, ``new_coords``: stale)
        return None
    holders = [own[0].name]
    code = _own_code(inp)
    for holder in holders:
        read = 0
        for name in unknown:
            field = re.escape(name)
            if re.search(
                rf"(?<![\w.]){re.escape(holder)}(?:\.{field}\b|\[\s*[\"']{field}[\"']\s*\])", code
            ):
                read += 1
                if read >= 2:
                    return holder
    return None
