"""The kinds of builtin value the prose type rules compare, in one table.

A *kind* is what a claim in words ("a list of ...", "the number of ...") or an annotation
(``Optional[List[str]]``: list and None) says a value is.  C2-PROSE-RETURN-TYPE and
C2-PROSE-PARAM-TYPE read claims and annotations into kinds (:mod:`.prose_returns`,
:mod:`.returns_annotation`), and the C2 type rules group the same builtin names
(:mod:`.type_shapes`, :mod:`.types_common`): one table, so a kind added to one is seen by all.
"""

from __future__ import annotations

__all__ = ["ANNOTATION_KINDS", "CONTAINERS", "NUMBERS", "SCALARS"]

SCALARS = frozenset({"bool", "int", "float", "complex", "str", "bytes"})
"""Values with no items (a string's characters are not what a claim about it describes)."""

CONTAINERS = frozenset({"list", "tuple", "dict", "set"})
"""Values holding items: a flag or a count said of one may describe its items."""

NUMBERS = frozenset({"int", "float", "complex"})
"""Numbers: a count ("the number of") is any of them."""

ANNOTATION_KINDS: dict[str, str] = {
    **{k: k for k in sorted(SCALARS | CONTAINERS)},
    **{"bytearray": "bytes", "frozenset": "set", "None": "None"},
}
"""The builtin value types an annotation may name, canonical (``List`` is ``list``), and the
kind of value each is."""
