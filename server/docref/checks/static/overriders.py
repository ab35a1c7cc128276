"""Whether a Python method is overridden by a project subclass.

A base-class method whose docstring lists the exceptions its overriders raise documents a
contract, not its own body (absl's ``ArgumentParser.parse`` documents the ``ValueError`` of
every parser that overrides it, while itself only checks the argument's type).  The subclasses
looked at are those of the method's file and of the files importing it (one hop through the
project graph), matched by the base's last name.
"""

from __future__ import annotations

from docref.checks.static.base import StaticInput

__all__ = ["overridden_in_project"]


def overridden_in_project(inp: StaticInput) -> bool:
    """Whether a subclass in reach defines a method of the same name (see the module doc)."""
    fn = inp.function
    if inp.file.language != "python" or fn.parent_class is None:
        return False
    owner = fn.parent_class.rsplit(".", 1)[-1]
    for path in sorted({inp.path} | inp.graph.importers_of(inp.path)):
        extract = inp.graph.get(path)
        if extract is None:
            continue
        for cls in extract.classes:
            if not any(b.split("[", 1)[0].rsplit(".", 1)[-1] == owner for b in cls.bases):
                continue
            if any(f.parent_class == cls.qualname and f.name == fn.name for f in extract.functions):
                return True
    return False
