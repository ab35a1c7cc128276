"""What changed in a project graph since a consumer last looked: the input of incremental
checking.

A check of one function depends on its own text, on the *surface* of its file (imports, the
names and headers of its entities), on the 1-hop entities it references (the graph's
dependents of a change, matched by name) and on the project's set of names (a name mentioned
in a docstring resolves against every module and entity of the project).  The graph tells
each :class:`ChangeLog` attached to it about every update in those terms, so a consumer can
re-check exactly the functions whose inputs changed and reuse the others' results:

- ``stale(rel)``: the qualnames of ``rel`` whose 1-hop context changed (dependents: the
  functions of ``rel`` using, by last name component, an entity changed in ``rel`` or in a
  file it imports; worked out when ``rel`` is next taken, so an edit of a file imported by
  hundreds costs nothing until one of them is checked);
- ``whole(rel)``: ``rel``'s surface changed (or it was re-read from scratch): nothing of it
  is reusable;
- ``epoch``: bumped when the project's set of names changed or the graph was re-indexed;
  results made under an older epoch are not reusable anywhere.  A changed entity of a Java
  file bumps it too: classes of one package see each other without an import, which the
  graph's links do not follow (Java edits are checked in full).

A Python entity whose text changed only inside docstrings (its own or its methods') makes
no dependent stale: the static rules read another entity's code -- its signature, body,
fields, whether it has a docstring -- never the words of its docstring (a class's check,
which reads its constructor's docstring, is made again on every check of its file).  Its
own check is redone all the same (the consumer compares its full text).
"""

from __future__ import annotations

import hashlib
import itertools
import weakref
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping

from docref.graph.model import Class, FileExtract, Function, Import, Variable

__all__ = ["ChangeLog", "ChangeTracker", "code_fingerprints", "surface_of"]


def surface_of(fe: FileExtract, data: bytes) -> str:
    """A hash of what other functions of the file (and other files) may read of it besides
    function bodies: imports, and each entity's qualname, decorators and header (a
    variable's whole statement).  An edit inside a body or a docstring leaves it unchanged."""
    h = hashlib.blake2b(digest_size=12)
    for imp in fe.imports:
        h.update(f"i{imp.module}|{imp.name}|{imp.alias}|{imp.level}|{imp.scope}\0".encode())
    for fn in fe.functions:
        span = fn.header_span
        h.update(f"f{fn.qualname}|{fn.decorators}|".encode())
        h.update(data[span.start_byte : span.end_byte])
    for cls in fe.classes:
        span = cls.header_span
        h.update(f"c{cls.qualname}|{cls.decorators}|".encode())
        h.update(data[span.start_byte : span.end_byte])
    for var in fe.variables:
        h.update(f"v{var.qualname}|".encode())
        h.update(data[var.span.start_byte : var.span.end_byte])
    return h.hexdigest()


def code_fingerprints(fe: FileExtract, data: bytes, only: set[str] | None = None) -> dict[str, str]:
    """A hash of each entity's text with the words of the docstrings in it left out (a
    mark keeps where each one is, so adding or removing a docstring still counts): equal
    for two versions that differ only inside docstrings.  Qualnames written twice fold
    into one hash, as the graph's fingerprints do.  ``only``: those qualnames alone."""
    docs = [d.span for d in (fe.module_docstring,) if d is not None]
    docs += [f.docstring.span for f in fe.functions if f.docstring is not None]
    docs += [c.docstring.span for c in fe.classes if c.docstring is not None]
    docs.sort(key=lambda span: span.start_byte)
    starts = [span.start_byte for span in docs]
    out: dict[str, str] = {}
    entities: list[Function | Class | Variable] = [*fe.functions, *fe.classes, *fe.variables]
    for ent in entities:
        if only is not None and ent.qualname not in only:
            continue
        start, end = ent.span.start_byte, ent.span.end_byte
        h = hashlib.blake2b(out.get(ent.qualname, "").encode(), digest_size=8)
        position = start
        for i in range(bisect_left(starts, start), len(docs)):
            span = docs[i]
            if span.start_byte >= end:
                break
            h.update(data[position : span.start_byte])
            h.update(b"\0docstring\0")
            position = max(position, span.end_byte)
        h.update(data[position:end])
        out[ent.qualname] = h.hexdigest()
    return out


class ChangeLog:
    """The changes of one graph not yet taken by its consumer (see the module docstring)."""

    def __init__(self) -> None:
        self.epoch = 0
        # rel -> last name components of entities changed in rel or in files it imports
        self._pending: dict[str, set[str]] = {}
        # rel -> its qualnames whose text changed (an overload's siblings read each other)
        self._changed: dict[str, set[str]] = {}
        self._whole: set[str] = set()

    def note_changed(self, rel: str, changed: Iterable[str], users: Iterable[str]) -> None:
        """The entities ``changed`` (qualnames) of ``rel`` changed; ``users`` are ``rel``
        and the files importing it."""
        qualnames = set(changed)
        if not qualnames:
            return
        self._changed.setdefault(rel, set()).update(qualnames)
        names = {q.rsplit(".", 1)[-1] for q in qualnames}
        for user in users:
            self._pending.setdefault(user, set()).update(names)

    def note_whole(self, rel: str) -> None:
        self._whole.add(rel)

    def note_names(self) -> None:
        """The project's set of names changed (or everything was re-read)."""
        self.epoch += 1
        self._pending.clear()
        self._changed.clear()
        self._whole.clear()

    def take(
        self,
        rel: str,
        users_by_name: Callable[[], Mapping[str, list[str]]],
        qualnames: Iterable[str] = (),
    ) -> tuple[bool, set[str], bool]:
        """``(whole, stale, reached)`` of ``rel`` since the last ``take`` of it; forgets them
        (``reached``: some code changed in ``rel`` or in a file it imports).
        ``users_by_name`` maps a name's last component to the qualnames of ``rel``'s
        functions using it (asked only when something ``rel`` reads changed);
        ``qualnames`` are ``rel``'s entities: one named like a changed entity is stale too
        (an override reads what it overrides without naming it)."""
        whole = rel in self._whole
        self._whole.discard(rel)
        stale = self._changed.pop(rel, set())
        names = self._pending.pop(rel, None)
        if names:
            users = users_by_name()
            stale.update(qualname for name in names for qualname in users.get(name, ()))
            stale.update(q for q in qualnames if q.rsplit(".", 1)[-1] in names)
        return whole, stale, bool(names)


