"""What a function body may raise, for the Raises rules: read, never executed.

:func:`raise_summary` collects what a body raises (explicitly, by re-raise, implicitly through
an operation or a builtin call, or through a 1-hop project callee that :class:`CallResolver`
finds) and whether unresolved calls could raise more.  Every uncertainty widens the summary,
so the rules built on it stay silent rather than guess.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field

from docref.checks.static.compiled_modules import absent_project_module
from docref.checks.static.returns_raises_ast import FuncNode, dotted
from docref.core.ast_nodes import children, walk
from docref.graph.model import Class, FileExtract, Function
from docref.graph.project import ProjectGraph

# Builtin calls whose possible exceptions are known well enough (the rest is unresolved).
_BUILTIN_CALLS: dict[str, frozenset[str]] = {
    name: frozenset(excs.split())
    for name, excs in {
        "len": "TypeError OverflowError",
        "isinstance": "TypeError",
        "issubclass": "TypeError",
        "callable": "",
        "id": "",
        "type": "TypeError",
        "print": "OSError ValueError",
        "range": "TypeError ValueError OverflowError",
        "enumerate": "TypeError",
        "zip": "TypeError ValueError",
        "sorted": "TypeError ValueError",
        "reversed": "TypeError",
        "min": "TypeError ValueError",
        "max": "TypeError ValueError",
        "sum": "TypeError OverflowError",
        "abs": "TypeError OverflowError",
        "round": "TypeError ValueError OverflowError",
        "int": "ValueError TypeError OverflowError",
        "float": "ValueError TypeError OverflowError",
        "complex": "ValueError TypeError",
        "Decimal": "ValueError TypeError InvalidOperation ArithmeticError",
        "bool": "TypeError",
        "str": "TypeError UnicodeError ValueError",
        "repr": "TypeError",
        "list": "TypeError",
        "tuple": "TypeError",
        "set": "TypeError",
        "frozenset": "TypeError",
        "dict": "TypeError ValueError",
        "getattr": "AttributeError TypeError",
        "setattr": "AttributeError TypeError",
        "hasattr": "TypeError",
        "next": "StopIteration TypeError",
        "iter": "TypeError",
        "open": "OSError ValueError TypeError LookupError",
        "chr": "ValueError TypeError OverflowError",
        "ord": "TypeError",
        "divmod": "ZeroDivisionError TypeError",
        "pow": "ZeroDivisionError TypeError ValueError OverflowError",
        "hash": "TypeError",
        "format": "ValueError TypeError",
        "any": "TypeError",
        "all": "TypeError",
        "map": "TypeError",
        "filter": "TypeError",
    }.items()
}
_OS_MODULES = frozenset({"os", "io", "pathlib", "shutil", "tempfile", "Path", "path"})
_OS_ERRORS = frozenset(
    {"OSError", "IOError", "FileNotFoundError", "PermissionError", "IsADirectoryError"}
)


def builtin_exception(name: str) -> type[BaseException] | None:
    value = getattr(builtins, name, None)
    if isinstance(value, type) and issubclass(value, BaseException):
        return value
    return None


# ---- raises ------------------------------------------------------------------------------


@dataclass(slots=True)
class RaiseSummary:
    """What a body may raise.

    ``raised``: exception names (last dotted component) raised explicitly, re-raised or
    implied by an operation.  ``opaque``: some raise or call could raise anything, project
    exceptions included.  ``external``: some call leaves the project (it may raise builtin or
    library exceptions, not project ones).
    """

    raised: set[str] = field(default_factory=set)
    opaque: bool = False
    external: bool = False
    callees: list[tuple[str, Function]] = field(default_factory=list)
    # attributes read as project properties the summary followed (``self._nonlinear.m_eq``)
    properties: set[str] = field(default_factory=set)


class CallResolver:
    """Resolve a call in one function's body to a project function, one hop only."""

    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function) -> None:
        self.graph, self.fe, self.fn = graph, fe, fn
        scopes = {""}
        parts = fn.qualname.split(".")
        scopes.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        self.imports = {i.bound_name: i for i in fe.imports if i.scope in scopes}

    def _in_file(self, path: str, name: str) -> Function | Class | None:
        fe = self.graph.get(path)
        # the implementation, not the ``@overload`` stubs before it (textual's ``query_one``
        # under ``if TYPE_CHECKING:``), which raise nothing
        impl = [
            f
            for f in (fe.functions if fe is not None else [])
            if f.qualname == name and "overload" not in {d.rsplit(".", 1)[-1] for d in f.decorators}
        ]
        if impl:
            return impl[-1]
        ent = self.graph.symbol(path, name)
        return ent if isinstance(ent, Function | Class) else None

    def entity(self, name: str) -> tuple[str, Function | Class] | bool | None:
        """(path, entity) for a project entity; False for an external import; None: unknown."""
        head, _, rest = name.partition(".")
        if head in ("self", "cls") and self.fn.parent_class and rest and "." not in rest:
            ent = self._in_file(self.fe.path, f"{self.fn.parent_class}.{rest}")
            return (self.fe.path, ent) if ent is not None else None
        imp = self.imports.get(head)
        if imp is not None:
            target, symbol = self.graph.modules.resolve_import(self.fe.path, imp)
            if target is None:
                # a compiled module of the project (``qiskit._accelerate``) may raise the
                # project's exceptions: unknown, not external
                compiled = absent_project_module(self.graph, imp.module)
                return False if not imp.level and not compiled else None
            if imp.name is None and not imp.alias and "." in imp.module:
                tail = imp.module.split(".", 1)[1] + "."
                rest = rest[len(tail) :] if rest.startswith(tail) else rest
            inner = ".".join(p for p in (symbol, rest) if p)
            ent = self._in_file(target, inner) if inner else None
            return (target, ent) if ent is not None else None
        ent = self._in_file(self.fe.path, name)
        return (self.fe.path, ent) if ent is not None else None


