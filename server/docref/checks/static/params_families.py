"""Parameter entries that document a family of arguments in one (C1-PARAM-UNKNOWN; the other
entries that name no parameter on purpose are in :mod:`.params_entries`).

* :func:`item_of_varargs`: ``body1, body2, body3...`` for ``*body`` -- the items of a
  variadic parameter, numbered after it (sympy's ``potential_energy(*body)``; ``mat1, ...,
  matN`` for ``*mats``, round 27); :func:`index_of_numbered`: ``afi`` for ``af1, af2, af3``;
  :func:`numbered_family_of_varargs`: ``matcher1,...`` for ``*items`` (round 83).
* :func:`leading_item_of_varargs`: ``phi`` before ``wires`` for ``(*params, wires, id)`` --
  the entries before the first keyword-only parameter's document the items of ``*params``,
  named (pennylane's operations inheriting ``Operator.__init__``, round 46).
* :func:`group_of_varargs`: ``*columns`` for ``column, *additional_columns`` -- one entry
  for a parameter and the ``*varargs`` after it (round 19).
* :func:`placeholder_of_family`: ``ndarray_abc_xyz`` for ``ndarray_mode``,
  ``ndarray_size_threshold``, ... -- a made-up tail (``xyz``, ``xxx``, ``foo``) on the prefix
  two or more parameters share: one entry for the family (jsonpickle, round 20), like
  Javadoc's ``@param M`` for ``Mxx, Mxy``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docref.checks.static.params_suggest import closest_parameter
from docref.core.segment import Segment
from docref.graph.model import Param

__all__ = [
    "group_of_varargs",
    "index_of_numbered",
    "item_of_varargs",
    "leading_item_of_varargs",
    "numbered_family_of_varargs",
    "placeholder_of_family",
]


def item_of_varargs(name: str, varargs: Iterable[str]) -> bool:
    """``name`` is the vararg's name, or its singular, with a number or an index letter
    (``body1`` for ``*body``; ``mat1``, ``mat2``, ..., ``matN`` for ``*mats``, round 27)."""
    for v in varargs:
        stems = {v, v[:-1]} if v.endswith("s") and len(v) > 3 else {v}
        if any(re.fullmatch(rf"{re.escape(s)}_?(?:\d+|[nNkK])", name) for s in stems if s):
            return True
    return False


# an entry name that writes a numbered family: ``matcher1,...`` / ``matcher1, ...``
_NUMBERED_FAMILY = re.compile(r"[A-Za-z_]\w*?_?\d+\s*,\s*(?:\.\.\.|\u2026)")


def numbered_family_of_varargs(
    segments: list[Segment], segment: Segment, params: list[Param]
) -> bool:
    """``:param matcher1,...:`` on ``all_of(*items)``: the entry's name is itself a numbered
    family (a number on the name, then a comma and an ellipsis), so it documents the items of
    the function's ``*varargs`` whatever its stem (PyHamcrest's matchers, round 83: 7 FALSE).
    With no ``*varargs``, or one another entry already documents, the name stays judged."""
    if not _NUMBERED_FAMILY.fullmatch((segment.name or "").strip()):
        return False
    varargs = {p.name.lstrip("*") for p in params if p.kind == "vararg"}
    if not varargs:
        return False
    others = (e for e in segments if e is not segment and e.kind == "param" and e.name)
    named = ({n.strip().lstrip("*") for n in (e.name or "").split(",")} for e in others)
    return not any(names & varargs for names in named)


def index_of_numbered(name: str, params: Iterable[str]) -> bool:
    """``name`` is a stem and an index letter (``afi``, ``xn``) and two or more parameters are
    that stem numbered (``af1``, ``af2``, ``af3``): one entry for the numbered family, "the
    filters for dimension i" (round 27).  The stem with a number no parameter has
    (``af4``) stays judged, as does an index letter on a stem at most one parameter has."""
    match = re.fullmatch(r"([A-Za-z_]\w*?)_?[iInNkK]", name)
    if match is None:
        return False
    numbered = re.compile(rf"{re.escape(match.group(1))}_?\d+")
    return sum(numbered.fullmatch(p) is not None for p in params) >= 2


# varargs whose items each have a meaning of their own, which the docstring names
_GENERIC_ITEMS = frozenset({"params", "parameters", "args", "arguments"})


def leading_item_of_varargs(
    segments: list[Segment], segment: Segment, name: str, params: list[Param]
) -> bool:
    """``phi (float): rotation angle`` then ``wires``, ``id`` on ``(*params, wires, id)``: a
    signature whose only positional arguments are an undocumented generic ``*params`` followed
    by keyword-only parameters, and an unstarred entry before the first entry naming a parameter
    and not a near miss of one -- an item of the varargs, documented by its name.  A stale
    entry after the named ones (QutritUnitary's ``id``, judged TRUE), a renamed starred entry
    (``*summands`` for ``*operands``) and a positional signature stay judged."""
    own = [p for p in params if p.name not in ("self", "cls")]
    if not own or own[0].kind != "vararg" or "*" in (segment.name or ""):
        return False
    if own[0].name.lstrip("*") not in _GENERIC_ITEMS:
        return False  # ``s`` for ``(*size, rng=None)``: the sequence renamed (scikit-rf, TRUE)
    named = {p.name for p in own if p.kind == "keyword_only"}
    if not named:
        return False  # ``(*values)`` alone: a subclass's slots, judged (pyasn1, round 32)
    named.add(own[0].name.lstrip("*"))
    for entry in (s for s in segments if s.kind == "param" and s.name):
        if {n.strip().lstrip("*") for n in (entry.name or "").split(",")} & named:
            return False  # a named parameter's entry (or the varargs' own) came first
        if entry is segment:
            return closest_parameter(name, [p.name for p in own]) is None
    return False


def group_of_varargs(shown: str, name: str, params: list[Param], documented: set[str]) -> bool:
    """A starred entry ``*columns`` (``*cols``) whose singular is (abbreviates) a positional
    parameter (``column``) followed by an undocumented ``*varargs`` (``*additional_columns``):
    one entry for the first argument and the rest, as sqlalchemy's ``deferred`` and
    ``column_property`` document them (round 19), like Javadoc's one ``@param`` for a group.
    A parameter or ``*varargs`` with its own entry, or no ``*varargs``, leaves the name
    judged."""
    if not shown.startswith("*") or shown.startswith("**") or not name.endswith("s"):
        return False
    varargs = [p.name.lstrip("*") for p in params if p.kind == "vararg"]
    if not varargs or any(v in documented for v in varargs) or name[:-1] in documented:
        return False
    stem = name[:-1]
    first = [p.name for p in params if p.kind in ("positional", "positional_only")]
    # ``*cols`` for ``column``: the singular abbreviated
    return any(p == stem or (len(stem) >= 3 and p.startswith(stem)) for p in first)


# words that stand for any word in a name made up for a pattern (``prefix_xyz``)
_PLACEHOLDER_WORDS = frozenset(
    {"xyz", "xxx", "yyy", "zzz", "abc", "foo", "bar", "baz", "something", "whatever", "etc"}
)


def placeholder_of_family(name: str, names: Iterable[str], text: str = "") -> bool:
    """``name`` is a prefix and a made-up tail (``ndarray_abc_xyz``: placeholder words after
    ``ndarray_``) and two or more parameters start with that prefix: the entry documents
    them as one family.  A one-letter tail is a placeholder when the entry's ``text`` quotes
    it (pyNastran's ``remap_x``: "'x' may be nodes, elements, properties" for
    ``remap_nodes``, ``remap_elements``, ...); unquoted (``pos_x`` beside ``pos_y``) it is an
    axis, a real word.  A tail of real words (``ndarray_modes``) stays judged, and so
    does a placeholder tail on a prefix at most one parameter has."""
    words = name.split("_")
    cut = len(words)
    while cut > 0 and words[cut - 1].lower() in _PLACEHOLDER_WORDS:
        cut -= 1
    if cut == len(words) and len(words) > 1 and _quoted_letter(words[-1], text):
        cut -= 1
    if cut in (0, len(words)) or not words[cut - 1]:
        return False
    prefix = "_".join(words[:cut]) + "_"
    return sum(n.startswith(prefix) for n in names) >= 2


def _quoted_letter(word: str, text: str) -> bool:
    """``word`` is one letter the entry's text quotes as a symbol (``'x'``, ``"x"``, ```x```)."""
    if len(word) != 1 or not word.isalpha():
        return False
    return re.search(rf"(['\"`]){re.escape(word)}\1", text) is not None
