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

import ast
import re

from docref.checks.static.class_constructors import (
    Constructor,
    ConstructorResolver,
    without_receiver,
)
from docref.checks.static.class_gates import documented_names, without_entries
from docref.core.brackets import closing_bracket
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
    spared = unknown & _forwarded_keywords(_methods(fe, cls, resolver), resolver)
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


def _forwarded_keywords(
    methods: dict[str, list[tuple[FileExtract, Function]]], resolver: ConstructorResolver
) -> set[str]:
    """The named parameters of the hooks some method of ``methods`` calls on ``self`` with its
    own ``**kwargs`` (``self._set_params(**params)`` in ``set_params(self, **params)``) that
    only those keywords can give: not the ones the call passes itself (``tensor`` in
    ``self.fit_transform(tensor, **kwargs)``: the class's docstring documenting it is stale)."""
    keywords: set[str] = set()
    for definitions in methods.values():
        for here, caller in definitions:
            kwargs = next((p.name.lstrip("*") for p in caller.params if p.kind == "kwarg"), None)
            if kwargs is None:
                continue
            span = caller.header_span.end_byte, caller.span.end_byte
            body = resolver.data(here)[span[0] : span[1]].decode("utf-8", "replace")
            for match in _CALL_ON_SELF.finditer(body):
                name = match.group(1)
                if name not in methods or name == caller.name:
                    continue
                call = _call(body, match.start(), match.end())
                if call is None or not any(
                    k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwargs
                    for k in call.keywords
                ):
                    continue
                if any(isinstance(a, ast.Starred) for a in call.args):
                    continue  # ``*args`` may bind any position
                hook = methods[name][0][1]  # the most derived definition is the one called
                named = [p for p in without_receiver(hook) if p.kind not in ("vararg", "kwarg")]
                positional = [p.name for p in named if p.kind in ("positional", "positional_only")]
                bound = set(positional[: len(call.args)]) | {k.arg for k in call.keywords if k.arg}
                keywords |= {
                    p.name for p in named if p.name not in bound and p.kind != "positional_only"
                }
    return keywords


def _call(body: str, start: int, opened: int) -> ast.Call | None:
    """The call written in ``body`` from ``start`` whose parenthesis opens before ``opened``."""
    end = closing_bracket(body, opened, "([{", ")]}")
    if end is None:
        return None
    try:
        node = ast.parse(body[start : end + 1], mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return node if isinstance(node, ast.Call) else None
