"""The walk targets of :mod:`.names_python_walk`: what a name of a project module or class
leads to -- a project module or class, an external object, or a leaf whose members are not
followed.  :class:`~docref.checks.static.names_python.PythonScope`'s resolver starts the walk
from them and the walk's steps answer with them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "LEAF",
    "ClassTarget",
    "ExternalTarget",
    "LeafTarget",
    "ModuleTarget",
    "Target",
    "UnboundImport",
]


@dataclass(frozen=True, slots=True)
class ModuleTarget:
    """A project module (``path`` ``None``: a namespace package without a file)."""

    name: str
    path: str | None  # None: a namespace package without a file


@dataclass(frozen=True, slots=True)
class ClassTarget:
    """A project class, by its file and qualified name."""

    path: str
    qualname: str


@dataclass(frozen=True, slots=True)
class ExternalTarget:
    """An installed module's object, by its qualified name and kind (``module``, ``class``...)."""

    qualified: str
    kind: str


@dataclass(frozen=True, slots=True)
class LeafTarget:
    """Resolved to something whose members the resolver does not follow."""


@dataclass(frozen=True, slots=True)
class UnboundImport(LeafTarget):
    """A name a project module imports from another project module that defines no such name
    (``from optax.contrib._acprop import acprop`` after ``acprop`` became ``acprp`` there):
    a leaf like any import's, but a path reaching it through the importing module names
    nothing (:meth:`.names_python_walk.ProjectWalk._step`)."""

    module: str
    name: str
    candidates: frozenset[str]


Target = ModuleTarget | ClassTarget | ExternalTarget | LeafTarget
LEAF = LeafTarget()
