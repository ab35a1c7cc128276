"""Whether a parameter is handed on to a project callee that takes it as "may be None".

A private helper often has no defaults of its own and documents ``(Optional)`` values that
its callers pass as ``None`` and that it only hands on: Google Cloud's
``Blob._do_upload(client, ..., if_generation_match, ...)`` passes ``client`` to
``self._require_client(client)`` (``if client is None: client = self.client``) and
``if_generation_match`` to a method whose parameter defaults to ``None``.  There
"optional" reads as "may be None", as it does when the function tests ``x is None`` itself.

:func:`passed_on_as_maybe_none` follows the calls of the function's body one hop (the
callee's own parameter: a ``None`` default or an ``is None`` test in its body) and, for a
callee that only hands the value on again, one more hop.  A ``self.method`` call is looked
up in the class and in its project bases (``_require_client`` is inherited).  Anything not
resolved counts as no evidence: the finding stays.

:func:`wrapped_by_public_twin` answers for a framework's inner method: sktime's public
``BaseForecaster.fit(self, y, X=None, fh=None)`` calls ``self._fit(y=y_inner, X=X_inner,
fh=fh)``, and each estimator's ``_fit(self, y, X, fh)`` documents ``X`` and ``fh`` "optional,
default=None" as ``fit`` does: the wrapper passes None when its caller gave nothing.

:func:`forwarded_by_namesake` finds the looser form of that (session 18, rounds 9 and 24): a
function of the same name in the module or a module it imports or is imported by, which gives
the parameter a default and hands it on by name -- statsforecast's ``StatsForecast.forecast(...,
fitted=False, id_col="unique_id")`` calling ``self._backend.forecast(..., fitted=fitted,
id_col=id_col)``, arviz's public ``plot_trace`` calling its backend's ``plot_trace``.  The
backend's docstring is the public one; whether "optional" is wrong on it is a judgement call
(judged DEBATABLE), so the finding moves to the opt-in ``C2-OPTIONAL-FLAG-WEAK``.
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.class_constructors import ConstructorResolver
from docref.checks.static.raise_facts import CallResolver
from docref.checks.static.returns_raises_ast import dotted, function_node
from docref.graph.model import Class, FileExtract, Function, Param
from docref.graph.project import ProjectGraph

__all__ = ["forwarded_by_namesake", "passed_on_as_maybe_none", "wrapped_by_public_twin"]

_HOPS = 2
_BASE_HOPS = 3


def passed_on_as_maybe_none(inp: StaticInput, name: str) -> bool:
    """Whether ``inp``'s function hands its parameter ``name`` to a project callee whose
    matching parameter defaults to ``None`` or is tested ``is None`` (two hops at most)."""
    return _passes_on(inp.graph, inp.file, inp.function, inp.data, name, _HOPS, set())


def wrapped_by_public_twin(inp: StaticInput, name: str) -> bool:
    """Whether ``inp``'s method ``_m`` has a public twin ``m`` (its class's or a project
    base's) that gives the parameter ``name`` a default and calls ``self._m``: the private
    method is documented as what ``m``'s callers may leave out.  Not when ``m`` fills the
    default in first (sktime's ``download(download_path=None)``: ``if download_path is None:
    download_path = ...`` before ``self._download(download_path, ...)``): ``_m`` then always
    gets a value, and "optional" on it is wrong."""
    fn = inp.function
    if fn.parent_class is None or not fn.name.startswith("_") or fn.name.startswith("__"):
        return False
    found = _in_class_or_bases(inp.graph, inp.file, fn.parent_class, fn.name[1:], _BASE_HOPS)
    if found is None:
        return False
    path, public = found
    if not any(p.name == name and p.default is not None for p in public.params):
        return False
    public_data = _data(inp.graph, path, inp.file, inp.data)
    node = function_node(public_data, public) if public_data is not None else None
    if node is None or _fills_in(node, name):
        return False
    return any(
        isinstance(call, ast.Call) and dotted(call.func) == f"self.{fn.name}"
        for call in ast.walk(node)
    )


def forwarded_by_namesake(inp: StaticInput, name: str) -> bool:
    """Whether a project function named as ``inp``'s (``m`` for ``_m`` too), in its module or a
    module it imports or is imported by, gives ``name`` a default and passes it on, unchanged,
    to a call of that name (``self._backend.forecast(..., fitted=fitted)``)."""
    fn = inp.function
    names = {fn.name, fn.name.lstrip("_")}
    graph = inp.graph
    paths = {inp.path} | graph.importers_of(inp.path) | graph.imports_of(inp.path)
    for path in sorted(paths):
        fe = graph.get(path)
        if fe is None:
            continue
        for other in fe.functions:
            if other.name not in names or (path == inp.path and other.span == fn.span):
                continue
            if not any(p.name == name and p.default is not None for p in other.params):
                continue
            data = _data(graph, path, inp.file, inp.data)
            node = function_node(data, other) if data is not None else None
            if node is not None and not _fills_in(node, name) and _hands_on(node, fn.name, name):
                return True
    return False


def _hands_on(node: ast.AST, callee: str, name: str) -> bool:
    """A call of ``callee`` (``callee(...)``, ``x.y.callee(...)``) passing ``name`` as is."""
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        target = dotted(call.func)
        if target is None or target.rsplit(".", 1)[-1] != callee:
            continue
        values = [*call.args, *(k.value for k in call.keywords)]
        if any(isinstance(v, ast.Name) and v.id == name for v in values):
            return True
    return False


def _is_none_test(test: ast.expr, name: str) -> bool:
    """``name is None`` (or ``not name``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name) and test.operand.id == name
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == name
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _fills_in(node: ast.AST, name: str) -> bool:
    """The function replaces a missing ``name`` by a value: ``if name is None: name = ...``,
    ``name = name or ...``, ``name = ... if name is None else name``."""
    for stmt in ast.walk(node):
        if (
            isinstance(stmt, ast.If)
            and _is_none_test(stmt.test, name)
            and any(name in _assigned(s) for s in stmt.body)
        ):
            return True
        if isinstance(stmt, ast.Assign) and name in _assigned(stmt):
            value = stmt.value
            if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
                first = value.values[0]
                if isinstance(first, ast.Name) and first.id == name:
                    return True
            if isinstance(value, ast.IfExp) and _is_none_test(value.test, name):
                return True
    return False


