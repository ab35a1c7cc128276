"""No module of ``server/docref`` imports another module's private (``_name``) names: what two
modules share gets a public name in one of them or in a small shared module.  Ruff's
``PLC2701`` (import-private-name) does not see imports inside one first-party package, so the
package is scanned here."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "server" / "docref"


def _module_name(path: Path, root: Path) -> tuple[str, str]:
    """The dotted name of the module at ``path`` and of the package it is in."""
    parts = (root.name, *path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    name = ".".join(parts)
    return name, name.rpartition(".")[0]


def private_imports(root: Path) -> list[str]:
    """``file:line: module.name`` for every ``from M import _name`` under package ``root``
    where ``M`` is another module of the package (dunder names are not private)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module, package = _module_name(path, root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target.split(".")[0] != root.name or target == module:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {target}.{alias.name}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports(PACKAGE) == []


def test_the_scan_finds_a_private_import_and_allows_public_ones(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from ._impl import _helper\n")
    (pkg / "sub" / "_impl.py").write_text("def _helper(): ...\ndef helper(): ...\n")
    (pkg / "words.py").write_text(
        "from pkg.sub._impl import helper as _helper\n"  # a public name kept private: fine
        "from .sub import __doc__\n"  # a dunder: fine
        "from os.path import _get_sep\n"  # outside the package: ruff's PLC2701
        "from .sub._impl import _helper as h\n"  # another module's private name
    )
    assert private_imports(pkg) == [
        "sub/__init__.py:1: pkg.sub._impl._helper",
        "words.py:4: pkg.sub._impl._helper",
    ]
