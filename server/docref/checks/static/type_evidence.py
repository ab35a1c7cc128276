"""How strong the evidence of a C2-PARAM-TYPE finding is (session 14's corroboration).

A documented parameter type the normaliser proves incompatible with the annotation is a
finding of the default set only when both sides are *well-known* types and differ in more
than a collection's kind.  The other incompatibilities go to the opt-in
``C2-PARAM-TYPE-WEAK``: judged first passes of rounds 0-16 found them mostly vocabulary (a
project alias, another library's class, numpydoc words, a ``list`` documented for a
``tuple``), where the well-known disjoint pairs (``str`` for ``int``, ``list[str]`` for
``list[int]``, ``str`` for ``dict``) were mostly true (benchmarks/PRECISION.md, "Session 14:
C2 parameter-type corroboration").

* Well-known: the builtins (``object`` aside), ``typing`` (``Any`` and the ``AnyStr`` type
  variable aside), ``collections.abc``, ``numbers``, and classes of the standard library
  (``pathlib.Path``, ``uuid.UUID``, ``datetime.date``), with every type argument well-known
  too -- unless the outer types alone are well-known and unrelated (``list[Dataset]`` for
  ``str``: the items do not matter).  Not: NumPy, pandas, torch, the project's own classes,
  unresolved names.
* A collection's kind only: ``list`` documented for ``tuple[float, ...]``, ``Sequence[int]``
  for ``set[int]`` -- both sides collections whose items do not disagree: which kind the body
  needs is not shown by the types (``len``/iteration work on both).
* A callable for a class (or a class for a callable): a class is a callable that builds.

:mod:`.types_rules` demotes one more shape, where the body sides with the docstring: a
documented ``type`` the body uses as a class (:func:`used_as_class`).  (A default of the
documented kind against the annotation, ``model_list: list = "superfast"`` documented ``str``,
stays: it is what an annotation edited without its default looks like -- 17 of the 94
parameter-type mutations recall.py catches only through C2-PARAM-TYPE -- for 1 DEBATABLE
judged.)
"""

from __future__ import annotations

import builtins
import re
import sys
from collections.abc import Iterable

from docref.checks.static.base import StaticInput
from docref.checks.static.param_decorators import arguments_rebuilt_by_decorator
from docref.checks.types import TypeExpr, Verdict, compare
from docref.checks.types_expr import (
    BUILTIN_CLASSES,
    ELLIPSIS_NAME,
    LITERAL,
    NONE_NAME,
    PARAMS,
    UNION,
)
from docref.checks.types_vocab import DTYPE

__all__ = ["corroborated", "param_corroborated", "used_as_class", "well_known"]

_A = "collections.abc."
_STRUCTURAL = frozenset({UNION, NONE_NAME, ELLIPSIS_NAME, PARAMS})
# names that say nothing definite about the value: not evidence as a documented or annotated
# type (``Any`` inside ``dict[str, Any]`` is: the dict is definite)
_VAGUE = frozenset({"object", "typing.Any", _A + "Hashable", "typing.Hashable"})
# type variables stand for several types (``AnyStr``: str or bytes) anywhere
_VARIABLES = frozenset({"typing.AnyStr"})
_STANDARD = frozenset({"typing", "collections", "numbers"}) | frozenset(sys.stdlib_module_names)
_COLLECTIONS = frozenset(
    {
        "list",
        "tuple",
        "set",
        "frozenset",
        "collections.deque",
        _A + "Sequence",
        _A + "MutableSequence",
        _A + "Set",
        _A + "MutableSet",
        _A + "Collection",
        _A + "Iterable",
        _A + "Iterator",
    }
)
_CALLABLE = _A + "Callable"


def well_known(expr: TypeExpr, *, top: bool = True) -> bool:
    """Whether ``expr`` and every type in it is a builtin or a standard-library type."""
    name = expr.name
    if name == LITERAL:
        return True  # the choices are values: ``Literal['a', 'b']`` is a str
    if name in _VARIABLES or (top and name in _VAGUE):
        return False
    if name == UNION:
        return all(well_known(member, top=top) for member in expr.args)
    if name not in _STRUCTURAL and name not in BUILTIN_CLASSES:
        head, dot, _rest = name.partition(".")
        if not dot or head not in _STANDARD:
            return False
    return all(well_known(arg, top=False) for arg in expr.args)


def _items(expr: TypeExpr) -> TypeExpr | None:
    """What a collection holds (``tuple[A, B]``: either), ``None`` when not written."""
    args = [a for a in expr.args if a.name != ELLIPSIS_NAME]
    if not args:
        return None
    return args[0] if len(args) == 1 else TypeExpr(UNION, tuple(args))


