"""Two readings that settle a Python summary's return claim (:mod:`.prose_returns`) by what the
rest of the docstring and the signature say the summary is about.

* :func:`values_listed` -- a "Whether ..." summary whose description quotes the strings the
  body returns ("``'continuous'`` when ...; ``'lapsed'`` when ...", edgartools'
  ``ShelfLifecycle.continuity -> Optional[str]``, round 94): the question the property
  answers, with its answers spelt out as the text values that come back.
* :func:`describes_arguments` -- a noun-phrase summary naming the kind (not a boolean) of the
  function's own annotated parameters on a function annotated ``-> None`` ("Tuple of input
  shape and array shape" on coffea's ``_equal_shape(mod_in: tuple, arr_shape: tuple) -> None``,
  round 94): it says what the function is given, not what comes back.
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_annotation import annotation_kinds
from docref.checks.static.returns_raises_ast import function_node, own_nodes
from docref.segments import Segment

__all__ = ["describes_arguments", "values_listed"]


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


def describes_arguments(inp: StaticInput, claimed: Segment, text: str, claim: str) -> bool:
    """A noun-phrase summary (the claim is the summary's whole text: no "Returns"/"Computes"
    verb) on a function annotated ``-> None``, naming the kind (``tuple``, ``list``, ...) a
    parameter of the function is annotated with: it describes the input.  The same summary on
    a function taking no such parameter stays a return claim, and so does a boolean one: "True
    if setup has been executed" on ``mark(self, value: bool) -> None`` states an outcome, as
    a return statement does (a flag's meaning is "Whether to ...": ``_sets_the_flag``)."""
    fn = inp.function
    if claimed.kind != "summary" or text != claimed.text or inp.file.language != "python":
        return False
    if claim == "bool":
        return False
    if fn.returns is None or annotation_kinds(fn.returns) != {"None"}:
        return False
    for param in fn.params:
        if param.name in ("self", "cls") or param.kind in ("vararg", "kwarg"):
            continue
        if param.annotation and annotation_kinds(param.annotation) == {claim}:
            return True
    return False
