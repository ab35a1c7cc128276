"""Other calling forms a Python docstring may document (C1-PARAM-UNKNOWN's evidence; session 20).

A function's documented parameters may legitimately differ from its ``def`` when the call
goes through something else that has them:

* :func:`dispatch_parameters`: a ``functools.singledispatch`` (or ``singledispatchmethod``)
  function documents the arguments its registered implementations take
  (``@render.register def _(obj: int, indent=0)``): the registry is the call.
* :func:`assigned_signature`: the file assigns the function a ``__signature__``
  (``f.__signature__ = inspect.Signature([inspect.Parameter("a", ...)])``): ``inspect``,
  ``help()`` and Sphinx show that signature, so it is the one documented.  Its names are read
  from ``Parameter("name"`` literals and ``inspect.signature(g)`` of a function of the file;
  a signature built any other way is unknown, and the rule stays silent.
* :func:`declared_options`: the body declares the command-line options it documents
  (``parser.add_argument("--dry-run")`` documented as ``dry_run``; a ``main(argv)``'s entries
  are its options), by the name ``argparse`` gives them (``dest``, dashes to underscores).
* :func:`listed_value`: not a calling form, a layout slip: an entry ending in a colon (``mode:
  One of the following values:``) followed, at the entries' indentation, by the values it
  lists (``fast: quick.``), which napoleon and docref read as entries -- the values are the
  body's string literals (``mode == "fast"``).

Not accepted: entries naming the fields of the record class the one argument is annotated
with (``resolve(resolve_context: ResolveContext)`` documenting ``model`` and ``table``).  A
refactor that packs flat parameters into a record leaves exactly that shape behind, and
tortoise-orm's (round 16) is judged TRUE; only the fields the body reads say the entries are
deliberate (:func:`.params_kwargs.packed_parameter`).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment
from docref.graph.model import RECEIVER_NAMES

__all__ = ["assigned_signature", "declared_options", "dispatch_parameters", "listed_value"]

_SINGLEDISPATCH = re.compile(r"^@?(?:functools\.)?singledispatch(?:method)?\b")
# ``add_argument("-n", "--dry-run", dest="x")``: the call's quoted arguments (its first line's)
_ADD_OPTION = re.compile(r"\.add_(?:argument|option)\(([^)\n]*)")
# a quoted name, positional or ``dest=`` (not ``action="store_true"``, ``metavar="N"``)
_QUOTED = re.compile(r"""(?:\b(\w+)\s*=\s*)?["']-{0,2}([A-Za-z_][\w-]*)["']""")


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
            names |= {p.name for p in other.params if p.name not in RECEIVER_NAMES}
    return names


def declared_options(inp: StaticInput) -> set[str]:
    """The names of the command-line options the function's body declares with argparse's
    ``add_argument`` (optparse's ``add_option``): ``--dry-run`` as ``dry_run``, ``dest=``."""
    body = inp.body_code()
    if "add_argument" not in body and "add_option" not in body:
        return set()  # the common case, without scanning
    names: set[str] = set()
    for call in _ADD_OPTION.finditer(body):
        for keyword, word in _QUOTED.findall(call[1]):
            if keyword in ("", "dest"):
                names.add(word.replace("-", "_"))
    return names


_PARAMETER_LITERAL = re.compile(r"""Parameter\(\s*(?:name\s*=\s*)?["']([A-Za-z_]\w*)["']""")
_SIGNATURE_OF = re.compile(r"\bsignature\(\s*([A-Za-z_][\w.]*)\s*\)")


def assigned_signature(inp: StaticInput) -> set[str] | None:
    """The parameter names of the ``__signature__`` the file assigns the function (see the
    module docstring); ``None`` when it assigns none, an empty set when the names are unknown."""
    source = inp.source
    if "__signature__" not in source:
        return None  # the common case, without compiling a pattern
    fn = inp.function
    # a module-level function's at the margin; a method's qualified by its class (``C.m``),
    # so one ``__init__.__signature__`` is not every ``__init__``'s
    owner = fn.parent_class.rsplit(".", 1)[-1] + r"\." if fn.parent_class else ""
    where = rf"^[ \t]*{owner}" if owner else "^"
    assignment = re.search(
        rf"{where}{re.escape(fn.name)}\.__signature__\s*=(?!=)", source, re.MULTILINE
    )
    if assignment is None:
        return None
    # the statement: up to the next line that starts a statement at the margin
    tail = source[assignment.end() :]
    end = re.search(r"\n(?=\S)", tail)
    statement = tail[: end.start() if end else len(tail)]
    names = set(_PARAMETER_LITERAL.findall(statement))
    for target in _SIGNATURE_OF.findall(statement):
        written = target.rsplit(".", 1)[-1]
        names |= {p.name for f in inp.file.functions if f.name == written for p in f.params}
    return names


def listed_value(
    inp: StaticInput, segment: Segment, name: str, entries: list[Segment], unknown: set[str]
) -> bool:
    """The entry ``segment`` (named ``name``) is one of the values an entry before it lists:
    that entry's text ends in a colon, every entry between them is such a value too (an
    unknown name), no blank line or heading comes between, and the body compares or passes
    ``name`` as a string literal."""
    index = next((i for i, e in enumerate(entries) if e is segment), None)
    if not index:
        return False
    quoted = re.compile(rf"""(?P<q>["']){re.escape(name)}(?P=q)""")
    if not quoted.search(inp.body_code()):
        return False
    after = segment
    for before in reversed(entries[:index]):
        gap = inp.source[before.end : after.start]
        if before.section != segment.section or gap.count("\n") > 1:
            return False  # another section, or a blank line: the list has ended
        if before.text.rstrip().endswith(":"):
            return True
        if not before.name or before.name.strip() not in unknown:
            return False  # a parameter's own entry between: no list runs on to here
        after = before
    return False
