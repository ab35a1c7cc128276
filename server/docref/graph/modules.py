"""Mapping between files and the module / class names other files import them by.

Python: a file's dotted names are taken relative to its import roots, the folders the
interpreter would have on ``sys.path`` (docs/cli.md, "Project root and import roots"): the first
ancestor directory that is not a regular package (has no ``__init__.py``), so ``src/`` and
``server/`` layouts resolve; every ``src`` folder (and Maven's ``src/main/python``), so
namespace packages below ``src/`` resolve; and the workspace root (namespace packages).
Relative imports follow package semantics: the base is the importing file's directory, one
level up per extra dot.  Java: ``package`` + file stem is the fully qualified name of the
file's top class (so Maven/Gradle ``src/main/java`` and any other layout resolve alike).
"""

from __future__ import annotations

import posixpath
import sys
from collections.abc import Iterable

from docref.graph.model import Import


def _strip_suffix(relpath: str) -> str:
    for suffix in (".pyi", ".py", ".java"):
        if relpath.endswith(suffix):
            return relpath[: -len(suffix)]
    return relpath


_SOURCE_FOLDERS = (("src",), ("src", "main", "python"))


def _source_folders(parts: list[str]) -> list[int]:
    """Where names below a ``src`` folder start in ``parts`` (the module's path, the file's
    own part excluded from matching), nearest folder first: ``a/src/ns/m.py`` -> ``ns.m``."""
    starts = []
    for i in range(len(parts) - 1, 0, -1):
        for folder in _SOURCE_FOLDERS:
            if tuple(parts[i - len(folder) : i]) == folder:
                starts.append(i)
    return starts


