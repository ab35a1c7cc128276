"""``is_subclass`` for the type normaliser, from the classes of a file and its project imports.

Classes are related by their bare names (the normaliser's canonical names of project classes
are bare or qualified; the last component decides).  A child is below a parent when:

* nominally: a chain of project bases reaches the parent;
* structurally: the parent is a ``typing.Protocol`` of the project and the child (with its
  project bases) defines every member the protocol (with its protocol bases) declares --
  what a type checker accepts for a documented ``ConsoleRenderable`` returning ``Text``; a
  builtin class by its real members (``list`` for xarray's recursive ``NestedSequence``).

An answer is unknown (``None``, recorded in :attr:`Oracle.unknown`) when an external base
class or an ambiguous name hides part of a chain: the rules then report nothing.

It is unknown too when one side is a namespace of constants: a project class without project
or library bases and without methods whose class-level names are all upper case (flytekit's
``class ResourceType(object): TASK = identifier_pb2.TASK; WORKFLOW = ...``, round 103).  No
instance of it is ever made; a docstring naming it means one of its values (``:rtype:
ResourceType`` on ``-> int``, judged FALSE), the type of which the names do not say.
"""

from __future__ import annotations

import builtins
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from docref.checks.static.base import StaticInput
from docref.checks.static.type_scope import file_key, in_reach
from docref.checks.types_hierarchy import is_known
from docref.graph.model import FileExtract

__all__ = ["Oracle"]

_ROOT_BASES = frozenset({"object", "Generic", "Protocol", "ABC"})
_PROTOCOL_BASES = frozenset({"Protocol"})
_MAX_DEPTH = 12
# members every class has: never what makes a class satisfy a protocol
_IMPLICIT = frozenset({"__init__", "__new__", "__init_subclass__", "__class_getitem__"})


def _last(name: str) -> str:
    return name.split("[", 1)[0].strip().rpartition(".")[2]


@dataclass
class _Table:
    bases: dict[str, list[str]]
    members: dict[str, set[str]]
    protocols: set[str]
    constants: set[str] = field(default_factory=set)


_CACHED_TABLES = 64
# one table per file version and the versions of the files it imports
_TABLES: OrderedDict[tuple[tuple[str, str], ...], _Table] = OrderedDict()
_TABLES_LOCK = threading.Lock()  # the language server checks from more than one thread


def _table_of(extracts: list[FileExtract]) -> _Table:
    key = tuple(file_key(e) for e in extracts)
    with _TABLES_LOCK:
        cached = _TABLES.get(key)
        if cached is not None:
            _TABLES.move_to_end(key)
            return cached
    table = _build_table(extracts)
    with _TABLES_LOCK:
        _TABLES[key] = table
        if len(_TABLES) > _CACHED_TABLES:
            _TABLES.popitem(last=False)
    return table


def _build_table(extracts: list[FileExtract]) -> _Table:
    bases: dict[str, list[str]] = {}
    members: dict[str, set[str]] = {}
    protocols: set[str] = set()
    constants: set[str] = set()
    ambiguous: set[str] = set()
    for extract in extracts:
        owned: dict[str, set[str]] = {}
        methods: set[str] = set()
        for fn in extract.functions:
            if fn.parent_class is not None:
                owned.setdefault(fn.parent_class, set()).add(fn.name)
                methods.add(fn.parent_class)
        for var in extract.variables:
            if var.owner is not None:
                owned.setdefault(var.owner, set()).add(var.name)
        for cls in extract.classes:
            names = [_last(b) for b in cls.bases if "=" not in b]
            if cls.name in bases and bases[cls.name] != names:
                ambiguous.add(cls.name)
            bases.setdefault(cls.name, names)
            members.setdefault(cls.name, owned.get(cls.qualname, set()) - _IMPLICIT)
            if _PROTOCOL_BASES & set(names):
                protocols.add(cls.name)
            if _constants(cls.qualname, names, methods, owned):
                constants.add(cls.name)
    for name in ambiguous:
        del bases[name]
        members.pop(name, None)
        protocols.discard(name)
        constants.discard(name)
    return _Table(bases, members, protocols, constants)


def _constants(
    qualname: str, bases: list[str], methods: set[str], owned: dict[str, set[str]]
) -> bool:
    """The class is a namespace of constants: no base but ``object``, no method, and only
    upper-case names (``TASK = ...``), two or more (see the module docstring)."""
    names = owned.get(qualname, set())
    return (
        set(bases) <= {"object"}
        and qualname not in methods
        and len(names) >= 2
        and all(n.isupper() for n in names)
    )


_FILE_LIKE = frozenset({"typing.IO", "IO", "typing.TextIO", "typing.BinaryIO"})
_FILE_METHODS = frozenset({"read", "write", "readline"})


