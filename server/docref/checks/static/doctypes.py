"""C1 documented type names: a class named as an entry's type that resolves to nothing.

``C1-DOCTYPE-UNRESOLVED`` reads the type of a parameter, return, yield or attribute entry
(Google ``x (Frobber): …``, NumPy ``x : Frobber``, reST ``:type x: Frobber`` /
``:param Frobber x:``, ``:rtype: Frobber``) and, in Javadoc, the exception of ``@throws`` /
``@exception``, and reports a class name in it that names nothing the function can see: its
file and class scope, imports, the project (any module), builtins, ``typing`` and
``collections.abc``.  A renamed class left in a docstring reads as if it still existed.

Precision first, as for bare names in prose (:mod:`.names`): only class-shaped names are
looked at (``CapWords``, or a dotted name ending in one), a type text that does not parse as a
type is not, and a name is reported only with a did-you-mean -- a class-shaped name in scope
that is a case variant of it or one or two edits away (``Frobber`` for ``Frobbler``).  A class
from a library the file does not import is documented by its short name all the time
(``DataFrame``, ``Figure``), and nothing in the file tells it from a stale one.  A
suggestion that is a type variable of the file (``TensorT = TypeVar("TensorT")``) is no
rename: the docstring names what the variable stands for (``dict[str, Tensor]``), nor is one
imported from a library that is not installed (its other classes cannot be listed), nor
one that is a local variable of the function (round 87, pyNastran's NumPy Returns listing
result names ``total_area`` / ``Isum`` / ``Jsum`` one per line: ``Jsum`` is no class).
"""

from __future__ import annotations

import builtins
import functools
import re
import typing
from collections import abc

from docref.checks.static.base import StaticInput
from docref.checks.static.names_external import external_doc
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_plural import singulars
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import Resolution
from docref.checks.static.names_spelling import suggest
from docref.checks.static.scopes import python_scope
from docref.checks.types import TypeExpr, parse_doc_type
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = ["RULE_DOCTYPE", "c1_doctype_unresolved"]

RULE_DOCTYPE = "C1-DOCTYPE-UNRESOLVED"

# a class name with a number or an index letter: one of several instances the entry
# enumerates (``FactorSet1, FactorSet2, ..., FactorSetn`` of ``*factorsets``, round 27)
_NUMBERED = re.compile(r"([A-Z]\w*?[a-z])_?(?:\d+|[nNkK])")

# A class-shaped name: CapWords with a lower-case letter (not ``URL``-only acronyms, not
# ``T``), optionally dotted (``pkg.mod.Frobber``); ``~``/``!`` Sphinx prefixes are dropped.
_CLASS_NAME = re.compile(r"(?<![\w.])[~!]?((?:[A-Za-z_]\w*\.)*[A-Z][a-z0-9]*[a-z]\w*)(?![\w(])")
_KNOWN = frozenset(dir(builtins)) | frozenset(dir(typing)) | frozenset(dir(abc))
# Docstring vocabulary that is capitalised without being a class name; and a builtin's type
# written as a word (Java's or the English one: ``String: the layer``, qiskit round 17, where
# "did you mean `StringIO`" named the wrong thing -- the type word's judge is C2's)
_WORDS = frozenset({"Default", "Defaults", "Optional", "Required", "Returns", "See", "Note"})
_WORDS |= frozenset({"String", "Integer", "Boolean", "Bool", "Float", "Double", "Number", "Long"})
_SECTIONS = frozenset({"param", "returns", "yields", "attribute"})
_SKIPPED = _KNOWN | _WORDS


def _parsed_names(expr: TypeExpr) -> set[str]:
    names = {expr.name.rpartition(".")[2]}
    for arg in expr.args:
        names |= _parsed_names(arg)
    return names


def _class_names(type_text: str) -> list[str]:
    """The class-shaped names of a documented type that the type parser reads as types, in
    order, without repeats (``Gaussians`` in ``array-like of shape (number of Gaussians,)``
    is a word of the shape, not a type)."""
    # most entry types name no class (``int``, ``array_like, optional``): no candidate, no
    # parse (the type parser is the costly part)
    found = [n for m in _CLASS_NAME.finditer(type_text) if (n := m.group(1))]
    found = [n for n in found if n.rpartition(".")[2] not in _SKIPPED]
    return list(_types_read(type_text, tuple(found))) if found else []


