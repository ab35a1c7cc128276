"""The name scope of a checked function, shared by the rules that resolve names in it."""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.names_python import PythonScope

__all__ = ["python_scope"]


def python_scope(inp: StaticInput) -> PythonScope:
    """The :class:`PythonScope` of ``inp``'s function, built once per input: the C1 rules,
    the docstring-type rule and the raises rules all ask it (its sets and the parameters the
    function may pass on are the costly part)."""
    scope = inp.shared.python_scope
    if scope is None:
        scope = inp.shared.python_scope = PythonScope(inp.graph, inp.file, inp.function, inp.source)
    return scope