def _kind_only(documented: TypeExpr, annotated: TypeExpr) -> bool:
    """Two kinds of collection, and their items (when both say) not proved different (one
    kind, ``tuple[int, int, int]`` for ``tuple[int, int]``: the items differ, not the kind)."""
    if documented.name not in _COLLECTIONS or annotated.name not in _COLLECTIONS:
        return False
    if documented.name == annotated.name:
        return False
    doc_items, ann_items = _items(documented), _items(annotated)
    if doc_items is None or ann_items is None:
        return True
    return compare(doc_items, ann_items) is not Verdict.INCOMPATIBLE


def _builds(expr: TypeExpr) -> bool:
    """A class object or a name of one: ``type``, ``type[X]``, ``str`` (a name the body looks
    up), a builtin exception class (documented for the class the body calls)."""
    if expr.name in ("type", "str"):
        return True
    value = getattr(builtins, expr.name, None)
    return isinstance(value, type) and issubclass(value, BaseException)


def _callable_class(documented: TypeExpr, annotated: TypeExpr) -> bool:
    """A callable for a class or a class for a callable: a class is a callable that builds
    (``exception (Exception)`` for ``exception: Callable``, round 16's azure-core)."""
    if documented.name == _CALLABLE:
        return _builds(annotated)
    return annotated.name == _CALLABLE and _builds(documented)


def _members(expr: TypeExpr) -> list[TypeExpr]:
    return [m for m in expr.members if not m.is_none]


def corroborated(readings: Iterable[TypeExpr], annotation: TypeExpr) -> bool:
    """Whether an incompatibility of every reading with ``annotation`` is strong evidence:
    all well-known, and no documented member only a collection's kind (or a callable's
    spelling of a class) away from an annotated one."""
    annotated = _members(annotation)
    for documented in readings:
        members = _members(documented)
        full = well_known(annotation) and well_known(documented)
        if not full and _class_for_dtype(members, annotated):
            continue
        if not full and not _outer_disjoint(members, annotated):
            return False
        for doc in members:
            if any(_kind_only(doc, a) or _callable_class(doc, a) for a in annotated):
                return False
    return True


def _class_for_dtype(documented: list[TypeExpr], annotated: list[TypeExpr]) -> bool:
    """A class object (``type``) documented for a ``numpy.dtype`` instance: the reader passes
    ``float`` or ``np.float64``, which is no dtype instance (pandas' ``_get_counts`` calls
    ``dtype.type``; round 19, 2 TRUE).  The other way round is NumPy's dtype-like vocabulary,
    ``np.dtype`` documented for ``type`` (compatible: round 15, librosa)."""
    return (
        bool(documented)
        and all(m.name == "type" for m in documented)
        and bool(annotated)
        and all(m.name == DTYPE for m in annotated)
    )


def _outer(expr: TypeExpr) -> TypeExpr:
    return expr if expr.name == LITERAL else TypeExpr(expr.name)


def _outer_disjoint(documented: list[TypeExpr], annotated: list[TypeExpr]) -> bool:
    """Every member well-known by its outer type and no outer types related: ``list[Dataset]``
    documented for ``str`` (a list of anything is no string), whatever its items are."""
    outer_doc = [_outer(m) for m in documented]
    outer_ann = [_outer(m) for m in annotated]
    if not all(well_known(m) for m in outer_doc + outer_ann):
        return False
    return all(
        compare(d, a) is Verdict.INCOMPATIBLE and compare(a, d) is Verdict.INCOMPATIBLE
        for d in outer_doc
        for a in outer_ann
    )


def used_as_class(body: str, name: str, readings: Iterable[TypeExpr]) -> bool:
    """A documented ``type`` for a parameter the body uses as a class (``type(index) is not
    enforce_index_type``, ``isinstance(x, kind)``, round 15's sktime): the body agrees with
    the docstring, not with the annotation."""
    if not any(m.name == "type" for doc in readings for m in doc.members):
        return False
    p = re.escape(name)
    pattern = (
        rf"\btype\([^()]*\)\s*(?:is not|is|==|!=)\s*{p}\b"
        rf"|\b(?:isinstance|issubclass)\([^(),]+,\s*{p}\s*\)"
    )
    return re.search(pattern, body) is not None


def param_corroborated(
    inp: StaticInput, name: str, readings: Iterable[TypeExpr | None], annotation: TypeExpr
) -> bool:
    """Strong evidence for parameter ``name``: well-known disjoint types (:func:`corroborated`),
    a body that does not use it as the documented class (:func:`used_as_class`) and no project
    decorator rebuilding the arguments (:func:`arguments_rebuilt_by_decorator`)."""
    documented = [doc for doc in readings if doc is not None]
    if not corroborated(documented, annotation):
        return False
    fn = inp.function
    body = inp.code(fn.header_span.end_byte, fn.span.end_byte)
    if used_as_class(body, name, documented):
        return False
    # a project decorator that calls the body with other arguments (``@with_open`` opens the
    # documented path): the annotation is the body's view, the entry the caller's
    return not arguments_rebuilt_by_decorator(inp)