@functools.lru_cache(maxsize=2048)
def _types_read(type_text: str, found: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``found`` the type parser reads as types in ``type_text``.  A function of the
    text alone (no scope: the parse takes no aliases), so kept per text: a project writes the
    same types again and again (astropy: ``~astropy.units.Quantity`` in hundreds of entries),
    and the parse was ~1% of its cold run."""
    parsed = parse_doc_type(type_text)
    if parsed is None:
        return ()  # prose, not a type
    read = _parsed_names(parsed)
    return tuple(dict.fromkeys(n for n in found if n.rpartition(".")[2] in read))


def _class_shaped(name: str) -> bool:
    return _CLASS_NAME.fullmatch(name) is not None


def c1_doctype_unresolved(inp: StaticInput) -> list[Finding]:
    """``C1-DOCTYPE-UNRESOLVED``: a documented type name that names nothing in scope."""
    java = inp.file.language == "java"
    entries: list[tuple[Segment, list[str]]] = []
    for seg in inp.docstring.segments:
        if java and seg.kind == "raises" and seg.name:
            names = [seg.name.strip()] if _class_shaped(seg.name.strip()) else []
        elif not java and seg.kind in _SECTIONS and seg.type:
            names = _class_names(seg.type)
        else:
            continue
        if names:
            entries.append((seg, names))
    if not entries:
        return []
    scope: PythonScope | JavaScope
    scope = JavaScope(inp.graph, inp.file, inp.function, inp.source) if java else python_scope(inp)
    out: list[Finding] = []
    reported: set[str] = set()
    in_scope: list[str] | None = None
    for seg, names in entries:
        for name in names:
            if name in reported:
                continue
            if isinstance(scope, PythonScope):
                # a Python name is reported only when it is bare (a dotted one that misses
                # misses from its module or class: an owner, the name rules' business) and
                # has a did-you-mean among the names in scope -- the candidates a missing
                # bare name carries.  Without one, resolving it (external modules read
                # for it) cannot matter.
                if "." in name:
                    continue
                if in_scope is None:
                    in_scope = [c for c in sorted(scope.scope_candidates()) if _class_shaped(c)]
                if suggest(name, in_scope) is None:
                    continue
            resolution = _resolve(scope, name)
            if resolution.verdict != "missing" or resolution.owner:
                continue  # resolved, unknown, or a member missing from a module (name rules)
            if any(_resolve(scope, s).verdict != "missing" for s in singulars(name)):
                continue  # "List of Residues": instances of the class ``Residue``
            numbered = _NUMBERED.fullmatch(name)
            if numbered and _resolve(scope, numbered.group(1)).verdict != "missing":
                continue  # ``FactorSet1, FactorSet2, ..., FactorSetn``: instances, numbered
            candidates = [c for c in resolution.candidates if _class_shaped(c)]
            suggestion = suggest(resolution.missing, candidates)
            if suggestion is None or suggestion in _type_variables(inp):
                continue
            if inp.function is not None and suggestion in inp.function.local_names:
                continue  # ``Jsum`` beside the local ``Isum``: result names, not a class's
            if _from_unreadable_library(inp, suggestion):
                continue  # ``PyGraph`` beside ``from rustworkx import PyDiGraph``
            reported.add(name)
            what = "exception" if java else "type"
            message = (
                f"documented {what} `{name}` names nothing in scope; did you mean `{suggestion}`?"
            )
            fix_hint = f"rename `{resolution.missing}` to `{suggestion}` in this sentence"
            out.append(inp.finding(seg, Criterion.C1, RULE_DOCTYPE, message, fix_hint))
    return out


def _from_unreadable_library(inp: StaticInput, name: str) -> bool:
    """``name`` is imported from an external module the reader cannot read (not installed):
    a documented type one edit from it (``PyGraph`` beside ``from rustworkx import
    PyDiGraph``, round 17) may well be that library's other class.  With the library
    installed, the name is looked up there and a missing one stays reported."""
    for imp in inp.file.imports:
        if imp.bound_name != name or imp.name is None or imp.level or not imp.module:
            continue
        if inp.graph.modules.module_path(imp.module) is not None:
            return False  # a project module: read
        return not external_doc(inp.graph, imp.module).found
    return False


def _type_variables(inp: StaticInput) -> set[str]:
    """Module-level names of the file bound to a ``TypeVar(...)`` call."""
    return {
        v.name
        for v in inp.file.variables
        if v.scope == "module" and any(r.rpartition(".")[2] == "TypeVar" for r in v.value_refs)
    }


def _resolve(scope: PythonScope | JavaScope, name: str) -> Resolution:
    if isinstance(scope, JavaScope):
        return scope.resolve_reference(name)
    parts = name.split(".")
    return scope.resolve_bare(name) if len(parts) == 1 else scope.resolve_dotted(parts)
