"""Shared ground of the C1 name rules: resolutions, per-file name facts, project names.

A name mentioned in a docstring is judged by a resolver (:mod:`.names_python`,
:mod:`.names_java`); each answers with a :class:`Resolution`: ``resolved``, ``missing``
(provably names nothing) or ``unknown`` (the code could supply the name in a way a static
reader cannot follow: then the rules stay silent).  :func:`file_facts` collects the names of
one file once per content hash, including every identifier of its code outside docstrings and
comments: a name that occurs there is never reported.  :func:`project_names` gives the last
part of every entity and module name of the project, read from the graph without decoding
extracts.  The did-you-mean is :mod:`.names_spelling`'s.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from docref.checks.static.names_code import code_facts
from docref.checks.static.names_external import external_doc, external_fact
from docref.checks.static.names_spelling import fold, suggest
from docref.external.lookup import python_external_doc
from docref.external.py_introspect import INTROSPECTION, import_stdlib
from docref.external.py_locate import is_stdlib
from docref.external.py_source import load_source
from docref.graph.model import FileExtract, Import
from docref.graph.project import ProjectGraph

__all__ = [
    "RESOLVED",
    "UNKNOWN",
    "FileFacts",
    "Resolution",
    "external_complete",
    "file_facts",
    "missing",
    "module_names",
    "project_names",
    "project_variant",
    "sometimes_present",
]

Verdict = Literal["resolved", "unknown", "missing"]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a name leads to.  For ``missing``: ``owner`` describes what did resolve
    (``module `os.path```, ``class `Widget```; empty for a bare name), ``missing`` is the part
    that names nothing and ``candidates`` the names that owner offers; ``external`` tells that
    the owner is outside the project (its installed version may differ from the one the
    project targets: ``copy.replace`` is new in Python 3.13)."""

    verdict: Verdict
    owner: str = ""
    missing: str = ""
    candidates: tuple[str, ...] = ()
    external: bool = False


RESOLVED = Resolution("resolved")
UNKNOWN = Resolution("unknown")


def missing(
    owner: str, name: str, candidates: Iterable[str] = (), *, external: bool = False
) -> Resolution:
    """A ``missing`` resolution: ``owner`` has nothing called ``name``."""
    return Resolution("missing", owner, name, tuple(sorted(set(candidates))), external)


