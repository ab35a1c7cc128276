"""A reading that settles a Python summary's return claim (:mod:`.prose_returns`) by what the
rest of the docstring says the answer is: :func:`values_listed` -- a "Whether ..." summary whose
description quotes the strings the body returns ("``'continuous'`` when ...; ``'lapsed'`` when
...", edgartools' ``ShelfLifecycle.continuity -> Optional[str]``, round 94): the question the
property answers, with its answers spelt out as the text values that come back.

(A noun-phrase summary naming the kind of the function's own arguments on ``-> None``, coffea's
"Tuple of input shape and array shape" on ``_equal_shape(mod_in: tuple, arr_shape: tuple)``,
stays a return claim: ``test_static_ty12b``'s "A list of samplers." on ``configure(self,
samplers: list) -> None`` is a control that must stay reported.)
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_raises_ast import function_node, own_nodes
from docref.segments import Segment

__all__ = ["values_listed"]


def _returned_strings(inp: StaticInput) -> set[str]:
    """The string literals a ``return`` of the function gives, either side of a conditional
    expression included (``return "lapsed" if gaps else "continuous"``)."""
    node = function_node(inp.data, inp.function)
    if node is None:
        return set()
    out: set[str] = set()
    stack = [sub.value for sub in own_nodes(node) if isinstance(sub, ast.Return) and sub.value]
    while stack:
        value = stack.pop()
        if isinstance(value, ast.IfExp):
            stack += [value.body, value.orelse]
        elif isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
            out.add(value.value)
    return out


def values_listed(inp: StaticInput, claimed: Segment, claim: str, kinds: set[str]) -> bool:
    """A boolean claim on a function that may return a ``str`` whose docstring, outside the
    claim's sentence, quotes (or marks as code) a string literal the body returns: the answers
    are documented as those values.  A "Whether ..." on a property returning a label it reads
    from elsewhere names no such value and stays judged."""
    if claim != "bool" or "str" not in kinds or inp.file.language != "python":
        return False
    returned = _returned_strings(inp)
    if not returned:
        return False
    text = "\n".join(s.text for s in inp.docstring.segments if s is not claimed)
    for value in returned:
        quoted = rf"""(['"]){re.escape(value)}\1|(?<!`)(`{{1,2}}){re.escape(value)}\2(?!`)"""
        if re.search(quoted, text) is not None:
            return True
    return False
