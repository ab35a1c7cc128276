"""An abstract base class documenting the constructor of its implementations.

A class docstring documents the call ``C(...)``; an abstract class is never called itself, and
its docstring is the interface's documentation, which may describe the arguments its backends'
constructors take: arcade 3's abstract ``Buffer(ctx)`` keeps the ``data``, ``reserve`` and
``usage`` entries of ``OpenGLBuffer(ctx, data, reserve, usage)``, the OpenGL backend that
subclasses it (round 57, 6 DEB).  :func:`without_backend_parameters` takes out the entries
naming a parameter that a project subclass's own ``__init__`` takes and the abstract class's
constructor does not, when those are more than the entries the constructor takes: beside a
constructor taking most entries, one a subclass adds is stale (poppy's ``BaseWavefront``
documenting the ``pixelscale`` only ``Wavefront`` takes, round 55 TRUE).  The subclasses
looked at are those of the class's file and of the files importing it (one hop through the
project graph), matched by the base's last name.  An entry no subclass takes (arcade's legacy
``target``) stays judged, and so does every entry of a concrete class.
"""

from __future__ import annotations

from docref.checks.static.class_constructors import ConstructorResolver
from docref.checks.static.class_gates import documented_names, without_entries
from docref.graph.model import Class, FileExtract
from docref.segments import ParsedDocstring

__all__ = ["without_backend_parameters"]


def _short(written: str) -> str:
    # ``abc.ABC`` / ``Base[T]`` -> ``ABC`` / ``Base``
    return written.split("[", 1)[0].rpartition(".")[2].strip()


def _abstract(fe: FileExtract, cls: Class, data: bytes) -> bool:
    """An ``ABC`` subclass, an ``ABCMeta`` class, or a class declaring an abstract method."""
    if any(_short(b) == "ABC" for b in cls.bases):
        return True
    header = data[cls.header_span.start_byte : cls.header_span.end_byte]
    if b"ABCMeta" in header:
        return True
    return any(
        f.parent_class == cls.qualname and any(_short(d) == "abstractmethod" for d in f.decorators)
        for f in fe.functions
    )


def without_backend_parameters(
    fe: FileExtract,
    cls: Class,
    data: bytes,
    parsed: ParsedDocstring,
    params: set[str],
    resolver: ConstructorResolver,
) -> ParsedDocstring:
    """``parsed`` without the entries naming parameters of a project subclass's ``__init__``
    that the constructor (``params``) does not take, when ``cls`` is abstract (see the module
    docstring); the subclasses read are recorded in ``resolver.read`` (the editor's reuse
    of a class check depends on them)."""
    if not _abstract(fe, cls, data):
        return parsed
    graph = resolver.graph
    taken: set[str] = set()
    for path in sorted({fe.path} | graph.importers_of(fe.path)):
        extract = fe if path == fe.path else graph.get(path)
        if extract is None:
            continue
        for sub in extract.classes:
            if sub is cls or not any(_short(b) == cls.name for b in sub.bases):
                continue
            init = f"{sub.qualname}.__init__"
            for f in extract.functions:
                if f.qualname == init:
                    resolver.read.append((path, sub.qualname, sub.span.start_line))
                    taken |= {p.name for p in f.params if p.kind not in ("vararg", "kwarg")}
    documented = documented_names(parsed, attributes=False)
    backends = (documented & taken) - params - {"self"}
    if len(backends) <= len(documented & params):
        # the abstract constructor takes most entries: one a subclass adds is stale here
        # (poppy's ``BaseWavefront`` documenting the ``pixelscale`` only ``Wavefront`` takes,
        # round 55 TRUE), not the interface documenting its backend's call
        return parsed
    return without_entries(parsed, backends)
