"""A parameter's name with a number after it: one indexed instance of that value.

Prose names the instances of a quantity by subscripts: "a prior Normal with parameters
`loc0` and `scale0`" for the parameters ``loc`` and ``scale`` (tensorflow-probability, round
16), "an array with shape ``shape1``" (scipy, round 9), "generic field names such as
`field1`, `field2`" (elasticsearch, round 16), ``score_factor0`` (statsmodels, round 6): all
judged FALSE, the digits being notation.  A stale name ends in digits too, but then the name
the code has now carries them as well (``p_value2`` for ``pvalue2``, ``idx1`` for ``idxs1``,
``unitary_2`` for ``unitary2``: all judged TRUE), so :func:`indexed_instance` requires the
bare stem to be in scope and no name in scope to end in the same number.  An index letter
(``mesh_a``, pybamm, round 35) counts when the docstring writes the stem with another letter
too (``mesh_b``): a series of subscripts, not one renamed name; so does a placeholder
(``_read_X`` beside ``_read``: a family of functions a template names), and so does one after
the common start of two names or more of the owner (``stingray.fourier.avg_cs_from_XX``:
:func:`family_placeholder`).  So does a version after the stem (``addrv2`` beside ``addr``)
when one sentence writes both.

:func:`vararg_item` (round 21, pyjanitor's ``case_when(df, *args, ...)``: "arguments of the
form `condition0`, `value0`, `condition1`, `value1`, ...", judged FALSE): numbered plain words
in a function taking ``*args`` name the items of the varargs, which have no names of their
own.  Without ``*args`` such a name close to a parameter stays reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docref.graph.model import Param

__all__ = ["family_placeholder", "indexed_instance", "vararg_item"]

_INDEXED = re.compile(r"(?P<stem>[A-Za-z_]\w*?[A-Za-z])_?(?P<index>\d+)")


def indexed_instance(
    name: str, params: Iterable[str], candidates: Iterable[str], docstring: str = ""
) -> bool:
    """``name`` is a parameter or a name in scope (``candidates``) with a number after it,
    and no name there ends in that number (``loc0`` beside ``loc``, not ``unitary_2`` beside
    ``unitary2``); or with an index letter after an underscore when the ``docstring`` writes
    the same stem with another letter too (:func:`_lettered`)."""
    names = {*params, *candidates}
    if _versioned_beside(name, names, docstring):
        return True
    match = _INDEXED.fullmatch(name)
    if match is None:
        return _lettered(name, names, docstring) or _placeholder_suffix(name, names)
    if match["stem"] not in names:
        return False
    return not any(n != name and n.endswith(match["index"]) for n in names)


_VERSIONED = re.compile(r"(?P<stem>[A-Za-z_]\w*?[A-Za-z])_?[vV]\d+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _versioned_beside(name: str, names: set[str], docstring: str) -> bool:
    """``addrv2`` beside ``addr`` in scope when a sentence of the docstring names both: a thing
    and its version two ("Such addresses are used for `addr` and `addrv2` messages": the
    Bitcoin protocol's two messages, on bitcoinj's ``PeerAddress.inet(addr, ...)``, round
    104j), not a misspelling of the parameter.  A versioned name alone in its sentence may be
    a stale one (``encodeV2`` renamed ``encode``): it stays judged."""
    match = _VERSIONED.fullmatch(name)
    if match is None or match["stem"] not in names:
        return False
    stem = re.compile(rf"(?<![\w.]){re.escape(match['stem'])}(?!\w)")
    own = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
    sentences = _SENTENCE_END.split(docstring)
    return any(own.search(s) and stem.search(s) for s in sentences)


_LETTERED = re.compile(r"(?P<stem>[A-Za-z]\w*?[A-Za-z])_(?P<index>[a-z])")


def _lettered(name: str, names: set[str], docstring: str) -> bool:
    """``mesh_a`` beside ``mesh`` in scope when the docstring also writes ``mesh_b``: the
    subscripts of the maths ("For each child ``T_a`` on submesh ``mesh_a`` ... for each
    interface ``mesh_a`` <-> ``mesh_b``", pybamm, round 35), one instance per index letter.
    A lettered name with no sibling (``mesh_a`` alone) may be a renamed one: it stays judged."""
    match = _LETTERED.fullmatch(name)
    if match is None or match["stem"] not in names:
        return False
    stem, index = re.escape(match["stem"]), match["index"]
    return re.search(rf"(?<![\w.]){stem}_(?!{index}\b)[a-z](?!\w)", docstring) is not None


# the placeholder letters a template fills in: ``_read_X``, ``to_XXX``, ``get_xxx``
_PLACEHOLDER = re.compile(r"(?P<stem>[A-Za-z_]\w*?[A-Za-z])_(?:X{1,3}|x{3})")


def _placeholder_suffix(name: str, names: set[str]) -> bool:
    """``_read_X`` beside ``_read`` in scope: a name in scope with a placeholder after it names
    a family of functions (obspy's "passed on to the underlying ``_read_X()`` methods of the
    inventory plugins", round 24: ``_read_stationxml``, ...), not one renamed name.  A real
    word after the stem (``_read_xml``) stays judged."""
    match = _PLACEHOLDER.fullmatch(name)
    return match is not None and match["stem"] in names


def family_placeholder(name: str, names: Iterable[str]) -> bool:
    """``avg_cs_from_XX`` where the owner has two names or more that start ``avg_cs_from_``
    (stingray's "the results of ``stingray.fourier.avg_cs_from_XX`` functions", round 41:
    ``avg_cs_from_iterables``, ``avg_cs_from_events``, ...): the placeholder stands for a
    member of that family, a dotted name's last part too.  One such name is a rename's twin:
    the placeholder may be a stale spelling of it, and it stays judged."""
    match = _PLACEHOLDER.fullmatch(name)
    if match is None:
        return False
    prefix = match["stem"] + "_"
    return sum(1 for n in names if n.startswith(prefix) and n != name) >= 2


_WORD = re.compile(r"[a-z]{3,}")


def vararg_item(name: str, params: Iterable[Param]) -> bool:
    """``name`` is a lower-case word with a number after it (``value0``, ``condition1``) and
    the function takes ``*args``: a placeholder for one of its items."""
    match = _INDEXED.fullmatch(name)
    if match is None or _WORD.fullmatch(match["stem"]) is None:
        return False
    return any(p.kind == "vararg" for p in params)
