"""A class docstring documenting options its class spells by name, on a class whose own
constructor takes nothing.

Classes configured by declared options rather than constructor parameters document those
options as parameter entries: backtrader's ``params = (("commtype", None), ...)`` turned into
keywords by a metaclass (round 75, 17 FALSE), pyomo's ``CONFIG.declare("create_cuts", ...)``
(round 29, 23 FALSE), metaflow's ``defaults = {"libraries": ...}`` (round 44), django's
``parser.add_argument("directory")`` (round 25).  Each convention had a fix of its own; what
they share is that the class's code spells each entry's name as a string literal while the
class writes no constructor parameter of its own (no ``__init__``/``__new__``, or one taking
nothing besides ``self``).  A stale entry is a name the code no longer spells.

:func:`without_spelt_options` takes out such entries when two or more are spelt so (one
entry spelt by chance proves nothing; ``:func:`.class_dict_keys.without_dict_keys``` asks as
much).  Over the 900 judged class-docstring rows of ``C1-PARAM-UNKNOWN`` without a near miss
(session 37), the ones on a class without constructor parameters of its own split 0 TRUE /
62 FALSE when the class spells the name and 82 TRUE / 37 FALSE when it does not.  A class
writing a constructor with parameters, a generated constructor (dataclass fields), an entry
that is a near miss of a constructor parameter and a one-letter name stay judged.
"""

from __future__ import annotations

import ast
import textwrap

from docref.checks.static.class_gates import documented_names, without_entries
from docref.checks.static.class_signature import Constructor
from docref.checks.static.params_suggest import closest_parameter
from docref.graph.model import Class
from docref.segments import ParsedDocstring

__all__ = ["without_spelt_options"]

# how many entries the class must spell before they read as its declared options
_MIN_SPELT = 2


def without_spelt_options(
    cls: Class, ctor: Constructor, data: bytes, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries the code of ``cls`` spells as string literals,
    when its own constructor takes nothing and two or more are (see the module docstring)."""
    if ctor.model is not None or (ctor.own_method is not None and ctor.params):
        return parsed
    params = sorted(p.name.lstrip("*") for p in ctor.params)
    documented = documented_names(parsed, attributes=False) - set(params)
    # a one-letter name is an axis or a format code as often as an option
    wanted = {n for n in documented if len(n) > 1 and closest_parameter(n, params) is None}
    if len(wanted) < _MIN_SPELT:
        return parsed
    code = data[cls.span.start_byte : cls.span.end_byte].decode("utf-8", "replace")
    if sum(name in code for name in wanted) < _MIN_SPELT:
        return parsed  # the common case, without parsing
    spelt = wanted & _string_literals(" " * cls.span.start_col + code)
    return without_entries(parsed, spelt) if len(spelt) >= _MIN_SPELT else parsed


def _string_literals(code: str) -> set[str]:
    """The string literals of the class text ``code``, docstrings left out."""
    try:
        tree = ast.parse(textwrap.dedent(code))
    except SyntaxError:
        return set()
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }
