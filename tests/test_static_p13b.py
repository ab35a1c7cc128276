"""C2 type rules, session 13: a documented parameter type the annotation leaves out that the
code takes (rounds 11-15 judged these "the annotation is the side to fix"), each with a
control of the same shape that stays reported.  Numbers: benchmarks/PRECISION.md,
"Session 13: C2 shapes (p13b)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import flagged

_PARAM = '''
from pathlib import Path
from typing import Mapping, Optional

import numpy as np


def f(SIGNATURE):
    """Do it.

    Parameters
    ----------
    ENTRY
        The value.
    """
    BODY
'''


def _param(signature: str, entry: str, body: str = "return None") -> str:
    code = _PARAM.replace("SIGNATURE", signature).replace("ENTRY", entry)
    return code.replace("BODY", body)


@pytest.mark.parametrize(
    ("signature", "entry", "body", "reported"),
    [
        # round 14 (pyvista ``read_keyword``, nibabel ``Recoder``): a class is a callable, the
        # docstring names the wider kind the body calls
        ("converter: type | None = None", "converter : callable, optional", "return 1", False),
        ("maker: type[Mapping] = dict", "maker : callable, optional", "return maker()", False),
        # control: a callable documented for a string is still a contradiction
        ("criterion: str = 'mse'", "criterion : callable", "return criterion", True),
        # round 15 (librosa ``dtype_r2c``): numpy's scalar types are dtype specifiers
        ("default: Optional[type] = np.complex64", "default : np.dtype, optional", "", False),
        # control: a numpy dtype documented for a string parameter stays reported
        ("default: str = 'x'", "default : np.dtype", "return default", True),
        # round 14 (napari ``PerfmonConfig``): the body converts to the documented type
        (
            "config_path: str | None",
            "config_path : Path",
            "return Path(config_path).read_text()",
            False,
        ),
        ("data: list", "data : ndarray", "return np.asarray(data).sum()", False),
        # controls: no conversion in the body; a conversion of another parameter; a
        # conversion to a builtin (a ``str`` parsed by ``int(x)`` is what the annotation says)
        ("config_path: str | None", "config_path : Path", "return config_path", True),
        ("path: str, other: str", "path : Path", "return Path(other), path", True),
        ("count: str", "count : int", "return int(count)", True),
    ],
)
def test_a_documented_type_the_body_takes(
    tmp_path: Path, signature: str, entry: str, body: str, reported: bool
) -> None:
    code = _param(signature, entry, body or "return None")
    assert bool(flagged(c2_param_type, tmp_path, code)) is reported


@pytest.mark.parametrize(
    ("signature", "entry", "blamed"),
    [
        # round 15 (sktime ``AutoTS``): ``model_list: list = "superfast"`` documented ``str``:
        # the default contradicts its own annotation, as the docstring says: the finding
        # blames the annotation
        ('model_list: list = "superfast"', "model_list : str", True),
        # a recall mutation's shape: ``name: str = "x"`` whose annotation became ``bytes``
        ('name: bytes = "x"', "name : str", True),
        # controls: a default of the annotated type; a default of a third type; no default
        ("model_list: list = ['a']", "model_list : str", False),
        ("model_list: list = 3", "model_list : str", False),
        ("model_list: list", "model_list : str", False),
    ],
)
def test_a_default_that_contradicts_its_annotation_blames_the_annotation(
    tmp_path: Path, signature: str, entry: str, blamed: bool
) -> None:
    (flag,) = flagged(c2_param_type, tmp_path, _param(signature, entry, "return None"))
    assert flag.rule == "C2-PARAM-TYPE"
    assert flag.message.startswith("the annotation of ") is blamed, flag.message
    if blamed:
        assert "as documented" in flag.message
    else:
        assert flag.message.startswith("documents ")
