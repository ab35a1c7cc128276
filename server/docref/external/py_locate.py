"""Locating Python modules without importing them, and telling standard-library ones apart.

A top-level module is looked for with the finders of the import system, called directly so
nothing is imported: built-in, frozen, then :class:`~importlib.machinery.PathFinder` over the
search path (default :data:`sys.path`), then -- only without an explicit search path --
setuptools' editable-install finders (``__editable__*``).  Other meta-path finders are skipped
on purpose: the one of ``_distutils_hack`` imports setuptools when asked for ``distutils``.
Submodules are located with ``PathFinder.find_spec(name, parent.submodule_search_locations)``
(never ``importlib.util.find_spec("a.b")``, which imports ``a``).

A module found without source, or not found at all, may be covered by a ``.pyi`` stub next to
its compiled file or by a ``<top>-stubs`` package on the search path.  Located modules --
negative results too -- are cached per search path.
"""

from __future__ import annotations

import functools
import os
import sys
import sysconfig
from dataclasses import dataclass
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    BuiltinImporter,
    FrozenImporter,
    ModuleSpec,
    PathFinder,
)

from docref.external.lookup import LRU

# Standard-library modules never imported for introspection (side effects on import).
_NO_IMPORT = frozenset(
    {
        "antigravity",
        "this",
        "__hello__",
        "__phello__",
        "idlelib",
        "turtledemo",
        "turtle",
        "tkinter",
        "__main__",
    }
)
_STDLIB_DIRS = tuple(
    sorted(
        {
            os.path.realpath(p)
            for p in (sysconfig.get_path("stdlib"), sysconfig.get_path("platstdlib"))
            if p
        }
    )
)
_COMPILED_SUFFIXES = tuple(sorted(EXTENSION_SUFFIXES + BYTECODE_SUFFIXES, key=len, reverse=True))


@dataclass(frozen=True, eq=False)
class Located:
    spec: ModuleSpec | None
    stub: tuple[str, bool] | None = None  # (path, is_pkg) of a <top>-stubs file


_LOCATIONS: LRU[tuple[str, tuple[str, ...] | None], Located] = LRU(4096)
_STUB_ROOTS: LRU[tuple[str, tuple[str, ...]], tuple[str, ...]] = LRU(1024)


def clear_caches() -> None:
    _LOCATIONS.clear()
    _STUB_ROOTS.clear()
    _in_stdlib.cache_clear()


def find_top(name: str, path: list[str] | None) -> ModuleSpec | None:
    """The spec of top-level module ``name``; ``path`` ``None`` means :data:`sys.path`."""
    for finder in (BuiltinImporter, FrozenImporter):
        spec = finder.find_spec(name)
        if spec is not None:
            return spec
    spec = PathFinder.find_spec(name, path)
    if spec is not None or path is not None:
        return spec
    for meta in list(sys.meta_path):
        if str(getattr(meta, "__module__", "")).startswith("__editable__"):
            find = getattr(meta, "find_spec", None)
            found = find(name, None) if callable(find) else None
            if isinstance(found, ModuleSpec):
                return found
    return None


def _stub_roots(top: str, entries: tuple[str, ...]) -> tuple[str, ...]:
    """The ``<top>-stubs`` folders of the search path ``entries``, in order.  Asked for every
    module found without source or not at all (each submodule of numpy's compiled parts, each
    name a docstring guesses at): a look per entry and top-level name, not two ``isfile``
    per entry and module.  Cached as :data:`_LOCATIONS` is (cleared with it)."""
    key = (top, entries)
    roots = _STUB_ROOTS.get(key)
    if roots is None:
        # (a lone ``<top>-stubs.pyi`` file is kept too: :func:`_stub_package` looked for it)
        roots = tuple(
            base
            for entry in entries
            if os.path.isdir(base := os.path.join(entry or ".", f"{top}-stubs"))
            or os.path.isfile(base + ".pyi")
        )
        _STUB_ROOTS.put(key, roots)
    return roots


def _stub_package(modname: str, path: list[str] | None) -> tuple[str, bool] | None:
    top, *rest = modname.split(".")
    for root in _stub_roots(top, tuple(sys.path if path is None else path)):
        base = os.path.join(root, *rest)
        if os.path.isfile(base + ".pyi"):
            return base + ".pyi", False
        init = os.path.join(base, "__init__.pyi")
        if os.path.isfile(init):
            return init, True
    return None


def locate(modname: str, path: list[str] | None, key: tuple[str, ...] | None) -> Located:
    """Where module ``modname`` is on search path ``path`` (``key``: its cache key)."""
    cache_key = (modname, key)
    cached = _LOCATIONS.get(cache_key)
    if cached is not None:
        return cached
    spec: ModuleSpec | None = None
    try:
        parent_name, _, _ = modname.rpartition(".")
        if not parent_name:
            spec = find_top(modname, path)
        else:
            parent = locate(parent_name, path, key).spec
            locations = parent.submodule_search_locations if parent is not None else None
            if locations is not None:
                spec = PathFinder.find_spec(modname, list(locations))
    except Exception:  # a finder choking on odd path entries must not break the lookup
        spec = None
    stub = None
    if spec is None or (spec.origin is not None and spec.origin.endswith(_COMPILED_SUFFIXES)):
        stub = _stub_package(modname, path)
    located = Located(spec, stub)
    _LOCATIONS.put(cache_key, located)
    return located


# asked for every module a name resolution steps through: a cold run over astropy asked
# 1,147 times about 72 files (36 ms of CPU), and ``realpath`` stats every component each time
@functools.lru_cache(maxsize=4096)
def _in_stdlib(path: str) -> bool:
    real = os.path.realpath(path)
    for root in _STDLIB_DIRS:
        if real.startswith(root + os.sep):
            first = real[len(root) + 1 :].split(os.sep, 1)[0]
            return first not in ("site-packages", "dist-packages")
    return False


def is_stdlib(modname: str, origin: str | None) -> bool:
    """Whether the module ``modname`` found at ``origin`` is standard library safe to import.

    Its top-level name must be in :data:`sys.stdlib_module_names` and its file inside the
    stdlib directory (not ``site-packages``), so that a same-named third-party module is
    never executed.
    """
    top = modname.partition(".")[0]
    if top in _NO_IMPORT or (top not in sys.stdlib_module_names and top != "builtins"):
        return False
    return origin in ("built-in", "frozen") or (origin is not None and _in_stdlib(origin))


def frozen_source(spec: ModuleSpec) -> str | None:
    """The ``.py`` file a frozen module was built from, when it is on disk."""
    filename = getattr(spec.loader_state, "filename", None)
    if isinstance(filename, str) and os.path.isfile(filename):
        return filename
    if "." in spec.name:
        return None
    found = PathFinder.find_spec(spec.name, list(_STDLIB_DIRS))
    origin = found.origin if found is not None else None
    return origin if origin is not None and origin.endswith(".py") else None


def stub_next_to(origin: str) -> str | None:
    """The ``.pyi`` stub beside the compiled module file ``origin``, if there is one."""
    for suffix in _COMPILED_SUFFIXES:
        if origin.endswith(suffix):
            stub = origin[: -len(suffix)] + ".pyi"
            return stub if os.path.isfile(stub) else None
    return None