def _assigned(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, ast.Assign):
        return {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    if isinstance(stmt, ast.AnnAssign | ast.AugAssign) and isinstance(stmt.target, ast.Name):
        return {stmt.target.id}
    return set()


def _in_class_or_bases(
    graph: ProjectGraph, fe: FileExtract, cls_name: str, member: str, hops: int
) -> tuple[str, Function] | None:
    """The method ``member`` of the class ``cls_name`` of ``fe`` or of a project base (bases
    imported through a package's re-export too: ``from sktime.transformations.base import
    BaseTransformer``)."""
    own = graph.symbol(fe.path, f"{cls_name}.{member}")
    if isinstance(own, Function):
        return fe.path, own
    cls = next((c for c in fe.classes if c.qualname == cls_name), None)
    if cls is None or hops <= 0:
        return None
    resolver = ConstructorResolver(graph)
    for base in cls.bases:
        found = resolver.resolve_class(fe, base, cls.parent_class)
        if found is not None and (found[0].path, found[1].qualname) != (fe.path, cls_name):
            deeper = _in_class_or_bases(graph, found[0], found[1].qualname, member, hops - 1)
            if deeper is not None:
                return deeper
    return None


def _passes_on(
    graph: ProjectGraph,
    fe: FileExtract,
    fn: Function,
    data: bytes,
    name: str,
    hops: int,
    seen: set[tuple[str, str]],
) -> bool:
    node = function_node(data, fn)
    if node is None:
        return False
    resolver = CallResolver(graph, fe, fn)
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        target = dotted(call.func)
        slots = [i for i, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == name]
        words = {
            k.arg
            for k in call.keywords
            if k.arg is not None and isinstance(k.value, ast.Name) and k.value.id == name
        }
        if target is None or not (slots or words):
            continue
        found = _callee(graph, fe, fn, resolver, target)
        if found is None or (found[0], found[1].qualname) in seen:
            continue
        path, callee = found
        seen.add((path, callee.qualname))
        for param in _matching(callee, target, slots, words):
            callee_data = _data(graph, path, fe, data)
            if callee_data is None:
                continue
            if param.default == "None" or _tests_none(callee_data, callee, param.name):
                return True
            callee_fe = graph.get(path)
            if (
                hops > 1
                and callee_fe is not None
                and _passes_on(graph, callee_fe, callee, callee_data, param.name, hops - 1, seen)
            ):
                return True
    return False


def _matching(callee: Function, target: str, slots: list[int], words: set[str]) -> list[Param]:
    """The callee's parameters that receive the value: by position, then by keyword."""
    params = list(callee.params)
    bound = callee.parent_class is not None and "." in target
    if bound and params and params[0].name in ("self", "cls"):
        params = params[1:]
    positional = [p for p in params if p.kind in ("positional", "positional_only")]
    out = [positional[i] for i in slots if i < len(positional)]
    out += [p for p in params if p.name in words and p.kind != "positional_only"]
    return out


def _callee(
    graph: ProjectGraph, fe: FileExtract, fn: Function, resolver: CallResolver, target: str
) -> tuple[str, Function] | None:
    found = resolver.entity(target)
    if isinstance(found, tuple) and isinstance(found[1], Function):
        return found[0], found[1]
    head, _, member = target.partition(".")
    if head != "self" or not member or "." in member or fn.parent_class is None:
        return None
    return _inherited(graph, fe, fn.parent_class, member, _BASE_HOPS)


def _inherited(
    graph: ProjectGraph, fe: FileExtract, cls_name: str, member: str, hops: int
) -> tuple[str, Function] | None:
    """``member`` of a project base of the class ``cls_name`` (written in ``fe``)."""
    cls = next((c for c in fe.classes if c.qualname == cls_name), None)
    if cls is None or hops <= 0:
        return None
    dummy = Function(name="", qualname=cls_name, span=cls.span, header_span=cls.header_span)
    resolver = CallResolver(graph, fe, dummy)
    for base in cls.bases:
        written = base.split("[", 1)[0].strip()
        found = resolver.entity(written) if written.replace(".", "").isidentifier() else None
        if not isinstance(found, tuple) or not isinstance(found[1], Class):
            continue
        path, base_cls = found
        ent = graph.symbol(path, f"{base_cls.qualname}.{member}")
        if isinstance(ent, Function):
            return path, ent
        base_fe = graph.get(path)
        deeper = None
        if base_fe is not None:
            deeper = _inherited(graph, base_fe, base_cls.qualname, member, hops - 1)
        if deeper is not None:
            return deeper
    return None


def _data(graph: ProjectGraph, path: str, fe: FileExtract, data: bytes) -> bytes | None:
    if path == fe.path:
        return data
    try:
        return graph.source(path).encode("utf-8")
    except Exception:  # an unreadable callee file is no evidence
        return None


def _tests_none(data: bytes, fn: Function, name: str) -> bool:
    body = data[fn.header_span.end_byte : fn.span.end_byte].decode("utf-8", "replace")
    return re.search(rf"\b{re.escape(name)}\s+is\s+(?:not\s+)?None\b", body) is not None
