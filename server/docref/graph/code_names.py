"""The identifiers a file's code uses, and which files of the project use a name as code.

``project_names`` (the checks' table) holds what the project *defines*; a name may live on
as code without a definition of its own: another function's parameter or local, a keyword
argument, an attribute read, a library name a module imports.  A docstring's name that
resolves nothing in its function's scope yet is such a word of the project's code is far
more often that other code's vocabulary than a leftover of a rename (session 17: 4 TRUE of
22 on first sight; names found nowhere else 58-76%), so the name rules ask :func:`files_using`
before they report one.

Each file's identifiers are worked out once, when it is extracted, from the records the
extract already holds (parameters, locals, the names bodies use -- strings and comments
blanked --, imports, module and class variables and the names their values use, and the
attribute names it reads or sets by a string: ``getattr(channel, "_ctype", "proc")``), and kept
in the entry's *head*, so a warm start and a cold run's check workers have every file's
without decoding a body.  A Python file only: the Java rules do not ask.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docref.graph.model import FileExtract

if TYPE_CHECKING:
    from docref.graph.project import ProjectGraph

__all__ = ["code_identifiers", "files_using", "note_ids"]

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# an attribute named by a string literal: ``getattr(obj, "name"``, ``setattr(obj, 'name', v)``,
# ``hasattr``/``delattr`` (strings are blanked in the records, so the file's text is read).
# The literal ``attr(`` first, the name's head and boundary checked behind it: a pattern that
# starts with a lookbehind is tried at every position of the file, one that starts with a
# literal jumps between its occurrences in C (the same matches on 2,930 files holding
# ``attr(``, 18x faster; it was ~1% of a cold astropy run)
_ATTR_BY_NAME = re.compile(
    rb"attr\((?<=(?<![\w.])(?:get|set|has|del)attr\()"
    rb"\s*[\w.\[\]]+\s*,\s*[rbu]?([\"'])([A-Za-z_]\w*)\1"
)


def code_identifiers(fe: FileExtract, data: bytes = b"") -> str:
    """The identifiers ``fe``'s code uses, sorted, each between spaces (``" a b c "``: one
    string, searched with ``" name " in``, not a set per file kept for every file of the
    project); empty for a Java file.  ``data``, the file's text, adds the attributes its code
    names by a string (:data:`_ATTR_BY_NAME`): gwpy's writers read a channel's ``_ctype`` with
    ``getattr(channel, "_ctype", "proc")``, which a docstring elsewhere names (round 35)."""
    if fe.language != "python":
        return ""
    names: set[str] = set()
    if b"attr(" in data:  # most files have none: one C-level search, no regex
        names.update(m[2].decode() for m in _ATTR_BY_NAME.finditer(data))
    for fn in fe.functions:
        names.add(fn.name)
        names.update(p.name.lstrip("*") for p in fn.params)
        names.update(fn.local_names)
        names.update(fn.loop_names)
        for ref in fn.references:
            names.update(ref.name.split("."))
        for text in fn.decorators:
            names.update(_WORD.findall(text.split("(", 1)[0]))  # not a call's string arguments
    for cls in fe.classes:
        names.add(cls.name)
        for text in [*cls.bases, *cls.decorators]:
            names.update(_WORD.findall(text.split("(", 1)[0]))
    for var in fe.variables:
        names.add(var.name.rsplit(".", 1)[-1])
        for used in var.value_refs:
            names.update(used.split("."))
    for imp in fe.imports:
        names.update(imp.module.split("."))
        names.update(n for n in (imp.name, imp.alias) if n)
    # an ASCII identifier is what ``_WORD`` matches whole; two C calls, no regex per name
    found = sorted(n for n in names if n.isascii() and n.isidentifier())
    return f" {' '.join(found)} " if found else ""


def note_ids(users: dict[str, set[str]], rel: str, ids: str) -> None:
    """Keep the answers asked so far (``users``: name -> the files whose code uses it) in
    step with ``rel``'s identifiers ``ids`` (``""``: the file went): one file's work per
    asked name, so an edit costs nothing that grows with the project."""
    for name, files in users.items():
        if f" {name} " in ids:
            files.add(rel)
        else:
            files.discard(rel)


def files_using(graph: ProjectGraph, name: str) -> list[str]:
    """The project files (relative paths, sorted) whose code uses ``name`` as an identifier.

    The first question about a name reads every file's identifiers; the graph then keeps the
    answer up to date as files are installed and removed (:func:`note_ids`).  The graph's
    change tracker remembers that ``name`` was asked, so an edit elsewhere that makes a file
    start or stop using it tells the editor's change logs (results that read the answer are
    not reused); a check that records ``graph.asked`` keeps the answer with its report, and
    the results cache reuses the report only while the answer holds
    (:mod:`docref.engine.file_cache`)."""
    graph.changes.asked_ids.add(name)
    users = graph.id_users.get(name)
    if users is None:
        key = f" {name} "
        users = {rel for rel, entry in graph.entries.items() if key in entry.ids}
        graph.id_users[name] = users
    found = sorted(users)
    if graph.asked is not None:
        graph.asked[name] = found
    return found
