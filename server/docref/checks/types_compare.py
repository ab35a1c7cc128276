"""The recursive comparison behind :func:`docref.checks.types.compare`: two normalised type
expressions to an outcome (see that module's docstring for the verdicts).

:func:`cmp` compares a documented type with the annotation member by member -- unions, generic
arguments, tuples, callables' parameters (contravariant), array element kinds, ``Literal``
values, ``type[C]`` -- and :func:`narrower` answers when every documented member fits some
member of an annotated union.  The functions recurse into one another, so they live together;
what a special type stands for is in :mod:`docref.checks.types_special`, how two names relate in
:mod:`docref.checks.types_relation`.
"""

from __future__ import annotations

from .types_expr import ANY, ELLIPSIS, LITERAL, PARAMS, TypeExpr
from .types_hierarchy import ancestors
from .types_relation import (
    COMPATIBLE,
    EQUAL,
    EQUIV,
    EQUIVALENT,
    INCOMPATIBLE,
    SAME,
    SUB,
    SUPER,
    UNRELATED,
    CompareContext,
    Outcome,
    at_least,
    best,
    name_relation,
    worst,
)
from .types_special import (
    array_like_outcome,
    dtype_kind,
    dtype_spec_outcome,
    literal_base,
    same_kind,
    vector_form,
)
from .types_vocab import ARRAY_LIKE, NDARRAY

__all__ = ["SELF", "cmp", "narrower"]

SELF = "typing.Self"
_CALLABLE = "collections.abc.Callable"


def cmp(
    doc: TypeExpr, ann: TypeExpr, ctx: CompareContext, *, doc_optional: bool = False
) -> Outcome:
    if doc == ann:
        return EQUAL
    if doc.is_union or ann.is_union:
        # ``float or list of floats`` for an ndarray: the list is the array (types_special)
        return _cmp_union(vector_form(doc, ann), ann, ctx, doc_optional)
    return _cmp_single(doc, ann, ctx)


def _cmp_union(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext, doc_optional: bool) -> Outcome:
    doc_members, ann_members = doc.members, ann.members
    covers = [(member, best(*(cmp(d, member, ctx) for d in doc_members))) for member in ann_members]
    none_omitted = any(m.is_none for m in ann_members) and not any(d.is_none for d in doc_members)
    outcome = worst(
        *(verdict for member, verdict in covers if not (member.is_none and none_omitted))
    )
    if outcome in (None, INCOMPATIBLE):
        return outcome
    doc_all_used = all(
        best(*(cmp(d, member, ctx) for member in ann_members)) in (EQUAL, EQUIVALENT)
        for d in doc_members
    )
    if none_omitted:
        if doc_optional and doc_all_used and outcome in (EQUAL, EQUIVALENT):
            return EQUIVALENT
        return at_least(COMPATIBLE, outcome)
    if not doc_all_used:
        return at_least(COMPATIBLE, outcome)
    return at_least(EQUIVALENT, outcome)


def narrower(
    doc_members: tuple[TypeExpr, ...],
    ann_members: tuple[TypeExpr, ...],
    ctx: CompareContext,
    outcome: Outcome,
) -> Outcome:
    """``compatible`` when every documented member fits a member of the annotated union
    (``str`` for ``str | Style``): the docstring names part of what is accepted, narrower than
    the annotation but not contradicted by it; else ``outcome``."""
    if len(ann_members) < 2:
        return outcome
    for d in doc_members:
        fit = best(*(cmp(d, member, ctx) for member in ann_members))
        if fit not in (EQUAL, EQUIVALENT, COMPATIBLE):
            return outcome
    return COMPATIBLE


