"""A module ``__getattr__`` (PEP 562) that serves a closed set of names.

Deprecation shims and lazy loaders are written as ``def __getattr__(name): if name ==
"OLD": ...; raise AttributeError(...)``: the module then has the names the function tests
for, and no other.  A ``__getattr__`` that ends in ``raise`` and tests its argument only
against string literals, or against a module-level collection of them (``if name in
_SUBMODULES``), serves exactly those names; the module's other names stay knowable (pvlib's
``irradiance.py`` moved ``SURFACE_ALBEDOS`` this way, and every stale reference in the module
was "unknown").  Any other ``__getattr__`` (``return getattr(_impl, name)``) leaves the module
dynamic.
"""

from __future__ import annotations

import ast

__all__ = ["served_names"]


def _module_getattrs(tree: ast.Module) -> list[ast.FunctionDef]:
    """``def __getattr__`` at module level, also under ``if``/``try`` (``if not TYPE_CHECKING``)."""
    out: list[ast.FunctionDef] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            out.append(node)
        elif isinstance(node, ast.If | ast.Try):
            pending += [*node.body, *node.orelse, *getattr(node, "finalbody", [])]
    return out


def _strings(node: ast.AST) -> set[str] | None:
    """The string constants of a display or constant, ``None`` when anything else is in it."""
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) else None
    items: list[ast.expr | None]
    if isinstance(node, ast.Dict):
        items = list(node.keys)
    elif isinstance(node, ast.Set | ast.List | ast.Tuple):
        items = list(node.elts)
    else:
        return None
    out: set[str] = set()
    for item in items:
        found = _strings(item) if item is not None else None
        if found is None:
            return None
        out |= found
    return out


def served_names(source: str) -> frozenset[str] | None:
    """The names a module's closed ``__getattr__`` serves, ``None`` when it has none or one
    that is not closed (see the module docstring)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    functions = _module_getattrs(tree)
    if not functions:
        return None
    collections: dict[str, set[str] | None] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name):
                collections[target.id] = _strings(stmt.value)
    served: set[str] = set()
    for fn in functions:
        if not fn.body or not isinstance(fn.body[-1], ast.Raise) or not fn.args.args:
            return None
        arg = fn.args.args[0].arg
        for node in ast.walk(fn):
            if not isinstance(node, ast.Compare) or not any(
                isinstance(side, ast.Name) and side.id == arg
                for side in (node.left, *node.comparators)
            ):
                continue
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Name) and side.id == arg:
                    continue
                names = collections.get(side.id) if isinstance(side, ast.Name) else _strings(side)
                if names is None:
                    return None  # compared with something not enumerable
                served |= names
    return frozenset(served)
