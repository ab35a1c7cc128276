"""C1-NAME-UNRESOLVED, session 19 (issue 12): members a module or class gets at run time
(:mod:`docref.checks.static.names_runtime`), each beside a control that stays reported.
Tuned on the public rounds 24, 25 and 28 (astroquery, pyqtgraph, django, psutil)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _unresolved(tmp_path: Path, files: dict[str, str], path: str) -> list[str]:
    """The names C1-NAME-UNRESOLVED flags in file ``path`` of the project ``files``."""
    findings = project_findings(tmp_path, files, path)
    return [f.message.split("`")[1] for f in findings if f.rule == "C1-NAME-UNRESOLVED"]


# ---- a class decorator that makes members (astroquery's @async_to_sync, round 24) ---------

DECORATOR = '''
def async_to_sync(cls):
    """Make ``query_x`` methods from the ``query_x_async`` ones."""
    for name in list(cls.__dict__):
        if name.endswith("_async"):
            setattr(cls, name[: -len("_async")], getattr(cls, name))
    return cls


def plain(cls):
    """Register the class."""
    REGISTRY.append(cls)
    return cls


REGISTRY = []
'''

SERVICE = '''
from pkg.utils import {decorator}


@{decorator}
class CadcClass:
    def query_name_async(self, name):
        """Query by name."""
        return name

    def get_image_list(self, query_result):
        """Map the results of a query into URLs.

        It works with the results produced by `{mentioned}`.

        Args:
            query_result: The result of a query.
        """
        return query_result
'''


def _service(decorator: str, mentioned: str) -> dict[str, str]:
    return {
        "pkg/__init__.py": "",
        "pkg/utils.py": DECORATOR,
        "pkg/cadc.py": SERVICE.format(decorator=decorator, mentioned=mentioned),
    }


def test_a_member_a_class_decorator_makes_from_another(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, _service("async_to_sync", "query_name"), "pkg/cadc.py") == []
    files = _service("async_to_sync", "CadcClass.query_name")
    assert _unresolved(tmp_path, files, "pkg/cadc.py") == []


@pytest.mark.parametrize(
    ("decorator", "mentioned"),
    [
        ("plain", "query_name"),  # a decorator that sets nothing on the class
        ("async_to_sync", "qeury_name_async"),  # derived from no member: a misspelling
        ("async_to_sync", "CadcClass.query_nmae"),
    ],
)
def test_a_member_no_decorator_makes_stays_reported(
    tmp_path: Path, decorator: str, mentioned: str
) -> None:
    found = _unresolved(tmp_path, _service(decorator, mentioned), "pkg/cadc.py")
    assert found == [mentioned]


# ---- attributes every module has (django.__path__, round 25) -----------------------------

PATH_USER = '''
import pkg


def template_dir():
    """The default templates, under ``pkg.{attribute}``.

    Returns:
        The folder.
    """
    return pkg.__path__[0]
'''


@pytest.mark.parametrize("attribute", ["__path__", "__file__", "__name__"])
def test_a_package_attribute_every_module_has(tmp_path: Path, attribute: str) -> None:
    files = {"pkg/__init__.py": "X = 1\n", "pkg/cmd.py": PATH_USER.format(attribute=attribute)}
    assert _unresolved(tmp_path, files, "pkg/cmd.py") == []


@pytest.mark.parametrize("attribute", ["__paths__", "__version__"])
def test_a_module_attribute_the_import_system_does_not_give_stays_reported(
    tmp_path: Path, attribute: str
) -> None:
    files = {"pkg/__init__.py": "X = 1\n", "pkg/cmd.py": PATH_USER.format(attribute=attribute)}
    assert _unresolved(tmp_path, files, "pkg/cmd.py") == [f"pkg.{attribute}"]


def test_a_plain_module_has_no_path(tmp_path: Path) -> None:
    code = PATH_USER.replace("import pkg\n", "from pkg import tool\n").replace("pkg.", "tool.")
    files = {
        "pkg/__init__.py": "",
        "pkg/tool.py": "X = 1\n",
        "pkg/cmd.py": code.format(attribute="__path__"),
    }
    assert _unresolved(tmp_path, files, "pkg/cmd.py") == ["tool.__path__"]


# ---- a module mirroring a binding's module (pyqtgraph's Qt shim, round 24) -----------------

SHIM = '''
"""Pick a Qt binding and fill the local mirrors with its names."""
from . import QtCore, QtWidgets


def _copy_attrs(src, dst):
    for name in dir(src):
        setattr(dst, name, getattr(src, name))


try:
    import {binding}.QtCore
    import {binding}.QtWidgets
    _copy_attrs({binding}.QtCore, QtCore)
    _copy_attrs({binding}.QtWidgets, QtWidgets)
except ImportError:
    pass
'''

TEXT_ITEM = '''
from .Qt import QtWidgets


class TextItem:
    def __init__(self):
        self.textItem = QtWidgets.QGraphicsTextItem()

    def setPlainText(self, text):
        """Set the plain text to be rendered by this item.

        See QtWidgets.{member}.setPlainText().
        """
        return text
'''


def _qt_project(binding: str, member: str = "QGraphicsTextItem") -> dict[str, str]:
    return {
        "pg/__init__.py": "",
        "pg/Qt/__init__.py": SHIM.format(binding=binding),
        "pg/Qt/QtCore/__init__.py": "",
        "pg/Qt/QtWidgets/__init__.py": "",
        "pg/TextItem.py": TEXT_ITEM.replace("{member}", member),
    }


def test_a_member_of_a_module_a_binding_fills(tmp_path: Path) -> None:
    # the binding is not installed here: a member the project's code uses counts
    assert _unresolved(tmp_path, _qt_project("PyQtNotInstalled5"), "pg/TextItem.py") == []


def test_a_member_of_an_uninstalled_binding_no_code_uses_stays_reported(tmp_path: Path) -> None:
    # pyqtgraph's ``QtGui.PolygonF`` (round 24, TRUE: the class is ``QPolygonF``)
    files = _qt_project("PyQtNotInstalled5", "QGraphicsTextItm")
    assert _unresolved(tmp_path, files, "pg/TextItem.py") == [
        "QtWidgets.QGraphicsTextItm.setPlainText"
    ]


def test_a_mirror_of_an_installed_module_is_judged_by_that_module(tmp_path: Path) -> None:
    # a mirror of an installed module read whole (the stdlib's ``json.decoder``): what that
    # module has resolves, a name it lacks stays reported
    files = _qt_project("PyQtNotInstalled5")
    files["pg/Qt/__init__.py"] = (
        "from . import decoder\nimport json.decoder\n"
        "for _n in dir(json.decoder):\n    setattr(decoder, _n, getattr(json.decoder, _n))\n"
    )
    files["pg/Qt/decoder/__init__.py"] = ""
    text = TEXT_ITEM.replace("QtWidgets.{member}.setPlainText()", "{}")
    text = text.replace("QtWidgets.QGraphicsTextItem()", "decoder.JSONDecoder()")
    files["pg/TextItem.py"] = text.replace("import QtWidgets", "import decoder")
    ok = files["pg/TextItem.py"].format("decoder.JSONDecoder.decode()")
    bad = files["pg/TextItem.py"].format("decoder.JSONDecodr.decode()")
    assert _unresolved(tmp_path / "ok", {**files, "pg/TextItem.py": ok}, "pg/TextItem.py") == []
    found = _unresolved(tmp_path / "bad", {**files, "pg/TextItem.py": bad}, "pg/TextItem.py")
    assert found == ["decoder.JSONDecodr.decode"]


def test_an_empty_module_nothing_fills_stays_reported(tmp_path: Path) -> None:
    files = _qt_project("PyQtNotInstalled5")
    files["pg/Qt/__init__.py"] = "from . import QtCore, QtWidgets\n"
    found = _unresolved(tmp_path, files, "pg/TextItem.py")
    assert found == ["QtWidgets.QGraphicsTextItem.setPlainText"]


# ---- a platform-private class behind a public namesake (psutil, round 28) -----------------

PUBLIC = '''
from . import _pslinux as _psplatform


class Process:
    def children(self, recursive=False):
        """The children of this process."""
        return _psplatform.ppid_map()
'''

PLATFORM = '''
def ppid_map():
    """Obtain a {pid: ppid} dict in one shot.  Used to speed up Process.%s()."""
    return {}


class Process:
    def oneshot(self):
        """Collect everything at once."""
        return self
'''


def test_a_member_of_the_public_class_a_private_one_stands_behind(tmp_path: Path) -> None:
    files = {"ps/__init__.py": PUBLIC, "ps/_pslinux.py": PLATFORM % "children"}
    assert _unresolved(tmp_path, files, "ps/_pslinux.py") == []


def test_a_member_neither_class_has_stays_reported(tmp_path: Path) -> None:
    files = {"ps/__init__.py": PUBLIC, "ps/_pslinux.py": PLATFORM % "childs"}
    assert _unresolved(tmp_path, files, "ps/_pslinux.py") == ["Process.childs"]
