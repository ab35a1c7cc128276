"""Parameter entries that name no parameter on purpose (C1-PARAM-UNKNOWN; precision round 8).

* :func:`item_of_varargs`: ``body1, body2, body3...`` for ``*body`` -- the items of a
  variadic parameter, numbered after it (sympy's ``potential_energy(*body)``).
* :func:`lists_types`: an entry that is a list of types with no name (sympy's ``distance(self,
  other)``: ``Point3D, Line3D, Plane, tuple, list``) -- every name a builtin type or a
  capitalised name the project defines.
* :func:`element_of_a_tuple`: a name the docstring writes inside a parenthesised tuple form
  before the entry (``support_1 and support_2 are tuples of the form (label, x, y), where``
  and then ``label``, ``x``, ``y`` entries) -- the entries describe the elements of a
  parameter.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Container, Iterable

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment
from docref.graph.model import Param
from docref.graph.project import ProjectGraph

__all__ = ["element_of_a_tuple", "item_of_varargs", "lists_types", "not_a_name"]

# ``(label, x, y)`` not preceded by a name or a dot: a tuple form, not a call ``f(a, b)``
_TUPLE_FORM = re.compile(r"(?<![\w.\]])\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*\)")


def item_of_varargs(name: str, varargs: Iterable[str]) -> bool:
    """``name`` is the vararg's name with a number (``body1`` for ``*body``)."""
    return any(re.fullmatch(rf"{re.escape(v)}_?\d+", name) for v in varargs if v)


def lists_types(names: list[str], graph: ProjectGraph) -> bool:
    """Every one of two or more ``names`` is a builtin type or a capitalised project name."""
    if len(names) < 2:
        return False
    # imported here: names_scope imports params, which imports this module
    from docref.checks.static.names_scope import project_names

    known = project_names(graph)

    def a_type(name: str) -> bool:
        name = name.rstrip(".")
        if isinstance(getattr(builtins, name, None), type):
            return True
        return name[:1].isupper() and name in known

    return all(a_type(n) for n in names)


def element_of_a_tuple(name: str, docstring: str, parameters: Container[str] = ()) -> bool:
    """``name`` is one of the elements of a tuple form the docstring writes.

    A tuple whose other elements are ``parameters`` of the function lists those parameters
    (werkzeug's "identified by ``(domain, path, key)``"): a stale name in it is still stale.
    """
    for match in _TUPLE_FORM.finditer(docstring):
        parts = [part.strip() for part in match.group(1).split(",")]
        if name in parts and not any(p in parameters for p in parts if p != name):
            return True
    return False


def not_a_name(inp: StaticInput, segment: Segment, name: str, params: list[Param]) -> bool:
    """The entry of ``name`` names no parameter on purpose (see the module docstring)."""
    if item_of_varargs(name, [p.name.lstrip("*") for p in params if p.kind == "vararg"]):
        return True
    names = [n.strip().strip("`*\\") for n in (segment.name or "").split(",")]
    if not segment.type and lists_types([n for n in names if n], inp.graph):
        return True
    # only a tuple form written before the entry introduces it (a Returns ``(a, b)`` does not)
    own = {p.name.lstrip("*") for p in params}
    return element_of_a_tuple(name, inp.source[inp.docstring.body_start : segment.start], own)
