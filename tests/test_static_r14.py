"""Static rules: false-alarm patterns of the held-out precision round 14 (kornia, nibabel,
napari, pytorch-lightning, structlog, ...), each with a control of the same shape that stays
reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.runner import check_file, rules_for
from docref.graph.project import ProjectGraph

from tests.static_helpers import project_input, rule_ids


def _report(tmp_path: Path, code: str) -> list[tuple[str, str, str]]:
    """(rule, qualname, message) of every default-rule finding on ``code`` as a file."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    report = check_file(graph, "m.py", rules_for(()))
    return sorted((f.rule, f.qualname, f.message) for f in report.findings)


_MODULE = '''
class Module:
    """A base whose ``__call__`` runs ``forward``."""

    def __call__(self, *args):
        return self.forward(*args)


class Loss(BASE):
    """A loss.

    Args:
        pred: the logits.
        target: the labels.
        weight: the class weights.
        stale: neither the constructor's nor forward's.
    """

    def __init__(self, weight=None):
        self.weight = weight

    def forward(self, pred, target):
        return pred, target, self.weight
'''


@pytest.mark.parametrize(("base", "reported"), [("Module", ["stale"]), ("object", None)])
def test_a_module_class_documents_its_forward(
    tmp_path: Path, base: str, reported: list[str] | None
) -> None:
    # round 14 (kornia's LovaszSoftmaxLoss, 8 of 72 C1-PARAM-UNKNOWN): an nn.Module's class
    # docstring documents forward's parameters beside the constructor's, as a class with its
    # own __call__ does; a name of neither stays reported; without a base, ``forward`` is
    # just a method: its parameters stay reported as the constructor's
    found = [m for r, q, m in _report(tmp_path, _MODULE.replace("BASE", base)) if q == "Loss"]
    names = [m.split('"')[1] for m in found]
    assert names == (reported or ["pred", "stale", "target"])


_OWN_RETURNS = '''
import numpy as np


def q2bg(q_vector, tol=1e-5):
    """Return b value and q unit vector from q vector.

    Parameters
    ----------
    q_vector : (3,) array-like
        q vector
    tol : float, optional
        Norm below which `b_value` is zero, and therefore `NAME` also zero.

    Returns
    -------
    b_value : float
        L2 Norm of `q_vector`.
    g_vector : shape (3,) ndarray
        `q_vector` / `b_value`.
    """
    b_value = np.sqrt(np.sum(q_vector**2))
    return b_value, q_vector / b_value
'''


@pytest.mark.parametrize(("name", "reported"), [("g_vector", False), ("q_vectr", True)])
def test_a_returns_entry_name_is_in_scope(tmp_path: Path, name: str, reported: bool) -> None:
    # round 14 (nibabel's ``q2bg``): the prose names the docstring's own NumPy Returns entry
    # ``g_vector`` as it names a parameter; a typo of the parameter stays reported
    code = _OWN_RETURNS.replace("NAME", name)
    expected = ["C1-NAME-UNRESOLVED"] if reported else []
    assert rule_ids(c1_name_unresolved, tmp_path, code, "q2bg") == expected


_TYPED = '''
state = {}


def load(path, weights_only=None):
    """Load a checkpoint.

    If ``weights_only`` is true, restricts loading to ``NAME`` of plain tensors.
    """
    return state, path, weights_only
'''


@pytest.mark.parametrize(("name", "reported"), [("state_dicts", False), ("state_all", True)])
def test_a_type_word_added_to_a_name_describes_its_values(
    tmp_path: Path, name: str, reported: bool
) -> None:
    # round 14 (pytorch-lightning's ``Trainer.validate``): ``state_dicts`` is torch's
    # state_dict concept in the plural, not ``state`` renamed; another added word stays
    code = _TYPED.replace("NAME", name)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "load") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )


_POSSESSED = '''
def make_grid(tensor, n_row=None):
    """Convert a batch to one image.

    ``n_row`` is the number of images in each row, as OWNER ``nrow``.
    """
    return tensor, n_row
'''


@pytest.mark.parametrize(
    ("owner", "reported"),
    [("torchvision's", False), ("Pillow's", False), ("the function's", True), ("the", True)],
)
def test_a_possessive_gives_the_name_another_owner(
    tmp_path: Path, owner: str, reported: bool
) -> None:
    # round 14 (kornia's ``make_grid``): "as torchvision's ``nrow``" names another library's
    # parameter, lower-case as library names are; after a determiner ("the function's") the
    # owner is this code, and without an owner the near miss of ``n_row`` stays reported
    code = _POSSESSED.replace("OWNER", owner)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "make_grid") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )


_WRAPPED = '''
from helpers import IMPORTED


def warp(points):
    """Warp the grid, in the order the homography and ``grid_sample`` read."""
    grid = points
    return IMPORTED(grid)
'''


@pytest.mark.parametrize(
    ("imported", "reported"), [("_torch_grid_sample", False), ("grid_resample", True)]
)
def test_the_name_a_wrapper_in_scope_wraps(tmp_path: Path, imported: str, reported: bool) -> None:
    # round 14 (kornia's ``_warp_pixel_grid3d``): the file imports ``_torch_grid_sample``, the
    # wrapper of torch's ``grid_sample``, which the prose names; without such a wrapper the
    # extension of the local ``grid`` stays reported
    code = _WRAPPED.replace("IMPORTED", imported)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "warp") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )


_ITEMS = '''
class Image:
    ATTR = (("image", ".img"), ("header", ".hdr"))

    @classmethod
    def from_file_map(klass, file_map):
        """Create an image from a mapping.

        Parameters
        ----------
        file_map : dict
            Mapping with (key, value) pairs of (``file_type``, FileHolder instance).
        """
        return klass(), file_map
'''


@pytest.mark.parametrize(("attribute", "reported"), [("files_types", False), ("file_types", True)])
def test_an_item_of_a_collection_is_no_typo_of_it(
    tmp_path: Path, attribute: str, reported: bool
) -> None:
    # round 14 (nibabel's ``from_file_map``): ``file_type`` is an item of the class attribute
    # ``files_types`` (a word before the last pluralised), no typo of it; the last word's
    # plural alone stays evidence (a function renamed ``create_entries``)
    code = _ITEMS.replace("ATTR", attribute)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "Image.from_file_map") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )


@pytest.mark.parametrize(
    ("said", "reported"), [("command ids such as", False), ("the function", True)]
)
def test_a_dotted_id_said_so_is_no_module_path(tmp_path: Path, said: str, reported: bool) -> None:
    # round 14 (napari's ``format_tip``): "command ids such as `napari.window.file.copy`"
    # names an app-model id, whose first part happens to be the package; called a function
    # the missing module member stays reported
    files = {
        "pkg/__init__.py": "",
        "pkg/window.py": "def show():\n    return 1\n",
        "pkg/tips.py": (
            "def format_tip(tip):\n"
            f'    """Format a tip; accepts {said} `pkg.window.file.copy_canvas`."""\n'
            "    return tip\n"
        ),
    }
    inp = project_input(tmp_path, files, "pkg/tips.py", "format_tip")
    assert [f.rule for f in c1_name_unresolved(inp)] == (["C1-NAME-UNRESOLVED"] if reported else [])
