"""The project functions a decorated function's decorators resolve to (one hop, as callees).

C2-PARAM-TYPE's corroboration (:mod:`.param_decorators`: a wrapper rebuilding the arguments)
and C3-RETURNS-YIELDS' (:mod:`.return_decorators`: a wrapper returning a value of its own)
both read the decorator's source; a decorator that is not the project's, or whose file cannot
be read, proves nothing and is passed over.
"""

from __future__ import annotations

import ast
from collections.abc import Container, Iterator

from docref.checks.static.base import StaticInput
from docref.checks.static.raise_facts import CallResolver
from docref.checks.static.returns_raises_ast import FuncNode, dotted, function_node
from docref.graph.model import Function

__all__ = ["project_decorator_defs"]


def project_decorator_defs(
    inp: StaticInput, node: FuncNode, skip: Container[str]
) -> Iterator[tuple[ast.expr, FuncNode]]:
    """Each decorator expression of ``node`` whose last name is not in ``skip`` and that
    resolves to a function of the project, with that function's parsed node."""
    resolver: CallResolver | None = None
    for dec in node.decorator_list:
        name = dotted(dec.func if isinstance(dec, ast.Call) else dec)
        if name is None or name.rsplit(".", 1)[-1] in skip:
            continue
        resolver = resolver or CallResolver(inp.graph, inp.file, inp.function)
        found = resolver.entity(name)
        if not isinstance(found, tuple):
            continue
        path, deco = found
        if not isinstance(deco, Function):
            continue
        try:
            data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
        except Exception:  # an unreadable decorator proves nothing
            continue
        deco_node = function_node(data, deco)
        if deco_node is not None:
            yield dec, deco_node
