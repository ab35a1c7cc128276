"""What iterating the object a function returns may raise, for C3-RAISES.

A method that hands back a lazy stream (``return ChunkIterator(self, request)``) documents the
errors its caller meets while consuming it: the returned class's ``__next__`` reads the next
chunk and raises there (round 36: six FALSE on one client's ``stream`` methods).  The
iteration protocol of a project class returned by a constructor call is therefore a callee,
like the class's ``__init__`` the call runs directly.
"""

from __future__ import annotations

import ast

from docref.checks.static.raise_facts import CallResolver
from docref.checks.static.returns_raises_ast import FuncNode, dotted, own_nodes
from docref.graph.model import Class, Function

__all__ = ["iteration_callees"]

# what ``for``, ``async for`` and ``next()``/``anext()`` run on the returned object
_PROTOCOL = ("__iter__", "__next__", "__aiter__", "__anext__")


def iteration_callees(node: FuncNode, resolver: CallResolver) -> list[tuple[str, Function]]:
    """The iteration methods of each project class whose new instance ``node`` returns."""
    out: list[tuple[str, Function]] = []
    seen: set[tuple[str, str]] = set()
    for sub in own_nodes(node):
        if not isinstance(sub, ast.Return) or not isinstance(sub.value, ast.Call):
            continue
        name = dotted(sub.value.func)
        found = resolver.entity(name) if name is not None else None
        if not isinstance(found, tuple) or not isinstance(found[1], Class):
            continue
        path, cls = found
        if (path, cls.qualname) in seen:
            continue
        seen.add((path, cls.qualname))
        for method in _PROTOCOL:
            ent = resolver.graph.symbol(path, f"{cls.qualname}.{method}")
            if isinstance(ent, Function):
                out.append((path, ent))
    return out
