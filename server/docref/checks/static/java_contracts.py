"""Exceptions a JDK supertype's method documents: the contract a Javadoc ``@throws`` restates.

A class implementing a JDK interface (or extending a JDK class) often copies the documentation
of the method it implements: ``sun.reflect``'s ``ParameterizedTypeImpl.getOwnerType`` keeps
``java.lang.reflect.ParameterizedType``'s ``@throws TypeNotPresentException`` although it
resolves the owner type eagerly and never throws there; an ``Iterator`` documents
``NoSuchElementException``.  Callers program against that contract, so such a tag is not
drift of the method's body.  The supertypes are resolved as javac would (imports, the package,
``java.lang``, wildcard imports) through :class:`.names_java.JavaScope`, project bases walked to
their own supertypes; the documentation is read from the JDK's ``src.zip`` (nothing is known
without one: the rule then judges as before).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_java import JavaScope
from docref.external.lookup import java_external_doc

__all__ = ["supertype_contract"]

_TAG = re.compile(r"@(?:throws|exception)\s+([\w$.]+)")
_MAX_DOC = 20_000


def supertype_contract(inp: StaticInput) -> frozenset[str]:
    """Simple names of the exceptions that the same-named method of a supertype outside the
    project documents (``@throws``/``@exception``); empty when none is known."""
    fn = inp.function
    if fn.parent_class is None:
        return frozenset()
    scope = JavaScope(inp.graph, inp.file, fn, inp.source)
    if scope.src_zip is None:
        return frozenset()
    names: set[str] = set()
    for supertype in scope.outside_supertypes():
        doc = java_external_doc(f"{supertype}.{fn.name}", src_zip=scope.src_zip, max_doc=_MAX_DOC)
        if doc.found and doc.kind == "method" and doc.doc:
            names |= {m.rsplit(".", 1)[-1] for m in _TAG.findall(doc.doc)}
    return frozenset(names)
