"""A class docstring documenting the keys of the one mapping its constructor takes.

dogpile.cache's backends are built as ``RedisBackend(arguments)``: each class docstring lists
the keys of that ``arguments`` dictionary as ``:param db:``, ``:param lock_timeout:``, ...
("Arguments accepted in the arguments dictionary:"), and the constructor reads them with
``arguments.pop("db", 0)`` / ``arguments.get("lock_factory", FileLock)``.  A subclass
(``RedisClusterBackend``) pops its own keys and hands the rest on with
``super().__init__(arguments)``, so the keys it documents are read by the base's constructor
(round 93, 45 FALSE).  Such an entry names an input reached by key, not a stale parameter.

:func:`without_dict_keys` takes out the entries that the constructor reads as string keys of
its one parameter (``p.get("k")``, ``p.pop("k")``, ``p.setdefault("k")``, ``p["k"]``,
``"k" in p``), following the parameter through ``super().__init__(...)`` /
``Base.__init__(self, ...)`` into the project bases' constructors.  All of:

* the constructor is the class's (or an inherited) ``__init__`` with exactly one parameter
  besides ``self``, not variadic, and the docstring has no entry of its own for it (an entry
  for ``options`` describes the argument as one value; its keys are then told in its text);
* at least two entries are read so: one entry spelt as a key the code happens to read is no
  evidence the entries document keys (``:func:`.params_kwargs.packed_parameter`` asks as
  much of a function's lone argument);
* only the constructors count, not the class's other methods: discord.py's ``Choice`` reads
  ``data.get('name_localizations')`` in ``from_dict``, and its constructor entry of that name
  is stale (judged TRUE, :mod:`.params_keys`).

An entry the chain never reads stays judged: dogpile.cache's ``PyMemcacheBackend`` documents a
``dead_timeout`` key that its constructor reads as ``hashclient_dead_timeout`` (judged TRUE).
"""

from __future__ import annotations

import re

from docref.checks.static.class_constructors import Constructor, ConstructorResolver
from docref.checks.static.class_gates import documented_names, without_entries
from docref.core.brackets import closing_bracket
from docref.graph.model import Class, FileExtract, Function
from docref.segments import ParsedDocstring

__all__ = ["without_dict_keys"]

# constructors followed up the bases: dogpile's ``PylibmcBackend`` -> ``MemcacheArgs`` ->
# ``GenericMemcachedBackend`` is two
_MAX_HOPS = 4
_RECEIVERS = frozenset({"self", "cls"})


def without_dict_keys(
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    data: bytes,
    parsed: ParsedDocstring,
    resolver: ConstructorResolver,
) -> ParsedDocstring:
    """``parsed`` without the entries the constructor chain reads as keys of its one mapping
    parameter (see the module docstring); the bases read are recorded in ``resolver.read``."""
    if ctor.model is not None:
        return parsed
    params = [p for p in ctor.params if p.name not in _RECEIVERS]
    if len(params) != 1 or params[0].kind in ("vararg", "kwarg"):
        return parsed
    holder = params[0].name
    documented = documented_names(parsed, attributes=False)
    if holder in documented:
        return parsed
    entries = documented - {holder}
    if len(entries) < 2:
        return parsed
    keys = _keys_read(fe, cls, holder, data, resolver)
    read = entries & keys
    if len(read) < 2:
        return parsed
    return without_entries(parsed, read)


