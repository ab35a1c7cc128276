"""What a Python annotation says, read by the one type normaliser: for ``C3-RETURNS-YIELDS`` a
return type that is no generator (``int``, ``str | None``) or an iterable the Returns entry may
describe; for the prose type rules the kinds of builtin value an annotation allows."""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.params import import_aliases
from docref.checks.static.type_scope import type_aliases
from docref.checks.static.value_kinds import ANNOTATION_KINDS
from docref.checks.types import parse_annotation

__all__ = [
    "NAMES_CONTAINER",
    "annotation_kinds",
    "declared_iterable",
    "item_kinds",
    "plain_return_type",
]

# Return types that are no generator, iterator or iterable of yielded values (``str`` and the
# containers are iterable, but a function annotated so returns one value, it yields nothing).
_NOT_GENERATORS = frozenset(ANNOTATION_KINDS) | {"typing.Never"}
# annotations every value satisfies: they declare nothing about iterating
_ANY = frozenset({"object", "typing.Any"})
_ITERABLES = frozenset(
    {"Iterable", "Iterator", "Generator", "AsyncIterable", "AsyncIterator", "AsyncGenerator"}
)
# a Returns entry naming a concrete container ("A list of ...") says more than the iterable
NAMES_CONTAINER = re.compile(r"\b(?:list|tuple|dict|dictionary|set|array|mapping)s?\b", re.I)


def declared_iterable(inp: StaticInput) -> bool:
    """The return annotation of a generator declares an iterable: an iterable, iterator or
    generator type (``Iterable[X]``), or a name that is no plain value type (textual's
    ``RenderResult``, rich's alias of ``Iterable[...]``): a function that yields type-checks
    only under an iterable, so an alias the tier cannot expand is one too (round 11's last
    DEBATABLE textual generator)."""
    fn = inp.function
    if fn.returns is None:
        return False
    annotation = parse_annotation(fn.returns, aliases=import_aliases(inp.file, fn))
    if annotation is None:
        return False
    if all(m.name.rsplit(".", 1)[-1] in _ITERABLES for m in annotation.members):
        return True  # ``Iterator[X]``, or a union of them (astroid's ``nodes_of_class``)
    return not any(
        m.name in _NOT_GENERATORS or m.name in _ANY or m.args for m in annotation.members
    )


def plain_return_type(inp: StaticInput) -> str | None:
    """The return annotation as written by the normaliser, when every type it names is no
    generator (``int``, ``str | None``, ``None``); None when it may be one or does not parse."""
    fn = inp.function
    if fn.returns is None:
        return None
    annotation = parse_annotation(fn.returns, aliases=import_aliases(inp.file, fn))
    if annotation is None:
        return None
    members = annotation.args if annotation.name == "Union" else (annotation,)
    return annotation.render() if all(m.name in _NOT_GENERATORS for m in members) else None


def annotation_kinds(annotation: str) -> set[str] | None:
    """The kinds of builtin value an annotation allows (``Optional[List[str]]``: list and
    None), ``None`` unless every member is a builtin value type."""
    parsed = parse_annotation(annotation)
    if parsed is None:
        return None
    kinds: set[str] = set()
    for member in parsed.members:
        kind = ANNOTATION_KINDS.get(member.name)
        if kind is None:
            return None
        kinds.add(kind)
    return kinds


# collections of one item type: ``set[X]``, ``Iterator[X]``, ``tuple[X, ...]``
_ONE_ITEM_TYPE = frozenset(
    {"list", "set", "frozenset", "Sequence", "Collection", "Iterable", "Iterator", "Generator"}
)


def item_kinds(inp: StaticInput) -> set[str] | None:
    """The kinds of the items of the collection a Python function's annotation returns, type
    aliases expanded (``set[Layer]`` with ``Layer = tuple[int, int]``: tuple); ``None`` unless
    every member is such a collection and every item type a builtin value type."""
    fn = inp.function
    if fn.returns is None or inp.file.language != "python":
        return None
    annotation = parse_annotation(
        fn.returns, aliases=import_aliases(inp.file, fn), type_aliases=type_aliases(inp)
    )
    if annotation is None:
        return None
    kinds: set[str] = set()
    for member in annotation.members:
        if member.is_none:
            continue
        name, args = member.name.rsplit(".", 1)[-1], member.args
        if name == "tuple" and len(args) == 2 and args[1].name == "...":
            args = args[:1]
        if name not in _ONE_ITEM_TYPE | {"tuple"} or len(args) != 1:
            return None
        for item in args[0].members:
            kind = ANNOTATION_KINDS.get(item.name)
            if kind is None:
                return None
            kinds.add(kind)
    return kinds or None
