"""Project roots and import roots (issue 13): the rule of ``config/root.py`` and the module
names of ``graph/modules.py``, and the commands run as a subprocess from a folder with no
project marker -- a sample project copied as a plain folder, as a downloaded archive is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docref.config.root import find_root
from docref.graph.model import Import

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import REPO, SHOP, docref_env, run_docref
from tests.static_helpers import module_map

# ``app`` has no __init__.py: a namespace package only the working directory makes importable.
BILLING = '''"""Billing."""

from shop.pricing import with_vat


def gross(net):
    """Return ``net`` with VAT added."""
    return with_vat(net)
'''


def touch(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """examples/shop without its pyproject.toml (no marker up to /), plus ``app/billing.py``."""
    root = tmp_path / "scratch"
    shutil.copytree(SHOP, root, ignore=shutil.ignore_patterns("pyproject.toml", "__pycache__"))
    touch(root / "app" / "billing.py", BILLING)
    assert find_root(str(root)) != str(REPO)  # nothing above tmp_path is a project
    return root


def docref(cwd: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(args, cwd=cwd, env=docref_env(tmp_path / "cache"))


# ---------------------------------------------------------------- the rule


def test_nearest_marker_wins_over_the_working_directory(tmp_path: Path) -> None:
    touch(tmp_path / "mono" / "pkg_b" / "pyproject.toml")
    target = touch(tmp_path / "mono" / "pkg_b" / "src" / "shop" / "cart.py")
    assert find_root(str(target), cwd=str(tmp_path / "mono")) == str(tmp_path / "mono" / "pkg_b")
    touch(tmp_path / "java" / "pom.xml")
    java = touch(tmp_path / "java" / "src" / "main" / "java" / "a" / "B.java")
    assert find_root(str(java), cwd=str(tmp_path)) == str(tmp_path / "java")


def test_without_a_marker_the_working_directory_holding_the_path(tmp_path: Path) -> None:
    target = touch(tmp_path / "app" / "billing.py")
    assert find_root(str(target), cwd=str(tmp_path)) == str(tmp_path)


def test_outside_the_working_directory_the_folder_lifted_out_of_its_package(
    tmp_path: Path,
) -> None:
    touch(tmp_path / "proj" / "shop" / "__init__.py")
    touch(tmp_path / "proj" / "shop" / "sub" / "__init__.py")
    target = touch(tmp_path / "proj" / "shop" / "sub" / "cart.py")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert find_root(str(target), cwd=str(elsewhere)) == str(tmp_path / "proj")
    plain = touch(tmp_path / "loose" / "script.py")
    assert find_root(str(plain), cwd=str(elsewhere)) == str(tmp_path / "loose")
    # the language server has no meaningful working directory
    assert find_root(str(plain), cwd=None) == str(tmp_path / "loose")


def test_a_working_directory_inside_a_package_is_lifted_too(tmp_path: Path) -> None:
    touch(tmp_path / "shop" / "__init__.py")
    target = touch(tmp_path / "shop" / "cart.py")
    assert find_root(str(target), cwd=str(tmp_path / "shop")) == str(tmp_path)


def test_the_home_folder_is_never_a_default_root(tmp_path: Path) -> None:
    target = touch(tmp_path / "home" / "scratch" / "x.py")
    old = os.environ.get("HOME")
    os.environ["HOME"] = str(tmp_path / "home")
    try:
        assert find_root(str(target), cwd=str(tmp_path / "home")) == str(target.parent)
    finally:
        if old is None:
            del os.environ["HOME"]
        else:
            os.environ["HOME"] = old


# ---------------------------------------------------------------- import roots


def test_import_roots_of_the_package_structure_and_src_layouts() -> None:
    modules = module_map(
        [
            "server/docref/__init__.py",
            "server/docref/cli.py",  # parent of the topmost package: ``docref.cli``
            "src/ns/pkg/__init__.py",
            "src/ns/pkg/mod.py",  # namespace package ``ns`` below src/: ``ns.pkg.mod``
            "lib/src/main/python/tool/run.py",  # Maven-style Python sources
            "scripts/helper.py",  # namespace package at the root: ``scripts.helper``
        ]
    )
    assert modules.module_path("docref.cli") == "server/docref/cli.py"
    assert modules.module_path("ns.pkg.mod") == "src/ns/pkg/mod.py"
    assert modules.module_path("ns.pkg") == "src/ns/pkg/__init__.py"
    assert modules.module_path("pkg.mod") == "src/ns/pkg/mod.py"
    assert modules.module_path("tool.run") == "lib/src/main/python/tool/run.py"
    assert modules.module_path("scripts.helper") == "scripts/helper.py"
    imp = Import(module="ns.pkg.mod", name="f", alias=None, level=0, line=0)
    assert modules.resolve_import("app.py", imp) == ("src/ns/pkg/mod.py", "f")


# ---------------------------------------------------------------- commands, no marker


def test_context_resolves_a_project_import_from_the_working_directory(
    scratch: Path, tmp_path: Path
) -> None:
    proc = docref(scratch, tmp_path, "context", "app/billing.py::gross", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    blocks = {b["name"]: b for b in data["related"]}
    assert blocks["with_vat"]["kind"] == "cross", data["related"]
    assert blocks["with_vat"]["path"] == "shop/pricing.py"
    assert "def with_vat(net: Decimal) -> Decimal:" in blocks["with_vat"]["text"]


def test_context_from_elsewhere_lifts_the_root_out_of_the_package(
    scratch: Path, tmp_path: Path
) -> None:
    receipt = touch(scratch / "shop" / "receipt.py", BILLING)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = docref(elsewhere, tmp_path, "context", f"{receipt}::gross", "--json")
    assert proc.returncode == 0, proc.stderr
    blocks = {b["name"]: b for b in json.loads(proc.stdout)["related"]}
    assert blocks["with_vat"]["kind"] == "cross"


def test_roundtrip_finds_the_tests_beside_the_package(tmp_path: Path) -> None:
    """The round-trip fixture without its pyproject.toml, run from its top as ``docref
    roundtrip textkit/words.py::count_words``: ``tests/`` is inside the root it picks."""
    project = tmp_path / "textkit-archive"
    shutil.copytree(
        REPO / "tests" / "fixtures" / "roundtrip_project",
        project,
        ignore=shutil.ignore_patterns("pyproject.toml", "__pycache__"),
    )
    temp = tmp_path / "tmpdir"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(tmp_path / "cache"), "TMPDIR": str(temp)})
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="```python\nreturn len(WORD.findall(text))\n```"))
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "docref",
                "roundtrip",
                "textkit/words.py::count_words",
                "--model",
                "openai/test",
                "--api-base",
                fake.base_url,
                "--samples",
                "1",
                "--k",
                "1",
                "--json",
            ],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["tests"] == [
        "tests/test_words.py::test_count_words_plain",
        "tests/test_words.py::test_count_words_edges",
    ]
    assert data["baseline_passed"] is True and data["passed"] == 1
