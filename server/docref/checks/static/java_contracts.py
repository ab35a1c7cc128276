"""Exceptions a JDK supertype's method documents: the contract a Javadoc ``@throws`` restates.

A class implementing a JDK interface (or extending a JDK class) often copies the documentation
of the method it implements: ``sun.reflect``'s ``ParameterizedTypeImpl.getOwnerType`` keeps
``java.lang.reflect.ParameterizedType``'s ``@throws TypeNotPresentException`` although it
resolves the owner type eagerly and never throws there; an ``Iterator`` documents
``NoSuchElementException``.  Callers program against that contract, so such a tag is not
drift of the method's body.  A project supertype's method counts alike (joda-time's
``ReadableIntervalConverter.isReadableInterval`` restates ``IntervalConverter``'s ``@throws
ClassCastException`` with no ``@Override`` to say so, round 23).  The supertypes are resolved
as javac would (imports, the package, ``java.lang``, wildcard imports) through
:class:`.names_java.JavaScope`, project bases walked to their own supertypes; a JDK type's
documentation is read from the JDK's ``src.zip`` (nothing is known of it without one).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_java import JavaScope
from docref.external.lookup import java_external_doc

__all__ = ["supertype_contract"]

_TAG = re.compile(r"@(?:throws|exception)\s+([\w$.]+)")
_MAX_DOC = 20_000
_MAX_TYPES = 16


def supertype_contract(inp: StaticInput) -> frozenset[str]:
    """Simple names of the exceptions that the same-named method of a supertype outside the
    project documents (``@throws``/``@exception``); empty when none is known."""
    fn = inp.function
    if fn.parent_class is None:
        return frozenset()
    scope = JavaScope(inp.graph, inp.file, fn, inp.source)
    names = _project_contract(inp, scope)
    if scope.src_zip is None:
        return frozenset(names)
    for supertype in scope.outside_supertypes():
        doc = java_external_doc(f"{supertype}.{fn.name}", src_zip=scope.src_zip, max_doc=_MAX_DOC)
        if doc.found and doc.kind == "method" and doc.doc:
            names |= {m.rsplit(".", 1)[-1] for m in _TAG.findall(doc.doc)}
    return frozenset(names)


def _project_contract(inp: StaticInput, scope: JavaScope) -> set[str]:
    """The exceptions that a same-named method taking as many parameters documents in the
    project supertypes of the method's class (and theirs, breadth first)."""
    fn = inp.function
    if not scope.chain:
        return set()
    names: set[str] = set()
    seen = {scope.chain[0]}
    queue = [b for b in scope.project_bases(scope.chain[0]) if b not in seen]
    while queue and len(seen) < _MAX_TYPES:
        cls = queue.pop(0)
        seen.add(cls)
        fe = inp.graph.get(cls.path)
        if fe is None:
            continue
        for other in fe.functions:
            same = other.parent_class == cls.qualname and other.name == fn.name
            if not same or len(other.params) != len(fn.params) or other.docstring is None:
                continue
            span = other.docstring.span
            try:
                data = inp.graph.source(cls.path).encode("utf-8", "surrogatepass")
            except Exception:  # an unreadable file only costs the contract
                continue
            doc = data[span.start_byte : span.end_byte].decode("utf-8", "replace")
            names |= {m.rsplit(".", 1)[-1] for m in _TAG.findall(doc)}
        queue += [b for b in scope.project_bases(cls) if b not in seen]
    return names