class ModuleMap:
    """Bidirectional file ↔ module-name index, rebuilt per file on change."""

    def __init__(self) -> None:
        self.by_name: dict[str, str] = {}
        self.names_of: dict[str, list[str]] = {}
        self.package_dirs: set[str] = set()  # dirs holding __init__.py(i)
        self.java_packages: dict[str, set[str]] = {}
        # short names rooted at a folder inside a regular package (an implicit namespace
        # subpackage): only files below that folder can import by them (a script or pytest's
        # rootdir insertion puts the folder on sys.path); for everyone else they are not names,
        # or ``optimizer/torch/`` would shadow the third-party ``torch``.  name -> [(folder, file)]
        self.scoped: dict[str, list[tuple[str, str]]] = {}

    # ---- maintenance ------------------------------------------------------------------

    def note_paths(self, relpaths: Iterable[str]) -> None:
        """Record which directories are regular packages before naming modules."""
        for rel in relpaths:
            base = posixpath.basename(rel)
            if base in ("__init__.py", "__init__.pyi"):
                self.package_dirs.add(posixpath.dirname(rel))

    def add_entry(self, path: str, language: str, package: str) -> None:
        self.remove(path)
        names = self._names_for(path, language, package)
        if language == "python":
            scoped = self._scoped_name(path, names)
            if scoped is not None:
                names.remove(scoped[1])
                self.scoped.setdefault(scoped[1], []).append((scoped[0], path))
        self.names_of[path] = names
        for name in names:
            # the first registration wins: .py before .pyi is decided by the caller order
            self.by_name.setdefault(name, path)
        if language == "java":
            self.java_packages.setdefault(package, set()).add(path)

    def remove(self, relpath: str) -> None:
        for name in self.names_of.pop(relpath, []):
            if self.by_name.get(name) == relpath:
                del self.by_name[name]
        for name, entries in list(self.scoped.items()):
            kept = [entry for entry in entries if entry[1] != relpath]
            if len(kept) != len(entries):
                if kept:
                    self.scoped[name] = kept
                else:
                    del self.scoped[name]
        for members in self.java_packages.values():
            members.discard(relpath)

    def _names_for(self, path: str, language: str, package: str) -> list[str]:
        stem = _strip_suffix(path)
        if language == "java":
            cls = posixpath.basename(stem)
            return [f"{package}.{cls}" if package else cls]
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names: list[str] = []
        # walk up while the directory is a regular package
        directory = posixpath.dirname(path)
        depth = 0
        while directory and directory in self.package_dirs:
            depth += 1
            directory = posixpath.dirname(directory)
        is_init = posixpath.basename(stem) == "__init__"
        keep = depth if is_init else depth + 1
        # the first folder that is no regular package is a guess at an import root; below the
        # workspace root it may be a namespace package's folder (``google/cloud/`` above
        # ``google/cloud/logging/``), never on ``sys.path``, so a name it gives never shadows a
        # standard module: ``import logging`` there is the standard library's (the full path
        # and ``src`` names, real roots, are kept)
        if parts and keep and (keep == len(parts) or parts[-keep] not in sys.stdlib_module_names):
            names.append(".".join(parts[-keep:]))
        for start in _source_folders(parts):
            name = ".".join(parts[start:])
            if name and name not in names:
                names.append(name)
        full = ".".join(parts)
        if full and full not in names:
            names.append(full)
        return names

    def _scoped_name(self, path: str, names: list[str]) -> tuple[str, str] | None:
        """(folder, short name) when ``path``'s first name is rooted at a folder that is not
        a regular package but sits inside one; None otherwise."""
        directory = posixpath.dirname(path)
        while directory and directory in self.package_dirs:
            directory = posixpath.dirname(directory)
        if not directory or posixpath.dirname(directory) not in self.package_dirs:
            return None
        stem = _strip_suffix(path)
        short = stem[len(directory) + 1 :].replace("/", ".").removesuffix(".__init__")
        if not short or short == "__init__" or short not in names or short == names[-1]:
            return None
        return directory, short

    def _scoped_file(self, importer: str, dotted: str) -> str | None:
        for folder, path in self.scoped.get(dotted, []):
            if importer.startswith(folder + "/"):
                return path
        return None

    # ---- queries ----------------------------------------------------------------------

    def module_path(self, dotted: str) -> str | None:
        return self.by_name.get(dotted)

    def resolve_import(self, importer: str, imp: Import) -> tuple[str | None, str | None]:
        """Resolve ``imp`` in file ``importer`` to (file, symbol-in-that-file).

        ``symbol`` is None when the import names a module itself.  Returns (None, None) for
        imports that leave the project (external).
        """
        if importer.endswith(".java"):
            return self._resolve_java(imp)
        if imp.level:
            base = posixpath.dirname(importer)
            for _ in range(imp.level - 1):
                base = posixpath.dirname(base)
            mod_dir = posixpath.join(base, *imp.module.split(".")) if imp.module else base
            if imp.name and imp.name != "*":
                sub = self._file_at(posixpath.join(mod_dir, imp.name))
                if sub is not None:
                    return sub, None
            target = self._file_at(mod_dir)
            return (target, imp.name if imp.name != "*" else None) if target else (None, None)
        if imp.name and imp.name != "*":
            dotted = f"{imp.module}.{imp.name}"
            sub = self.by_name.get(dotted) or self._scoped_file(importer, dotted)
            if sub is not None:
                return sub, None
            target = self.by_name.get(imp.module) or self._scoped_file(importer, imp.module)
            return (target, imp.name) if target else (None, None)
        # ``import a.b.c`` binds ``a`` but the file that matters is a.b.c
        target = self.by_name.get(imp.module) or self._scoped_file(importer, imp.module)
        return (target, None) if target else (None, None)

    def _file_at(self, stem: str) -> str | None:
        stem = posixpath.normpath(stem) if stem else ""
        for candidate in (
            f"{stem}.py",
            f"{stem}/__init__.py",
            f"{stem}.pyi",
            f"{stem}/__init__.pyi",
        ):
            candidate = candidate.lstrip("/")
            if candidate in self.names_of:
                return candidate
        return None

    def _resolve_java(self, imp: Import) -> tuple[str | None, str | None]:
        if imp.name == "*":
            return None, None  # package wildcard: see java_package_files
        if imp.is_static:
            target = self.by_name.get(imp.module)
            return (target, imp.name) if target else (None, None)
        target = self.by_name.get(f"{imp.module}.{imp.name}")
        if target is not None:
            return target, None
        outer = self.by_name.get(imp.module)  # ``import a.b.Outer.Inner``
        return (outer, imp.name) if outer else (None, None)

    def java_package_files(self, package: str) -> set[str]:
        return self.java_packages.get(package, set())
