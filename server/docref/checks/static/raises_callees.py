"""Following a function's calls one hop into the project for what they may raise.

A callee is summarised once for all its callers and kept (keyed by its text and the graph's
generations of surfaces and names, which is all its summary reads besides its own text), so
an edit of a caller re-walks the caller only: in the editor the callees of the function just
edited are unchanged, and in ``docref check`` a helper called from many places is walked once.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
from collections import OrderedDict
from dataclasses import replace

from docref.checks.static.base import StaticInput
from docref.checks.static.raise_facts import CallResolver, RaiseSummary, raise_summary
from docref.checks.static.raises_iterated import iteration_callees
from docref.checks.static.returns_raises_ast import FuncNode, dotted, function_node, own_nodes
from docref.core.ast_nodes import walk
from docref.graph.model import Class, FileExtract, Function

__all__ = ["add_property_accessors", "ends_in_raising_call", "summarise_raises"]


def summarise_raises(inp: StaticInput, node: FuncNode) -> RaiseSummary:
    """What ``node`` (``inp``'s function) may raise, its 1-hop project callees included."""
    resolver = CallResolver(inp.graph, inp.file, inp.function)
    summary = raise_summary(node, resolver, follow=True)
    # reading ``self.data`` runs the getter of a project property: a callee like a call
    properties = _properties_read(node, resolver, inp.data)
    summary.callees.extend(properties)
    summary.properties.update(fn.name for _, fn in properties)
    # writing into ``self._contents`` runs what the class registered to watch it
    summary.callees.extend(_callbacks_fired(node, resolver, inp.data))
    # consuming the stream it returns runs the returned class's ``__next__``
    summary.callees.extend(iteration_callees(node, resolver))
    for path, callee in summary.callees:
        fe = inp.graph.get(path)
        if fe is None:
            summary.opaque = True
            continue
        try:
            data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
        except Exception:  # unreadable or vanished callee file: it could raise anything
            summary.opaque = True
            continue
        # a name defined more than once (``if WINDOWS: def f(): raise ... else: def f(): ...``)
        # is whichever definition the platform runs: what any of them raises may be raised
        for definition in _definitions(fe, callee):
            sub = _callee_summary(inp, path, fe, definition, data)
            if sub is None:
                summary.opaque = True
                continue
            summary.raised |= sub.raised
            summary.opaque |= sub.opaque
            summary.external |= sub.external
    return summary


def _definitions(fe: FileExtract, callee: Function) -> list[Function]:
    """``callee`` and the other definitions of its qualified name in its file (conditional
    definitions: the branches of an ``if`` or ``try``), ``callee`` first."""
    others = [f for f in fe.functions if f.qualname == callee.qualname and f.span != callee.span]
    return [callee, *others]


_PROPERTIES = frozenset({"property", "cached_property"})


def _is_property(fn: Function) -> bool:
    return bool(
        {d.split("(", 1)[0].rsplit(".", 1)[-1].strip() for d in fn.decorators} & _PROPERTIES
    )


def _is_accessor(fn: Function) -> bool:
    return any(d.rsplit(".", 1)[-1] in ("setter", "deleter") for d in fn.decorators)


def _properties_read(
    node: FuncNode, resolver: CallResolver, data: bytes
) -> list[tuple[str, Function]]:
    """The project properties of the class that the body reads as ``self.name`` or assigns
    (``self.basis = basis`` runs the ``basis`` setter: qiskit's ``OneQubitEulerDecomposer``,
    round 17), and those read through an attribute (``self._transform.pitch``) of a class
    known one hop away (``self._transform = transforms.Transform(...)`` in a method of the
    class: trimesh's ``VoxelGrid.pitch``, round 17) or, that unknown, when every method of
    that name the file's classes define is a property getter (cobyqa's
    ``NonlinearConstraints.m_eq``): the attribute holds one of them."""
    out: list[tuple[str, Function]] = []
    seen: set[tuple[bool, str]] = set()
    stored: set[str] = set()
    fe = resolver.fe
    owner = resolver.fn.parent_class
    for sub in walk(node):
        if not isinstance(sub, ast.Attribute):
            continue
        value = sub.value
        own = isinstance(value, ast.Name) and value.id == "self"
        if isinstance(sub.ctx, ast.Store):
            if own and owner is not None and sub.attr not in stored:
                stored.add(sub.attr)
                out.extend((fe.path, f) for f in _setters(fe, owner, sub.attr))
            continue
        through = (
            isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and value.value.id == "self"
        )
        if not (own or through) or (own, sub.attr) in seen:
            continue
        seen.add((own, sub.attr))
        if own:
            found = resolver.entity(f"self.{sub.attr}")
            if (
                isinstance(found, tuple)
                and isinstance(found[1], Function)
                and _is_property(found[1])
            ):
                out.append((found[0], found[1]))
            continue
        assert isinstance(value, ast.Attribute)
        held = _attribute_class(resolver, data, value.attr) if owner is not None else None
        if held is not None:
            path, cls = held
            held_fe = resolver.graph.get(path)
            getters = [
                f
                for f in (held_fe.functions if held_fe is not None else [])
                if f.parent_class == cls.qualname and f.name == sub.attr and _is_property(f)
            ]
            out.extend((path, f) for f in getters)
            continue
        members = [
            f
            for f in fe.functions
            if f.parent_class
            and f.name == sub.attr
            and not _is_accessor(f)
            and f is not resolver.fn  # (its own name: a property reading a namesake)
        ]
        if members and all(_is_property(f) for f in members):
            out.extend((fe.path, f) for f in members)
    return out


# in-place mutations of a container: the calls an observed list or dict reports to its watcher
_MUTATORS = frozenset(
    {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "sort"}
)


def _callbacks_fired(
    node: FuncNode, resolver: CallResolver, data: bytes
) -> list[tuple[str, Function]]:
    """The methods of the class that its methods hand over as callbacks (``self._contents.
    set_validate_contents_modified(self._validate_contents_modified)``), when the body writes
    into a container it holds (``self._contents[:] = new_contents``): an observed container
    calls them, and what they raise the write raises (urwid's ``Pile.contents`` setter and its
    ``PileError``, round 25).  A body that only rebinds ``self.x`` fires nothing."""
    owner = resolver.fn.parent_class
    if owner is None or not _writes_into_self_container(node):
        return []
    fe = resolver.fe
    handed = _handed_over(fe, data, owner)
    return [
        (fe.path, f)
        for f in fe.functions
        if f.parent_class == owner and f.name in handed and f is not resolver.fn
    ]


def _writes_into_self_container(node: FuncNode) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Assign | ast.Delete | ast.AugAssign):
            targets = [sub.target] if isinstance(sub, ast.AugAssign) else sub.targets
            if any(isinstance(t, ast.Subscript) and _is_self_attr(t.value) for t in targets):
                return True
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in _MUTATORS
            and _is_self_attr(sub.func.value)
        ):
            return True
    return False


