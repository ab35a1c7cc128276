"""Other calling forms a Python docstring may document (C1-PARAM-UNKNOWN's evidence; session 20).

A function's documented parameters may legitimately differ from its ``def`` when the call
goes through something else that has them:

* :func:`dispatch_parameters`: a ``functools.singledispatch`` (or ``singledispatchmethod``)
  function documents the arguments its registered implementations take
  (``@render.register def _(obj: int, indent=0)``): the registry is the call.
* :func:`record_fields`: the function's one argument is annotated with a record class of the
  file (a dataclass, ``NamedTuple``, ``TypedDict``, attrs or pydantic model: its class-level
  annotated names), and the entries document that record's fields (``draw(options:
  Options)`` documenting ``width``, ``height``), as :func:`.params_kwargs.packed_parameter`
  accepts from the fields the body reads.  Only the fields are accepted: an entry no field
  names stays reported.
* :func:`declared_options`: the body declares the command-line options it documents
  (``parser.add_argument("--dry-run")`` documented as ``dry_run``; a ``main(argv)``'s entries
  are its options), by the name ``argparse`` gives them (``dest``, dashes to underscores).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.graph.model import Param

__all__ = ["declared_options", "dispatch_parameters", "record_fields"]

_SINGLEDISPATCH = re.compile(r"^@?(?:functools\.)?singledispatch(?:method)?\b")
_SELF_NAMES = frozenset({"self", "cls"})
# ``add_argument("-n", "--dry-run", dest="x")``: the call's quoted arguments (its first line's)
_ADD_OPTION = re.compile(r"\.add_(?:argument|option)\(([^)\n]*)")
_QUOTED = re.compile(r"""(?:\bdest\s*=\s*)?["'](-{0,2})([A-Za-z_][\w-]*)["']""")


def dispatch_parameters(inp: StaticInput) -> set[str]:
    """The parameters of the implementations registered on a ``singledispatch`` function of
    the file (``@f.register``, ``@f.register(int)``; ``self``/``cls`` left out)."""
    fn = inp.function
    if not any(_SINGLEDISPATCH.match(d.strip()) for d in fn.decorators):
        return set()
    register = f"{fn.name}.register"
    names: set[str] = set()
    for other in inp.file.functions:
        if other is fn or other.parent_class != fn.parent_class:
            continue
        if any(d.strip().lstrip("@").startswith(register) for d in other.decorators):
            names |= {p.name for p in other.params if p.name not in _SELF_NAMES}
    return names


def _record_class(annotation: str) -> str:
    """The class name an annotation names: ``"Options"``, ``Optional[Options]``,
    ``Options | None``, ``mod.Options`` give ``Options``."""
    text = annotation.strip().strip("\"'")
    inner = re.fullmatch(r"(?:typing\.)?Optional\[(.+)\]", text)
    if inner:
        text = inner[1]
    text = re.sub(r"\s*\|\s*None\b|\bNone\s*\|\s*", "", text).strip()
    return text.rsplit(".", 1)[-1]


def record_fields(inp: StaticInput, params: list[Param], documented: set[str]) -> set[str]:
    """The field names of the record class the function's one argument is annotated with,
    when that argument has no entry of its own and two entries or more name its fields
    (see the module docstring); else nothing."""
    own = [p for p in params if p.name not in _SELF_NAMES]
    if len(own) != 1 or own[0].kind in ("vararg", "kwarg") or own[0].name in documented:
        return set()
    annotation = own[0].annotation
    if not annotation:
        return set()
    name = _record_class(annotation)
    classes = [c for c in inp.file.classes if c.name == name]
    if len(classes) != 1:
        return set()
    fields = {
        v.name
        for v in inp.file.variables
        if v.scope == "class" and v.owner == classes[0].qualname and v.annotation
    }
    return fields if len(fields & documented) >= 2 else set()


def declared_options(inp: StaticInput) -> set[str]:
    """The names of the command-line options the function's body declares with argparse's
    ``add_argument`` (optparse's ``add_option``): ``--dry-run`` as ``dry_run``, ``dest=``."""
    body = inp.body_code()
    if "add_argument" not in body and "add_option" not in body:
        return set()  # the common case, without scanning
    names: set[str] = set()
    for call in _ADD_OPTION.finditer(body):
        for _dashes, word in _QUOTED.findall(call[1]):
            names.add(word.replace("-", "_"))
    return names