def _bindings(imports: list[Import]) -> list[tuple[object, ...]]:
    """Imports without their lines (an edit above an import moves it, no more)."""
    return [(i.module, i.name, i.alias, i.level, i.scope, i.in_try, i.is_static) for i in imports]


_TOKENS = itertools.count()


class ChangeTracker:
    """The graph's side: tells its change logs about each update, and counts
    ``names_generation`` (bumped only when the project's set of names may have changed, so
    tables over every name are rebuilt then, not on each edit of a body)."""

    def __init__(self) -> None:
        self.names_generation = 0
        self.token = next(_TOKENS)  # tells this graph's keys from another's in shared caches
        # bumped when any file's surface (or the set of names) changed: results that read
        # other files' imports and headers, not their bodies, stay valid until then
        self.surface_generation = 0
        self._logs: weakref.WeakSet[ChangeLog] = weakref.WeakSet()
        # rel -> surface_of() of its last version seen (unknown for files only indexed)
        self._surfaces: dict[str, str] = {}
        # rel -> its last version seen (Python files; same lifetime): extract and text, whose
        # code fingerprints are worked out for the entities an update changed, only
        self._code: dict[str, tuple[FileExtract, bytes]] = {}
        # the names a check asked which files use as code (:func:`.code_names.files_using`):
        # a file starting or stopping to use one makes the results that read it suspect
        self.asked_ids: set[str] = set()

    def watch(self) -> ChangeLog:
        """A change log told about every later change (held weakly: it lives as long as its
        consumer keeps it)."""
        log = ChangeLog()
        self._logs.add(log)
        return log

    def names_changed(self, rel: str | None = None) -> None:
        """The set of names may have changed (``rel`` removed; ``None``: everything re-read)."""
        self.names_generation += 1
        self.surface_generation += 1
        if rel is None:
            self._surfaces.clear()
            self._code.clear()
        else:
            self._surfaces.pop(rel, None)
            self._code.pop(rel, None)
        for log in self._logs:
            log.note_names()

    def ids_changed(self, before: str, after: str) -> None:
        """A file's code identifiers went from ``before`` to ``after``
        (:attr:`.store.Entry.ids`): when a name a check asked about came or went, nothing the
        change logs' consumers hold is reusable (the names of the project's code changed)."""
        if before == after or not self.asked_ids:
            return
        if self.asked_ids & set(before.split()).symmetric_difference(after.split()):
            for log in self._logs:
                log.note_names()

    def keep_surface(self, rel: str, fe: FileExtract, data: bytes) -> None:
        """Remember the surface of ``rel``'s current version if not known yet, so its next
        update can tell whether it changed."""
        if rel not in self._surfaces:
            self._surfaces[rel] = surface_of(fe, data)
        if fe.language == "python" and rel not in self._code:
            self._code[rel] = fe, data

    def _code_changed(
        self, rel: str, fe: FileExtract, data: bytes, changed: list[str]
    ) -> list[str]:
        """Those of ``changed`` whose code changed, not only the words of a docstring (all
        of them when the last version's code is not known, or for Java)."""
        if fe.language != "python":
            self._code.pop(rel, None)
            return changed
        before = self._code.pop(rel, None)
        self._code[rel] = fe, data
        if before is None:
            return changed
        wanted = set(changed)
        old, new = code_fingerprints(*before, only=wanted), code_fingerprints(fe, data, wanted)
        return [q for q in changed if old.get(q) != new.get(q)]

    def updated(
        self,
        rel: str,
        old: tuple[Iterable[str], list[Import]] | None,
        new: tuple[Iterable[str], list[Import]],
        fe: FileExtract,
        data: bytes,
        changed: list[str],
        users: list[str],
    ) -> None:
        """``rel`` was re-extracted: ``old``/``new`` are its entity qualnames and imports
        before (``None``: a new file) and after; ``changed`` the qualnames whose text
        changed, ``users`` the files that may use them (``rel`` and its importers)."""
        surface = surface_of(fe, data)
        before = self._surfaces.get(rel)
        self._surfaces[rel] = surface
        # a dependent reads the code of what it uses, not its docstrings' words
        changed = self._code_changed(rel, fe, data, changed)
        code = self._code.get(rel)
        # Java: classes of one package see each other without an import, which the graph's
        # links do not follow, so any changed entity makes every result suspect
        java = rel.endswith(".java") and bool(changed)
        if (
            java
            or old is None
            or set(old[0]) != set(new[0])
            or _bindings(old[1]) != _bindings(new[1])
        ):
            self.names_changed()  # a name or an import came or went: nothing is reusable
            self._surfaces[rel] = surface
            if code is not None:
                self._code[rel] = code
            return
        if before != surface:
            self.surface_generation += 1
        for log in self._logs:
            log.note_changed(rel, changed, users)
            if before != surface:
                log.note_whole(rel)