_FACTS_KEEP = 512
_PACKAGE_FILES = ("__init__.py", "__init__.pyi")
# Attributes a module has only at times: ``sys.ps1`` in interactive sessions, ``sys.last_*``
# after an uncaught exception.  Introspecting the live module cannot prove them absent.
_SOMETIMES = {
    "sys": frozenset({"ps1", "ps2", "last_type", "last_value", "last_traceback", "last_exc"})
    | frozenset({"tracebacklimit"}),
    "builtins": frozenset({"_"}),
}


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Names of one file, computed once per content hash.

    ``top``: module-level functions, classes, variables and file-level imports (Java: the
    top-level types); ``entities``: the last part of every entity qualname; ``locals``: the
    parameters and locals of every function; ``code_words``: every identifier of the code
    outside docstrings and Javadoc (string contents included); ``stars``: file-level star
    imports; ``dynamic``: the module may create names at run time.
    """

    top: frozenset[str]
    entities: frozenset[str]
    locals: frozenset[str]
    code_words: frozenset[str]
    stars: tuple[Import, ...]
    dynamic: bool


_FACTS: dict[tuple[str, str], FileFacts] = {}


def file_facts(fe: FileExtract, source: str | Callable[[], str]) -> FileFacts:
    """The :class:`FileFacts` of ``fe`` whose text is ``source`` (cached by content hash;
    ``source`` may be a function giving the text, called only when the facts are not known:
    a name walk asks for the same few files' facts hundreds of times)."""
    key = (fe.path, fe.content_hash)
    cached = _FACTS.get(key)
    if cached is not None:
        return cached
    if not isinstance(source, str):
        source = source()
    top = {c.qualname for c in fe.classes if "." not in c.qualname}
    top |= {f.qualname for f in fe.functions if "." not in f.qualname}
    top |= {v.name for v in fe.variables if v.scope == "module"}
    top |= {i.bound_name for i in fe.imports if not i.scope and i.name != "*"}
    entities = {f.name for f in fe.functions} | {c.name for c in fe.classes}
    entities |= {v.name for v in fe.variables}
    local_names = {p.name for f in fe.functions for p in f.params}
    local_names |= {n for f in fe.functions for n in f.local_names}
    code_words, dynamic = code_facts(fe, source)
    stars = tuple(i for i in fe.imports if i.name == "*" and not i.scope)
    facts = FileFacts(
        frozenset(top), frozenset(entities), frozenset(local_names), code_words, stars, dynamic
    )
    if len(_FACTS) >= _FACTS_KEEP:
        _FACTS.clear()  # a crude bound: facts are cheap to recompute
    _FACTS[key] = facts
    return facts


_PROJECT_NAMES: weakref.WeakKeyDictionary[ProjectGraph, tuple[int, _ProjectTables]] = (
    weakref.WeakKeyDictionary()
)


def class_members(graph: ProjectGraph, path: str, qualname: str) -> set[str]:
    """Names a class defines itself: methods, fields/attributes and nested classes, and the
    members its docstring declares (``.. attribute:: name``)."""
    fe = graph.get(path)
    if fe is None:
        return set()
    names = {f.name for f in fe.functions if f.parent_class == qualname}
    names |= {v.name for v in fe.variables if v.owner == qualname}
    for cls in fe.classes:
        if cls.qualname == qualname and cls.docstring is not None and ".. " in cls.docstring.text:
            # an interface declares what implementations provide: ``.. attribute::
            # timeout_exception`` in kazoo's IHandler docstring (round 15)
            names |= set(_DECLARED.findall(cls.docstring.text))
    return names | {c.name for c in fe.classes if c.parent_class == qualname}


# a member the class docstring declares with a Sphinx directive
_DECLARED = re.compile(
    r"^[ \t]*\.\.[ \t]+(?:py:)?(?:attribute|method|property|data)::[ \t]+([^\W\d]\w*)", re.M
)


def project_names(graph: ProjectGraph) -> frozenset[str]:
    """The last part of every entity qualname and module name of the project.

    Read from the entries' heads (fingerprints), so no extract is decoded; rebuilt when the
    graph says the project's set of names may have changed (``changes.names_generation``), not on
    every edit.
    """
    return _tables(graph).names


def project_variants(graph: ProjectGraph, folded: str) -> list[str]:
    """Project names whose case/underscore-folded form is ``folded``."""
    return _tables(graph).by_fold.get(folded, [])


def is_namespace_package(graph: ProjectGraph, dotted: str) -> bool:
    """Whether some project module lives below ``dotted`` (a package without ``__init__``)."""
    return dotted in _tables(graph).packages


@dataclass(frozen=True)
class _ProjectTables:
    names: frozenset[str]
    by_fold: dict[str, list[str]]
    packages: frozenset[str]


def _tables(graph: ProjectGraph) -> _ProjectTables:
    cached = _PROJECT_NAMES.get(graph)
    if cached is not None and cached[0] == graph.changes.names_generation:
        return cached[1]
    names = {q.rsplit(".", 1)[-1] for e in graph.entries.values() for q in e.fingerprints}
    names |= {part for module in graph.modules.by_name for part in module.split(".")}
    by_fold: dict[str, list[str]] = {}
    for name in sorted(names):
        by_fold.setdefault(fold(name), []).append(name)
    packages = {
        ".".join(parts[:i])
        for module in graph.modules.by_name
        for parts in [module.split(".")]
        for i in range(1, len(parts))
    }
    tables = _ProjectTables(frozenset(names), by_fold, frozenset(packages))
    _PROJECT_NAMES[graph] = (graph.changes.names_generation, tables)
    return tables


# --------------------------------------------------------------------------- external modules


def external_complete(graph: ProjectGraph, qualified: str) -> bool:
    """Whether every attribute of external module ``qualified`` is visible to the static
    reader (so a missing one provably does not exist); once per run (:mod:`.names_external`)."""
    return external_fact(graph, "complete", qualified, partial(_complete, graph))


def _complete(graph: ProjectGraph, qualified: str) -> bool:
    doc = external_doc(graph, qualified)
    if doc.kind != "module" or external_doc(graph, f"{qualified}.__getattr__").found:
        return False
    if doc.source == INTROSPECTION or is_stdlib(qualified, doc.source):
        return True  # the lookup falls back on the imported stdlib module: exact
    if not doc.source.endswith((".py", ".pyi")):
        return False
    module = load_source(qualified, doc.source, doc.source.endswith(_PACKAGE_FILES))
    # a star import the reader cannot follow may supply any name
    return module.error is None and all(external_doc(graph, s).found for s in module.stars)


def sometimes_present(module: str, name: str) -> bool:
    """``name`` is an attribute ``module`` has only in some states (``sys.ps2``)."""
    return name in _SOMETIMES.get(module, frozenset())


def module_names(qualified: str) -> set[str]:
    """Public top-level names of an external module (for did-you-mean): from its source, or
    from the imported module for a compiled standard-library one."""
    doc = python_external_doc(qualified)
    if doc.source == INTROSPECTION:
        module = import_stdlib(qualified)
        return {n for n in dir(module) if not n.startswith("__")} if module else set()
    if not doc.source.endswith((".py", ".pyi")):
        return set()
    source = load_source(qualified, doc.source, doc.source.endswith(_PACKAGE_FILES))
    return {name for name in source.scope if not name.startswith("_")}


def project_variant(graph: ProjectGraph, name: str) -> str | None:
    """The one name of the project that is a case/underscore variant of ``name`` of the same
    shape (``HtmlFormatter`` for ``HTMLFormatter``)."""
    return suggest(name, project_variants(graph, fold(name)), strict=True)
