"""Parameter entries that describe the elements of a tuple form (C1-PARAM-UNKNOWN).

* :func:`element_of_a_tuple`: a name the docstring writes inside a parenthesised tuple form
  before the entry (``support_1 and support_2 are tuples of the form (label, x, y), where``
  and then ``label``, ``x``, ``y`` entries) -- the entries describe the elements of a
  parameter.
* :func:`rest_of_a_callback`: a variadic entry (``*args``) after entries of its own section
  that are all such elements: the rest of the arguments a callback is called with (pyrogram's
  ``progress`` callback, "must take *(current, total)*", documented under ``Other
  Parameters:`` as ``current``, ``total``, ``*args``; round 69, 19 FALSE).
* :func:`part_listed_by_an_entry`: ``grid_rng: start, stop, num`` and then ``start``,
  ``stop``, ``num`` entries -- a parameter's entry that is only the list of its parts
  introduces them like a tuple form (rayoptics, round 83: 3 FALSE).
"""

from __future__ import annotations

import re
from collections.abc import Container

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment

__all__ = ["element_of_a_tuple", "part_listed_by_an_entry", "rest_of_a_callback"]

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


# an entry's whole description is a bare list of two or more names: ``start, stop, num``
_NAME_LIST = re.compile(r"[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+\.?")


def part_listed_by_an_entry(
    segments: list[Segment], segment: Segment, name: str, parameters: Container[str]
) -> bool:
    """An earlier entry of the same section documents one of ``parameters`` and its whole
    description is a bare list of names with ``name`` among them and no other parameter
    (``grid_rng: start, stop, num``): the entries that follow describe the parts of that
    parameter.  Part entries with no such introducing entry stay judged."""
    for entry in segments:
        if entry is segment:
            return False
        own = (entry.name or "").strip("`*")
        if entry.kind != "param" or entry.section != segment.section or own not in parameters:
            continue
        head, colon, rest = entry.text.partition(":")
        if not colon or not head.strip().strip("`*").startswith(own):
            continue
        rest = rest.strip()
        if entry.type and rest.startswith(entry.type):
            rest = rest[len(entry.type) :].strip()  # NumPy: ``grid_rng : tuple`` then the list
        if _NAME_LIST.fullmatch(rest):
            parts = [p.strip() for p in rest.rstrip(".").split(",")]
            if name in parts and not any(p in parameters for p in parts):
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
