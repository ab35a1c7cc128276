"""The positional parameters of a callee a function unpacks its ``**kwargs`` into, for
:mod:`.params_kwargs`: a renamed parameter handed on positionally in the slot of its old
name proves that the old name cannot be a keyword passed on through the dict (a caller's
``old=`` would fill that slot twice: Python raises "got multiple values for argument").

The callee is read where the call names it, one hop:

* a function of the same file (``_query(...)``) or a method of the same class
  (``self.request(...)``);
* ``super().name(...)`` / ``super(C, self).name(...)``: the method of the class's first
  base -- a project class defining it, or an installed library's class (google-auth's
  ``AuthorizedSession(aiohttp.ClientSession)`` calling ``super().request(method, url,
  **kwargs)``);
* an imported function: a project function through the import, or an installed module's
  function by its source signature (flask's ``_json.dumps(obj, **kwargs)`` after ``import
  json as _json``).

Anything else (an attribute of an object, an overloaded or redefined name, a signature that
does not parse) is unknown: None.
"""

from __future__ import annotations

import ast

from docref.checks.static.base import StaticInput
from docref.checks.static.class_constructors import ConstructorResolver
from docref.checks.static.names_external import external_signature
from docref.checks.static.raise_facts import CallResolver
from docref.graph.model import RECEIVER_NAMES, Function

__all__ = ["SUPER", "callee_slots"]

# how :mod:`.params_kwargs_flow` writes the callee of ``super().name(...)``: ``super.name``
SUPER = "super"


def callee_slots(inp: StaticInput, callee: str) -> list[str] | None:
    """The names of ``callee``'s positional parameters in order (the receiver left out), or
    None when the call cannot be tied to one signature."""
    head, _, attr = callee.rpartition(".")
    fn = inp.function
    if head == SUPER:
        return _super_slots(inp, attr) if fn.parent_class else None
    if head in RECEIVER_NAMES:
        if not fn.parent_class or "." in head:
            return None
        return _function_slots(_only(inp, f"{fn.parent_class}.{attr}"))
    if not head and any(f.qualname == callee for f in inp.file.functions):
        return _function_slots(_only(inp, callee))
    resolved = CallResolver(inp.graph, inp.file, fn).entity(callee)
    if isinstance(resolved, tuple):
        target = resolved[1]
        return _function_slots(target) if isinstance(target, Function) else None
    if resolved is False:
        return _external_slots(inp, _qualified(inp, callee))
    return None


def _only(inp: StaticInput, qualname: str) -> Function | None:
    """The one function of the file named ``qualname`` (overloads and redefinitions each
    have their own slots: unknown)."""
    found = [f for f in inp.file.functions if f.qualname == qualname]
    return found[0] if len(found) == 1 else None


def _function_slots(fn: Function | None) -> list[str] | None:
    if fn is None:
        return None
    params = [p for p in fn.params if p.kind in ("positional", "positional_only")]
    if fn.parent_class and params and params[0].name in RECEIVER_NAMES:
        params = params[1:]
    return [p.name for p in params]


def _super_slots(inp: StaticInput, name: str) -> list[str] | None:
    """``name`` of the first base of the function's class: where ``super()`` looks first."""
    fe, fn = inp.file, inp.function
    cls = next((c for c in fe.classes if c.qualname == fn.parent_class), None)
    if cls is None or not cls.bases:
        return None
    first = cls.bases[0]
    found = ConstructorResolver(inp.graph).resolve_class(fe, first, cls.parent_class)
    if found is not None:
        base_fe, base = found
        qualname = f"{base.qualname}.{name}"
        methods = [f for f in base_fe.functions if f.qualname == qualname]
        # not defined on the base itself: further up its bases, unknown here
        return _function_slots(methods[0]) if len(methods) == 1 else None
    head = first.split("[", 1)[0].strip().split(".", 1)[0]
    if not any(i.bound_name == head and not i.scope for i in fe.imports):
        return None  # a base the file does not import: unknown
    return _external_slots(inp, f"{_qualified(inp, first.split('[', 1)[0].strip())}.{name}")


def _qualified(inp: StaticInput, dotted: str) -> str:
    """``dotted`` as written in the file, its head replaced by the module it imports."""
    head, _, rest = dotted.partition(".")
    imp = next((i for i in inp.file.imports if not i.scope and i.bound_name == head), None)
    if imp is None:
        return dotted
    base = f"{imp.module}.{imp.name}" if imp.name else imp.module
    if imp.name is None and not imp.alias and "." in imp.module:
        base = head  # ``import a.b`` binds ``a``: the call is written ``a.b.f``
    return ".".join(p for p in (base, rest) if p)


def _external_slots(inp: StaticInput, qualified: str) -> list[str] | None:
    """The positional parameters of an installed module's function or method, read from
    the ``def`` line of its source (``def dumps(obj, *, skipkeys=False, ...)``)."""
    doc = external_signature(inp.graph, qualified)
    if doc.kind not in ("function", "method") or not doc.signature:
        return None
    try:
        tree = ast.parse(f"{doc.signature.strip()}:\n    pass\n")
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    names = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
    if doc.kind == "method" and names and names[0] in RECEIVER_NAMES:
        names = names[1:]
    return names
