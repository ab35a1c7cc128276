"""Member types a Java class inherits from its project supertypes.

A nested type declared in an interface or base class (``ClientAnchor.AnchorType``) is in
scope, by its simple name, in every class that implements or extends it, and it shadows a
top-level type of that name in another package (``javac``'s scoping: a member type before the
file's imports and its package).  The Javadoc resolver asks here before it looks further.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docref.checks.static.names_java import JavaScope, ProjectType

__all__ = ["inherited_member_type"]

_MAX_HOPS = 8


def inherited_member_type(scope: JavaScope, name: str) -> ProjectType | None:
    """The nested type ``name`` an enclosing class of ``scope``'s method inherits from a
    project supertype (nearest supertype first), or None."""
    for cls in scope.chain:
        found = _from_bases(scope, cls, name, 0)
        if found is not None:
            return found
    return None


def _from_bases(scope: JavaScope, cls: ProjectType, name: str, hops: int) -> ProjectType | None:
    if hops >= _MAX_HOPS:
        return None
    bases = scope.project_bases(cls)
    for base in bases:
        nested = f"{base.qualname}.{name}"
        fe = scope.graph.get(base.path)
        if fe is not None and any(c.qualname == nested for c in fe.classes):
            return replace(base, qualname=nested)
    for base in bases:
        found = _from_bases(scope, base, name, hops + 1)
        if found is not None:
            return found
    return None
