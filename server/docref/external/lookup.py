"""API documentation for names that come from outside the project (ReFEree "external" context).

The 1-hop related information of a function renders every name it uses; names that resolve to
something outside the project (stdlib, third-party packages, the JDK) are rendered with their
real API documentation, read *statically* from the environment docref runs in:

* Python (:func:`python_external_doc`, implemented in :mod:`~docref.external.python`): modules are
  located with the import system's finders without executing anything; their source (or a
  ``.pyi`` stub) is parsed with :mod:`ast`.  Only compiled modules of the standard library
  (``math``, ``_io``, ``builtins`` ...) are ever imported, to be introspected.
* Java (:func:`java_external_doc`, implemented in :mod:`~docref.external.java`): the class's
  source is read from the JDK's ``src.zip`` and parsed with tree-sitter-java; the Javadoc is
  cleaned.

Both return an :class:`ExternalDoc`; a name that cannot be resolved gives one whose
``source`` is :data:`NOT_FOUND` and whose :meth:`ExternalDoc.render` is the bare name.
Lookups never raise.
"""

from __future__ import annotations

import inspect
import re
import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "DEFAULT_MAX_DOC",
    "NOT_FOUND",
    "ExternalDoc",
    "clear_caches",
    "find_src_zip",
    "java_external_doc",
    "jdk_api_type",
    "python_external_doc",
    "trim_doc",
]

#: Default maximum length, in characters, of :attr:`ExternalDoc.doc`.
DEFAULT_MAX_DOC = 1200

#: :attr:`ExternalDoc.source` of a name that could not be resolved.
NOT_FOUND = "not found"

_ELLIPSIS = " ..."
# End of a sentence: terminal punctuation, optionally a closing quote/bracket, then whitespace.
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?(?=\s)")


@dataclass(frozen=True)
class ExternalDoc:
    """The documentation of one external name.

    ``name`` is the qualified name asked for (``os.path.join``), ``kind`` one of
    ``function``, ``class``, ``method``, ``module``, ``variable`` or ``unknown``; ``signature``
    is the declaration as written (``def join(a, *p)``; several lines for overloads),
    ``doc`` the cleaned, trimmed documentation, ``source`` where it was read from (a file
    path, ``builtin introspection``, ``src.zip:java.base/java/util/List.java`` or
    ``not found``).
    """

    name: str
    kind: str
    signature: str | None
    doc: str | None
    source: str

    @property
    def found(self) -> bool:
        return self.source != NOT_FOUND

    def render(self) -> str:
        """The block content: the signature line(s), then the dedented documentation.

        A name that was not found (or has neither signature nor documentation) renders as the
        bare qualified name.
        """
        if not self.found or (not self.signature and not self.doc):
            return self.name
        parts = [self.signature] if self.signature else []
        if self.doc:
            parts.append(inspect.cleandoc(self.doc))
        return "\n".join(parts)


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A small thread-safe least-recently-used map (``get`` gives ``None`` on a miss)."""

    def __init__(self, maxsize: int) -> None:
        self._maxsize = maxsize
        self._data: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._maxsize:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


def not_found(name: str) -> ExternalDoc:
    return ExternalDoc(name=name, kind="unknown", signature=None, doc=None, source=NOT_FOUND)


def trim_doc(text: str | None, limit: int = DEFAULT_MAX_DOC) -> str | None:
    """Dedent ``text`` and cut it to at most ``limit`` characters.

    The cut falls on a paragraph boundary when one lies in the second half of the allowance,
    else on a sentence end, else on a word boundary; a cut text ends with `` ...``.
    Empty text gives ``None``.
    """
    if text is None:
        return None
    text = inspect.cleandoc(text).strip()
    if not text or limit <= 0:
        return None
    if len(text) <= limit:
        return text
    room = max(limit - len(_ELLIPSIS), 1)
    head = text[:room]
    floor = room // 2
    cut = head.rfind("\n\n")
    if cut < floor:
        ends = [m.end() for m in _SENTENCE_END.finditer(head + " ")]
        cut = ends[-1] if ends else -1
    if cut < floor:
        cut = max(head.rfind(" "), head.rfind("\n"))
    if cut < floor:
        cut = room
    return head[:cut].rstrip() + _ELLIPSIS


def python_external_doc(
    qualified: str,
    *,
    search_path: list[str] | None = None,
    max_doc: int = DEFAULT_MAX_DOC,
    render: bool = True,
) -> ExternalDoc:
    """Documentation of the Python name ``qualified`` (``os.path.join``, ``len``, ``dict.get``).

    ``search_path`` replaces :data:`sys.path` for locating modules: built-in and frozen modules
    (``sys``, ``os``, ``posixpath``...) are always found, the rest of the standard library only
    when its directories are in ``search_path``.  No third-party or project code is executed;
    standard-library modules may be imported to introspect compiled code.  Results for a
    package installed or removed after a lookup need :func:`clear_caches`.
    ``max_doc`` bounds the length of :attr:`ExternalDoc.doc`.  ``render=False`` answers only
    whether the name exists, its ``kind`` and ``source`` (no ``signature`` nor ``doc`` of a
    name read from source): what the name checks ask, without parsing a module only for its
    docstring.
    """
    from docref.external.python import lookup

    return lookup(qualified, search_path=search_path, max_doc=max_doc, render=render)


def java_external_doc(
    qualified: str,
    *,
    src_zip: str | None = None,
    max_doc: int = DEFAULT_MAX_DOC,
) -> ExternalDoc:
    """Documentation of the JDK name ``qualified`` (``java.util.List.add``).

    ``src_zip`` is the JDK's ``src.zip``; when omitted :func:`find_src_zip` locates one.
    An explicit path that does not exist is not replaced by another.
    """
    from docref.external.java import lookup

    return lookup(qualified, src_zip=src_zip, max_doc=max_doc)


def jdk_api_type(simple: str, *, src_zip: str | None = None) -> bool:
    """Whether ``simple`` (``QName``) is the simple name of a type of the JDK's public API, by
    the ``src.zip`` found as :func:`java_external_doc` finds it; ``False`` without one."""
    from docref.external.java import api_type_named

    return api_type_named(simple, src_zip=src_zip)


def find_src_zip() -> str | None:
    """The JDK ``src.zip`` to read Java API documentation from, or ``None``.

    Tried in order: ``$JAVA_HOME/lib/src.zip`` (``$JAVA_HOME/src.zip`` for JDK 8), the JDK of
    the ``java`` on ``PATH`` (symlinks resolved), then ``/usr/lib/jvm/*/lib/src.zip`` (newest
    version first).  Broken symlinks are skipped.
    """
    from docref.external.java import find_src_zip as find

    return find()


def clear_caches() -> None:
    """Forget every cached module location, parsed module and parsed Java class."""
    from docref.external import java, python

    python.clear_caches()
    java.clear_caches()
