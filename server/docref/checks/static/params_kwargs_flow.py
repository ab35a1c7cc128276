"""Where a function's ``**kwargs`` go, for ``C1-PARAM-UNKNOWN``'s renamed entries
(:mod:`.params_kwargs`): a documented name that is no parameter may be a keyword the
function passes on, unless the code shows it cannot be.

* :func:`kwargs_flow` reads the body once: the calls the dict is unpacked into
  (``f(x, **kwargs)``), whether it goes anywhere else (passed as a value, stored, iterated:
  then any keyword may be used), and the code's own uses of a name.
* A call that unpacks ``**kwargs`` and also passes ``old=twin`` explicitly hands the renamed
  parameter on under its old name: a caller's ``old=`` would reach that call twice (Python
  raises "got multiple values for keyword argument"), so the entry cannot document a keyword
  passed on (dask's ``to_backend(self, backend=bcknd, **kwargs)`` after ``backend`` ->
  ``bcknd``, a recall mutation).
* A dict that is only read by key, tested or counted (``if kwargs: raise TypeError(...)``)
  reaches no callee: no other function's parameter can explain the entry.
* A use of the name in the code is a read (``kwargs.pop("old")``, ``self.old``), except the
  keyword of such a call (``old=twin``) and a word inside a message string (``f"'old'
  should be one of ..."``: a string holding a space is prose, not a key).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from docref.core.ast_nodes import without_docstring

__all__ = ["KwargsFlow", "Unpacking", "kwargs_flow"]

# uses of the dict that read it without handing it on
_READ_METHODS = frozenset({"get", "pop", "setdefault", "__contains__", "__getitem__"})


@dataclass(frozen=True)
class Unpacking:
    """A call the dict is unpacked into (``convert(array, bcknd, backend=x, **kwargs)``)."""

    # the called expression as written when it is a dotted name (``convert``, ``self.request``)
    callee: str
    # the positional arguments up to the first ``*args``: a Name's id, else None
    positional: tuple[str | None, ...]
    # the explicit keywords: keyword -> a Name's id, else None
    keywords: dict[str, str | None]


@dataclass
class KwargsFlow:
    """What the body of a function taking ``**name`` does with the dict and with names."""

    unpacked: list[Unpacking] = field(default_factory=list)
    # the dict goes somewhere else too (a value, stored, iterated): any keyword may be used
    escapes: bool = False
    # every name node, attribute, argument and whole string constant of the body, and the
    # keywords of the calls above, to tell a read from a hand-on
    words: list[tuple[str, str]] = field(default_factory=list)

    def hands_on(
        self, old: str, twin: str, slots: Callable[[str], list[str] | None] = lambda _c: None
    ) -> bool:
        """A call unpacking the dict passes ``twin`` as ``old`` explicitly: by keyword, or in
        the position of ``old`` among the positional parameters ``slots`` gives for its
        callee (:func:`.params_kwargs_slots.callee_slots`: ``_query(strings, True, prvdr,
        **kwargs)`` for ``_query(data, forward, provider, **kwargs)``)."""
        for call in self.unpacked:
            if call.keywords.get(old) == twin:
                return True
            names = slots(call.callee) if twin in call.positional else None
            if names and old in names:
                at = names.index(old)
                if at < len(call.positional) and call.positional[at] == twin:
                    return True
        return False

    def reaches_nothing(self) -> bool:
        """The dict is unpacked into no call and handed nowhere: only read or tested."""
        return not self.unpacked and not self.escapes

    def reads(self, old: str, twin: str) -> bool:
        """The code uses ``old`` otherwise than as ``old=twin`` in a call."""
        return any(word == old and kind != f"keyword={twin}" for kind, word in self.words)


def kwargs_flow(node: ast.FunctionDef | ast.AsyncFunctionDef) -> KwargsFlow | None:
    """The flow of ``node``'s ``**kwargs`` (None when it takes none)."""
    if node.args.kwarg is None:
        return None
    kw = node.args.kwarg.arg
    flow = KwargsFlow()
    parents: dict[ast.AST, ast.AST] = {}
    for parent in ast.walk(node):
        for child in ast.iter_child_nodes(parent):
            parents[child] = parent
    body = without_docstring(node.body)  # the docstring is no use of a name
    # the signature's defaults and annotations are code too (the decorators are not read:
    # they hold no use of the function's own names)
    for part in [node.args, *body]:
        for sub in ast.walk(part):
            _note(sub, kw, parents, flow)
    return flow


def _note(sub: ast.AST, kw: str, parents: dict[ast.AST, ast.AST], flow: KwargsFlow) -> None:
    if isinstance(sub, ast.Call) and any(
        k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kw for k in sub.keywords
    ):
        positional: list[str | None] = []
        for arg in sub.args:
            if isinstance(arg, ast.Starred):
                break  # the slots after it are not known
            positional.append(arg.id if isinstance(arg, ast.Name) else None)
        keywords = {
            k.arg: k.value.id if isinstance(k.value, ast.Name) else None
            for k in sub.keywords
            if k.arg is not None
        }
        flow.unpacked.append(Unpacking(_dotted(sub.func), tuple(positional), keywords))
    if isinstance(sub, ast.Name):
        flow.words.append(("name", sub.id))
        if sub.id == kw and isinstance(sub.ctx, ast.Load) and _hands_on(sub, parents):
            flow.escapes = True
        elif sub.id in ("locals", "vars") and isinstance(parents.get(sub), ast.Call):
            flow.escapes = True  # ``params = locals()``: the dict goes with the others
    elif isinstance(sub, ast.Attribute):
        flow.words.append(("attribute", sub.attr))
    elif isinstance(sub, ast.arg):
        flow.words.append(("argument", sub.arg))
    elif isinstance(sub, ast.keyword) and sub.arg is not None:
        value = sub.value.id if isinstance(sub.value, ast.Name) else ""
        flow.words.append((f"keyword={value}", sub.arg))
    elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
        if " " in sub.value.strip():
            return  # a message ("'mode' should be one of ..."), not a key
        flow.words += [("string", w) for w in re.findall(r"\w+", sub.value)]


def _dotted(node: ast.expr) -> str:
    """``a.b.c`` for a dotted name, ``super.x`` for ``super().x`` (``super(C, self).x``),
    else ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        value = node.value
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "super"
        ):
            return f"super.{node.attr}"
        head = _dotted(value)
        return f"{head}.{node.attr}" if head else ""
    return ""


def _hands_on(name: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    """The dict is used otherwise than unpacked into a call, read by key or tested."""
    parent = parents.get(name)
    if isinstance(parent, ast.keyword) and parent.arg is None:
        return False  # ``f(**kwargs)``: one of the calls it is unpacked into
    if isinstance(parent, ast.Subscript) and parent.value is name:
        return False  # ``kwargs["x"]``
    if isinstance(parent, ast.Attribute) and parent.attr in _READ_METHODS:
        return False  # ``kwargs.pop("x", None)``
    if isinstance(parent, ast.Compare) and name in parent.comparators:
        return False  # ``"x" in kwargs``
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.BoolOp | ast.UnaryOp | ast.Assert):
        return False  # ``if kwargs: raise TypeError(...)``
    return not (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id in ("len", "bool")
    )
