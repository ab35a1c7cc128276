"""A class docstring's parameter entry that names an attribute no constructor argument sets.

Classes written by hand often list their attributes beside the constructor's arguments under
``Parameters:``/``Args:`` (lark's ``PackedNode`` documents ``priority``, which ``__init__``
sets to ``float('-inf')``; botorch's ``MultiObjectiveMCAcquisitionFunction`` documents the
class attribute ``_default_sample_shape``; rounds 16 and 19).  The entry is in the wrong
section, but what it says of the member holds: no caller passes a stale name there.

:func:`without_constant_attributes` takes out such an entry when the member exists with a value
that comes from no constructor argument: a class-body assignment (not annotated: annotated
fields are :func:`.class_gates.without_declared_fields`'), or ``self.name = value`` in the
class's own constructor where ``value`` uses only literals, builtins and module-level names.
An attribute the constructor fills from a parameter (``self.size = length``: the parameter
``size`` renamed) stays judged, and so does any name the class does not set, and every entry
of a generated constructor (a dataclass's ``Args:`` lists its fields; a ``ClassVar`` there is
no field).
"""

from __future__ import annotations

import builtins

from docref.checks.static.class_constructors import Constructor
from docref.checks.static.class_gates import documented_names, without_entries
from docref.graph.model import Class, FileExtract
from docref.segments import ParsedDocstring

__all__ = ["without_constant_attributes"]

_BUILTINS = frozenset(dir(builtins))


def without_constant_attributes(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries naming a class attribute, or an attribute the
    class's own constructor sets from no argument (see the module docstring)."""
    if ctor.model is not None or ctor.own_method is None:
        return parsed
    params = {p.name.lstrip("*") for p in ctor.params}
    documented = documented_names(parsed, attributes=False) - params
    if not documented:
        return parsed
    method = next((f for f in fe.functions if f.qualname == ctor.own_method), None)
    if method is None:
        return parsed
    module = {v.name for v in fe.variables if v.scope == "module"}
    module |= {f.name for f in fe.functions if "." not in f.qualname}
    module |= {c.name for c in fe.classes if "." not in c.qualname}
    module |= {i.bound_name for i in fe.imports if not i.scope}
    start, end = method.span.start_byte, method.span.end_byte
    constant: set[str] = set()
    from_argument: set[str] = set()
    for var in fe.variables:
        if var.owner != cls.qualname or var.name not in documented:
            continue
        if var.scope == "class" and not var.annotation:
            constant.add(var.name)
        elif var.scope == "instance":
            inside = start <= var.span.start_byte < end
            plain = all(
                ref.split(".", 1)[0] in _BUILTINS | module and ref.split(".", 1)[0] not in params
                for ref in var.value_refs
            )
            (constant if inside and plain else from_argument).add(var.name)
    return without_entries(parsed, constant - from_argument)