def _handed_over(fe: FileExtract, data: bytes, owner: str) -> set[str]:
    """The names ``m`` of the ``self.m`` that the class's methods pass as call arguments."""
    key = (fe.path, fe.content_hash, owner)
    found = _HANDED.get(key)
    if found is not None:
        return found
    found = set()
    for method in fe.functions:
        method_node = function_node(data, method) if method.parent_class == owner else None
        for call in walk(method_node) if method_node is not None else ():
            if isinstance(call, ast.Call):
                for arg in [*call.args, *(k.value for k in call.keywords)]:
                    if _is_self_attr(arg):
                        assert isinstance(arg, ast.Attribute)
                        found.add(arg.attr)
    if len(_HANDED) >= _STORES_KEEP:
        _HANDED.clear()  # a crude bound: a set is cheap to rebuild
    _HANDED[key] = found
    return found


_HANDED: dict[tuple[str, str, str], set[str]] = {}


def _setters(fe: FileExtract, owner: str, name: str) -> list[Function]:
    """The ``@name.setter`` of class ``owner`` in ``fe``."""
    return [
        f
        for f in fe.functions
        if f.parent_class == owner
        and f.name == name
        and any(d.strip().lstrip("@") == f"{name}.setter" for d in f.decorators)
    ]


def _attribute_class(resolver: CallResolver, data: bytes, attr: str) -> tuple[str, Class] | None:
    """The project class whose instance the enclosing class's methods store in
    ``self.attr`` (``self.attr = Cls(...)``, ``Cls`` resolved one hop), if one."""
    fe, owner = resolver.fe, resolver.fn.parent_class
    for name in _self_stores(fe, data, owner, attr):
        found = resolver.entity(name)
        if isinstance(found, tuple) and isinstance(found[1], Class):
            return found[0], found[1]
    return None


def _self_stores(fe: FileExtract, data: bytes, owner: str | None, attr: str) -> list[str]:
    """The callee names of the ``self.attr = callee(...)`` statements of the class ``owner``'s
    methods, in the order of the methods and of :func:`ast.walk` in each.  Kept per file
    version, class and attribute: each ``self._x.name`` a method reads asked for every
    method's tree again (astropy: 1,396 parses for 43 reads, a fifth of its cold check).
    Only a method whose text may assign ``attr`` (:func:`_may_store`) is parsed: astropy
    parsed ~200 methods for the ~10 that do (an ASCII text spells its identifiers as the
    tree holds them; another may not, NFKC, and is parsed)."""
    key = (fe.path, fe.content_hash, owner, attr)
    names = _STORES.get(key)
    if names is not None:
        return names
    names = []
    store = _may_store(attr.encode("utf-8", "surrogatepass"))
    for method in fe.functions:
        text = data[method.span.start_byte : method.span.end_byte]
        if method.parent_class != owner or (text.isascii() and store.search(text) is None):
            continue
        method_node = function_node(data, method)
        for sub in walk(method_node) if method_node is not None else ():
            if not (isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Call)):
                continue
            name = dotted(sub.value.func)
            if name and any(_is_self_attr(t, attr) for t in sub.targets):
                names.append(name)
    if len(_STORES) >= _STORES_KEEP:
        _STORES.clear()  # a crude bound: a list is cheap to rebuild
    _STORES[key] = names
    return names


