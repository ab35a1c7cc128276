"""The parameters a property's docstring may document: those of the object it returns.

A property takes no arguments, yet projects document one with the call signature of the view
it returns (``G.degree`` returns a ``DegreeView``, "also callable as ``G.degree(nbunch)``").
What the entries are checked against, in order:

1. a pseudo-signature in the docstring: ``G.degree(nbunch, weight)`` or ``degree(nbunch)``,
   or the subscript of an indexer: ``msa.loc[seq_idx, pos_idx]`` (scikit-bio, round 16);
2. the ``__call__`` of the class the property returns (its return annotation, or the
   ``return X(...)`` calls of its body), found in the file or a project module it imports,
   through project base classes (one hop through the project graph);
3. otherwise nothing is known, and the rule stays silent on the property.

``None`` means "unknown: report nothing"; a set is the names a documented entry may use.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.graph.model import Class, FileExtract, Function

__all__ = ["is_property", "is_setter", "property_parameters"]

_PROPERTIES = frozenset({"property", "cached_property", "functools.cached_property"})
_RETURN_CALL = re.compile(r"\breturn\s+(?:self\.)?([A-Za-z_][\w.]*)\s*\(")
_RETURN_ANY = re.compile(r"\breturn\b")
_MAX_BASES = 8


def is_property(function: Function) -> bool:
    """Whether ``function`` is a property getter (``@property``, ``@cached_property``)."""
    return any(d.split("(", 1)[0].strip() in _PROPERTIES for d in function.decorators)


def is_setter(function: Function) -> bool:
    """Whether ``function`` is a property's setter (``@name.setter``)."""
    return f"{function.name}.setter" in (d.split("(", 1)[0].strip() for d in function.decorators)


_ANYTHING: frozenset[str] = frozenset({"*"})


def _pseudo_signature(inp: StaticInput) -> frozenset[str]:
    """The parameter names of ``name(…)`` written in the docstring (empty when there is
    none), :data:`_ANYTHING` when it takes anything (``*args``, ``**kwargs``, ``...``)."""
    docstring = inp.function.docstring
    if docstring is None:
        return frozenset()
    # the call (``G.degree(nbunch)``) or, for an indexer, the subscript (``msa.loc[seq_idx,
    # pos_idx]``: the keys the property's object takes are what its entries document)
    own = re.escape(inp.function.name)
    pattern = re.compile(rf"(?<![\w])(?:\w+\.)*{own}(?:\(([^()]*)\)|\[([^\[\]]*)\])")
    found: set[str] = set()
    for match in pattern.finditer(docstring.text):
        for part in (match.group(1) or match.group(2) or "").split(","):
            name = part.split("=", 1)[0].strip()
            if not name:
                continue
            if name.startswith("*") or name == "..." or not name.isidentifier():
                return _ANYTHING
            found.add(name)
    return frozenset(found)


def _classes_in_reach(inp: StaticInput, path: str) -> list[tuple[FileExtract, Class]]:
    extracts = [inp.graph.get(path)]
    extracts += [inp.graph.get(p) for p in sorted(inp.graph.imports_of(path))]
    return [(fe, cls) for fe in extracts if fe is not None for cls in fe.classes]


def _find_class(
    inp: StaticInput, path: str, name: str, owner: str | None
) -> tuple[FileExtract, Class] | None:
    """The one class ``name`` in reach of ``path`` (``owner.name`` when nested in the owner)."""
    last = name.rpartition(".")[2]
    hits = [
        (fe, cls)
        for fe, cls in _classes_in_reach(inp, path)
        if cls.name == last
        and (cls.parent_class is None or (owner is not None and cls.parent_class == owner))
    ]
    unique = {(fe.path, cls.qualname): (fe, cls) for fe, cls in hits}
    return next(iter(unique.values())) if len(unique) == 1 else None


def _call_params(inp: StaticInput, found: tuple[FileExtract, Class]) -> set[str] | None:
    """The parameter names of the class's ``__call__`` (through project bases)."""
    todo = [found]
    for _ in range(_MAX_BASES):
        if not todo:
            return None
        extract, cls = todo.pop(0)
        call = next(
            (
                f
                for f in extract.functions
                if f.parent_class == cls.qualname and f.name == "__call__"
            ),
            None,
        )
        if call is not None:
            if any(p.kind in ("vararg", "kwarg") for p in call.params):
                return None  # forwards anything: unverifiable
            return {p.name for p in call.params[1:]}
        for base in cls.bases:
            base_found = _find_class(inp, extract.path, base.split("[", 1)[0], None)
            if base_found is not None:
                todo.append(base_found)
    return None


def _returned_class(inp: StaticInput) -> str | None:
    """The class the property returns: its annotation, else the one class its ``return``
    statements call (all returns must call the same name)."""
    fn = inp.function
    if fn.returns:
        return fn.returns.strip().strip("'\"").split("[", 1)[0]
    body = inp.code(fn.header_span.end_byte, fn.span.end_byte)
    called = {m.group(1) for m in _RETURN_CALL.finditer(body)}
    if len(called) != 1 or len(_RETURN_ANY.findall(body)) != len(_RETURN_CALL.findall(body)):
        return None
    return called.pop()


def property_parameters(inp: StaticInput) -> set[str] | None:
    """The names a property's parameter entries may document (see the module docstring),
    ``None`` when they cannot be known."""
    pseudo = _pseudo_signature(inp)
    if pseudo == _ANYTHING:
        return None
    call: set[str] | None = None
    name = _returned_class(inp)
    if name is not None:
        found = _find_class(inp, inp.path, name, inp.function.parent_class)
        call = _call_params(inp, found) if found is not None else None
    if call is not None:
        return call | pseudo  # either spelling of the call documents a name
    return set(pseudo) or None  # ``G.degree()`` alone says nothing about the entries
