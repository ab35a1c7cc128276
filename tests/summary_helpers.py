"""The canonical form of an installed module's summary, to compare two ways of building it
(the whole text, its skeleton, its statements parsed on first use) binding by binding."""

from __future__ import annotations

import ast

from docref.external.py_source import Binding, SourceModule


def canon_binding(binding: Binding) -> object:
    """Everything a rule can read of ``binding``, its class members in binding order."""
    members = binding.members
    return (
        binding.kind,
        binding.name,
        binding.target,
        binding.attr,
        binding.doc,
        [ast.dump(n) for n in binding.nodes],
        ast.dump(binding.expr) if binding.expr is not None else None,
        [(k, canon_binding(v)) for k, v in members.items()] if members is not None else None,
    )


def canon_module(module: SourceModule) -> object:
    """The module's docstring, star imports and bindings, ordered: a did-you-mean lists names
    in the order the module binds them."""
    return module.doc, module.stars, [(k, canon_binding(v)) for k, v in module.scope.items()]
