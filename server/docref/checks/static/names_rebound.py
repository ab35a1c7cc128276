"""Which binding of a module-level name stands when a file binds it twice (C1 name rules),
and the module-level bindings of a file indexed for the name walk."""

from __future__ import annotations

from dataclasses import dataclass

from docref.graph.model import FileExtract, Import

__all__ = ["TopBindings", "standing_class", "top_bindings"]


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


@dataclass(frozen=True, slots=True)
class TopBindings:
    """The names a file binds at module level, by kind: what the walk asked of each file by
    scanning its functions, variables and imports once per name (~1% of a cold astropy run)."""

    classes: frozenset[str]  # class qualnames (``standing_class`` decides between namesakes)
    leaves: frozenset[str]  # function qualnames and module-level variables
    imports: dict[str, Import]  # bound name -> the first module-level import binding it


# path -> (id of the extract, its content hash, its bindings): an extract's lists are not
# changed once built, and a file re-extracted is a new object
_BINDINGS: dict[str, tuple[int, str, TopBindings]] = {}


def top_bindings(fe: FileExtract) -> TopBindings:
    """The :class:`TopBindings` of ``fe`` (built once per extract)."""
    known = _BINDINGS.get(fe.path)
    if known is not None and known[0] == id(fe) and known[1] == fe.content_hash:
        return known[2]
    imports: dict[str, Import] = {}
    for imp in fe.imports:
        if not imp.scope:
            imports.setdefault(imp.bound_name, imp)
    leaves = {f.qualname for f in fe.functions}
    leaves |= {v.name for v in fe.variables if v.scope == "module"}
    bindings = TopBindings(frozenset(c.qualname for c in fe.classes), frozenset(leaves), imports)
    _BINDINGS[fe.path] = (id(fe), fe.content_hash, bindings)
    return bindings
