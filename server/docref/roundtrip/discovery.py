"""Which tests exercise a function: found statically in the project graph, or given.

A test file (pytest's default names, ``test_*.py`` / ``*_test.py``) counts when it imports the
function's module (directly, or the name through a package that re-exports it) and uses the
function: a top-level function by the name it was imported as (``add``, ``plus`` after
``import ... as plus``, ``calc.add``); a method by its own name (``cart.add_item``) in a file
that uses its class -- in the reference scan, or as ``.name`` in the test's text, which also
catches ``Class().name(...)``. Only the test functions that use it are selected (pytest node
ids); a file that imports it but uses it only outside test functions is selected whole.
Nothing is imported or run to find them.
"""

from __future__ import annotations

import glob
import os
import posixpath
import re
from dataclasses import dataclass

from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph

__all__ = ["TestSelection", "TestSelectionError", "find_tests", "select_tests"]


class TestSelectionError(ValueError):
    """``--tests`` matched nothing or named a missing file; the message says which."""

    __test__ = False  # not a pytest test class despite the name


@dataclass(frozen=True, slots=True)
class TestSelection:
    """The pytest node ids to run and how they were chosen (``found`` or ``given``)."""

    __test__ = False

    node_ids: tuple[str, ...]
    how: str


def is_test_file(relpath: str) -> bool:
    """pytest's default test-file names.

    Args:
        relpath (str): A workspace-relative path.

    Returns:
        bool: ``test_*.py`` or ``*_test.py``.
    """
    base = posixpath.basename(relpath)
    return base.endswith(".py") and (base.startswith("test_") or base.endswith("_test.py"))


def _is_test_function(fn: Function) -> bool:
    if not fn.name.startswith("test"):
        return False
    owner = fn.parent_class
    return owner is None or owner.rsplit(".", 1)[-1].startswith("Test")


def _handles(
    graph: ProjectGraph, test: str, fe: FileExtract, targets: set[str], top: str
) -> list[str]:
    """Dotted names by which file ``test`` refers to ``top`` of one of the ``targets`` files."""
    names: list[str] = []
    for imp in fe.imports:
        resolved, symbol = graph.modules.resolve_import(test, imp)
        if resolved not in targets:
            continue
        if symbol == top or (symbol is None and imp.name == top):
            names.append(imp.alias or top)
        elif symbol is None and imp.name not in (None, "*"):
            names.append(f"{imp.alias or imp.name}.{top}")  # from pkg import calc
        elif symbol is None:
            names.append(f"{imp.alias or imp.module}.{top}")  # import pkg.calc
        elif imp.name == "*":
            names.append(top)
    return names


def _uses(fn: Function, handles: list[str], member: str | None, data: bytes = b"") -> bool:
    if member is not None and data:
        # ``Slugger().make(...)``: the reference scan keeps the call, not the chained member
        body = data[fn.span.start_byte : fn.span.end_byte].decode("utf-8", "replace")
        if re.search(rf"\.\s*{re.escape(member)}\b", body):
            return True
    for ref in fn.references:
        parts = ref.name.split(".")
        if member is not None:
            if member in parts[1:]:
                return True
            continue
        if any(ref.name == h or ref.name.startswith(h + ".") for h in handles):
            return True
    return False


def _exporters(graph: ProjectGraph, target: str, top: str) -> set[str]:
    """``target`` plus the project files that import ``top`` from it (package re-exports)."""
    found = {target}
    for rel in graph.files:
        if rel == target or not rel.endswith(".py") or is_test_file(rel):
            continue
        fe = graph.get(rel)
        if fe is None:
            continue
        for imp in fe.imports:
            resolved, symbol = graph.modules.resolve_import(rel, imp)
            if resolved == target and (symbol == top or imp.name == top) and not imp.scope:
                found.add(rel)
    return found


def find_tests(graph: ProjectGraph, relpath: str, qualname: str) -> list[str]:
    """pytest node ids of the tests that use ``relpath::qualname`` (empty when none do).

    Args:
        graph (ProjectGraph): The indexed project.
        relpath (str): The function's workspace-relative file.
        qualname (str): Its dotted name in that file.

    Returns:
        list[str]: Node ids such as ``tests/test_calc.py::test_add`` or whole test files.
    """
    parts = qualname.split(".")
    top = parts[0]
    member = parts[-1] if len(parts) > 1 else None
    targets = _exporters(graph, relpath, top)
    out: list[str] = []
    for test in sorted(graph.files):
        if not is_test_file(test) or test == relpath:
            continue
        fe = graph.get(test)
        if fe is None:
            continue
        handles = _handles(graph, test, fe, targets, top)
        if not handles:
            continue
        tests = [f for f in fe.functions if _is_test_function(f)]
        if member is not None and not any(_uses(f, handles, None) for f in fe.functions):
            continue  # the class is imported but never used
        data = graph.source(test).encode("utf-8", "surrogatepass") if member else b""
        chosen = [f for f in tests if _uses(f, handles, member, data)]
        if chosen:
            out.extend(f"{test}::{f.qualname.replace('.', '::')}" for f in chosen)
        elif tests and _used_outside_tests(fe, handles, member):
            out.append(test)
    return out


def _used_outside_tests(fe: FileExtract, handles: list[str], member: str | None) -> bool:
    return any(_uses(f, handles, member) for f in fe.functions if not _is_test_function(f))


def select_tests(root: str, pattern: str) -> list[str]:
    """The node ids named by ``--tests``: comma-separated globs, files, folders or node ids.

    Args:
        root (str): The project root the patterns are relative to.
        pattern (str): ``tests/test_calc.py``, ``tests/**/test_*.py``, ``tests/``,
            ``tests/test_calc.py::test_add``, or several of these separated by commas.

    Returns:
        list[str]: Root-relative POSIX paths and node ids, in the order given.

    Raises:
        TestSelectionError: When a pattern matches nothing or leaves the project.
    """
    out: list[str] = []
    for item in (p.strip() for p in pattern.split(",")):
        if not item:
            continue
        path, sep, rest = item.partition("::")
        full = os.path.normpath(os.path.join(root, path))
        if os.path.relpath(full, root).startswith(".."):
            raise TestSelectionError(f"--tests {item!r} is outside the project {root}")
        if sep:
            if not os.path.isfile(full):
                raise TestSelectionError(f"--tests {item!r}: no such file {path}")
            out.append(f"{_rel(root, full)}::{rest}")
            continue
        matches = sorted(glob.glob(full, recursive=True))
        if not matches:
            raise TestSelectionError(f"--tests {item!r} matches no file or folder in {root}")
        out.extend(_rel(root, m) for m in matches if m.endswith(".py") or os.path.isdir(m))
    if not out:
        raise TestSelectionError(f"--tests {pattern!r} selects no Python test file")
    return list(dict.fromkeys(out))


def _rel(root: str, path: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")
