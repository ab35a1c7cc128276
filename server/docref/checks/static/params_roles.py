"""Parameter entries that name a parameter by its role or notation, not its name.

:func:`~docref.checks.static.params.c1_param_unknown` leaves these entries alone:

- :func:`symbol_of_lone_parameter`: a Greek letter for the one parameter without an entry
  (``:param 𝚪:`` for ``*angles``);
- :func:`operand_by_role`: ``left``/``right`` for the receiver beside its counterpart;
- :func:`closure_variable`: a nested function documenting a variable of its enclosing
  function that its body reads (poppy's ``cached_R(n, m)`` documenting ``rho``, "found
  implicitly in the scope of the calling fn", round 55);
- :func:`labels_unused_underscore`: the role of a parameter named ``_`` (unused: an override
  or callback keeping the caller's signature) documented at its place in the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docref.checks.static.base import StaticInput
from docref.checks.static.params_common import greek_spelled
from docref.graph.model import RECEIVER_NAMES, Function

__all__ = [
    "closure_variable",
    "labels_unused_underscore",
    "operand_by_role",
    "symbol_of_lone_parameter",
]


def symbol_of_lone_parameter(
    name: str, signatures: Iterable[Function], documented: set[str]
) -> bool:
    """A Greek letter (``:param 𝚪:``, ``:arg θ:``) documenting the one parameter no other
    entry names in a signature of the function (its own or an ``@overload``'s, the receiver
    left out): ``Eul(cls, *angles, unit)`` documenting ``𝚪`` and ``unit`` writes the symbol
    its maths uses (spatialmath-python, round 55).  With every parameter documented, or two
    left, the letter names none of them and stays reported."""
    if len(name) != 1 or name.isascii() or not greek_spelled(name):
        return False
    for sig in signatures:
        own = [
            p.name for i, p in enumerate(sig.params) if not (i == 0 and p.name in RECEIVER_NAMES)
        ]
        if sum(c.lstrip("*") not in documented for c in own) == 1:
            return True
    return False


_ROLES = {"left": "right", "right": "left"}


def operand_by_role(function: Function, name: str, documented: set[str]) -> bool:
    """``left``/``right`` documenting the receiver of a method whose other parameter is the
    counterpart, which has its own entry (spatialmath-python's ``binop(self, right, op)``
    documenting ``left``, the object it is called on; round 55).  ``other`` for an
    operator's operand stays reported: judged both ways (plotnine's ``__add__(self, rhs)``
    TRUE in round 29, spatialmath's ``__mul__(left, right)`` DEBATABLE in round 55)."""
    params = [p.name for p in function.params]
    counterpart = _ROLES.get(name)
    return (
        counterpart is not None
        and len(params) >= 2
        and params[0] in RECEIVER_NAMES
        and counterpart in params
        and counterpart in documented
    )


def closure_variable(inp: StaticInput, name: str) -> bool:
    """A nested function's entry naming a parameter or local of the function it is defined
    in, which its body reads and does not bind: the value it uses from the enclosing scope,
    documented beside the arguments it is called with."""
    fn = inp.function
    if name in fn.local_names:
        return False
    enclosing = [
        f
        for f in inp.file.functions
        if f is not fn
        and f.span.start_byte < fn.span.start_byte
        and fn.span.end_byte <= f.span.end_byte
    ]
    if not enclosing:
        return False
    outer = max(enclosing, key=lambda f: f.span.start_byte)  # the innermost
    bound = {p.name.lstrip("*") for p in outer.params} | set(outer.local_names)
    return (
        name in bound and re.search(rf"(?<![\w.]){re.escape(name)}\b", inp.body_code()) is not None
    )


def labels_unused_underscore(name: str, entries: list[str], candidates: list[str]) -> bool:
    """An entry naming the role of the one parameter called ``_`` (or ``__``), at that
    parameter's place in the list of entries (``entries``: the documented names in order;
    ``candidates``: the parameters, the receiver left out), no entry naming ``_`` itself:
    sentinelhub's ``get_dates(self, _: OgcRequest)`` documenting ``request`` (round 92),
    inquirerpy's ``_exception_handler(self, _, context)`` documenting ``loop`` then
    ``context`` (round 73) -- the override keeps the caller's argument and says it is unused.
    An entry at another place (a parameter removed beside the ``_``), or with two ``_``-like
    parameters, stays reported."""
    blanks = [i for i, c in enumerate(candidates) if not c.strip("_")]
    if len(blanks) != 1 or any(not e.strip("_") for e in entries):
        return False
    place = blanks[0]
    return place < len(entries) and entries[place] == name
