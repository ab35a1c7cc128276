"""What the C2 type rules share (:mod:`.types_rules`): the function's type scope, the parse of
an annotation and of a documented type (every reading of it), and the one question every rule
asks of the normaliser: is the documented type proven incompatible with the annotation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from docref.checks.static.base import StaticInput
from docref.checks.static.class_fields import short_name
from docref.checks.static.params import signatures
from docref.checks.static.type_oracle import Oracle
from docref.checks.static.type_scope import scope_aliases, type_aliases
from docref.checks.static.type_shapes import bracketed_item
from docref.checks.static.value_kinds import NUMBERS
from docref.checks.types import (
    TypeExpr,
    Verdict,
    compare,
    parse_annotation,
    parse_doc_readings,
    parse_doc_type,
    parse_doc_type_and_readings,
)
from docref.core.findings import Criterion, Finding
from docref.core.segment import Segment
from docref.graph.model import Function, Param

__all__ = [
    "RULE_NUMPY_SCALAR",
    "TypeScope",
    "annotation_in",
    "doc_readings",
    "doc_type",
    "incompatible",
    "overload_params",
    "overloaded",
    "python_docstring",
    "shown",
    "type_finding",
    "type_scope",
    "typed_entries",
]

# opt-in: a Python number documented where the annotation is a numpy array (type_scope's
# number_for_an_array); first pass 0 TRUE, 1 FALSE, 3 DEBATABLE (scipy, transformers, nilearn,
# napari): numpy's scalars come back where the annotation says ndarray
RULE_NUMPY_SCALAR = "C2-NUMPY-SCALAR"


def flag_for_a_number(documented: TypeExpr, annotation: TypeExpr) -> bool:
    """``bool`` documented where the annotation is a number (``int``, ``float | None``):
    ``bool`` subclasses ``int`` only by history, so the narrower-is-fine reading does not
    hold: the docstring describes a flag where the code takes or gives a quantity."""
    said = {m.name for m in documented.members if not m.is_none}
    allowed = {m.name for m in annotation.members if not m.is_none}
    return said == {"bool"} and bool(allowed) and allowed <= NUMBERS


def incompatible(inp: StaticInput, documented: TypeExpr, annotation: TypeExpr) -> bool:
    """Whether the normaliser proves the documented type incompatible (never on unknowns)."""
    if flag_for_a_number(documented, annotation):
        return True
    oracle = Oracle(inp)
    self_class = inp.function.parent_class
    verdict = compare(documented, annotation, self_class=self_class, is_subclass=oracle)
    return verdict is Verdict.INCOMPATIBLE and not oracle.unknown


# --------------------------------------------------------------------------- helpers


def type_finding(
    inp: StaticInput, segment: Segment, rule: str, message: str, fix_hint: str
) -> Finding:
    return inp.finding(segment, Criterion.C2, rule, message, fix_hint)


def shown(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class TypeScope:
    """What names in the function's types stand for: import aliases and project classes
    (:func:`scope_aliases`), and the type aliases its annotations use (:func:`type_aliases`)."""

    aliases: Mapping[str, str]
    types: Mapping[str, str]


def type_scope(inp: StaticInput) -> TypeScope:
    return TypeScope(scope_aliases(inp), type_aliases(inp))


def annotation_in(text: str, scope: TypeScope) -> TypeExpr | None:
    return parse_annotation(text, aliases=scope.aliases, type_aliases=scope.types)


def doc_type(text: str, scope: TypeScope, *, default_is_none: bool = False) -> TypeExpr | None:
    """The documented type; a type wrapped whole in brackets (``[Syntax]``, a decoration
    some projects use) is read without them."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]") and _balanced(text[1:-1]):
        text = text[1:-1]
    return parse_doc_type(
        text, default_is_none=default_is_none, aliases=scope.aliases, type_aliases=scope.types
    )


def doc_readings(
    text: str, scope: TypeScope, *, default_is_none: bool = False
) -> list[TypeExpr | None]:
    """Every reading of the documented type (``list of string or tuples`` has two: see
    :func:`parse_doc_readings`); a finding needs all of them contradicted."""
    if _PLACEHOLDER.match(text.strip()):
        return [None]  # ``[type], optional``: a docstring template left unfilled (round 17)
    stripped = text.strip()
    if bracketed_item(text) is None and not (
        stripped.startswith("[") and stripped.endswith("]") and _balanced(stripped[1:-1])
    ):
        # :func:`doc_type` reads ``stripped`` as it is: its reading is the plain one
        first, readings = parse_doc_type_and_readings(
            stripped,
            default_is_none=default_is_none,
            aliases=scope.aliases,
            type_aliases=scope.types,
        )
        return [first] if len(readings) == 1 else readings
    first = doc_type(text, scope, default_is_none=default_is_none)
    listed = bracketed_item(text)
    if listed is not None:  # ``[bool]``: the decorated ``bool``, or a list of flags (a mask)
        return [first, doc_type(listed, scope, default_is_none=default_is_none)]
    readings = parse_doc_readings(
        text.strip(),
        default_is_none=default_is_none,
        aliases=scope.aliases,
        type_aliases=scope.types,
    )
    return [first] if len(readings) == 1 else readings


_PLACEHOLDER = re.compile(r"\[(?:type|description)\](?:\s*,\s*optional)?$", re.I)


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def typed_entries(inp: StaticInput, kind: str) -> list[Segment]:
    return [s for s in inp.docstring.segments if s.kind == kind and s.type and s.type.strip()]


def python_docstring(inp: StaticInput) -> bool:
    return inp.file.language == "python" and inp.docstring.style != "javadoc"


def overloaded(inp: StaticInput) -> list[Function]:
    """The ``@overload`` siblings of the function (no other redefinition: a property's setter
    or a platform's second definition shares the qualname but is no overload)."""
    return [
        f for f in signatures(inp)[1:] if any(short_name(d) == "overload" for d in f.decorators)
    ]


def overload_params(inp: StaticInput, name: str) -> list[Param]:
    """The parameter ``name`` of every ``@overload`` when the implementation leaves it
    unannotated and each overload that has it annotates it (the overloads are then the
    annotation; one unannotated overload accepts anything: nothing to compare)."""
    found = [p for f in overloaded(inp) for p in f.params if p.name == name]
    return found if found and all(p.annotation for p in found) else []
