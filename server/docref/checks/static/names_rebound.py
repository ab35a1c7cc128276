"""Which binding of a module-level name stands when a file binds it twice (C1 name rules)."""

from __future__ import annotations

from docref.graph.model import FileExtract

__all__ = ["standing_class"]


def standing_class(fe: FileExtract, name: str) -> bool:
    """Whether the file's class ``name`` is what the module-level name stands for.  A class
    the file also imports under that name is a stand-in for the imported one (round 52,
    scvi-tools' ``autotune/__init__.py``: a stub ``AutotuneExperiment`` for docs builds, the
    real class imported in the other branch, a fallback class when the import fails): the
    import is the class users get.  ``class Foo(Foo)`` extending the imported ``Foo`` stays
    the class."""
    classes = [c for c in fe.classes if c.qualname == name]
    if not classes:
        return False
    if not any(not i.scope and i.bound_name == name for i in fe.imports):
        return True
    return any(name in (b.split("[", 1)[0].strip() for b in c.bases) for c in classes)
