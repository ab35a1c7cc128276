"""Parameter entries that belong to another call the docstring writes (C1-PARAM-UNKNOWN; round 64).

A class docstring may list its public methods, each method's signature on a line of its own
with that method's parameter section nested under it (airbyte-cdk's ``TestReader``)::

    Public Methods:
        run_test_read(source, config, configured_catalog, state, record_limit=None) -> StreamRead:

            Parameters:
                source (ConcurrentDeclarativeSource): The data source to read from.

The entries there document ``run_test_read``, not the constructor: napoleon reads them as the
class's entries only because it does not know the block is nested.  :func:`documents_other_call`
accepts an entry when the nearest less-indented line above it (above its section heading, when
the heading is nested too) is such a signature line of another name, and the entry names one of
that call's arguments.  An entry under the line that the call does not have stays reported, as
does every entry of the docstring's own sections (their owner line is the docstring's summary,
not a call).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment

__all__ = ["documents_other_call"]

# ``name(a, b=1, *rest) -> T:`` alone on its line (a dotted ``obj.name(...)`` too)
_CALL_LINE = re.compile(r"(?:[A-Za-z_][\w.]*\.)?([A-Za-z_]\w*)\(([^()]*)\)\s*(?:->\s*[^:]+)?:?")
# a Google heading nested with its entries (``Parameters:``, ``Args:``)
_HEADING = re.compile(r"[A-Z][A-Za-z ]*:")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _owner_line(lines: list[str], indent: int) -> int | None:
    """The index of the nearest non-blank line of ``lines`` (read upwards) indented less
    than ``indent``."""
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip() and _indent(lines[i]) < indent:
            return i
    return None


def _call_arguments(line: str) -> tuple[str, set[str]] | None:
    """The called name and the argument names of a signature line, ``None`` for other lines."""
    match = _CALL_LINE.fullmatch(line)
    if match is None:
        return None
    names = set()
    for argument in match.group(2).split(","):
        argument = argument.split("=")[0].split(":")[0].strip().lstrip("*")
        if argument and not argument.isidentifier():
            return None  # ``f(x + 1)``: an expression, not a signature
        names.add(argument)
    return match.group(1), names - {""}


def documents_other_call(inp: StaticInput, segment: Segment, name: str) -> bool:
    """The entry of ``name`` sits under a signature line of another function that has an
    argument ``name`` (see the module docstring)."""
    body_start = inp.docstring.body_start
    line_start = inp.source.rfind("\n", body_start, segment.start) + 1 or body_start
    lines = inp.source[body_start:line_start].splitlines()
    owner = _owner_line(lines, segment.start - line_start)
    if owner is not None and _HEADING.fullmatch(lines[owner].strip()):
        # ``Parameters:`` nested under the signature line: the line above the heading
        owner = _owner_line(lines[:owner], _indent(lines[owner]))
    called = _call_arguments(lines[owner].strip()) if owner is not None else None
    if called is None:
        return False
    own = {inp.function.name, inp.function.qualname.split(".")[-1]}
    if inp.function.name in ("__init__", "__new__") and inp.function.parent_class:
        own.add(inp.function.parent_class.split(".")[-1])
    callee, arguments = called
    return callee not in own and name in arguments
