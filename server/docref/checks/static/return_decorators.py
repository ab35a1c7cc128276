"""Decorators that make the value a decorated function's callers get (C3-RETURNS-YIELDS).

A Returns entry on a body that returns nothing is not the body's to keep when a decorator
hands callers a value of its own: a property setter's docstring (Sphinx shows the getter's), a
decorator the Returns names (``@solara.component``), or a project decorator whose wrapper
returns something other than what the wrapped call gave (pypika's ``@builder``: ``result =
func(copy, ...)``, then ``return copy`` when the result is None).
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.decorator_defs import project_decorator_defs
from docref.checks.static.returns_raises_ast import (
    FuncNode,
    decorator_names,
    dotted,
    own_nodes,
)
from docref.segments import Segment

__all__ = [
    "BODY_RUNS",
    "PLAIN_DECORATORS",
    "decorator_builds_an_object",
    "decorator_makes_the_value",
]

# Decorators that leave a generator a generator (anything else may wrap it: contextmanager…).
PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "override", "final"})
# Decorators that run the body as written (any other may run a wrapper that raises, or put
# another implementation in its place: numpy's ``array_function_from_c_func_and_dispatcher``)
BODY_RUNS = PLAIN_DECORATORS | {"property", "cached_property", "setter", "getter", "deleter"}
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# Decorators compiling the body into a function that returns what the body writes into its
# output arguments: numba's ``@guvectorize(sigs, '(m)->()')`` kernel fills ``out``, and the
# generalized ufunc callers get returns it (its Returns documents that array).
_OUTPUT_ARGUMENTS = frozenset({"guvectorize"})


def decorator_makes_the_value(inp: StaticInput, node: FuncNode, returns: list[Segment]) -> bool:
    """The Returns entry is not this body's to keep: a property setter's or deleter's docstring
    (Sphinx shows the getter's; round 17, trimesh); an unannotated function whose Returns
    names its decorator, which hands callers what it builds from the body ("Returns:
    solara.component: A Solara component ..." under ``@solara.component``, round 17, mesa); a
    kernel whose compiled form returns its output arguments (numba's ``@guvectorize``, round
    31, quantecon); or
    a project decorator whose wrapper returns a value of its own (round 34, pypika's
    ``@builder``, annotated ``-> None`` on the body).  A decorator the Returns does not name
    and whose source is not the project's (``@torch.no_grad()``, ``@distributed_trace``), and an
    explicit ``-> None`` under such a decorator, keep the finding: those were judged TRUE."""
    decorators = [d for d in decorator_names(node) if d.rsplit(".", 1)[-1] not in BODY_RUNS]
    if any(d.rsplit(".", 1)[-1] in ("setter", "deleter") for d in decorator_names(node)):
        return True
    if not decorators:
        return False
    if any(d.rsplit(".", 1)[-1] in _OUTPUT_ARGUMENTS for d in decorators):
        return True
    if _project_wrapper_supplies_value(inp, node):
        return True
    if inp.function.returns is not None:
        return False
    text = " ".join(s.text if s.type is None else f"{s.type} {s.text}" for s in returns)
    for name in decorators:
        last = name.rsplit(".", 1)[-1]
        names = {name, last} if len(last) >= 4 else {name}
        if any(re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", text, re.I) for n in names):
            return True
    return False


def _project_wrapper_supplies_value(inp: StaticInput, node: FuncNode) -> bool:
    """A decorator resolving to a project function (one hop, as callees do) whose wrapper
    returns something that is not the wrapped call's result (nor a cache entry holding it):
    callers get a value even when the body returns none."""
    for dec, deco_node in project_decorator_defs(inp, node, BODY_RUNS):
        # ``@builder`` is the decorator itself; ``@retry(3)`` calls a factory returning one
        candidates = [deco_node] if not isinstance(dec, ast.Call) else _nested_defs(deco_node)
        if any(_wraps_with_own_value(d) for d in candidates):
            return True
    return False


def decorator_builds_an_object(inp: StaticInput, node: FuncNode) -> bool:
    """A project decorator puts an object of a project class in the function's place: it
    defines no wrapper and every ``return`` of it builds an instance (pennylane's
    ``transform(*args, **kwargs)`` returning ``Transform(...)``, applied as
    ``@partial(transform, is_informative=True)``, round 46: 2 FALSE).  Callers call that
    object, whose result the body's return annotation does not describe (the transform's
    ``(tapes, postprocessing)`` pair against the Returns' "DecompGraphInspector"), so
    C2-RETURN-TYPE cannot corroborate a Returns type against the annotation.  A decorator
    defining a wrapper, or returning the function, is read as the wrapper's call."""
    for dec, deco_node in project_decorator_defs(inp, node, BODY_RUNS):
        if isinstance(dec, ast.Call) or _nested_defs(deco_node):
            continue  # a factory, or a decorator returning a wrapper it defines
        returns = [n for n in own_nodes(deco_node) if isinstance(n, ast.Return)]
        if returns and all(_builds_an_instance(r.value) for r in returns):
            return True
    return False


def _builds_an_instance(value: ast.expr | None) -> bool:
    """``Transform(*args, **kwargs)``: a call of a capitalised name, a class by convention."""
    name = dotted(value.func) if isinstance(value, ast.Call) else None
    return name is not None and name.rsplit(".", 1)[-1][:1].isupper()


def _nested_defs(fn: FuncNode) -> list[FuncNode]:
    return [n for n in own_nodes(fn) if isinstance(n, _DEFS)]


def _wraps_with_own_value(deco: FuncNode) -> bool:
    """``deco(func)`` returns a nested wrapper that calls ``func`` and returns, somewhere, a
    value that is neither that call nor a name bound to its result (nor None)."""
    params = [*deco.args.posonlyargs, *deco.args.args]
    if not params:
        return False
    func = params[0].arg
    returned = {dotted(n.value) for n in own_nodes(deco) if isinstance(n, ast.Return) and n.value}
    for wrapper in _nested_defs(deco):
        if wrapper.name not in returned:
            continue
        body = own_nodes(wrapper)
        calls = [n for n in body if isinstance(n, ast.Call) and dotted(n.func) == func]
        if not calls:
            continue
        bound = {
            t.id
            for n in body
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and n.value in calls
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        stores = _result_stores(body, calls, bound)
        for ret in _after_a_normal_call(body, calls):
            value = ret.value
            if isinstance(value, ast.Constant) and value.value is None:
                continue
            if value in calls or (isinstance(value, ast.Name) and value.id in bound):
                continue
            if isinstance(value, ast.Subscript) and dotted(value.value) in stores:
                continue  # a cache hands back what the wrapped call returned
            return True
    return False


def _after_a_normal_call(body: list[ast.AST], calls: list[ast.Call]) -> list[ast.Return]:
    """The wrapper's value-returning ``return`` statements reached once the wrapped call has
    returned normally: not one before the call (a guard that skips the body: ``if disabled:
    return default``) nor one in an ``except`` handler (a fallback when the body raises).  Those
    substitute a value only on paths where the body gives none, so the body's documented
    Returns is still the one callers get (a stale one stays reported)."""
    first = min((c.lineno, c.col_offset) for c in calls)
    fallback = {id(r) for h in body if isinstance(h, ast.ExceptHandler) for r in ast.walk(h)}
    return [
        n
        for n in body
        if isinstance(n, ast.Return)
        and n.value is not None
        and id(n) not in fallback
        and (n.lineno, n.col_offset) > first
    ]


def _result_stores(body: list[ast.AST], calls: list[ast.Call], bound: set[str]) -> set[str]:
    """The containers the wrapper stores the wrapped call's value in under a key
    (``cache[args] = func(*args)``, ``self._seen[key] = result``): a memoizing decorator."""
    stores: set[str] = set()
    for n in body:
        if not isinstance(n, ast.Assign):
            continue
        value = n.value
        if not (value in calls or (isinstance(value, ast.Name) and value.id in bound)):
            continue
        for target in n.targets:
            name = dotted(target.value) if isinstance(target, ast.Subscript) else None
            if name is not None:
                stores.add(name)
    return stores
