"""A negative signature default that stands for the documented value (C2-DEFAULT-MISMATCH).

``twavpol(nopfft=-1, bin_freq=-1)`` documented "The default is 256" (pyspedas, round 83: 2
FALSE): the function hands both on to ``wavpol(..., nopfft=nopfft, bin_freq=bin_freq)``, which
does ``if nopfft < 0: nopfft = 256``.  The -1 is a "not given" sentinel and 256 what callers
get.  Read from the function's own body and, one hop, from a project callee it hands the
parameter to unchanged: a test the signature value passes (``NAME < 0``, ``NAME <= 0``, ``NAME
== -1``) followed by ``NAME = VALUE``, or ``VALUE if NAME < 0 else NAME``.  A replacement value
that is not the documented one leaves the finding (the documented default is still wrong).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

from docref.checks.static.base import StaticInput
from docref.checks.static.raise_facts import CallResolver
from docref.checks.static.returns_raises_ast import dotted, function_node
from docref.graph.model import Function, Param

__all__ = ["replaced_when_negative"]

_TESTS: dict[type[ast.cmpop], Callable[[float, float], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Eq: operator.eq,
}


def replaced_when_negative(
    inp: StaticInput,
    name: str,
    signature_value: object,
    documented: object,
    contradicts: Callable[[object, object], bool],
) -> bool:
    """The signature's default for ``name`` is a negative number that the function's body, or
    a project callee it passes ``name`` on to, replaces by a value agreeing with the
    documented one."""
    if isinstance(signature_value, bool) or not isinstance(signature_value, int | float):
        return False
    if signature_value >= 0:
        return False
    node = function_node(inp.data, inp.function)
    if node is None:
        return False

    def agrees(value: object) -> bool:
        return not contradicts(documented, value)

    if any(agrees(v) for v in _replacements(node, name, signature_value)):
        return True
    resolver = CallResolver(inp.graph, inp.file, inp.function)
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        target = dotted(call.func)
        found = resolver.entity(target) if target else None
        if not isinstance(found, tuple):
            continue
        path, callee = found
        if not isinstance(callee, Function):
            continue
        param = _receiving(call, callee, name)
        if param is None:
            continue
        try:
            data = inp.data if path == inp.file.path else inp.graph.source(path).encode("utf-8")
        except Exception:  # an unreadable callee file is no evidence
            continue
        callee_node = function_node(data, callee)
        if callee_node is not None and any(
            agrees(v) for v in _replacements(callee_node, param.name, signature_value)
        ):
            return True
    return False


def _receiving(call: ast.Call, callee: Function, name: str) -> Param | None:
    """The callee's parameter that ``call`` hands ``name`` to unchanged (by keyword or by
    position; a method's ``self`` skipped)."""
    params = list(callee.params)
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    for keyword in call.keywords:
        if isinstance(keyword.value, ast.Name) and keyword.value.id == name:
            return next((p for p in params if p.name == keyword.arg), None)
    positional = [p for p in params if p.kind in ("positional", "positional_only")]
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Name) and arg.id == name and i < len(positional):
            return positional[i]
    return None


def _sentinel_test(test: ast.expr, name: str, sentinel: float) -> bool:
    """``name < 0`` (``<=``, ``==`` a number) that holds for the ``sentinel``."""
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.left, ast.Name)
        and test.left.id == name
    ):
        return False
    compare = _TESTS.get(type(test.ops[0]))
    try:
        bound = ast.literal_eval(test.comparators[0])
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    if compare is None or isinstance(bound, bool) or not isinstance(bound, int | float):
        return False
    return compare(sentinel, bound)


def _replacements(node: ast.AST, name: str, sentinel: float) -> list[object]:
    """The literal values the body puts in ``name``'s place when it holds the ``sentinel``."""
    out: list[object] = []
    for stmt in ast.walk(node):
        if isinstance(stmt, ast.If) and _sentinel_test(stmt.test, name, sentinel):
            for inner in stmt.body:
                if isinstance(inner, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in inner.targets
                ):
                    out.extend(_literal(inner.value))
        if (
            isinstance(stmt, ast.IfExp)
            and _sentinel_test(stmt.test, name, sentinel)
            and isinstance(stmt.orelse, ast.Name)
            and stmt.orelse.id == name
        ):
            out.extend(_literal(stmt.body))
    return out


def _literal(node: ast.expr) -> list[object]:
    try:
        return [ast.literal_eval(node)]
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []
