"""Names a Returns entry lists as members of the returned value, for ``C1-PROSE-NAME-STALE``.

A Returns (or Yields) entry that goes on to list what the returned object holds, one bulleted
item a member, defines those names itself::

    res : `OptimizeResult`
        Important attributes are:

        - `x` [list]: location of the minimum.
        - `func_vals` [array]: function value for each iteration.

``func_vals`` is an attribute of the result the docstring introduces, not the parameter
``func`` under an old name (round 27, scikit-optimize: five such false alarms).  Only the head
of an item counts -- the code-marked name that opens a bulleted line, then an optional type in
brackets or parentheses and ``:`` or a dash -- and only in a Returns/Yields entry: the same name
in the entry's text ("with all `typevar_map` keys replaced", pydantic's stale name) is still a
mention, and bullets under a parameter's entry list values the parameter takes.

A Returns entry's tuple of labels, "tuple of (``payload``, ``signature``, ``signature_type``)",
names the returned elements the same way (:func:`returned_label`; round 30, dulwich, whose
local is ``sig_type``), and so does the function's own name without its leading underscores:
"A list ``base_ordering`` such that ``base_ordering[point]`` is ..." under the Returns of
diofant's ``_base_ordering(base, degree)`` (round 93) calls the value what the function is
called, not the parameter ``base`` under an old name.
"""

from __future__ import annotations

import re

__all__ = ["returned_label"]

_RETURNED = frozenset({"returns", "yields"})
# the line's start up to the mention: indentation and a bullet
_BULLET = re.compile(r"(?:^|\n)[ \t]*[-*+\u2022][ \t]+[`*]*$")
# after the mention: its closing markup, an optional type (``[array]``, ``(list)``) and the
# item's separator
_ITEM_HEAD = re.compile(r"^[`*]*[ \t]*(?:[\[(][^\]\n)]*[\])][ \t]*)?(?::|--|\u2013|-[ \t])")


def returned_member(kind: str, text: str, start: int, end: int) -> bool:
    """The mention at ``text[start:end]`` (a segment of ``kind``) heads a bulleted item of a
    Returns/Yields entry: a member of the returned value the docstring lists."""
    if kind not in _RETURNED:
        return False
    return _BULLET.search(text, 0, start) is not None and _ITEM_HEAD.match(text[end:]) is not None


# a parenthesised tuple of code-marked labels around a mention: from the opening parenthesis
# to the mention, and from the mention to the closing one (only marked names and commas)
_LABEL = r"[`*]+\w+[`*]+"
_TUPLE_BEFORE = re.compile(rf"\((?:\s*{_LABEL}\s*,)*\s*[`*]+$")
_TUPLE_AFTER = re.compile(rf"^[`*]+(?:\s*,\s*{_LABEL})*\s*\)")


def returned_label(kind: str, text: str, start: int, end: int, function: str = "") -> bool:
    """The mention at ``text[start:end]`` (a segment of ``kind``) labels a member of the
    returned value: a bulleted item's head (:func:`returned_member`) or one of a tuple of two
    or more code-marked labels in parentheses; or labels the value itself by the name of the
    private ``function`` returning it, its leading underscores dropped."""
    if kind not in _RETURNED:
        return False
    if function.startswith("_") and text[start:end].strip("`*") == function.lstrip("_"):
        return True
    if returned_member(kind, text, start, end):
        return True
    before = _TUPLE_BEFORE.search(text, 0, start)
    after = _TUPLE_AFTER.match(text[end:])
    return before is not None and after is not None and "," in before[0] + after[0]
