"""Members Lombok writes into a Java class at compile time, which its source never spells.

``@Getter``/``@Data``/``@Value`` make ``getX()`` (``isX()`` for a flag) of each field ``x``,
``@Setter``/``@Data`` make ``setX(...)``, and ``@Builder`` makes ``builder()`` and, with
``toBuilder = true``, ``toBuilder()``.  EvalEx's ``{@link
ExpressionConfiguration#getMaxRecursionDepth()}`` names the getter of the field
``maxRecursionDepth`` of a ``@Getter`` class (round 81j): a reference that resolves.  The
annotation is read on the file (on the class or on a field), the field among the file's words.
"""

from __future__ import annotations

import re

__all__ = ["lombok_member"]

_ACCESSOR = re.compile(r"(?P<verb>get|is|set)(?P<field>[A-Z]\w*)")
_GETTERS = re.compile(r"@(?:lombok\.)?(?:Getter|Data|Value)\b")
_MAKERS = {"get": _GETTERS, "is": _GETTERS, "set": re.compile(r"@(?:lombok\.)?(?:Setter|Data)\b")}
_BUILDER = re.compile(r"@(?:lombok\.)?(?:experimental\.)?(?:Super)?Builder\b(?P<args>\([^)]*\))?")


def lombok_member(source: str, name: str, words: frozenset[str] | set[str]) -> bool:
    """Whether Lombok makes member ``name`` in the class of ``source`` (a file that imports
    Lombok): an accessor of a field among ``words`` under an annotation that makes it, or the
    builder's methods."""
    if "lombok" not in source:
        return False
    if name in ("builder", "toBuilder"):
        found = _BUILDER.search(source)
        return found is not None and (
            name == "builder" or re.search(r"toBuilder\s*=\s*true", found["args"] or "") is not None
        )
    accessor = _ACCESSOR.fullmatch(name)
    if accessor is None or not _MAKERS[accessor["verb"]].search(source):
        return False
    field = accessor["field"]
    return field[0].lower() + field[1:] in words
