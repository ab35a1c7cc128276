"""A class docstring's parameter entry that names a class attribute.

Classes written by hand sometimes list a class attribute beside the constructor's arguments
under ``Args:`` (botorch's ``MultiObjectiveMCAcquisitionFunction`` documents
``_default_sample_shape = torch.Size([128])``, round 16, judged DEBATABLE: the member exists,
the section is wrong).  :func:`without_class_attributes` takes out such an entry when the
constructor is a method and the class body assigns the name without an annotation (annotated
fields are :func:`.class_gates.without_declared_fields`').

An attribute the constructor sets is not taken out, even from a literal: discord.py's
``Choice`` documents ``name_localizations``, which ``__init__`` sets to ``{}`` and no caller
can pass (judged TRUE), as lark's ``PackedNode`` documents ``priority``, set to
``float('-inf')`` (judged DEBATABLE) -- the code does not tell the two apart.  A generated
constructor's entries stay judged too (a dataclass's ``Args:`` lists its fields; a
``ClassVar`` there is no field).
"""

from __future__ import annotations

from docref.checks.static.class_constructors import Constructor
from docref.checks.static.class_gates import documented_names, without_entries
from docref.graph.model import Class, FileExtract
from docref.segments import ParsedDocstring

__all__ = ["without_class_attributes"]


def without_class_attributes(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries naming a class attribute of ``cls`` (a plain
    class-body assignment) that the constructor, a method of the class, does not take."""
    if ctor.model is not None or ctor.own_method is None:
        return parsed
    params = {p.name.lstrip("*") for p in ctor.params}
    documented = documented_names(parsed, attributes=False) - params
    if not documented:
        return parsed
    assigned = {
        v.name
        for v in fe.variables
        if v.owner == cls.qualname and v.scope == "class" and not v.annotation
    }
    return without_entries(parsed, assigned & documented)
