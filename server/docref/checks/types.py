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
:mod:`docref.checks.types_relation`; the recursive comparison of two normalised expressions in
:mod:`docref.checks.types_compare`; the parsers in :mod:`docref.checks.types_parse`; what a
NumPy scalar, a ``Literal`` or ``array_like`` stands for in :mod:`docref.checks.types_special`.
"""

from __future__ import annotations

from .types_compare import SELF, cmp, narrower
from .types_expr import ANY, NONE, TypeExpr, canonical_name, make_union
from .types_parse import (
    parse_annotation,
    parse_doc_readings,
    parse_doc_type,
    parse_doc_type_and_readings,
)
from .types_relation import (
    COMPATIBLE,
    EQUAL,
    EQUIVALENT,
    INCOMPATIBLE,
    CompareContext,
    SubclassOracle,
    Verdict,
)
from .types_vocab import NDARRAY, NDARRAY_ALIAS

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
        doc, doc_changed = _normalise(_class_of_self(documented, annotation))
        ann, ann_changed = _normalise(annotation)
        self_used = False
        if self_class:
            self_name = canonical_name(self_class)
            doc, doc_self = _substitute(doc, SELF, self_name)
            ann, ann_self = _substitute(ann, SELF, self_name)
            self_used = doc_self or ann_self
        ctx = CompareContext(is_subclass)
        outcome = cmp(doc, ann, ctx, doc_optional=documented.optional)
        if outcome in (None, INCOMPATIBLE) and ann.is_union:
            # only the annotation as a whole: inside a generic (``tuple[A, B]`` read as a
            # ``Sequence[A | B]``) a missing member is a different item type
            outcome = narrower(doc.members, ann.members, ctx, outcome)
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


_OF_SELF = (TypeExpr("type", (TypeExpr("self"),)), TypeExpr("self.__class__"))


def _class_of_self(doc: TypeExpr, ann: TypeExpr) -> TypeExpr:
    """A documented ``type[self]`` / ``self.__class__`` (``self`` is no type: "an instance of
    self's class", round 31 arch ``clone``) read as ``Self`` -- ``type[Self]`` when the
    annotation is a class object itself."""
    if doc.is_union:
        return make_union([_class_of_self(m, ann) for m in doc.args])
    if doc not in _OF_SELF:
        return doc
    return TypeExpr("type", (TypeExpr(SELF),)) if ann.name == "type" else TypeExpr(SELF)


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
