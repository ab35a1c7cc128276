"""The one canonical type normaliser for every C2 rule: parse, then compare with four verdicts.

:func:`parse_doc_type` reads a docstring type, :func:`parse_annotation` an annotation; both give
a canonical :class:`TypeExpr` (or ``None``: prose / not a type, hence no C2 verdict).
:func:`compare` answers, for a documented type against the annotation:

* ``equal`` -- the same canonical type. Spelling variants collapse while parsing:
  ``Optional[X]`` = ``X | None`` = ``Union[X, None]``, union order, ``typing.List`` = ``list``,
  import aliases (``dt.date`` = ``datetime.date``).
* ``equivalent`` (silent) -- different canonical forms for the same type: a generic documented
  without parameters (``list`` vs ``list[int]``), ``Iterator[X]`` vs
  ``Generator[X, None, None]``, a short vs a qualified name (``date`` vs ``datetime.date``),
  ``array_like``/``ndarray`` vs ``numpy.ndarray``/``NDArray[...]``/``ArrayLike``, an
  ``, optional`` type whose annotation only adds ``None``.
* ``compatible`` (info) -- the documented type is a strict supertype of the annotation
  (``Sequence[int]`` vs ``list[int]``, ``float`` vs ``int``, ``Iterable`` vs ``Iterator``, a
  documented union containing the annotation) or a strict subtype of it (``OrderedDict`` vs
  ``dict``, ``int`` vs ``float``, ``Iterator`` vs ``Iterable``, members of an annotated union:
  ``str`` vs ``str | Style``; narrower than the annotation, not contradicted by it),
  ``Any``/``object`` on either side, NumPy scalars documented by kind (``int`` vs
  ``np.int64``),
  ``Self`` vs the class, a class documented by its name for ``type[C]`` (``C`` "a ``C``
  class"), and three refinements of a loose annotation: parameters on a bare
  generic (``list of int`` vs ``list``), literal values of the annotated type (``{'a', 'b'}``
  vs ``str``), ``None`` left out of the documented type (``int`` vs ``int | None``).
* ``incompatible`` (a finding) -- the documented type is unrelated to the annotation
  (``list[str]`` vs ``Iterator[str]``, ``str`` vs ``int``), or an array's element kind differs
  (``ndarray of int`` vs ``NDArray[np.float64]``).

``None`` (no verdict) when a name's relation cannot be known without a symbol table: a user
class vs a known ABC or builtin (pass ``is_subclass`` to decide), a lowercase prose-like word,
two dotted names with the same last component but different modules.

The verdicts, how they combine and how two names relate are in
:mod:`docref.checks.types_relation`; the parsers in :mod:`docref.checks.types_parse`; what a
NumPy scalar, a ``Literal`` or ``array_like`` stands for in :mod:`docref.checks.types_special`.
"""

from __future__ import annotations

from .types_expr import (
    ANY,
    ELLIPSIS,
    LITERAL,
    NONE,
    PARAMS,
    TypeExpr,
    canonical_name,
    make_union,
)
from .types_hierarchy import ancestors
from .types_parse import (
    parse_annotation,
    parse_doc_readings,
    parse_doc_type,
    parse_doc_type_and_readings,
)
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
    SubclassOracle,
    Verdict,
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
)
from .types_vocab import ARRAY_LIKE, NDARRAY, NDARRAY_ALIAS

__all__ = [
    "ANY",
    "NONE",
    "TypeExpr",
    "Verdict",
    "canonical_name",
    "compare",
    "make_union",
    "parse_annotation",
    "parse_doc_readings",
    "parse_doc_type",
    "parse_doc_type_and_readings",
]


_SELF = "typing.Self"
_CALLABLE = "collections.abc.Callable"


def compare(
    documented: TypeExpr,
    annotation: TypeExpr,
    *,
    self_class: str | None = None,
    is_subclass: SubclassOracle | None = None,
) -> Verdict | None:
    """The verdict for a documented type against the annotation (see the module docstring).

    ``self_class`` is the (qualified or bare) name of the enclosing class, so that ``Self``
    compares as that class (``compatible``). ``is_subclass(child, parent)``, when given,
    answers for names this module does not know (``True``/``False``, ``None`` when unknown).
    Returns ``None`` when no verdict is possible. Never raises.
    """
    try:
        if documented == annotation:
            return EQUAL
        doc, doc_changed = _normalise(documented)
        ann, ann_changed = _normalise(annotation)
        self_used = False
        if self_class:
            self_name = canonical_name(self_class)
            doc, doc_self = _substitute(doc, _SELF, self_name)
            ann, ann_self = _substitute(ann, _SELF, self_name)
            self_used = doc_self or ann_self
        ctx = CompareContext(is_subclass)
        outcome = _cmp(doc, ann, ctx, doc_optional=documented.optional)
        if outcome in (None, INCOMPATIBLE) and ann.is_union:
            # only the annotation as a whole: inside a generic (``tuple[A, B]`` read as a
            # ``Sequence[A | B]``) a missing member is a different item type
            outcome = _narrower(doc.members, ann.members, ctx, outcome)
        if outcome is EQUAL and (doc_changed or ann_changed):
            outcome = EQUIVALENT
        if self_used and outcome in (EQUAL, EQUIVALENT):
            outcome = COMPATIBLE
        return outcome
    except Exception:
        return None


# --------------------------------------------------------------------------- normalisation


