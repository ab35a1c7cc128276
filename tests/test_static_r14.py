"""Static rules: false-alarm patterns of the held-out precision round 14 (kornia, nibabel,
napari, pytorch-lightning, structlog, ...), each with a control of the same shape that stays
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.returns_raises import c3_raises_unraised

from tests.names_helpers import xref_all
from tests.static_helpers import default_findings, project_rule_ids, rule_ids, static_input


def _report(tmp_path: Path, code: str) -> list[tuple[str, str, str]]:
    """(rule, qualname, message) of every default-rule finding on ``code`` as a file."""
    return sorted((f.rule, f.qualname, f.message) for f in default_findings(tmp_path, code))


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


_RETURNS_SELF = """
class Grid:
    def _legend(self):
        return self._hue_var_internal

    def add_legend(self, title=None):
        \"\"\"Draw a legend.

        Parameters
        ----------
        title : str, optional
            Title for the legend. The default reads from ``self.ATTR``.

        Returns
        -------
        self : Grid instance
            Returns self for easy chaining.
        \"\"\"
        self._legend()
        return self
"""


@pytest.mark.parametrize(("attr", "reported"), [("_hue_var", True), ("_legend", False)])
def test_a_returns_entry_named_self_leaves_self_the_instance(
    tmp_path: Path, attr: str, reported: bool
) -> None:
    # a NumPy ``self : Grid instance`` Returns entry does not make ``self`` a name the docstring
    # defines: ``self._hue_var`` is still an attribute the class lacks (seaborn's add_legend after
    # a rename of the attribute, a recall mutation the Returns-names rule had silenced)
    code = _RETURNS_SELF.replace("ATTR", attr)
    expected = ["C1-NAME-UNRESOLVED"] if reported else []
    assert rule_ids(c1_name_unresolved, tmp_path, code, "Grid.add_legend") == expected


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
import torch
from helpers import IMPORTED


def warp(points):
    """Warp the grid, in the order the homography and ``grid_sample`` read."""
    grid = points
    return IMPORTED(grid)
'''


@pytest.mark.parametrize(
    ("imported", "reported"),
    [("_torch_grid_sample", False), ("grid_resample", True)],
)
def test_the_name_a_wrapper_in_scope_wraps(tmp_path: Path, imported: str, reported: bool) -> None:
    # round 14 (kornia's ``_warp_pixel_grid3d``): the file imports ``_torch_grid_sample``, the
    # wrapper of torch's ``grid_sample``, which the prose names; without such a wrapper the
    # extension of the local ``grid`` stays reported
    code = _WRAPPED.replace("IMPORTED", imported)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "warp") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )


_RENAMED_HELPER = '''
import torch


def PREFIX_mkdir_p(path):
    return path


def copy_tree(src):
    """Copy a tree, making folders with :func:`mkdir_p`."""
    return PREFIX_mkdir_p(src)
'''


@pytest.mark.parametrize(("prefix", "reported"), [("user", True), ("add", True), ("torch", False)])
def test_a_helper_renamed_with_a_prefix_is_no_wrapper(
    tmp_path: Path, prefix: str, reported: bool
) -> None:
    # the wrapper rule above silenced the recall mutations' affix renames (boltons ``mkdir_p`` ->
    # ``user_mkdir_p``, flask ``app_template_filter`` beside ``add_app_template_filter``): only a
    # prefix naming a module the file imports (``torch``) makes the longer name a wrapper
    code = _RENAMED_HELPER.replace("PREFIX", prefix)
    assert rule_ids(c1_xref_unresolved, tmp_path, code, "copy_tree") == (
        ["C1-XREF-UNRESOLVED"] if reported else []
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
    found = project_rule_ids(c1_name_unresolved, tmp_path, files, "pkg/tips.py", "format_tip")
    assert found == (["C1-NAME-UNRESOLVED"] if reported else [])


_SHORT_XREF = '''
import os


def pool(m):
    """Pool ``m`` with :func:`NAME`'s windows.

    Exactly the window of ``FULL``.
    """
    return os.sep, m
'''


@pytest.mark.parametrize(
    ("name", "full", "reported"),
    [
        ("commonpath", "os.path.commonpath", False),
        # controls: without the full spelling, it names nothing either, or another name
        # (reported, with no close name in scope, under the opt-in C1-XREF-UNCORROBORATED)
        ("commonpath", "os.sep", True),
        ("commonpaths", "os.path.commonpaths", True),
        ("commonpaths", "os.path.commonpath", True),
    ],
)
def test_a_short_xref_spelt_in_full_in_the_docstring(
    tmp_path: Path, name: str, full: str, reported: bool
) -> None:
    # round 14 (kornia's ``_adaptive_min_pool_1d``): ``:func:`adaptive_max_pool2d``` is torch's
    # function, which the same docstring writes in full as
    # ``torch.nn.functional.adaptive_max_pool2d``; the module is not imported under that name
    code = _SHORT_XREF.replace("NAME", name).replace("FULL", full)
    assert rule_ids(xref_all, tmp_path, code, "pool") == (
        ["C1-XREF-UNCORROBORATED"] if reported else []
    )


_CONDITIONAL = '''
import sys

if sys.platform == "win32":

    def _init_terminal(who):
        raise SystemError(f"{who} needs colorama on Windows")

else:

    def _init_terminal(who):
        """Nothing to do elsewhere."""


def get_styles(force_colors=False):
    """Get the default styles.

    Raises:
        EXC: if colors are forced on Windows without colorama.
    """
    _init_terminal("get_styles")
    return force_colors
'''


@pytest.mark.parametrize(("exc", "reported"), [("SystemError", False), ("KeyError", True)])
def test_a_callee_defined_in_both_branches_of_an_if(
    tmp_path: Path, exc: str, reported: bool
) -> None:
    # round 14 (structlog's ``ConsoleRenderer.get_default_column_styles``): ``_init_terminal``
    # raises SystemError in its Windows definition only, and the last definition read was the
    # other one; an exception no definition raises stays reported
    code = _CONDITIONAL.replace("EXC", exc)
    assert rule_ids(c3_raises_unraised, tmp_path, code, "get_styles") == (
        ["C3-RAISES"] if reported else []
    )


_KEYS = '''
from typing import Any


class Matcher:
    def forward(self, data: ANN) -> dict:
        """Run forward.

        Args:
            data: dictionary containing the input data in the following format:

        SECTION:
            image0: left image.
            mask1 (optional): right image mask.
        """
        return {"mask": data["mask1"]} if "mask1" in data else {}
'''


@pytest.mark.parametrize(
    ("annotation", "section", "reported"),
    [
        ("dict[str, Any]", "Keyword Args", False),
        ("Dict[str, Any]", "Keyword Arguments", False),
        # controls: not a mapping; the keys under Args, as parameters
        ("Any", "Keyword Args", True),
        ("dict[str, Any]", "Args", True),
    ],
)
def test_keyword_args_listing_the_keys_of_a_mapping(
    tmp_path: Path, annotation: str, section: str, reported: bool
) -> None:
    # round 14 (kornia's ``LoFTR.forward``, 14 of 72 C1-PARAM-UNKNOWN): "Keyword Args:" lists
    # the keys of the dict parameter ``data``; the function takes no **kwargs
    code = _KEYS.replace("ANN", annotation).replace("SECTION", section)
    expected = ["C1-PARAM-UNKNOWN"] * 2 if reported else []
    assert rule_ids(c1_param_unknown, tmp_path, code, "Matcher.forward") == expected


_UNDERLINED_PARTLY = '''
def get_node(ndisplay, dtype=None):
    """Return the node for the current visualization.

    Parameters
    ----------
    ndisplay : {2, 3}
        The current number of displayed dimensions.
    STALE

    Returns:
    node : Node
        The Node instance to use.
    """
    return ndisplay, dtype
'''


@pytest.mark.parametrize(
    ("stale", "expected"),
    [
        ("dtype : np.dtype\n        The dtype.", []),
        # control: a stale entry above the bare title stays reported
        ("shape : tuple\n        The shape.", ["C1-PARAM-UNKNOWN"]),
    ],
)
def test_a_google_title_in_a_numpy_docstring(
    tmp_path: Path, stale: str, expected: list[str]
) -> None:
    # round 14 (napari's ``ImageLayerNode.get_node``): "Returns:" without an underline at the
    # entries' indent opens the Returns section (``node : Node`` is what it returns); it was
    # read as parameters ``Returns`` and ``node``
    code = _UNDERLINED_PARTLY.replace("STALE", stale)
    assert rule_ids(c1_param_unknown, tmp_path, code, "get_node") == expected
    inp = static_input(tmp_path / "again", code, "get_node")
    returns = [(s.name, s.type) for s in inp.docstring.segments if s.kind == "returns"]
    assert returns == [("node", "Node")]


_SEE_ELSEWHERE = '''
class TextManager:
    def _update_from_layer(self, text, features):
        """Update this in place from a layer.

        Parameters
        ----------
        ENTRY
        """
        return text, features
'''


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("See :meth:`TextManager._from_layer`.", []),
        # controls: a stale ``name : :class:`Type``` entry stays an entry
        ("layer : :class:`Layer`\n            The layer.", ["C1-PARAM-UNKNOWN"]),
    ],
)
def test_a_see_sentence_inside_parameters(tmp_path: Path, entry: str, expected: list[str]) -> None:
    # round 14 (napari's ``TextManager._update_from_layer``): "See :meth:`X`." where the
    # entries would be is a sentence, not a parameter ``See`` of type ``meth:`X```
    code = _SEE_ELSEWHERE.replace("ENTRY", entry)
    assert rule_ids(c1_param_unknown, tmp_path, code, "TextManager._update_from_layer") == expected


_SETTER = '''
class NamedMap:
    @property
    def metadata(self):
        return self._metadata

    @metadata.setter
    def metadata(self, metadata):
        """Set the metadata for this map.

        Parameters
        ----------
        ENTRIES
        """
        self._metadata = metadata
'''


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ("meta : MetaData", []),
        # control: a second name is no description of the one value a setter is given
        ("meta : MetaData\n        strict : bool", ["C1-PARAM-UNKNOWN"] * 2),
    ],
)
def test_a_setter_names_the_value_it_is_given(
    tmp_path: Path, entries: str, expected: list[str]
) -> None:
    # round 14 (nibabel's ``Cifti2NamedMap.metadata`` setter, DEBATABLE): ``meta`` for the
    # argument ``metadata``, which no caller writes (``obj.metadata = value``)
    code = _SETTER.replace("ENTRIES", entries)
    assert rule_ids(c1_param_unknown, tmp_path, code, "NamedMap.metadata") == expected


@pytest.mark.parametrize(
    ("name", "reported"), [("__class__.__name__", False), ("str.startwith", True)]
)
def test_a_data_model_attribute_chain(tmp_path: Path, name: str, reported: bool) -> None:
    # round 14 re-run (napari's ``EventEmitter.connect``): "the ``__class__.__name__``
    # attribute" is any object's, not the ``builtins`` module's ``__class__`` (its type); a
    # builtin's missing member with a near miss stays reported
    code = f'''
def connect(callback):
    """Connect a callback, referred to by the ``{name}`` attribute."""
    return callback
'''
    assert rule_ids(c1_name_unresolved, tmp_path, code, "connect") == (
        ["C1-NAME-UNRESOLVED"] if reported else []
    )