def _handler_names(handler: ast.ExceptHandler) -> set[str] | None:
    if handler.type is None:
        return {"BaseException"}
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    out: set[str] = set()
    for t in types:
        name = dotted(t)
        if name is None:
            return None
        out.add(name.rsplit(".", 1)[-1])
    return out


def _assigned_names(fn: FuncNode) -> tuple[set[str], set[str]]:
    """The names ``fn`` binds (parameters, assignment targets) and those its ``except ...
    as name`` clauses bind, from one walk of its tree."""
    names = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    names.update(a.arg for a in (fn.args.vararg, fn.args.kwarg) if a is not None)
    handler_vars: set[str] = set()
    for node in walk(fn):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store):
                names.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name is not None:
            handler_vars.add(node.name)
    return names, handler_vars


def _implicit(node: ast.AST, summary: RaiseSummary) -> None:
    raised = summary.raised
    if isinstance(node, ast.Subscript):
        raised.update(("KeyError", "IndexError", "LookupError", "TypeError"))
        if isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Attribute):
            # ``self.data[:] = value``: the ``__setitem__`` of an object of unknown type (a
            # numpy array raises ValueError for a value of the wrong shape)
            summary.external = True
    elif isinstance(node, ast.BinOp | ast.AugAssign):
        raised.update(("TypeError", "OverflowError", "ValueError"))
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod):
            raised.update(("ZeroDivisionError", "ArithmeticError"))
    elif isinstance(node, ast.Compare | ast.For | ast.comprehension):
        raised.add("TypeError")
    elif isinstance(node, ast.Attribute):
        raised.add("AttributeError")
    elif isinstance(node, ast.Assert):
        raised.add("AssertionError")
    elif isinstance(node, ast.Await | ast.AsyncFor | ast.AsyncWith):
        raised.update(("CancelledError", "TimeoutError"))
        summary.external = True
    elif isinstance(node, ast.Tuple | ast.List | ast.Starred) and isinstance(
        getattr(node, "ctx", None), ast.Store
    ):
        raised.update(("ValueError", "TypeError"))
    elif isinstance(node, ast.Import | ast.ImportFrom):
        raised.update(("ImportError", "ModuleNotFoundError"))
        summary.external = True


