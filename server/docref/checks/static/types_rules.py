"""C2 type rules: documented parameter, return and yield types against the annotations.

Every rule goes through the one normaliser of :mod:`docref.checks.types`; only an
``incompatible`` verdict is a finding (``equal``/``equivalent``/``compatible``/no verdict are
silent).  Python only.  Precision choices:

* No annotation, or a documented type that does not parse (prose) → nothing.
* Import aliases of the file resolve on both sides; ``X, optional`` counts as ``X | None``
  when the signature default is ``None``.
* Names resolve by scope before the typing vocabulary (a project class ``Text`` is not
  ``typing.Text``), and module-level type aliases expand (:mod:`.type_scope`).
* Class names the normaliser does not know are related through a subclass oracle built from
  the classes of this file and the project files it imports, nominally or structurally for
  a project ``Protocol`` (:mod:`.type_oracle`); when any such relation stays unknown (an
  external base class, an unresolved name) the comparison is not reported.
* A member of the annotated union that only the default's sentinel has is left out
  (``str | CombineKwargDefault = _COMPAT_DEFAULT``, the sentinel built at module level here or
  one import away): the docstring documents what callers pass.
* ``*args: T``/``**kwargs: T`` accept a documented ``T`` as well as ``tuple of T`` /
  ``dict of T``.
* Returns: ``-> None``/``NoReturn`` are skipped (the returns rule's business), and so is
  any function with more or fewer than one typed Returns entry.  For a ``Generator``
  annotation (body or no body: abstract methods and stubs too) the entry may state the
  whole annotation or its return type ``R``; other generators (a ``yield`` in the body,
  ``Iterator`` annotations) state no return type and are skipped.
* Yields: the yield type of ``Iterator``/``Iterable``/``Generator`` and their async
  counterparts; exactly one typed Yields entry.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.params import (
    signature_name,
    signatures,
    split_names,
)
from docref.checks.static.return_evidence import RULE_RETURN_WEAK, return_type_corroborated
from docref.checks.static.type_evidence import param_corroborated
from docref.checks.static.type_parts import agrees_with_a_part, google_items
from docref.checks.static.type_scope import (
    array_for_a_number,
    default_class,
    number_for_an_array,
    type_tested,
    unknown_word,
)
from docref.checks.static.type_shapes import (
    sequence_for_a_sequence,
)
from docref.checks.static.type_wider import (
    callable_for_a_class,
    class_for_a_callable,
    converted_to_documented,
    default_kind,
    partly_agrees,
    unpacked_kwargs,
)
from docref.checks.static.types_common import (
    TypeScope,
    annotation_in,
    doc_readings,
    doc_type,
    incompatible,
    python_docstring,
    shown,
    type_finding,
    type_scope,
    typed_entries,
)
from docref.checks.types import TypeExpr, make_union
from docref.checks.types_expr import ELLIPSIS
from docref.core.findings import Finding
from docref.core.segment import Segment
from docref.graph.model import Param

__all__ = [
    "RULE_NUMPY_SCALAR",
    "RULE_PARAM_PARTIAL",
    "RULE_PARAM_TYPE",
    "RULE_PARAM_WEAK",
    "RULE_RETURN_TYPE",
    "RULE_YIELD_TYPE",
    "c2_numpy_scalar",
    "c2_param_partial",
    "c2_param_type",
    "c2_param_weak",
    "c2_return_type",
    "c2_yield_type",
    "return_types",
]

RULE_PARAM_TYPE = "C2-PARAM-TYPE"
RULE_RETURN_TYPE = "C2-RETURN-TYPE"
RULE_YIELD_TYPE = "C2-YIELD-TYPE"
# opt-in: a Python number documented where the annotation is a numpy array (type_scope's
# number_for_an_array); first pass 0 TRUE, 1 FALSE, 3 DEBATABLE (scipy, transformers, nilearn,
# napari): numpy's scalars come back where the annotation says ndarray
RULE_NUMPY_SCALAR = "C2-NUMPY-SCALAR"
# opt-in: a documented union that shares a member with the annotation, each side naming one
# the other lacks (type_wider.partly_agrees); judged C2-PARAM-TYPE rounds 0-16: 0 TRUE, 5 FALSE,
# 4 DEBATABLE (xarray's choices "or list of str", lightgbm's "list of str or int, or 'auto'")
RULE_PARAM_PARTIAL = "C2-PARAM-PARTIAL"
# opt-in: an incompatibility without corroboration (:mod:`.type_evidence`): a side that is not
# a builtin/standard-library type, a collection's kind only, a callable for a class, or code
# using a documented ``type`` as a class; judged C2-PARAM-TYPE rounds 0-16: 19 TRUE of 81
RULE_PARAM_WEAK = "C2-PARAM-TYPE-WEAK"

_ITERATORS = frozenset(
    {
        "collections.abc.Iterator",
        "collections.abc.Iterable",
        "collections.abc.Generator",
        "collections.abc.AsyncIterator",
        "collections.abc.AsyncIterable",
        "collections.abc.AsyncGenerator",
    }
)
_NO_VALUE = frozenset({"None", "typing.Never", "typing.NoReturn"})
# Generator annotations and their number of type arguments (yield, send, return).
_GENERATORS = {"collections.abc.Generator": 3, "collections.abc.AsyncGenerator": 2}
_YIELD = re.compile(r"\byield\b")


def _is_generator(inp: StaticInput) -> bool:
    return _YIELD.search(inp.body_code()) is not None


# --------------------------------------------------------------------------- parameters


def _without_sentinel(inp: StaticInput, param: Param, annotation: TypeExpr) -> TypeExpr:
    """The annotation without the member that only the default's sentinel has
    (``compat: str | CombineKwargDefault = _COMPAT_DEFAULT``): a docstring documents the
    values a caller passes, not the marker of "not given"."""
    sentinel = default_class(inp, param.default)
    if sentinel is None or not annotation.is_union:
        return annotation
    kept = [m for m in annotation.members if m.name.rpartition(".")[2] != sentinel]
    return make_union(kept) if kept and len(kept) < len(annotation.members) else annotation


def _param_alternatives(param: Param, annotation: TypeExpr) -> list[TypeExpr]:
    """What a documented type of ``param`` may equal: the element annotation, or the
    collection ``*args``/``**kwargs`` receive."""
    if param.kind == "vararg":
        # ``*requests: HttpRequest`` documented ``list[HttpRequest]`` (round 16, azure-core):
        # the collection the caller's arguments form, a tuple or a list of them
        listed = TypeExpr("list", (annotation,))
        return [annotation, TypeExpr("tuple", (annotation, ELLIPSIS)), listed]
    if param.kind == "kwarg":
        return [annotation, TypeExpr("dict", (TypeExpr("str"), annotation))]
    return [annotation]


def c2_param_type(inp: StaticInput) -> list[Finding]:
    """``C2-PARAM-TYPE``: a documented parameter type incompatible with the annotation (a
    number for a numpy array: the opt-in :func:`c2_numpy_scalar`)."""
    return [f for f in _param_types(inp) if f.rule == RULE_PARAM_TYPE]


def c2_param_partial(inp: StaticInput) -> list[Finding]:
    """``C2-PARAM-PARTIAL`` (opt-in): C2-PARAM-TYPE's findings on a documented union that
    shares a member with the annotation (:data:`RULE_PARAM_PARTIAL`)."""
    return [f for f in _param_types(inp) if f.rule == RULE_PARAM_PARTIAL]


def c2_param_weak(inp: StaticInput) -> list[Finding]:
    """``C2-PARAM-TYPE-WEAK`` (opt-in): C2-PARAM-TYPE's findings whose evidence nothing
    corroborates (:data:`RULE_PARAM_WEAK`)."""
    return [f for f in _param_types(inp) if f.rule == RULE_PARAM_WEAK]


def c2_numpy_scalar(inp: StaticInput) -> list[Finding]:
    """``C2-NUMPY-SCALAR`` (opt-in): C2-PARAM-TYPE's and C2-RETURN-TYPE's findings on a
    number documented for a numpy array annotation (:data:`RULE_NUMPY_SCALAR`)."""
    found = _param_types(inp) + return_types(inp)
    return [f for f in found if f.rule == RULE_NUMPY_SCALAR]


@per_function
def _param_types(inp: StaticInput) -> list[Finding]:
    if not python_docstring(inp):
        return []
    overloads = signatures(inp)
    params = {p.name: p for p in inp.function.params}
    scope = type_scope(inp)
    findings: list[Finding] = []
    for segment in typed_entries(inp, "param"):
        if not segment.name or not segment.type:
            continue
        for documented in split_names(segment.name):
            name = signature_name(documented, params)
            param = params.get(name)
            if param is None or not param.annotation:
                continue
            others = [
                q for fn in overloads[1:] for q in fn.params if q.name == name and q.annotation
            ]
            finding = _check_param(inp, segment, param, others, segment.type, scope)
            if finding is not None:
                findings.append(finding)
    return findings


def _check_param(
    inp: StaticInput,
    segment: Segment,
    param: Param,
    overloaded: list[Param],
    doc_text: str,
    scope: TypeScope,
) -> Finding | None:
    """A finding when the documented type is incompatible with the annotation of ``param``
    and with that of every ``@overload`` of the same parameter (``overloaded``)."""
    assert param.annotation is not None
    annotation = annotation_in(param.annotation, scope)
    if annotation is None:
        return None
    readings = doc_readings(doc_text, scope, default_is_none=param.default == "None")
    for documented in readings:
        if documented is None:
            return None
        if unknown_word(documented, inp, scope.aliases, scope.types) is not None:
            return None  # ``sequence of intdict``: a typo in the type, not what it is compared for
        if array_for_a_number(documented, annotation):
            return None  # the body tells the kinds apart: it accepts more than the annotation says
        if sequence_for_a_sequence(documented, annotation):
            return None  # a tuple for ``list[float]``: the caller's sequence, read either way
    if type_tested(inp, param.name):
        return None
    if all(_taken_as_documented(inp, param.name, doc, annotation) for doc in readings if doc):
        return None  # the docstring is true to what the body takes (:mod:`.type_wider`)
    annotation = _without_sentinel(inp, param, annotation)
    alternatives = _param_alternatives(param, annotation)
    for other in overloaded:
        assert other.annotation is not None
        parsed = annotation_in(other.annotation, scope)
        if parsed is None:
            return None
        # an overload's ``= ...`` stands for the implementation's default
        alternatives.extend(_param_alternatives(other, _without_sentinel(inp, param, parsed)))
    if not all(incompatible(inp, doc, alt) for alt in alternatives for doc in readings if doc):
        return None
    said = annotation.render()
    numpy = all(number_for_an_array(doc, annotation) for doc in readings if doc)
    rule = RULE_NUMPY_SCALAR if numpy else RULE_PARAM_TYPE
    if all(partly_agrees(inp, doc, annotation) for doc in readings if doc):
        rule = RULE_PARAM_PARTIAL
    kind = default_kind(param.default)
    sides_with_doc = (
        kind is not None
        and incompatible(inp, kind, annotation)
        and not any(incompatible(inp, kind, d) for d in readings if d)
    )
    if rule == RULE_PARAM_TYPE and not param_corroborated(inp, param.name, readings, annotation):
        rule = RULE_PARAM_WEAK
    if kind is not None and sides_with_doc:
        # ``model_list: list = "superfast"`` documented ``str``: the default is what the
        # docstring says, the annotation contradicts both
        return type_finding(
            inp,
            segment,
            rule,
            f"the annotation of {param.name} says {said}, but its default "
            f"{shown(param.default or '')} is a {kind.name}, as documented "
            f'("{shown(doc_text)}")',
            f"change the annotation of {param.name} to the documented type",
        )
    return type_finding(
        inp,
        segment,
        rule,
        f'documents {param.name} as "{shown(doc_text)}", but the signature says {said}',
        f'document {param.name} as "{said}" or change the annotation',
    )


def _taken_as_documented(
    inp: StaticInput, name: str, documented: TypeExpr, annotation: TypeExpr
) -> bool:
    """A documented type the annotation leaves out that the body takes (:mod:`.type_wider`):
    a callable for a class (and a class for a callable), a path or array it converts to."""
    return (
        callable_for_a_class(documented, annotation)
        or class_for_a_callable(documented, annotation)
        or unpacked_kwargs(annotation)
        or converted_to_documented(inp, name, documented)
    )


# --------------------------------------------------------------------------- returns / yields


def c2_return_type(inp: StaticInput) -> list[Finding]:
    """``C2-RETURN-TYPE``: the Returns type incompatible with the return annotation (for a
    ``Generator``, with both the annotation and its return type)."""
    return [f for f in return_types(inp) if f.rule not in (RULE_NUMPY_SCALAR, RULE_RETURN_WEAK)]


@per_function
def return_types(inp: StaticInput) -> list[Finding]:
    fn = inp.function
    if not python_docstring(inp) or not fn.returns:
        return []
    typed = typed_entries(inp, "returns")
    returns = [s for s in inp.docstring.segments if s.kind == "returns"]
    named = [s for s in returns if s.name]
    if len(typed) != 1 or len(named) > 1:
        return []  # several named NumPy returns are the items of a returned tuple
    if inp.docstring.style == "numpy" and len(returns) > 1:
        # several NumPy entries, one typed: the others' type lines did not read as types
        # (``value Union[...]`` without its colon, round 14's napari; ``np.ndarray (1d array
        # of shape (n,))`` then ``float``, round 15's sktime): items of a tuple too
        return []
    if google_items(inp, typed[0]):
        return []  # ``str: Label.`` then ``CompleteCohp: ...``: one line per tuple item
    scope = type_scope(inp)
    annotation = annotation_in(fn.returns, scope)
    segment = typed[0]
    assert segment.type is not None
    readings = doc_readings(segment.type, scope)
    if annotation is None or None in readings:
        return []
    if annotation.name in _GENERATORS:
        return _generator_return(inp, segment, readings[0], annotation)  # type: ignore[arg-type]
    if _is_generator(inp) or annotation.name in _NO_VALUE:
        return []  # an iterator-annotated generator states no return type; None: C3's
    for documented in readings:
        assert documented is not None
        if not incompatible(inp, documented, annotation):
            return []
        if agrees_with_a_part(inp, segment, documented, annotation):
            return []
        for overload in signatures(inp)[1:]:  # documented for one @overload: not a finding
            other = annotation_in(overload.returns, scope) if overload.returns else None
            if other is None or not incompatible(inp, documented, other):
                return []
    said = annotation.render()
    numpy = all(number_for_an_array(doc, annotation) for doc in readings if doc)
    strong = all(return_type_corroborated(inp, doc, annotation) for doc in readings if doc)
    return [
        type_finding(
            inp,
            segment,
            RULE_NUMPY_SCALAR if numpy else RULE_RETURN_TYPE if strong else RULE_RETURN_WEAK,
            f'says it returns "{shown(segment.type)}", but {fn.name}() returns {said}',
            f'document the return type as "{said}" or change the annotation',
        )
    ]


def _generator_result(annotation: TypeExpr) -> TypeExpr | None:
    """What a generator annotated ``annotation`` returns when it finishes: the last argument
    of ``Generator[Y, S, R]``, ``None`` when left out (PEP 696 defaults) and always ``None``
    for ``AsyncGenerator`` (which cannot return a value).  Python ``None`` for a bare or
    malformed annotation: nothing to compare with."""
    arity = _GENERATORS[annotation.name]
    if not annotation.args or len(annotation.args) > arity:
        return None
    if len(annotation.args) == 3:
        return annotation.args[2]
    return TypeExpr("None")


def _generator_return(
    inp: StaticInput, segment: Segment, documented: TypeExpr, annotation: TypeExpr
) -> list[Finding]:
    """A generator's Returns entry against its return type (stubs and abstract ones too).

    Silent when the entry matches the whole annotation ("returns a generator of …") or the
    return type, and when, with no Yields entry, it matches the yield type: it then
    describes the items, which C3-RETURNS-YIELDS reports."""
    result = _generator_result(annotation)
    if result is None or not incompatible(inp, documented, annotation):
        return []
    if not incompatible(inp, documented, result):
        return []
    documents_yields = any(s.kind == "yields" for s in inp.docstring.segments)
    if not documents_yields and not incompatible(inp, documented, annotation.args[0]):
        return []
    said = result.render()
    assert segment.type is not None
    return [
        type_finding(
            inp,
            segment,
            RULE_RETURN_TYPE,
            f'says it returns "{shown(segment.type)}", but {inp.function.name}() is a '
            f"generator that returns {said} ({annotation.render()})",
            f'document the generator\'s return value as "{said}" or change the annotation',
        )
    ]


def _yield_type(annotation: TypeExpr) -> TypeExpr | None:
    if annotation.name in _ITERATORS and annotation.args:
        return annotation.args[0]
    return None


def c2_yield_type(inp: StaticInput) -> list[Finding]:
    """``C2-YIELD-TYPE``: the Yields type incompatible with the annotated yield type."""
    fn = inp.function
    if not python_docstring(inp) or not fn.returns:
        return []
    typed = typed_entries(inp, "yields")
    if len(typed) != 1:
        return []
    scope = type_scope(inp)
    annotation = annotation_in(fn.returns, scope)
    item = _yield_type(annotation) if annotation is not None else None
    if item is None:
        return []
    segment = typed[0]
    assert segment.type is not None
    documented = doc_type(segment.type, scope)
    if documented is None or not incompatible(inp, documented, item):
        return []
    assert annotation is not None
    if not incompatible(inp, documented, annotation):
        return []  # the Yields entry names the generator type itself (its items agree)
    said = item.render()
    return [
        type_finding(
            inp,
            segment,
            RULE_YIELD_TYPE,
            f'says it yields "{shown(segment.type)}", but {fn.name}() yields {said}',
            f'document the yielded type as "{said}" or change the annotation',
        )
    ]
