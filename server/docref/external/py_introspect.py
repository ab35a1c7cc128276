"""Documentation of live objects: builtins and the compiled parts of the standard library.

This is the only place where modules are imported, and only standard-library ones
(:func:`import_stdlib`): their source, when they have any, does not show everything
(``math``, ``_io``, module ``__getattr__``, ``__slots__``, objects built by calls).
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import re
import sys

from docref.external.py_locate import find_top, is_stdlib
from docref.external.py_source import shorten

#: :attr:`~docref.external.lookup.ExternalDoc.source` of a name read by introspection.
INTROSPECTION = "builtin introspection"

_PSEUDO_SELF = re.compile(r"\(\$\w+(?:,\s*)?")


def import_stdlib(modname: str) -> object | None:
    """Import a stdlib module, unless ``sys.path`` would import a shadowing file instead."""
    top = modname.partition(".")[0]
    if top not in sys.modules:
        spec = find_top(top, None)
        if spec is None or not is_stdlib(top, spec.origin):
            return None
    try:
        return importlib.import_module(modname)
    except Exception:
        return None


def is_stdlib_name(qualified: str) -> bool:
    """Whether ``qualified`` names something in the standard library or :mod:`builtins`."""
    top = qualified.partition(".")[0]
    return top in sys.stdlib_module_names or (not top.startswith("__") and hasattr(builtins, top))


def _callable_signature(obj: object, name: str) -> tuple[str, str | None]:
    raw_doc = getattr(obj, "__doc__", None)
    doc = raw_doc if isinstance(raw_doc, str) else None
    try:
        return f"def {name}{inspect.signature(obj)}", doc  # type: ignore[arg-type]
    except (TypeError, ValueError):
        pass
    text = getattr(obj, "__text_signature__", None)
    if isinstance(text, str) and text.startswith("("):
        return f"def {name}{_PSEUDO_SELF.sub('(', text, count=1)}", doc
    if doc:
        first, _, rest = doc.strip().partition("\n")
        if re.match(rf"{re.escape(name)}\s*\(", first):
            return f"def {first.strip()}", rest.strip() or None
    return f"def {name}(...)", doc


def object_doc(obj: object, name: str, in_class: bool) -> tuple[str, str | None, str | None]:
    """``(kind, signature, doc)`` of ``obj``, known as ``name`` (a class member if
    ``in_class``)."""
    if inspect.ismodule(obj):
        return "module", f"module {obj.__name__}", inspect.getdoc(obj)
    if inspect.isclass(obj):
        bases = [b.__name__ for b in obj.__bases__ if b is not object]
        line = f"class {name}({', '.join(bases)})" if bases else f"class {name}"
        return "class", line, obj.__doc__ if isinstance(obj.__doc__, str) else None
    if callable(obj):
        signature, doc = _callable_signature(obj, name)
        return ("method" if in_class else "function"), signature, doc
    if isinstance(obj, int | float | complex | str | bytes | type(None)):
        return "variable", shorten(f"{name} = {obj!r}"), None
    return "variable", f"{name}: {type(obj).__name__}", None