_STORES: dict[tuple[str, str, str | None, str], list[str]] = {}
_STORES_KEEP = 256


@functools.lru_cache(maxsize=256)
def _may_store(spelt: bytes) -> re.Pattern[bytes]:
    """A superset of the texts holding an assignment to ``<anything>.attr`` (``spelt``):
    the name, then only blanks, closing brackets (``(self.x) = ...``), line continuations
    or comments (inside brackets) before a ``=`` that is not ``==`` -- how every target
    ``self.attr`` of an :class:`ast.Assign` is written.  Strings, comments and longer names
    ending in it are not told apart: a match there only costs the parse it cost before."""
    return re.compile(re.escape(spelt) + rb"(?:[\s)\\]|#[^\n]*)*=(?!=)")


def _is_self_attr(target: ast.expr, attr: str | None = None) -> bool:
    """``self.attr`` (any attribute of ``self`` when ``attr`` is None)."""
    return (
        isinstance(target, ast.Attribute)
        and (attr is None or target.attr == attr)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )


def add_property_accessors(inp: StaticInput, summary: RaiseSummary) -> None:
    """A property's docstring (on its getter) documents the property: what its
    ``@x.setter`` and ``@x.deleter`` raise counts too (astropy's ``Time.shape`` documents the
    ``ValueError`` of assigning a wrong shape)."""
    fn = inp.function
    if fn.parent_class is None or not _is_property(fn):
        return
    wanted = {f"{fn.name}.setter", f"{fn.name}.deleter"}
    for accessor in inp.file.functions:
        if accessor.parent_class != fn.parent_class or accessor is fn:
            continue
        if not {d.strip().lstrip("@") for d in accessor.decorators} & wanted:
            continue
        node = function_node(inp.data, accessor)
        if node is None:
            summary.opaque = True
            continue
        sub = summarise_raises(replace(inp, function=accessor), node)
        summary.raised |= sub.raised
        summary.opaque |= sub.opaque
        summary.external |= sub.external


# (graph, callee file, qualname, callee text, graph generations) -> its own raise summary:
# a callee is summarised once for all its callers, and again only when its text, or a
# surface or name of the project (what the resolver reads), changed
_CALLEES: OrderedDict[tuple[int, str, str, bytes, int, int], RaiseSummary | None]
_CALLEES = OrderedDict()
_CALLEES_KEPT = 4096


def _callee_summary(
    inp: StaticInput, path: str, fe: FileExtract, callee: Function, data: bytes
) -> RaiseSummary | None:
    """What the project function ``callee`` (in ``path``) raises by itself, ``None`` if its
    definition cannot be read."""
    span = callee.span
    text = hashlib.blake2b(data[span.start_byte : span.end_byte], digest_size=16)
    text.update(f"{span.start_col}".encode())
    changes = inp.graph.changes
    key = (
        changes.token,
        path,
        callee.qualname,
        text.digest(),
        changes.names_generation,
        changes.surface_generation,
    )
    if key in _CALLEES:
        _CALLEES.move_to_end(key)
        return _CALLEES[key]
    node = function_node(data, callee)
    found = None
    if node is not None:
        found = raise_summary(node, CallResolver(inp.graph, fe, callee), follow=False)
    _CALLEES[key] = found
    if len(_CALLEES) > _CALLEES_KEPT:
        _CALLEES.popitem(last=False)
    return found


def ends_in_raising_call(inp: StaticInput, node: FuncNode) -> bool:
    """The body's last statement calls a project function that always raises (mlflow's
    ``_raise_unsupported_method(...)``): the body never returns, a stub in effect."""
    last = node.body[-1] if node.body else None
    if not (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)):
        return False
    name = dotted(last.value.func)
    found = CallResolver(inp.graph, inp.file, inp.function).entity(name) if name else None
    if not isinstance(found, tuple):
        return False
    path, callee = found
    if not isinstance(callee, Function):
        return False
    try:
        data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
    except Exception:  # an unreadable callee proves nothing
        return False
    called = function_node(data, callee)
    if called is None or not called.body or not isinstance(called.body[-1], ast.Raise):
        return False
    return not any(isinstance(n, ast.Return) for n in own_nodes(called))
