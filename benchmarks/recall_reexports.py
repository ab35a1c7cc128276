"""A helper rename reaches the files that re-export the helper (``benchmarks/recall.py``).

Until session 37 a ``helper-rename`` edited the helper's own file only.  A package
``__init__`` that re-exports it (``from ._sophia import sophia`` with ``"sophia"`` in
``__all__``) kept the old name, so ``:func:`optax.contrib.sophia``` still resolved -- through an
import line that no longer works -- and the mutation was no drift a person leaves: renaming a
public helper, they rename its re-export too.  The rename is now made in each project file that
imports the helper from its module (the imported name; with no ``as`` alias or the re-export
idiom ``as`` the same name, also that alias and the whole-string constants naming it, the
``__all__`` entry), and again in the files importing it from those,
until no file is left.  A file that uses the helper as code is not reached here: the caller
(``recall._candidates``) leaves such helpers out as names shared between files.
"""

from __future__ import annotations

import ast

from recall_kinds import Source
from recall_mutate import Edit


def module_name(rel: str) -> str:
    """The dotted module of a file path relative to the project root (``pkg/sub/__init__.py``
    -> ``pkg.sub``)."""
    parts = rel[: -len(".py")].split("/") if rel.endswith(".py") else rel.split("/")
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_from(rel: str, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` in file ``rel`` names (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    package = module_name(rel).split(".")
    if not rel.endswith("__init__.py"):
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
    return ".".join([*base, node.module] if node.module else base)


def _file_edits(src: Source, module: str, old: str, new: str) -> tuple[list[Edit], bool] | None:
    """The edits renaming ``old`` imported from ``module`` in ``src`` and whether the file now
    re-exports it under the new name (no ``as`` alias); no edits when the file does not import
    it; None when an edit cannot be made."""
    edits: list[Edit | None] = []
    reexports = False
    for node in ast.walk(src.tree):
        if not isinstance(node, ast.ImportFrom) or imported_from(src.path, node) != module:
            continue
        for alias in node.names:
            if alias.name != old:
                continue
            edits.append(src.edit(alias.lineno, alias.col_offset, old, new))
            if alias.asname == old:
                # ``from .ctx import has_request_context as has_request_context``: the typed
                # re-export idiom, renamed on both sides (flask)
                line = src.blines[alias.lineno - 1]
                at = line.find(f" as {old}".encode(), alias.col_offset + len(old.encode()))
                edits.append(src.edit(alias.lineno, at + 4, old, new) if at >= 0 else None)
            reexports = reexports or alias.asname in (None, old)
    if reexports:
        for node in ast.walk(src.tree):
            if (
                isinstance(node, ast.Constant)
                and node.value == old
                and node.lineno == node.end_lineno
            ):
                edits.append(src.edit(node.lineno, node.col_offset + 1, old, new))
    if None in edits:
        return None
    return [e for e in edits if e], reexports


def reexport_edits(
    sources: dict[str, Source], path: str, old: str, new: str
) -> dict[str, list[Edit]] | None:
    """The edits, by file, that carry the rename of ``old`` (defined in ``path``) to ``new``
    through the project's re-exports; None when one of them cannot be made cleanly."""
    out: dict[str, list[Edit]] = {}
    todo = [module_name(path)]
    seen = set(todo)
    while todo:
        module = todo.pop()
        for rel, src in sources.items():
            if rel == path or rel in out or old not in src.text:
                continue
            found = _file_edits(src, module, old, new)
            if found is None:
                return None
            if not found[0]:
                continue
            out[rel], reexports = found
            if reexports and module_name(rel) not in seen:
                seen.add(module_name(rel))
                todo.append(module_name(rel))
    return out
