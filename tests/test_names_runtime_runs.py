"""Members made at run time (session 19, :mod:`docref.checks.static.names_runtime`) through
the front end: the answer depends on other files (the decorator's body, the shim's imports),
so a warm ``docref check`` (a subprocess, real results cache) must see an edit there; a
one-file run in the warm project, the whole run and a cold run agree."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import cli_rules
from tests.test_static_names_runtime import DECORATOR, SERVICE, SHIM, TEXT_ITEM


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "proj"
    (root / "pyproject.toml").parent.mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n", encoding="utf-8")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text.lstrip("\n"), encoding="utf-8")
    return root


NO_SETATTR = DECORATOR.replace(
    'setattr(cls, name[: -len("_async")], getattr(cls, name))', "print(name)"
)


def test_a_warm_run_sees_the_decorator_stop_making_members(tmp_path: Path) -> None:
    service = SERVICE.format(decorator="async_to_sync", mentioned="query_name")
    files = {"pkg/__init__.py": "", "pkg/utils.py": DECORATOR, "pkg/cadc.py": service}
    root, cache = _project(tmp_path, files), tmp_path / "cache"
    assert cli_rules(root, cache, ".") == []
    assert cli_rules(root, cache, ".") == []  # warm, from the results cache
    (root / "pkg" / "utils.py").write_text(NO_SETATTR.lstrip("\n"), encoding="utf-8")
    reported = [("pkg/cadc.py", "C1-NAME-UNRESOLVED")]
    assert cli_rules(root, cache, "pkg/cadc.py") == reported  # one file, warm
    assert cli_rules(root, cache, ".") == reported
    assert cli_rules(root, cache, ".", "--no-cache") == reported  # the cold run agrees
    (root / "pkg" / "utils.py").write_text(DECORATOR.lstrip("\n"), encoding="utf-8")
    assert cli_rules(root, cache, ".") == []


def test_a_warm_run_sees_the_shim_stop_importing_the_binding(tmp_path: Path) -> None:
    files = {
        "pg/__init__.py": "",
        "pg/Qt/__init__.py": SHIM.format(binding="PyQtNotInstalled5"),
        "pg/Qt/QtCore/__init__.py": "",
        "pg/Qt/QtWidgets/__init__.py": "",
        "pg/TextItem.py": TEXT_ITEM.replace("{member}", "QGraphicsTextItem"),
    }
    root, cache = _project(tmp_path, files), tmp_path / "cache"
    assert cli_rules(root, cache, ".") == []
    (root / "pg" / "Qt" / "__init__.py").write_text("from . import QtCore, QtWidgets\n")
    reported = [("pg/TextItem.py", "C1-NAME-UNRESOLVED")]
    assert cli_rules(root, cache, "pg/TextItem.py") == reported
    assert cli_rules(root, cache, ".") == reported
    assert cli_rules(root, cache, ".", "--no-cache") == reported