@dataclass
class Oracle:
    """``is_subclass(child, parent)`` over the project classes in reach of the checked file.
    Records whether any answer was unknown."""

    inp: StaticInput
    unknown: bool = False
    _table: _Table | None = field(default=None, repr=False)

    def _build(self) -> _Table:
        if self._table is None:
            self._table = _table_of([self.inp.file, *in_reach(self.inp)])
        return self._table

    def _lineage(self, name: str) -> tuple[list[str], bool]:
        """``name`` and its project ancestors, and whether the chain is fully known."""
        table = self._build()
        seen: list[str] = []
        todo = [name]
        complete = True
        while todo and len(seen) < _MAX_DEPTH * 8:
            current = todo.pop()
            if current in seen:
                continue
            seen.append(current)
            for base in table.bases.get(current, []):
                if base in table.bases:
                    todo.append(base)
                elif base not in _ROOT_BASES:
                    complete = False
        return seen, complete and not todo

    def lineage(self, name: str) -> set[str] | None:
        """``name`` (a bare class name) and its project ancestors; ``None`` when ``name`` is
        no project class in reach."""
        if name not in self._build().bases:
            return None
        return set(self._lineage(name)[0])

    def members(self, name: str) -> set[str] | None:
        """The members ``name`` (a project class in reach) and its project ancestors define;
        ``None`` when ``name`` is no project class in reach."""
        table = self._build()
        last = _last(name)
        if last not in table.bases:
            return None
        return set().union(*(table.members.get(n, set()) for n in self._lineage(last)[0]))

    def _declared(self, protocol: str) -> set[str]:
        table = self._build()
        declared: set[str] = set()
        for name in self._lineage(protocol)[0]:
            if name in table.protocols:
                declared |= table.members.get(name, set())
        return declared

    def _builtin_satisfies(self, child: str, protocol: str) -> bool | None:
        """A builtin class against a project protocol, by its real members (``list`` is a
        ``NestedSequence``: ``__len__``, ``__getitem__``, ``__iter__``, ``__reversed__``)."""
        declared = self._declared(protocol)
        builtin = getattr(builtins, child, None)
        if not declared or not isinstance(builtin, type):
            return None  # a library class: its members are not read here
        return declared <= set(dir(builtin))

    def _satisfies(self, child: str, protocol: str) -> bool | None:
        table = self._build()
        declared = self._declared(protocol)
        if not declared:
            return None  # an empty protocol (or one declared elsewhere): nothing to match
        lineage, complete = self._lineage(child)
        defined = set().union(*(table.members.get(name, set()) for name in lineage))
        if declared <= defined:
            return True
        return False if complete else None

    def _elsewhere(self, name: str) -> bool:
        """``name`` is qualified by a module the project does not have while a project class
        bears its last part (polars' ``pc._typing.Engine``, a ``Literal`` alias of the optional
        ``polars_cloud``, is not its ``lazyframe.engine.Engine``): bare names do not relate it."""
        module, _, last = name.split("[", 1)[0].strip().rpartition(".")
        if not module or last not in self._build().bases:
            return False
        return self.inp.graph.modules.module_path(module) is None

    def _answer(self, child: str, parent: str) -> bool | None:
        table = self._build()
        c, p = _last(child), _last(parent)
        if c == p:
            return True
        if self._elsewhere(child) or self._elsewhere(parent):
            return None
        if {c, p} & table.constants:
            return None  # the type of one of its values, which its names do not tell
        if {child, parent} & _FILE_LIKE and (file_like := self._file_like(c, p)) is not None:
            return file_like
        if c not in table.bases:
            if p in table.protocols:
                return self._builtin_satisfies(c, p)
            # A builtin or library type cannot derive from a class of this project.
            return False if p in table.bases and is_known(child) else None
        lineage, complete = self._lineage(c)
        if p in lineage[1:] or any(p in table.bases.get(name, []) for name in lineage):
            return True
        if p in table.protocols:
            return self._satisfies(c, p)
        return False if complete else None

    def _file_like(self, child: str, parent: str) -> bool | None:
        """A project class that reads or writes (``read``/``write`` in its lineage) is the
        "file-like object" a docstring says (round 14, nibabel's ``ImageOpener``): a duck type,
        not the ``typing.IO`` class; ``None`` when neither side is such a project class."""
        table = self._build()
        for name in (child, parent):
            if name in table.bases:
                lineage, _complete = self._lineage(name)
                members = set().union(*(table.members.get(n, set()) for n in lineage))
                return True if members & _FILE_METHODS else None
        return None

    def __call__(self, child: str, parent: str) -> bool | None:
        answer = self._answer(child, parent)
        if answer is None:
            self.unknown = True
        return answer
