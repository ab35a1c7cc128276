"""C3-RAISES follows the property accessors an attribute access runs (issue 12, round 17):
``self.basis = basis`` runs the class's ``basis`` setter (qiskit's OneQubitEulerDecomposer),
and ``self._transform.pitch`` the ``pitch`` getter of the class whose instance the class
stores in ``self._transform`` (trimesh's VoxelGrid), one hop.  Controls: a plain attribute
store, and an attribute of a class whose member is no property, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static import raises_callees
from docref.checks.static.returns_raises import c3_raises_unraised
from docref.graph.model import Function

from tests.names_helpers import messages
from tests.static_helpers import project_input

_ERRORS = "class PkgError(Exception):\n    pass\n"

_DECOMPOSER = '''
from pkg.errors import PkgError


class Decomposer:
    def __init__(self, basis="U3", other=None):
        """Build it.

        Raises:
            PkgError: If the basis is unknown.
        """
        self.basis = basis

    def reset(self, other):
        """Reset it.

        Raises:
            PkgError: If the other is unknown.
        """
        self.other = other

    @property
    def basis(self):
        """The basis."""
        return self._basis

    @basis.setter
    def basis(self, basis):
        if basis not in ("U3", "ZYZ"):
            raise PkgError(f"unsupported basis {basis}")
        self._basis = basis
'''

_TRANSFORMS = """
from pkg.errors import PkgError


class Transform:
    def __init__(self, matrix):
        self.matrix = matrix
        self.scale = 1.0

    @property
    def pitch(self):
        if self.matrix is None:
            raise PkgError("non-uniform scaling")
        return 1.0
"""

_GRID = '''
from pkg import transforms
from pkg.errors import PkgError


class VoxelGrid:
    def __init__(self, transform=None):
        self._transform = transforms.Transform(transform)

    @property
    def pitch(self):
        """The side length of each voxel.

        Raises:
            PkgError: If the transform has non-uniform scaling.
        """
        return self._transform.pitch

    @property
    def scale(self):
        """The scale.

        Raises:
            PkgError: If the transform has non-uniform scaling.
        """
        return self._transform.scale
'''


def _found(tmp_path: Path, path: str, qualname: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/errors.py": _ERRORS,
        "pkg/decompose.py": _DECOMPOSER,
        "pkg/transforms.py": _TRANSFORMS,
        "pkg/grid.py": _GRID,
    }
    return messages(c3_raises_unraised(project_input(tmp_path, files, path, qualname)))


def test_an_attribute_store_runs_the_property_setter(tmp_path: Path) -> None:
    assert _found(tmp_path, "pkg/decompose.py", "Decomposer.__init__") == []
    # control: a plain attribute, no setter
    assert _found(tmp_path, "pkg/decompose.py", "Decomposer.reset") == [
        "documents raising PkgError, but reset() neither raises it nor calls anything that does"
    ]


def test_an_attribute_read_runs_the_getter_of_the_attribute_class(tmp_path: Path) -> None:
    assert _found(tmp_path, "pkg/grid.py", "VoxelGrid.pitch") == []
    # control: ``Transform.scale`` is a plain attribute of the class, no property
    assert _found(tmp_path, "pkg/grid.py", "VoxelGrid.scale") == [
        "documents raising PkgError, but scale() neither raises it nor calls anything that does"
    ]


def test_only_the_methods_spelling_the_attribute_are_read_for_its_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The class of ``self._transform`` comes from the methods that assign it: a method whose
    text never spells ``_transform`` cannot, and is not parsed for it; one spelling it in
    other letters that NFKC folds to it (a fullwidth ``t``) still counts."""
    parsed: list[str] = []
    real = raises_callees.function_node

    def recording(data: bytes, fn: Function) -> object:
        parsed.append(fn.name)
        return real(data, fn)

    monkeypatch.setattr(raises_callees, "function_node", recording)
    grid = _GRID.replace(
        "    @property\n    def pitch",
        "    def resize(self, size):\n        self.size = size\n\n    @property\n    def pitch",
    )
    files = {
        "pkg/__init__.py": "",
        "pkg/errors.py": _ERRORS,
        "pkg/transforms.py": _TRANSFORMS,
        "pkg/grid.py": grid,
    }
    found = c3_raises_unraised(
        project_input(tmp_path / "plain", files, "pkg/grid.py", "VoxelGrid.pitch")
    )
    assert messages(found) == []
    assert "__init__" in parsed and "resize" not in parsed
    # the store spelt in other letters: its method is read, and the getter still found
    files["pkg/grid.py"] = grid.replace(
        "self._transform = transforms", "self._\uff54ransform = transforms"
    )
    wide = project_input(tmp_path / "wide", files, "pkg/grid.py", "VoxelGrid.pitch")
    assert messages(c3_raises_unraised(wide)) == []
