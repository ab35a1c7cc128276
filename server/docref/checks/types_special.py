"""What a special type stands for when C2 compares types (:mod:`docref.checks.types`): a NumPy
scalar type's Python kind (``np.int64`` is an ``int``: :func:`dtype_kind`, :func:`same_kind`),
the type of a ``Literal``'s values (:func:`literal_base`), how numpydoc's ``array_like``
relates to another type (:func:`array_like_outcome`), a documented ``np.dtype`` for a
``type`` (:func:`dtype_spec_outcome`), and a documented scalar-or-list union read against a numpy
array (:func:`vector_form`).  None of them compares further: the
recursive comparison is in :mod:`docref.checks.types_compare`.
"""

from __future__ import annotations

from .types_expr import TypeExpr, make_union
from .types_hierarchy import ancestors, is_known
from .types_relation import COMPATIBLE, EQUIVALENT, INCOMPATIBLE, Outcome, named
from .types_vocab import ARRAY_LIKE, DTYPE, NDARRAY, NDARRAY_ALIAS

__all__ = [
    "array_like_outcome",
    "dtype_kind",
    "dtype_spec_outcome",
    "literal_base",
    "same_kind",
    "vector_form",
]

_NUMERIC_KINDS = {
    "numpy.bool_": "bool",
    "numpy.integer": "int",
    "numpy.signedinteger": "int",
    "numpy.unsignedinteger": "int",
    "numpy.floating": "float",
    "numpy.complexfloating": "complex",
    "numpy.str_": "str",
    "numpy.bytes_": "bytes",
    "numpy.object_": "object",
    "numpy.generic": "typing.Any",
}
_ARRAY_LIKE_MEMBERS = frozenset(
    {"collections.abc.Sequence", "numbers.Number", "scalar", "numpy.generic", NDARRAY}
)

_LOOSE_ITERABLES = frozenset({"collections.abc.Iterable", "collections.abc.Collection"})


def dtype_kind(expr: TypeExpr) -> TypeExpr:
    for name in ancestors(expr):
        if name in _NUMERIC_KINDS:
            return TypeExpr(_NUMERIC_KINDS[name])
    return expr


def same_kind(doc: TypeExpr, ann: TypeExpr) -> bool:
    """A Python number/str/bytes type and a NumPy scalar type of that kind."""
    if doc.args or ann.args:
        return False
    doc_kind, ann_kind = dtype_kind(doc), dtype_kind(ann)
    return doc_kind.name == ann_kind.name and (doc_kind != doc or ann_kind != ann)


def dtype_spec_outcome(doc: TypeExpr, ann: TypeExpr) -> Outcome:
    """``compatible`` for ``np.dtype`` documented where the code has ``type`` / ``type[X]``
    (round 15, librosa's ``dtype_r2c(default: Optional[type] = np.complex64)`` "default :
    np.dtype, optional"): NumPy takes a scalar type wherever it takes a dtype, and its docs call
    ``np.float32`` a dtype; ``None`` (not decided here) for any other pair."""
    if doc.name == DTYPE and not doc.args and ann.name == "type" and len(ann.args) <= 1:
        return COMPATIBLE
    return None


def literal_base(expr: TypeExpr) -> TypeExpr | None:
    bases: list[TypeExpr] = []
    for value in expr.args:
        spelled = value.name
        if spelled in ("True", "False"):
            bases.append(TypeExpr("bool"))
        elif spelled.startswith(("b'", 'b"')):
            bases.append(TypeExpr("bytes"))
        elif spelled.startswith(("'", '"')):
            bases.append(TypeExpr("str"))
        elif spelled.lstrip("-").isdigit():
            bases.append(TypeExpr("int"))
        else:
            return None  # an enum member: its class is not known here
    return make_union(bases)


def array_like_outcome(doc: TypeExpr, ann: TypeExpr) -> Outcome:
    other = ann if doc.name == ARRAY_LIKE else doc
    if any(named(other.name, name) for name in (ARRAY_LIKE, NDARRAY)):
        return EQUIVALENT  # numpydoc's array_like and ndarray are used interchangeably
    if other.name in _LOOSE_ITERABLES:
        # numpydoc's "list-like" / "iterable" for ``ArrayLike`` (round 15, librosa's
        # ``salience`` weights): the loose word for the same argument, not a contradiction
        return COMPATIBLE
    if _ARRAY_LIKE_MEMBERS & set(ancestors(other)):
        # a number or a sequence documented for ``ArrayLike`` is one of the things it
        # accepts (narrower); ``array_like`` documented for one of them is a supertype
        return COMPATIBLE
    return INCOMPATIBLE if is_known(other.name) else None


_NUMBER_KINDS = frozenset({"int", "float", "complex"})
_SEQUENCE_NAMES = frozenset({"list", "tuple", "collections.abc.Sequence"})
_ARRAY_NAMES = frozenset({NDARRAY, NDARRAY_ALIAS})


def vector_form(doc: TypeExpr, ann: TypeExpr) -> TypeExpr:
    """``doc`` with its list of numbers read as the annotated numpy array, when ``doc`` is a
    union of a number and a list of that number (``float or list of floats``) and the
    annotation is (or has a member that is) an ``ndarray``: numpydoc's scalar-or-vector
    wording for a vectorised value, which a numpy function gives back as an array
    (pythermalcomfort's ``p_sat`` returning ``NDArray[np.float64]``, round 83: 13 DEBATABLE,
    no TRUE of the shape in any round).  A list alone documented for an array (``list`` for
    ``np.unique(...)``, judged TRUE) and a list of another kind stay ``doc``."""
    arrays = [m for m in ann.members if m.name in _ARRAY_NAMES]
    if not doc.is_union or not arrays:
        return doc
    numbers = {
        kind for m in doc.members if not m.args and (kind := dtype_kind(m).name) in _NUMBER_KINDS
    }
    if not numbers:
        return doc
    members = [
        arrays[0]
        if m.name in _SEQUENCE_NAMES and len(m.args) == 1 and dtype_kind(m.args[0]).name in numbers
        else m
        for m in doc.members
    ]
    return doc if members == list(doc.members) else make_union(members)
