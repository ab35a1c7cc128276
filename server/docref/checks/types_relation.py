"""The verdicts of :func:`docref.checks.types.compare` and how they combine, and how a
documented type's name relates to the annotated one (the same, a spelling of it, an ancestor,
a descendant, unrelated, or not known without a symbol table)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from .types_expr import TypeExpr
from .types_hierarchy import ancestors, is_known

__all__ = [
    "COMPATIBLE",
    "EQUAL",
    "EQUIV",
    "EQUIVALENT",
    "INCOMPATIBLE",
    "SAME",
    "SUB",
    "SUPER",
    "UNRELATED",
    "CompareContext",
    "Outcome",
    "SubclassOracle",
    "Verdict",
    "at_least",
    "best",
    "name_relation",
    "named",
    "prose_like",
    "worst",
]


class Verdict(enum.StrEnum):
    """How a documented type relates to the annotation."""

    EQUAL = "equal"
    EQUIVALENT = "equivalent"
    COMPATIBLE = "compatible"
    INCOMPATIBLE = "incompatible"


EQUAL = Verdict.EQUAL
EQUIVALENT = Verdict.EQUIVALENT
COMPATIBLE = Verdict.COMPATIBLE
INCOMPATIBLE = Verdict.INCOMPATIBLE
Outcome = Verdict | None
# Unknown (None) ranks between compatible and incompatible: one incompatible member decides.
_RANK: dict[Outcome, int] = {EQUAL: 0, EQUIVALENT: 1, COMPATIBLE: 2, None: 3, INCOMPATIBLE: 4}
SubclassOracle = Callable[[str, str], bool | None]


def worst(*outcomes: Outcome) -> Outcome:
    """The weakest of ``outcomes`` (one incompatible member decides)."""
    return max(outcomes, key=_RANK.__getitem__, default=EQUAL)


def best(*outcomes: Outcome) -> Outcome:
    """The strongest of ``outcomes``."""
    return min(outcomes, key=_RANK.__getitem__, default=INCOMPATIBLE)


def at_least(floor: Verdict, outcome: Outcome) -> Outcome:
    """``outcome``, weakened to ``floor`` when it is stronger."""
    return worst(floor, outcome)


@dataclass(frozen=True, slots=True)
class CompareContext:
    """What a comparison may ask about names this package does not know."""

    is_subclass: SubclassOracle | None


# how a documented name relates to the annotated one (see :func:`name_relation`)
SAME, EQUIV, SUPER, SUB, UNRELATED = "same", "equiv", "super", "sub", "unrelated"


def name_relation(
    doc: TypeExpr, ann: TypeExpr, ctx: CompareContext
) -> tuple[str | None, TypeExpr | None]:
    """How the documented name relates to the annotated one, and the annotation projected
    onto the documented generic when the documented name is an ancestor."""
    d, a = doc.name, ann.name
    if d == a:
        return SAME, None
    if d.endswith("." + a) or a.endswith("." + d):
        return EQUIV, None
    ann_ancestors = ancestors(ann)
    if d in ann_ancestors:
        return SUPER, ann_ancestors[d]
    if a in ancestors(doc):
        return SUB, None
    d_known, a_known = is_known(d), is_known(a)
    # ``float`` for ``numpy.number``: they share values (``numpy.float64`` is both), the
    # Python name reads as the part of the NumPy class it covers, and the other way round
    if _numpy_and_python_number(a, d):
        return SUB, None
    if _numpy_and_python_number(d, a):
        return SUPER, None
    if d_known and a_known:
        return UNRELATED, None
    if ctx.is_subclass is not None:
        ann_below, doc_below = ctx.is_subclass(a, d), ctx.is_subclass(d, a)
        if ann_below:
            return SUPER, None
        if doc_below:
            return SUB, None
        if ann_below is False and doc_below is False:
            return UNRELATED, None
    if prose_like(d) or prose_like(a):
        return None, None
    if not d_known and not a_known:
        if ("." in d) != ("." in a):
            return None, None  # ``Foo`` vs ``pkg.Bar``: an alias may connect them
        if "." in d and d.rpartition(".")[2] == a.rpartition(".")[2]:
            return None, None  # same class, modules spelled differently (unresolved alias)
        return UNRELATED, None
    if not d_known:  # a user class documented where a known type is annotated
        return UNRELATED, None
    return None, None  # a known type documented, a user class annotated: maybe a subclass


# the NumPy scalar each Python number stands for in numpydoc (``float`` for ``float64``)
_NUMPY_OF = {"int": "numpy.int64", "float": "numpy.float64", "complex": "numpy.complex128"}


def _numpy_and_python_number(numpy_name: str, python_name: str) -> bool:
    """A NumPy scalar class (``numpy.number``, ``numpy.floating``) holding the scalar a
    Python number type or ABC stands for: numpydoc writes ``float`` for the
    ``numpy.float64`` a reduction returns; neither class is below the other, yet they
    overlap (``int`` and ``numpy.floating`` do not)."""
    if not numpy_name.startswith("numpy."):
        return False
    for python, scalar in _NUMPY_OF.items():
        if python_name != python and python_name not in ancestors(TypeExpr(python)):
            continue
        if numpy_name == scalar or numpy_name in ancestors(TypeExpr(scalar)):
            return True
    return False


def named(name: str, canonical: str) -> bool:
    """``name`` is ``canonical`` or a shorter spelling of it (``ArrayLike``, ``np.ndarray``)."""
    return name == canonical or canonical.endswith("." + name)


def prose_like(name: str) -> bool:
    """A lowercase word no type vocabulary knows (``value``, ``path``): prose, not a type."""
    return not is_known(name) and name.isalpha() and name.islower()
