"""Parameter entries that describe the elements of a tuple form (C1-PARAM-UNKNOWN).

* :func:`element_of_a_tuple`: a name the docstring writes inside a parenthesised tuple form
  before the entry (``support_1 and support_2 are tuples of the form (label, x, y), where``
  and then ``label``, ``x``, ``y`` entries) -- the entries describe the elements of a
  parameter.
* :func:`rest_of_a_callback`: a variadic entry (``*args``) after entries of its own section
  that are all such elements: the rest of the arguments a callback is called with (pyrogram's
  ``progress`` callback, "must take *(current, total)*", documented under ``Other
  Parameters:`` as ``current``, ``total``, ``*args``; round 69, 19 FALSE).
"""

from __future__ import annotations

import re
from collections.abc import Container

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment

__all__ = ["element_of_a_tuple", "rest_of_a_callback"]

# ``(label, x, y)`` not preceded by a name or a dot: a tuple form, not a call ``f(a, b)``;
# one name in emphasised parentheses too, pyrogram's handler callback that "takes *(client)*
# as positional argument" (round 69; a bare "(client)" is any parenthetical remark)
_TUPLE_FORM = re.compile(
    r"(?<![\w.\]])\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*\)"
    r"|(?<=\*)\(\s*([A-Za-z_]\w*)\s*\)(?=\*)"
)


def element_of_a_tuple(name: str, docstring: str, parameters: Container[str] = ()) -> bool:
    """``name`` is one of the elements of a tuple form the docstring writes.

    A tuple whose other elements are ``parameters`` of the function lists those parameters
    (werkzeug's "identified by ``(domain, path, key)``"): a stale name in it is still stale.
    """
    for match in _TUPLE_FORM.finditer(docstring):
        parts = [part.strip() for part in (match.group(1) or match.group(2)).split(",")]
        if name in parts and not any(p in parameters for p in parts if p != name):
            return True
    return False


def rest_of_a_callback(inp: StaticInput, segment: Segment, parameters: Container[str]) -> bool:
    """``segment`` is a variadic entry (``*args``, ``**kwargs``) whose section's entries above
    it (one or more) are all elements of a tuple form written before them: it documents the
    rest of that tuple's call, not a parameter of this function.  A variadic entry after an
    entry that is no such element (a real or a stale parameter) stays judged."""
    if not (segment.name or "").startswith("*"):
        return False
    above = [
        s
        for s in inp.docstring.segments
        if s.kind == "param" and s.section == segment.section and s.start < segment.start
    ]
    start = inp.docstring.body_start
    return bool(above) and all(
        s.name is not None
        and element_of_a_tuple(s.name.strip("`*"), inp.source[start : s.start], parameters)
        for s in above
    )
