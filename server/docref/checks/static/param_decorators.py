"""Project decorators that hand the decorated body other arguments than its callers passed
(C2-PARAM-TYPE's corroboration).

A parameter's annotation is the body's view of the argument; its docstring entry is the
caller's.  The two are the same value unless a decorator rebuilds the arguments on the way:
gwpy's ``@with_open`` opens the path a caller passes and calls the body with the open file
(``newargs[pos] = fobj; return func(*newargs, **kwargs)``), so ``source: IO`` documented
``str`` (the path) is right on both sides (round 35, ``read_omega_scan_config``, FALSE).
Such a decorator is found one hop into the project, as callees are: a nested wrapper taking
``*args`` that calls the wrapped function with another starred sequence, or with another value
in the place of one of its own named positional parameters (mirdata's ``@coerce_to_bytes_io``:
``wrapper(file_path_or_obj, *args, **kwargs)`` opens the path and calls ``func(f, *args,
**kwargs)``, round 99).  A wrapper handing on its own arguments as they came (a timer, a
logger, a lock: ``func(*args)``, ``func(self, *args)``) changes nothing and keeps the finding.
"""

from __future__ import annotations

import ast

from docref.checks.static.base import StaticInput
from docref.checks.static.decorator_defs import project_decorator_defs
from docref.checks.static.returns_raises_ast import dotted, function_node

__all__ = ["arguments_rebuilt_by_decorator"]

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# decorators that run the body with its callers' arguments as they are
_PLAIN = frozenset(
    {"staticmethod", "classmethod", "property", "cached_property", "setter", "getter"}
    | {"deleter", "override", "final", "overload", "abstractmethod", "wraps"}
)


def arguments_rebuilt_by_decorator(inp: StaticInput) -> bool:
    """Whether a project decorator of the function calls it with rebuilt positional
    arguments (see the module docstring)."""
    fn = inp.function
    if not fn.decorators or inp.file.language != "python":
        return False
    node = function_node(inp.data, fn)
    if node is None:
        return False
    return any(_rebuilds_arguments(deco) for _, deco in project_decorator_defs(inp, node, _PLAIN))


def _rebuilds_arguments(deco: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A def nested in ``deco`` (at any depth: ``@with_open`` or ``@with_open(mode="w")``)
    that takes ``*args`` and calls a function parameter of an enclosing def (the wrapped
    function) with a starred sequence other than its own ``*args``, or with another value
    where it passes one of its own named positional parameters on."""
    defs = [deco, *(n for n in ast.walk(deco) if isinstance(n, _DEFS) and n is not deco)]
    wrapped = {d.args.args[0].arg for d in defs if d.args.args}
    wrapped |= {d.args.posonlyargs[0].arg for d in defs if d.args.posonlyargs}
    for wrapper in defs[1:]:
        own = wrapper.args.vararg.arg if wrapper.args.vararg else None
        if own is None:
            continue
        named = [a.arg for a in (*wrapper.args.posonlyargs, *wrapper.args.args)]
        for call in ast.walk(wrapper):
            if not isinstance(call, ast.Call) or dotted(call.func) not in wrapped:
                continue
            for arg in call.args:
                if isinstance(arg, ast.Starred) and dotted(arg.value) != own:
                    return True
            if _replaces_named(call.args, named):
                return True
    return False


def _replaces_named(args: list[ast.expr], named: list[str]) -> bool:
    """The call's positional arguments before the first starred one put another value where
    the wrapper's own named positional parameter of that place stands (``func(f, *args)`` in
    ``wrapper(path, *args)``; ``func(self, *args)`` in ``wrapper(self, *args)`` hands it on)."""
    for place, arg in enumerate(args):
        if isinstance(arg, ast.Starred) or place >= len(named):
            return False
        if not (isinstance(arg, ast.Name) and arg.id == named[place]):
            return True
    return False