def _cmp_single(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if doc == ann:
        return EQUAL
    if ANY in (doc, ann) or "object" in (doc.name, ann.name) or ann.name == "typing.Never":
        return COMPATIBLE
    if SELF in (doc.name, ann.name):
        return None  # ``Self`` without ``self_class``: the class is not known here
    if doc.name == PARAMS and _holds_items(doc, ann):
        return _bracket_list(doc, ann, ctx)
    if doc.is_none or ann.is_none or doc.name in (PARAMS, ELLIPSIS.name):
        return INCOMPATIBLE
    if ann.name == "type" and len(ann.args) == 1 and not doc.args and _same_class(doc, ann.args[0]):
        return COMPATIBLE  # ``:arg RequestHandler cls: a RequestHandler class`` for type[...]
    if _class_named(doc, ann, ctx):
        return COMPATIBLE
    if doc.name == LITERAL or ann.name == LITERAL:
        return _cmp_literal(doc, ann, ctx)
    if ARRAY_LIKE in (doc.name, ann.name):
        return array_like_outcome(doc, ann)
    if (spec := dtype_spec_outcome(doc, ann)) is not None:
        return spec
    relation, projected = name_relation(doc, ann, ctx)
    if relation is None:
        return None
    if relation in (SAME, EQUIV):
        floor = EQUAL if relation == SAME else EQUIVALENT
        return at_least(floor, _narrowed(_cmp_args(doc, ann, ctx), doc, ann, ctx))
    if relation == SUPER:
        if projected is None:
            return COMPATIBLE
        return at_least(COMPATIBLE, _cmp_args(doc, projected, ctx))
    if relation == UNRELATED and same_kind(doc, ann):
        return COMPATIBLE  # numpydoc's ``int`` for ``np.integer``/``np.int64``: one kind
    if relation == SUB:
        # a documented subtype (``OrderedDict`` for ``dict``) is narrower than the annotation,
        # not contradicted by it; parameterised, the documented type is projected onto the
        # annotated generic (``list of str`` as ``Iterable[str]`` for ``Iterable[Hashable]``)
        if not doc.args or not ann.args:
            return COMPATIBLE
        lifted = ancestors(doc).get(ann.name)
        if lifted is None or not lifted.args:
            return None
        return at_least(COMPATIBLE, _narrowed(_cmp_args(lifted, ann, ctx), lifted, ann, ctx))
    return INCOMPATIBLE


def _narrowed(outcome: Outcome, doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    """The arguments' verdict, or ``compatible`` when each documented argument is a member
    (or a narrowing) of the annotated one: ``Dict[str, Style]`` for ``Mapping[str, Style |
    str]``.  Not for tuples (a projected item union), callables (contravariant) or arrays."""
    if outcome not in (None, INCOMPATIBLE) or len(doc.args) != len(ann.args):
        return outcome
    if doc.name in ("tuple", _CALLABLE, NDARRAY):
        return outcome
    return worst(*(_narrow_arg(d, a, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


def _narrow_arg(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    outcome = cmp(doc, ann, ctx)
    if outcome in (None, INCOMPATIBLE) and ann.is_union:
        return narrower(doc.members, ann.members, ctx, outcome)
    return outcome


def _cmp_args(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if not doc.args:
        return EQUAL if not ann.args else EQUIVALENT  # documented without parameters
    if not ann.args:
        return COMPATIBLE  # the docstring refines an unparameterised annotation
    if doc.name == "tuple":
        return _cmp_tuple(doc.args, ann.args, ctx)
    if doc.name == _CALLABLE and len(doc.args) == len(ann.args) == 2:
        # the return is covariant: ``Callable[[], None]`` documented for ``Callable[[],
        # Coroutine | None]`` names the sync member (round 24, panel's ``state.execute``)
        returned = _narrow_arg(doc.args[1], ann.args[1], ctx)
        return worst(_cmp_params(doc.args[0], ann.args[0], ctx), returned)
    if doc.name == NDARRAY and len(doc.args) == len(ann.args) == 1:
        return _cmp_dtype(doc.args[0], ann.args[0], ctx)
    if len(doc.args) != len(ann.args):
        return None
    return worst(*(cmp(d, a, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


def _variadic(args: tuple[TypeExpr, ...]) -> bool:
    return len(args) == 2 and args[1] == ELLIPSIS


def _cmp_tuple(
    doc: tuple[TypeExpr, ...], ann: tuple[TypeExpr, ...], ctx: CompareContext
) -> Outcome:
    # item by item, a documented item may be a member of the annotated item's union
    # (``tuple[str, int]`` for ``tuple[str | Dep, int]``): narrower, not contradicted
    if _variadic(doc) and _variadic(ann):
        return _narrow_arg(doc[0], ann[0], ctx)
    # a docstring's one-item ``tuple[int]`` is the informal "tuple of ints" (diffusers'
    # ``original_size (tuple[int])`` for ``tuple[int, int]``), as ``tuple[int, ...]`` is
    if _variadic(doc) or (len(doc) == 1 and len(ann) > 1):
        return at_least(COMPATIBLE, worst(*(cmp(doc[0], a, ctx) for a in ann)))
    # and so is an annotation's: diffractio's ``xlim: tuple[float]`` documented "(float, float)"
    # and unpacked ``x0, x1 = xlim`` (round 84); the items must still agree
    if len(ann) == 1 and len(doc) > 1 and not _variadic(doc):
        return at_least(COMPATIBLE, worst(*(cmp(d, ann[0], ctx) for d in doc)))
    if _variadic(ann):  # a fixed-length documented tuple refines ``tuple[X, ...]``
        return at_least(COMPATIBLE, worst(*(cmp(d, ann[0], ctx) for d in doc)))
    if len(doc) != len(ann):
        return INCOMPATIBLE
    return worst(*(_narrow_arg(d, a, ctx) for d, a in zip(doc, ann, strict=True)))


_LISTS = frozenset({"list", "typing.List", "typing.Sequence", "collections.abc.Sequence"})


def _holds_items(doc: TypeExpr, ann: TypeExpr) -> bool:
    """A bracketed list written as an element type outside a ``Callable``
    (``list[[independent, dependent]]``, round 87's pyNastran) stands for the items of the
    annotation's list or tuple (:func:`_bracket_list`), not for a parameter list."""
    if ann.name in _LISTS:
        return len(ann.args) == 1
    return ann.name in ("tuple", "typing.Tuple") and len(ann.args) == len(doc.args)


def _bracket_list(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    """The documented items against a list's element or a tuple's items, one by one."""
    if ann.name in _LISTS:
        return worst(*(cmp(d, ann.args[0], ctx) for d in doc.args))
    return worst(*(cmp(d, a, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


def _cmp_params(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if doc == ann:
        return EQUAL
    if ELLIPSIS in (doc, ann):
        return COMPATIBLE
    if doc.name == PARAMS and ann.name != PARAMS and doc.args == (ann,):
        # the docstring parser reads ``Callable[P, R]`` as ``Callable[[P], R]`` (pyvista's
        # list-less parameter types); the annotation's bare ``P`` is a ParamSpec, the same
        # name written the same way (round 47, skforecast's ``manage_warnings``)
        return EQUAL
    if doc.name != PARAMS or ann.name != PARAMS or len(doc.args) != len(ann.args):
        return INCOMPATIBLE
    # Parameters are contravariant: the documented callable is a supertype when the
    # annotation's parameters are supertypes of the documented ones.
    return worst(*(cmp(a, d, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


def _cmp_dtype(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    doc_kind, ann_kind = dtype_kind(doc), dtype_kind(ann)
    if name_relation(doc_kind, ann_kind, ctx)[0] == SUB:
        return INCOMPATIBLE  # an array of int is no array of float64: element kinds are exact
    outcome = cmp(doc_kind, ann_kind, ctx)
    if outcome is EQUAL and (doc_kind != doc or ann_kind != ann):
        return EQUIVALENT
    return outcome


def _cmp_literal(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if doc.name == LITERAL and ann.name == LITERAL:
        # more values documented (a supertype) or fewer (a narrower choice, like a member
        # of a union): compatible; a documented value the annotation rejects: incompatible
        if set(doc.args) >= set(ann.args) or set(doc.args) <= set(ann.args):
            return COMPATIBLE
        return INCOMPATIBLE
    literal = doc if doc.name == LITERAL else ann
    base = literal_base(literal)
    if base is None:
        return None
    # Documented values refine the annotated type, or the documented type holds the values --
    # some of them, when they are of several kinds: ``str`` for ``Literal['x', 0]`` names one
    # kind, as ``str`` for ``str | Style`` names one member (round 14, pyvista's ``axis``:
    # ``int | str`` for ``Literal['x', 'y', 'z', 0, 1, 2] | None``)
    if doc.name == LITERAL:
        outcome = cmp(base, ann, ctx)
    else:
        outcome = best(*(cmp(doc, kind, ctx) for kind in base.members))
    if outcome in (EQUAL, EQUIVALENT, COMPATIBLE):
        return COMPATIBLE
    return outcome


def _class_named(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> bool:
    """A class documented by the name of a related class for ``type[C]``: ``Tuple[Exception,
    ...]`` for ``tuple[type[BaseException], ...]`` (round 20, dagster), ``Warning`` for
    ``type[PandasChangeWarning]`` (round 19): the name stands for "a class of", and the classes
    relate as documented instance types do; unrelated names stay contradicted."""
    if ann.name != "type" or len(ann.args) != 1 or doc.args or doc.name == "type":
        return False
    return _cmp_single(doc, ann.args[0], ctx) in (EQUAL, EQUIVALENT, COMPATIBLE)


def _same_class(doc: TypeExpr, ann: TypeExpr) -> bool:
    """The class a ``type[C]`` annotation names, documented by its name: the same expression,
    or the same last name under a shorter module path (``telegram.TelegramObject`` for
    ``telegram._telegramobject.TelegramObject``, round 17's python-telegram-bot)."""
    if doc == ann:
        return True
    if doc.args or ann.args or "." not in ann.name:
        return False
    return doc.name.rpartition(".")[2] == ann.name.rpartition(".")[2]
