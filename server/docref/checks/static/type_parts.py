"""A Returns entry that documents a part of the return annotation, as numpydoc writes it (the
C2-RETURN-TYPE rule of :mod:`.types_rules`): the awaited value of a plain ``def`` annotated
``Awaitable[X]`` (or a project class ``W[X]`` that defines ``__await__``/``__aenter__``), the
items of a returned ``tuple`` (one entry naming N values, or one unnamed entry listing N types,
or, in Google style, one ``Type: description`` line per item)."""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.type_oracle import Oracle
from docref.checks.static.types_common import TypeScope, doc_type, incompatible, type_scope
from docref.checks.types_expr import TypeExpr
from docref.core.segment import Segment

__all__ = ["agrees_with_a_part", "google_items"]

# awaitables and the number of their type arguments (the last one is what ``await`` gives)
_AWAITABLES = {"collections.abc.Awaitable": 1, "collections.abc.Coroutine": 3}
# what makes a project class a wrapper its callers await or enter for the value it holds
_AWAITED_MEMBERS = frozenset({"__await__", "__aenter__"})


def _awaited_project_wrapper(inp: StaticInput, annotation: TypeExpr) -> bool:
    """``W[X]`` where ``W`` is a project class (a ``Protocol``, say) with one type parameter
    that defines ``__await__`` or ``__aenter__``: aioftp's ``async_enterable`` methods return
    ``AsyncEnterableInstanceProtocol[DataConnectionThrottleStreamIO]`` and document the stream
    that ``await``/``async with`` gives (round 64).  A generic class without them (``Box[X]``)
    holds an ``X``, it is not one."""
    if len(annotation.args) != 1:
        return False
    members = Oracle(inp).members(annotation.name)
    return members is not None and bool(members & _AWAITED_MEMBERS)


def agrees_with_a_part(
    inp: StaticInput, segment: Segment, documented: TypeExpr, annotation: TypeExpr
) -> bool:
    """Two ways an entry documents a part of the annotation, as numpydoc writes them: a
    plain ``def`` annotated ``Awaitable[X]`` (``Coroutine[Y, S, X]``) documents the ``X`` the
    caller awaits; one entry naming N values (``mean, median, std : float``) documents each
    item of a ``tuple`` of N."""
    awaitable = _AWAITABLES.get(annotation.name)
    if awaitable is not None and len(annotation.args) == awaitable:
        return not incompatible(inp, documented, annotation.args[-1])
    if _awaited_project_wrapper(inp, annotation):
        return not incompatible(inp, documented, annotation.args[0])
    names = [n for n in (segment.name or "").split(",") if n.strip()]
    if annotation.name != "tuple":
        return False
    if not segment.name and segment.type and len(annotation.args) >= 2:
        # ``numpy.ndarray, numpy.ndarray`` (round 14, pyvista): one type per tuple item
        items = top_level_commas(segment.type)
        if len(items) == len(annotation.args):
            scope = type_scope(inp)
            read = [doc_type(item, scope) for item in items]
            return all(
                r is not None and not incompatible(inp, r, item)
                for r, item in zip(read, annotation.args, strict=True)
            )
    if len(names) < 2 or len(annotation.args) != len(names):
        return False
    return not any(incompatible(inp, documented, item) for item in annotation.args)


def type_per_name(names: list[str], text: str, scope: TypeScope) -> list[str] | None:
    """The type of each of an entry's N names when its type is N types in a row (NumPy's
    ``x, y : int, int``, Google's ``x, y (int, float)``: the i-th type is the i-th name's,
    round 73, py_cui), else ``None``: ``x, y : float, optional`` is one type and a flag."""
    if len(names) < 2:
        return None
    items = top_level_commas(text)
    if len(items) != len(names):
        return None
    if any(_QUALIFIER.match(item) or doc_type(item, scope) is None for item in items):
        return None
    return items


_QUALIFIER = re.compile(r"(?i)(?:optional|required|default\b|keyword|positional|by default)")


def top_level_commas(text: str) -> list[str]:
    """``a, b[c, d]`` -> ``["a", "b[c, d]"]``."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


# ``CompleteCohp: Describe all COHPs`` -- a type, its colon, a description; the type may be
# code-marked as Hugging Face and Sphinx write it (`` `dict`: metric inputs.``, round 22,
# evaluate's ``prepare_data``; ``:obj:`dict`: ...``), or in parentheses as a Google Args entry
# writes it (``(dict): Any options``, round 90, qcengine's ``muster_modelchem``)
_TYPED_LINE = re.compile(
    r"(\()?((?::[\w:]+:)?`*~?[A-Za-z_][\w.]*(?:\[[^\n]*?\])?`*)(?(1)\))\s*:\s+\S"
)


# ``List of ports: of the new ports.`` -- a container kind and what it holds as the "type", a
# colon, a description (round 92, gdsfactory's ``route_ports_to_side``: "List of routes: ..."
# then "List of ports: ..." for ``-> tuple[list[ManhattanRoute], list[DPort]]``)
_PHRASE_LINE = re.compile(
    r"((?:list|dict|dictionary|tuple|set|array|sequence|mapping|iterable)s?\s+of"
    r"(?:\s+[\w-]+){1,4})\s*:\s+\S",
    re.I,
)


def google_items(inp: StaticInput, segment: Segment) -> bool:
    """A Google Returns entry that goes on with another ``Type: description`` line at its own
    indentation: one line per item of a returned tuple (round 16, pymatgen's
    ``get_info_cohps_to_neighbors``: ``str: Label for COHP.`` then ``CompleteCohp: ...`` for
    ``-> tuple[str | None, CompleteCohp | None]``), not one type for the whole value.  The
    type may be a phrase naming a container and what it holds (:data:`_PHRASE_LINE`)."""
    if inp.docstring.style != "google":
        return False
    source = inp.source
    indent = segment.start - (source.rfind("\n", 0, segment.start) + 1)
    scope = type_scope(inp)
    for line in source[segment.start : segment.end].split("\n")[1:]:
        body = line.lstrip(" ")
        if len(line) - len(body) != indent:
            continue
        typed = _TYPED_LINE.match(body)
        if typed is not None and doc_type(typed.group(2), scope) is not None:
            return True
        phrase = _PHRASE_LINE.match(body)
        if phrase is not None and doc_type(phrase.group(1), scope) is not None:
            return True
    return False
