"""Who imports whom in a project graph: each file's resolved import targets and, the other
way, each file's importers, kept in step as files are installed, replaced and removed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from docref.graph.modules import ModuleMap
from docref.graph.store import Entry

__all__ = ["ImportLinks"]


class ImportLinks:
    """The import edges of one project graph (its entries and module map are passed in:
    the graph replaces its module map on a re-index)."""

    def __init__(self) -> None:
        self.imports_of: dict[str, set[str]] = {}
        self.importers: dict[str, set[str]] = {}

    def link_all(self, entries: Mapping[str, Entry], modules: ModuleMap) -> None:
        self.imports_of.clear()
        self.importers.clear()
        for rel in entries:
            self.link(rel, entries, modules)

    def link(self, rel: str, entries: Mapping[str, Entry], modules: ModuleMap) -> None:
        """Recompute ``rel``'s outgoing edges (none if it is gone)."""
        for target in self.imports_of.pop(rel, set()):
            self.importers.get(target, set()).discard(rel)
        entry = entries.get(rel)
        if entry is None:
            return
        targets: set[str] = set()
        for imp in entry.imports:
            if entry.language == "java" and imp.name == "*":
                found = modules.java_package_files(imp.module)
                targets.update(found)
                continue
            resolved, _ = modules.resolve_import(rel, imp)
            if resolved is not None and resolved != rel:
                targets.add(resolved)
        self.imports_of[rel] = targets
        for target in targets:
            self.importers.setdefault(target, set()).add(rel)

    def relink_importers_of(
        self, rel: str, entries: Mapping[str, Entry], modules: ModuleMap
    ) -> None:
        """Relink every file whose imports could name ``rel`` (a new file can satisfy
        imports that were unresolved before)."""
        names = set(modules.names_of.get(rel, []))
        for other, entry in entries.items():
            if other == rel:
                continue
            if any(
                imp.level or imp.module in names or f"{imp.module}.{imp.name}" in names
                for imp in entry.imports
            ):
                self.link(other, entries, modules)

    def forget(self, rel: str, entries: Mapping[str, Entry], modules: ModuleMap) -> None:
        """Drop a removed file's edges both ways."""
        importers = self.importers.pop(rel, set())
        self.link(rel, entries, modules)  # clears its outgoing links
        for other in importers:
            self.imports_of.get(other, set()).discard(rel)

    def dependents(
        self, rel: str, changed: Iterable[str], entries: Mapping[str, Entry]
    ) -> list[tuple[str, str]]:
        """Functions whose 1-hop context includes a changed entity of ``rel``.

        Matching is by name (the last dotted component), which over-approximates: a
        re-check too many is cheap, a stale docstring verdict is not.
        """
        changed_set = set(changed)
        if not changed_set:
            return []
        short = {q.rsplit(".", 1)[-1] for q in changed_set}
        out: dict[tuple[str, str], None] = {}
        for other in [rel, *sorted(self.importers.get(rel, ()))]:
            entry = entries.get(other)
            if entry is None:
                continue
            if other == rel:
                for fn in entry.extract.functions:
                    if fn.qualname in changed_set:
                        out[(other, fn.qualname)] = None
            users = entry.users_by_name()
            for name in short:
                for qualname in users.get(name, ()):
                    out[(other, qualname)] = None
        return list(out)