def _keys_read(
    fe: FileExtract, cls: Class, holder: str, data: bytes, resolver: ConstructorResolver
) -> set[str]:
    """The string keys the ``__init__`` of ``cls`` (or the one it inherits) reads from its
    parameter ``holder``, and those the project bases' constructors read from what it hands
    them of that parameter."""
    keys: set[str] = set()
    at: tuple[FileExtract, Class] | None = (fe, cls)
    name: str | None = holder
    for _hop in range(_MAX_HOPS):
        if at is None or name is None:
            break
        here, klass = at
        init = next((f for f in here.functions if f.qualname == f"{klass.qualname}.__init__"), None)
        if init is None:
            # an inherited constructor: the first project base's, under its own name
            at = _first_project_base(here, klass, resolver)
            if at is not None:
                name = _lone_parameter(at, resolver)
            continue
        code = _body(here, init, data if here is fe else None, resolver)
        keys |= _read_as_keys(code, name)
        if not _hands_on(code, name):
            break
        at = _first_project_base(here, klass, resolver)
        name = _lone_parameter(at, resolver) if at is not None else None
    return keys


def _read_as_keys(code: str, holder: str) -> set[str]:
    """The identifier-like string keys ``code`` reads from ``holder``."""
    owner = rf"(?<![\w.]){re.escape(holder)}"
    getter = rf"{owner}\s*(?:\.\s*(?:get|pop|setdefault)\s*\(\s*|\[\s*)([\"'])([A-Za-z_]\w*)\1"
    tested = rf"([\"'])([A-Za-z_]\w*)\1\s+(?:not\s+)?in\s+{owner}(?![\w.])"
    found = {m[1] for m in re.findall(getter, code)}
    return found | {m[1] for m in re.findall(tested, code)}


def _hands_on(code: str, holder: str) -> bool:
    """``code`` calls a base's ``__init__`` (``super().__init__(...)``, ``super(C, self)
    .__init__(...)``, ``Base.__init__(self, ...)``) with ``holder`` among its arguments (as
    itself, unpacked into a new dict, or copied)."""
    for match in re.finditer(r"\.\s*__init__\s*\(", code):
        if re.search(rf"(?<![\w.]){re.escape(holder)}\b", _call_arguments(code, match.end())):
            return True
    return False


def _call_arguments(code: str, opening: int) -> str:
    """The text of a call's arguments, from just after its ``(`` to the matching ``)`` (or
    the end)."""
    end = closing_bracket(code, opening)
    return code[opening:end] if end is not None else code[opening:]


def _first_project_base(
    fe: FileExtract, cls: Class, resolver: ConstructorResolver
) -> tuple[FileExtract, Class] | None:
    """The first base of ``cls`` that is a project class (bases listed first that are not,
    such as ``threading.local``, are passed over); recorded as read."""
    for written in cls.bases:
        found = resolver.resolve_class(fe, written, cls.parent_class)
        if found is not None:
            base_fe, base = found
            resolver.read.append((base_fe.path, base.qualname, base.span.start_line))
            return found
    return None


def _lone_parameter(at: tuple[FileExtract, Class], resolver: ConstructorResolver) -> str | None:
    """The one parameter besides ``self`` of the ``__init__`` that the class at ``at`` has or
    inherits (up to the hop limit), if it takes exactly one."""
    current: tuple[FileExtract, Class] | None = at
    for _hop in range(_MAX_HOPS):
        if current is None:
            return None
        here, klass = current
        init = next((f for f in here.functions if f.qualname == f"{klass.qualname}.__init__"), None)
        if init is not None:
            params = [p for p in init.params if p.name not in _RECEIVERS]
            lone = len(params) == 1 and params[0].kind not in ("vararg", "kwarg")
            return params[0].name if lone else None
        current = _first_project_base(here, klass, resolver)
    return None


def _body(
    fe: FileExtract, function: Function, data: bytes | None, resolver: ConstructorResolver
) -> str:
    """The code of ``function`` without its docstring (``data`` is its file's bytes when at
    hand; otherwise the project graph's source of ``fe``)."""
    if data is None:
        data = resolver.data(fe)
    code = data[function.span.start_byte : function.span.end_byte]
    if function.docstring is not None:
        doc = function.docstring.span
        code = (
            data[function.span.start_byte : doc.start_byte]
            + data[doc.end_byte : function.span.end_byte]
        )
    return code.decode("utf-8", "replace")
