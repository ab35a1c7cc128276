"""A reST ``:type:`` field with the type written in its name slot (C1-PARAM-UNKNOWN; round 80).

neomodel's query runners document ``:param result_list: A list of results ...`` and then
``:type list:``: the field meant ``:type result_list: list``, but the type went where the name
goes and the body stayed empty (round 80, 4 DEB in two sync/async pairs).  The slip is real,
yet it is no stale parameter: reporting ``list`` as an unknown parameter sends the reader to
the wrong fix.  :func:`type_in_name_slot` accepts such a field when its body is empty, its name
is a type (a builtin type, a :mod:`typing` name, or a word of the annotation of the parameter it
follows) and it directly follows the ``:param:`` entry of a real parameter.  A ``:type old:``
with a body, or whose name is no type, stays reported, as does one after no parameter's entry.
"""

from __future__ import annotations

import builtins
import re
import typing

from docref.core.segment import Segment
from docref.graph.model import Param

__all__ = ["type_in_name_slot"]

_TYPE_FIELDS = frozenset({":type", "@type"})
# ``:type name: body`` (epydoc's ``@type name: body``), the body possibly empty
_FIELD = re.compile(r"[:@]type\s+[^:\s]+:(?P<body>.*)", re.DOTALL)


def _a_type(name: str, annotation: str | None) -> bool:
    if isinstance(getattr(builtins, name, None), type) or hasattr(typing, name):
        return True
    return name in re.findall(r"\w+", annotation or "")


def type_in_name_slot(
    segments: list[Segment], segment: Segment, name: str, params: list[Param]
) -> bool:
    """``segment`` is an empty ``:type NAME:`` field whose NAME is a type, right after the
    ``:param:`` entry of one of ``params`` (see the module docstring)."""
    if segment.section not in _TYPE_FIELDS:
        return False
    field = _FIELD.match(segment.text.strip())
    if field is None or field["body"].strip():
        return False
    at = next((i for i, s in enumerate(segments) if s is segment), 0)
    if at == 0:
        return False
    before = segments[at - 1]
    owner = next((p for p in params if p.name.lstrip("*") == before.name), None)
    if before.kind != "param" or before.section in _TYPE_FIELDS or owner is None:
        return False
    return _a_type(name, owner.annotation)