def _normalise(expr: TypeExpr) -> tuple[TypeExpr, bool]:
    """Fold forms that mean the same for comparison; report whether anything changed."""
    changed = False
    args: list[TypeExpr] = []
    for arg in expr.args:
        new_arg, arg_changed = _normalise(arg)
        args.append(new_arg)
        changed = changed or arg_changed
    name = expr.name
    if name == "collections.abc.Generator" and all(a.is_none for a in args[1:3]):
        name, args, changed = "collections.abc.Iterator", args[:1], True
    elif name == "collections.abc.AsyncGenerator" and all(a.is_none for a in args[1:2]):
        name, args, changed = "collections.abc.AsyncIterator", args[:1], True
    elif name == NDARRAY_ALIAS or name == "NDArray" or name.endswith(".NDArray"):
        name, changed = NDARRAY, True
    if expr.is_union:
        return make_union(args), changed
    return TypeExpr(name, tuple(args)), changed


def _substitute(expr: TypeExpr, old: str, new: str) -> tuple[TypeExpr, bool]:
    if expr.name == old and not expr.args:
        return TypeExpr(new), True
    found = False
    args: list[TypeExpr] = []
    for arg in expr.args:
        new_arg, arg_found = _substitute(arg, old, new)
        args.append(new_arg)
        found = found or arg_found
    if not found:
        return expr, False
    return (make_union(args) if expr.is_union else TypeExpr(expr.name, tuple(args))), True


# --------------------------------------------------------------------------- comparison


def _cmp(
    doc: TypeExpr, ann: TypeExpr, ctx: CompareContext, *, doc_optional: bool = False
) -> Outcome:
    if doc == ann:
        return EQUAL
    if doc.is_union or ann.is_union:
        return _cmp_union(doc, ann, ctx, doc_optional)
    return _cmp_single(doc, ann, ctx)


def _cmp_union(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext, doc_optional: bool) -> Outcome:
    doc_members, ann_members = doc.members, ann.members
    covers = [
        (member, best(*(_cmp(d, member, ctx) for d in doc_members))) for member in ann_members
    ]
    none_omitted = any(m.is_none for m in ann_members) and not any(d.is_none for d in doc_members)
    outcome = worst(
        *(verdict for member, verdict in covers if not (member.is_none and none_omitted))
    )
    if outcome in (None, INCOMPATIBLE):
        return outcome
    doc_all_used = all(
        best(*(_cmp(d, member, ctx) for member in ann_members)) in (EQUAL, EQUIVALENT)
        for d in doc_members
    )
    if none_omitted:
        if doc_optional and doc_all_used and outcome in (EQUAL, EQUIVALENT):
            return EQUIVALENT
        return at_least(COMPATIBLE, outcome)
    if not doc_all_used:
        return at_least(COMPATIBLE, outcome)
    return at_least(EQUIVALENT, outcome)


def _narrower(
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
        fit = best(*(_cmp(d, member, ctx) for member in ann_members))
        if fit not in (EQUAL, EQUIVALENT, COMPATIBLE):
            return outcome
    return COMPATIBLE


def _cmp_single(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if doc == ann:
        return EQUAL
    if ANY in (doc, ann) or "object" in (doc.name, ann.name) or ann.name == "typing.Never":
        return COMPATIBLE
    if _SELF in (doc.name, ann.name):
        return None  # ``Self`` without ``self_class``: the class is not known here
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
    outcome = _cmp(doc, ann, ctx)
    if outcome in (None, INCOMPATIBLE) and ann.is_union:
        return _narrower(doc.members, ann.members, ctx, outcome)
    return outcome


def _cmp_args(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if not doc.args:
        return EQUAL if not ann.args else EQUIVALENT  # documented without parameters
    if not ann.args:
        return COMPATIBLE  # the docstring refines an unparameterised annotation
    if doc.name == "tuple":
        return _cmp_tuple(doc.args, ann.args, ctx)
    if doc.name == _CALLABLE and len(doc.args) == len(ann.args) == 2:
        return worst(
            _cmp_params(doc.args[0], ann.args[0], ctx), _cmp(doc.args[1], ann.args[1], ctx)
        )
    if doc.name == NDARRAY and len(doc.args) == len(ann.args) == 1:
        return _cmp_dtype(doc.args[0], ann.args[0], ctx)
    if len(doc.args) != len(ann.args):
        return None
    return worst(*(_cmp(d, a, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


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
        return at_least(COMPATIBLE, worst(*(_cmp(doc[0], a, ctx) for a in ann)))
    if _variadic(ann):  # a fixed-length documented tuple refines ``tuple[X, ...]``
        return at_least(COMPATIBLE, worst(*(_cmp(d, ann[0], ctx) for d in doc)))
    if len(doc) != len(ann):
        return INCOMPATIBLE
    return worst(*(_narrow_arg(d, a, ctx) for d, a in zip(doc, ann, strict=True)))


def _cmp_params(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    if doc == ann:
        return EQUAL
    if ELLIPSIS in (doc, ann):
        return COMPATIBLE
    if doc.name != PARAMS or ann.name != PARAMS or len(doc.args) != len(ann.args):
        return INCOMPATIBLE
    # Parameters are contravariant: the documented callable is a supertype when the
    # annotation's parameters are supertypes of the documented ones.
    return worst(*(_cmp(a, d, ctx) for d, a in zip(doc.args, ann.args, strict=True)))


def _cmp_dtype(doc: TypeExpr, ann: TypeExpr, ctx: CompareContext) -> Outcome:
    doc_kind, ann_kind = dtype_kind(doc), dtype_kind(ann)
    if name_relation(doc_kind, ann_kind, ctx)[0] == SUB:
        return INCOMPATIBLE  # an array of int is no array of float64: element kinds are exact
    outcome = _cmp(doc_kind, ann_kind, ctx)
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
        outcome = _cmp(base, ann, ctx)
    else:
        outcome = best(*(_cmp(doc, kind, ctx) for kind in base.members))
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
