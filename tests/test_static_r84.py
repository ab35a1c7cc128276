"""Round 84 (session 32, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- optiland's ``torch.Tensor`` in prose while ``optiland/optimization/
optimizer/`` (a folder with no ``__init__.py`` inside the regular package) holds a ``torch/``
subpackage that was named plain ``torch``, shadowing PyTorch; diffractio's ``(float, float)``
documented over a ``tuple[float]`` annotation (the informal "tuple of floats")."""

from __future__ import annotations

from pathlib import Path

from docref.graph.model import Import

from tests.static_helpers import default_findings, module_map, project_findings

_LAYOUT = [
    "pkg/__init__.py",
    "pkg/geom.py",
    "pkg/opt/__init__.py",
    "pkg/opt/optimizer/base.py",  # ``optimizer`` has no __init__.py: a namespace subpackage
    "pkg/opt/optimizer/torch/__init__.py",
    "pkg/opt/optimizer/torch/adam.py",
]


def test_a_folder_inside_a_regular_package_is_no_import_root_for_other_files() -> None:
    modules = module_map(_LAYOUT)
    assert modules.module_path("torch") is None
    assert modules.module_path("pkg.opt.optimizer.torch") == "pkg/opt/optimizer/torch/__init__.py"
    imp = Import(module="torch", name=None, alias=None, level=0, line=0)
    assert modules.resolve_import("pkg/geom.py", imp) == (None, None)


def test_files_below_that_folder_still_import_by_its_short_names() -> None:
    """Control: a script in the folder (or pytest's rootdir insertion) has the folder on
    sys.path, so ``from torch.adam import Adam`` there is the sibling subpackage."""
    modules = module_map(_LAYOUT)
    imp = Import(module="torch.adam", name="Adam", alias=None, level=0, line=0)
    assert modules.resolve_import("pkg/opt/optimizer/base.py", imp) == (
        "pkg/opt/optimizer/torch/adam.py",
        "Adam",
    )
    # and a top-level namespace folder (no package above it) keeps its short names for all
    root = module_map(["scripts/helper.py", "app.py"])
    assert root.module_path("helper") == "scripts/helper.py"


_GEOM = '''"""Geometry."""


def is_tensor(value):
    """Return True if ``value`` is a {name}.

    Args:
        value: Any object.
    """
    import torch

    return isinstance(value, torch.Tensor)
'''

_TORCH_INIT = '''"""Torch-based optimizers."""

from .adam import Adam
'''

_ADAM = '''"""Adam."""


class Adam:
    """Adam optimizer."""
'''


def _torch_project(name: str) -> dict[str, str]:
    return {
        "pkg/__init__.py": "",
        "pkg/geom.py": _GEOM.format(name=name),
        "pkg/opt/__init__.py": "",
        "pkg/opt/optimizer/torch/__init__.py": _TORCH_INIT,
        "pkg/opt/optimizer/torch/adam.py": _ADAM,
    }


def _unresolved(tmp_path: Path, files: dict[str, str], path: str) -> list[str]:
    found = project_findings(tmp_path, files, path)
    return [f.message for f in found if f.rule == "C1-NAME-UNRESOLVED"]


def test_a_third_party_name_is_not_read_as_a_namespace_subpackage(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, _torch_project("``torch.Tensor``"), "pkg/geom.py") == []


def test_a_missing_name_of_a_project_module_stays_reported(tmp_path: Path) -> None:
    """Control: the docstring names a member the project's own ``pkg.opt`` lacks."""
    files = _torch_project("``pkg.opt.Tensor``")
    assert _unresolved(tmp_path, files, "pkg/geom.py") != []


_DOTS = '''
def dots_regular(xlim: {ann}, num_data: int):
    """Generates a matrix of dots.

    Args:
        xlim ({doc}): (xmin, xmax) positions
        num_data (int): number of points
    """
    x0, x1 = xlim
    return x0, x1, num_data
'''


def _param_types(tmp_path: Path, ann: str, doc: str) -> list[str]:
    found = default_findings(tmp_path, _DOTS.format(ann=ann, doc=doc))
    return [f.message for f in found if f.rule == "C2-PARAM-TYPE"]


def test_a_pair_documented_over_a_one_item_tuple_annotation_agrees(tmp_path: Path) -> None:
    assert _param_types(tmp_path, "tuple[float]", "float, float") == []


def test_a_pair_of_other_items_or_of_another_length_stays_reported(tmp_path: Path) -> None:
    """Controls: the items disagree (str for float), the annotation fixes three items, and a
    bare float for the one-item tuple."""
    assert _param_types(tmp_path, "tuple[float]", "str, str") != []
    assert _param_types(tmp_path, "tuple[float, float, float]", "float, float") != []
    assert _param_types(tmp_path, "tuple[float]", "float") != []
