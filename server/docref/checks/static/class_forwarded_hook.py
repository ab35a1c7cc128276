"""A class docstring that documents the keywords its machinery forwards to a hook.

A plug-in class is often used through two calls: its constructor, and a public method of a
project base that forwards its ``**kwargs`` to a hook the subclass implements.  The class
docstring then documents both: spikeinterface's ``ComputeTemplateSimilarity(AnalyzerExtension)``
lists ``sorting_analyzer`` (the inherited ``__init__(self, sorting_analyzer)``) and ``method``,
``max_lag_ms``, ``support`` -- the keywords of its ``_set_params`` hook, which the base's
``set_params(self, save=True, **params)`` calls as ``self._set_params(**params)`` (round 94,
23 FALSE: the docstring is also the public ``compute_template_similarity``'s).

:func:`without_forwarded_hook_parameters` takes out the entries naming a named parameter of
such a hook: a method of the class or of a project base (the most derived definition) that a
method of the class or of a base calls with the ``**kwargs`` it receives.  A hook called with
anything else (``self._main(**self._main_kwargs)``: the keywords come from the constructor,
which the docstring documents) does not count, nor does a method nothing forwards to; a name
the hook does not take, and a renamed twin of a constructor parameter (a stale entry the hook
happens to share), stay judged.
"""

from __future__ import annotations

import re

from docref.checks.static.class_constructors import (
    Constructor,
    ConstructorResolver,
    without_receiver,
)
from docref.checks.static.class_gates import documented_names, without_entries
from docref.graph.model import Class, FileExtract, Function
from docref.segments import ParsedDocstring

__all__ = ["without_forwarded_hook_parameters"]

# the methods the constructor gates judge already (or that are the constructor itself)
_CONSTRUCTION = frozenset({"__init__", "__new__", "__call__", "__init_subclass__"})
_MAX_BASE_HOPS = 3
_CALL_ON_SELF = re.compile(r"\bself\s*\.\s*([A-Za-z_]\w*)\s*\(")


def without_forwarded_hook_parameters(
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    parsed: ParsedDocstring,
    resolver: ConstructorResolver,
) -> ParsedDocstring:
    """``parsed`` without the entries naming a named parameter of a hook the class's machinery
    forwards its ``**kwargs`` to (see the module docstring)."""
    if ctor.model is not None:
        return parsed
    taken = [p.name.lstrip("*") for p in ctor.params]
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    unknown = documented - set(taken)
    if not unknown:
        return parsed
    methods = _methods(fe, cls, resolver)
    hooks = _forwarded_hooks(methods, resolver)
    named: set[str] = set()
    for name in hooks:
        hook = methods[name][0][1]  # the most derived definition is the one called
        named |= {p.name for p in without_receiver(hook) if p.kind not in ("vararg", "kwarg")}
    spared = unknown & named
    if not spared:
        return parsed
    # imported here: prose_names -> names_scope -> params, which the class checks import
    from docref.checks.static.prose_names import renamed_twin

    spared = {n for n in spared if renamed_twin(n, taken) is None}
    return without_entries(parsed, spared)


def _methods(
    fe: FileExtract, cls: Class, resolver: ConstructorResolver
) -> dict[str, list[tuple[FileExtract, Function]]]:
    """The methods of ``cls`` and of its project bases (a few hops), most derived first."""
    out: dict[str, list[tuple[FileExtract, Function]]] = {}
    seen: set[tuple[str, str]] = set()
    level = [(fe, cls)]
    for _ in range(_MAX_BASE_HOPS + 1):
        following: list[tuple[FileExtract, Class]] = []
        for here, item in level:
            if (here.path, item.qualname) in seen:
                continue
            seen.add((here.path, item.qualname))
            for f in here.functions:
                if f.parent_class == item.qualname and f.name not in _CONSTRUCTION:
                    out.setdefault(f.name, []).append((here, f))
            for written in item.bases:
                found = resolver.resolve_class(here, written, item.parent_class)
                if found is not None:
                    following.append(found)
        level = following
    return out


def _forwarded_hooks(
    methods: dict[str, list[tuple[FileExtract, Function]]], resolver: ConstructorResolver
) -> set[str]:
    """The method names some method of ``methods`` calls on ``self`` with its own
    ``**kwargs`` (``self._set_params(**params)`` in ``set_params(self, **params)``)."""
    hooks: set[str] = set()
    sources: dict[str, bytes] = {}
    for definitions in methods.values():
        for here, caller in definitions:
            kwargs = next((p.name.lstrip("*") for p in caller.params if p.kind == "kwarg"), None)
            if kwargs is None:
                continue
            if here.path not in sources:
                text = resolver.graph.source(here.path)
                sources[here.path] = text.encode("utf-8", "surrogatepass")
            span = caller.header_span.end_byte, caller.span.end_byte
            body = sources[here.path][span[0] : span[1]].decode("utf-8", "replace")
            forwarded = re.compile(rf"\*\*\s*{re.escape(kwargs)}\s*[,)]")
            for call in _CALL_ON_SELF.finditer(body):
                name = call.group(1)
                if name not in methods or name == caller.name:
                    continue
                if _forwards(body, call.end(), forwarded):
                    hooks.add(name)
    return hooks


def _forwards(body: str, start: int, forwarded: re.Pattern[str]) -> bool:
    """Whether the call whose arguments begin at ``start`` passes ``**kwargs`` (its own
    parentheses, not a nested call's)."""
    depth = 1
    for at in range(start, len(body)):
        char = body[at]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return False
        elif char == "*" and depth == 1 and forwarded.match(body, at):
            return True
    return False