def raise_summary(fn: FuncNode, resolver: CallResolver, *, follow: bool) -> RaiseSummary:
    """What ``fn`` may raise; nested functions count as part of the body (over-approximation).

    With ``follow``, calls resolved to project functions are listed in ``callees`` (to be
    summarised one hop deep by the caller); without it they make the summary opaque.
    """
    summary = RaiseSummary()
    assigned, handler_vars = _assigned_names(fn)
    raise_calls: set[int] = set()

    def visit(node: ast.AST, handlers: list[set[str] | None]) -> None:
        if isinstance(node, ast.Try | ast.TryStar):
            for stmt in (*node.body, *node.orelse, *node.finalbody):
                visit(stmt, handlers)
            for handler in node.handlers:
                if handler.type is not None:
                    visit(handler.type, handlers)
                for stmt in handler.body:
                    visit(stmt, [*handlers, _handler_names(handler)])
            return
        if isinstance(node, ast.Raise):
            _raise(node, handlers)
        elif isinstance(node, ast.Call):
            if id(node) not in raise_calls:
                _call(node)
        else:
            _implicit(node, summary)
        for child in children(node):
            visit(child, handlers)

    def _reraise(handlers: list[set[str] | None]) -> None:
        current = handlers[-1] if handlers else None
        if current is None:
            summary.opaque = True
        else:
            summary.raised.update(current)

    def _raise(node: ast.Raise, handlers: list[set[str] | None]) -> None:
        exc = node.exc
        if exc is None:
            _reraise(handlers)
            return
        if isinstance(exc, ast.Name) and exc.id in handler_vars:
            _reraise(handlers)
            return
        if isinstance(exc, ast.Name) and exc.id in assigned:
            summary.opaque = True
            return
        target = exc.func if isinstance(exc, ast.Call) else exc
        name = dotted(target)
        if name is None:
            summary.opaque = True
            return
        if isinstance(exc, ast.Call):
            raise_calls.add(id(exc))
        parts = name.split(".")
        last = parts[-1]
        if isinstance(exc, ast.Call) and last[:1].islower():
            _call(exc)  # ``raise make_error(...)`` / ``raise E.from_x(...)``
        summary.raised.update(p for p in parts if p[:1].isupper())
        if not any(p[:1].isupper() for p in parts):
            summary.opaque = True

    def _call(node: ast.Call) -> None:
        name = dotted(node.func)
        if name is None:
            if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Constant):
                summary.external = True  # ``", ".join(...)``: a method of a builtin literal
            else:
                summary.opaque = True
            return
        last = name.rsplit(".", 1)[-1]
        head = name.split(".", 1)[0]
        if name in _BUILTIN_CALLS and name not in assigned:
            summary.raised.update(_BUILTIN_CALLS[name])
            return
        if builtin_exception(name) is not None:
            return  # constructing a builtin exception
        if head in _OS_MODULES or last in ("open", "read_text", "write_text", "read_bytes"):
            summary.raised.update(_OS_ERRORS)
        if last in ("pop", "remove", "index"):
            summary.raised.update(("KeyError", "ValueError", "IndexError"))
        if head in assigned and head not in ("self", "cls"):
            summary.opaque = True  # a method of a local or a parameter: unknown receiver
            return
        found = resolver.entity(name)
        if found is False:
            summary.external = True
            return
        if found is None or isinstance(found, bool):
            summary.opaque = True
            return
        path, ent = found
        if isinstance(ent, Class):
            init = resolver.graph.symbol(path, f"{ent.qualname}.__init__")
            if isinstance(init, Function):
                ent = init
            elif ent.bases:
                summary.opaque = True
                return
            else:
                summary.external = True
                return
        # recursion adds nothing; a function of the same name in another module (``decode``
        # calling ``jwt.decode``) is a callee like any other
        recursive = path == resolver.fe.path and ent.qualname == resolver.fn.qualname
        if not follow or recursive:
            if not recursive:
                summary.opaque = True
            return
        summary.callees.append((path, ent))

    for stmt in fn.body:
        visit(stmt, [])
    return summary


# ---- closed bodies -----------------------------------------------------------------------------

# ``with`` runs a context manager's ``__enter__``/``__exit__``: code of an object the rule does
# not know (operators, comparisons and subscripts are summarised by ``_implicit`` instead)
_OPEN_NODES = (ast.With, ast.AsyncWith)


def closed_body(fn: FuncNode, modules: set[str], properties: set[str]) -> bool:
    """Whether nothing in ``fn``'s body runs code of an object whose type the rule does not
    know, one hop away: a ``with``, or an attribute read through a receiver other than
    ``self``/``cls`` or an imported module (``modules``) -- a parameter's or an attribute's
    attribute may be a property of another class (unless it is one of the project
    ``properties`` the summary followed).
    A documented builtin exception (``ValueError``) on a body that is not closed may come
    from such a hook (round 6's astropy ``self.data``, round 9's ``self._nonlinear.m_eq``,
    ``self.data[:] = value``), so C3-RAISES reports one only on a closed body; what the body
    calls is summarised separately (:func:`raise_summary`)."""
    own = {"self", "cls", *modules}
    for stmt in fn.body:
        for node in ast.walk(stmt):
            if isinstance(node, _OPEN_NODES):
                return False
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                receiver = node.value
                if node.attr in properties:
                    continue
                if not (isinstance(receiver, ast.Name) and receiver.id in own):
                    return False
    return True


def returns_not_implemented(fn: FuncNode) -> bool:
    """``return NotImplemented`` somewhere in ``fn``: a binary dunder's way of declining, which
    a docstring documenting ``NotImplementedError`` confuses with raising."""
    return any(
        isinstance(n, ast.Return)
        and isinstance(n.value, ast.Name)
        and n.value.id == "NotImplemented"
        for n in ast.walk(fn)
    )
