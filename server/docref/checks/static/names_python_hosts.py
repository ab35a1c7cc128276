"""``self.member`` in a class the project builds other classes on: the member may be a host's.

A class used as a base of other project classes (a mixin in all but name) reads, through
``self``, members its hosts supply: pygad's ``NSGA2`` documents ``self.population``, which
``GA(..., utils.nsga2.NSGA2, ..., utils.engine.GAEngine, ...)`` sets (round 60).  Only the
``self`` path counts: ``Class.member`` written from the class's name is not the host's
(pybamm's ``SpatialMethod.boundary_value``, which only its subclasses define: round 35's TRUE).
A host "has" a member it or its bases define, not a name its file merely spells (elfi's
``ROMC`` module has a local ``outputs``; ``self.outputs`` in ``ParameterInference`` names nothing:
round 102's TRUE).
"""

from __future__ import annotations

from docref.checks.static.names_python_targets import ClassTarget, Target
from docref.checks.static.names_python_walk import ProjectWalk
from docref.checks.static.names_scope import Resolution

__all__ = ["hosted_self", "hosts_have"]

_SELF_NAMES = frozenset({"self", "cls"})


def hosted_self(
    walk: ProjectWalk, parts: list[str], index: int, target: Target, own: str, step: Resolution
) -> bool:
    """Whether ``parts[:2]``, ``self.member`` missing from the documented function's own class
    ``own`` (``step``), is a member a project class built on it has."""
    return (
        step.verdict == "missing"
        and index == 1
        and parts[0] in _SELF_NAMES
        and isinstance(target, ClassTarget)
        and target.qualname == own
        and hosts_have(walk, target, parts[1])
    )


def hosts_have(walk: ProjectWalk, target: ClassTarget, name: str) -> bool:
    """Whether a project class built on ``target`` has ``name``.  The hosts looked at are the
    classes of the target's file, of the files importing it and of the files importing a
    package module that imports it (``from pygad import utils`` reaches ``utils/nsga2.py``
    through ``utils/__init__.py``) whose written base leads back to the target.  A name no
    host has either stays missing; a name a host's file only spells is not the host's."""
    graph = walk.graph
    files = {target.path} | graph.importers_of(target.path)
    for path in list(files):
        if path.endswith(("__init__.py", "__init__.pyi")):
            files |= graph.importers_of(path)
    last = target.qualname.rsplit(".", 1)[-1]
    for path in sorted(files):
        fe = graph.get(path)
        for cls in fe.classes if fe is not None else []:
            for base in cls.bases:
                parts = base.split("[", 1)[0].strip().split(".")
                if parts[-1] != last or not all(p.isidentifier() for p in parts):
                    continue
                host = ClassTarget(path, cls.qualname)
                if (
                    host != target
                    and walk.dotted_from(path, parts) == target
                    and walk.has_member(host, name, spelt=False)
                ):
                    return True
    return False
