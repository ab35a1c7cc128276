"""A docstring field's tag named as a word of markup, not a name of the code.

A docs generator or a docstring linter speaks of the fields it reads: pydoctor's
``GoogleDocstring._convert_type`` says "the content of a ``:type:`` or ``rtype`` field"
(round 97): ``rtype`` is the reST/Epydoc field, a word of the docstring's own markup, so it
names nothing of the code to resolve.  Only a field tag followed by "field(s)" is read so:
the tag alone (a parameter ``type``, a variable ``returns``) stays a name.
"""

from __future__ import annotations

import re

__all__ = ["names_a_docstring_field"]

# the tags of reST/Epydoc fields (Sphinx's info fields and Epydoc's), lower-case
_FIELD_TAGS = frozenset(
    {
        *("param", "parameter", "arg", "argument", "key", "keyword", "kwarg", "kwparam"),
        *("type", "kwtype", "paramtype", "returns", "return", "rtype", "returntype"),
        *("yields", "yield", "ytype", "raises", "raise", "except", "exception", "throws"),
        *("var", "ivar", "cvar", "vartype", "meta"),
    }
)
# after the mention and its closing markup: the word "field(s)"
_FIELD_AFTER = re.compile(r":?[`*]*\s+fields?\b", re.I)


def names_a_docstring_field(source: str, name: str, end: int, stop: int) -> bool:
    """``name`` (ending at ``end`` in ``source``, its sentence ending at ``stop``) is a
    docstring field's tag that the words after it call a field (``rtype`` in "the ``:type:``
    or ``rtype`` field")."""
    tag = name.strip(":").lower()
    return tag in _FIELD_TAGS and _FIELD_AFTER.match(source, end, stop) is not None
