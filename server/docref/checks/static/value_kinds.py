"""The kinds of builtin value the prose type rules compare, in one table.

A *kind* is what a claim in words ("a list of ...", "the number of ...") or an annotation
(``Optional[List[str]]``: list and None) says a value is.  C2-PROSE-RETURN-TYPE and
C2-PROSE-PARAM-TYPE read claims and annotations into kinds (:mod:`.prose_returns`,
:mod:`.returns_annotation`), and the C2 type rules group the same builtin names
(:mod:`.type_shapes`, :mod:`.types_common`): one table, so a kind added to one is seen by all.
"""

from __future__ import annotations

import re

__all__ = ["ANNOTATION_KINDS", "CONTAINERS", "NUMBERS", "SCALARS", "java_kinds"]

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

# Java's declared types as kinds: primitives and their boxes, ``String``, and the collection
# interfaces and classes whose kind is certain (a ``char`` stays itself: a code point or a
# character, neither a count nor a string)
_JAVA_SCALARS = {
    **dict.fromkeys(("int", "Integer", "long", "Long", "short", "Short", "byte", "Byte"), "int"),
    **dict.fromkeys(("double", "Double", "float", "Float"), "float"),
    **dict.fromkeys(("boolean", "Boolean"), "bool"),
    **dict.fromkeys(("char", "Character"), "char"),
    **dict.fromkeys(("String", "java.lang.String"), "str"),
}
_JAVA_CONTAINERS = {
    **dict.fromkeys(
        ("List", "ArrayList", "LinkedList", "Collection", "Deque", "ArrayDeque"), "list"
    ),
    **dict.fromkeys(
        ("Set", "HashSet", "TreeSet", "SortedSet", "NavigableSet", "LinkedHashSet"), "set"
    ),
    **dict.fromkeys(
        ("Map", "HashMap", "TreeMap", "SortedMap", "NavigableMap", "LinkedHashMap"), "dict"
    ),
}


# a type-use annotation written inside the type (``byte @NotNull []``, ``@Nullable String``),
# with its arguments if any
_TYPE_USE = re.compile(r"@[A-Za-z_$][\w$.]*(?:\s*\([^()]*\))?\s*")


def java_kinds(declared: str | None) -> set[str] | None:
    """The kind of a Java declared type (``long``: a number, ``List<String>``: a list, an array
    of anything but ``char``/``byte``: a list), ``None`` when it is not certain (a class, a type
    variable, ``Object``, ``CharSequence``).  Type-use annotations are no part of the kind:
    zstd-jni's ``byte @NotNull [] dict`` is a ``byte[]`` (round 101j)."""
    text = _TYPE_USE.sub("", declared or "").strip()
    if text in _JAVA_SCALARS:
        return {_JAVA_SCALARS[text]}
    if text.endswith("[]"):
        return None if text[:-2].strip() in ("char", "byte") else {"list"}
    raw = text.split("<", 1)[0].strip().removeprefix("java.util.")
    kind = _JAVA_CONTAINERS.get(raw)
    return None if kind is None else {kind}
