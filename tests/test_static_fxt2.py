"""Type, return and raise rules, session 17 (fxt2): mechanisms behind first-pass false alarms
of rounds 17-22, each with a control of the same shape that stays reported.  Numbers:
benchmarks/PRECISION.md, "Session 17 fixes (fxt2)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type
from docref.checks.static.types_returns import c2_return_type
from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.static_helpers import flagged

_GOOGLE_RETURNS = '''
class Column:
    """A column."""


def f(x: int) -> RETURNS:
    """Do it.

    Args:
        x (int): The x.

    Returns:
        RESULT
    """
    return None
'''


@pytest.mark.parametrize(
    ("returns", "result", "reported"),
    [
        # round 22 (evaluate): Hugging Face marks each item's type: `` `dict`: ...`` per line
        ("tuple[dict, Column]", "`dict`:  metric inputs.\n        `list`:  inputs.", False),
        ("tuple[dict, Column]", ":obj:`dict`: inputs.\n        :obj:`list`: inputs.", False),
        # control: one marked type for a tuple, its description going on, stays reported
        ("tuple[dict, Column]", "`dict`:  metric inputs\n            for the pipeline.", True),
        ("tuple[dict, Column]", "`dict`:  metric inputs.", True),
    ],
)
def test_google_marked_types_per_tuple_item(
    tmp_path: Path, returns: str, result: str, reported: bool
) -> None:
    code = _GOOGLE_RETURNS.replace("RETURNS", returns).replace("RESULT", result)
    assert bool(flagged(c2_return_type, tmp_path, code)) is reported


_NUMPY_PARAM = '''
from typing import Sequence

import numpy as np


def f(x: ANNOTATION) -> None:
    """Do it.

    Parameters
    ----------
    x : DOCUMENTED
        The value.
    """
    print(x)
'''


@pytest.mark.parametrize(
    ("annotation", "documented", "reported"),
    [
        # numpydoc's ``N-tuple of T`` (session 16's leftover: no parse, never compared)
        ("tuple[float, float, float]", "3-tuple of float", False),
        ("Sequence[float]", "3-tuple of floats", False),
        ("tuple[int, ...]", "2-tuple of int", False),
        # control: the wrong count or the wrong item type is reported
        ("tuple[float, float]", "3-tuple of float", True),
        ("tuple[str, str]", "2-tuple of int", True),
        # ``tuple(int, int)`` / ``tuple (ndarray, str)`` and ``tuple(float)`` (any length)
        ("tuple[int, int]", "tuple (int, int)", False),
        ("tuple[np.ndarray, str]", "tuple(ndarray, str)", False),
        ("tuple[float, float, float]", "tuple(float), optional", False),
        ("tuple[str, str]", "tuple(int, int)", True),
        ("tuple[str, ...]", "tuple(float)", True),
        # the items' roles, not their types: no claim to compare
        ("int", "tuple (rows, columns)", False),
        ("int", "tuple(h, k, l)", False),
    ],
)
def test_counted_and_called_tuples(
    tmp_path: Path, annotation: str, documented: str, reported: bool
) -> None:
    code = _NUMPY_PARAM.replace("ANNOTATION", annotation).replace("DOCUMENTED", documented)
    assert bool(flagged([c2_param_type, c2_param_weak], tmp_path, code)) is reported


_OVERLOADED = '''
from typing import overload


@overload
def f(x: int) -> int: ...
@overload
def f(x: str) -> str: ...
def f(x):
    """Do it.

    Parameters
    ----------
    x : DOCUMENTED
        The value.

    Returns
    -------
    RETURNED
        The result.
    """
    return x
'''


@pytest.mark.parametrize(
    ("documented", "returned", "reported"),
    [
        # session 16's leftover: an unannotated implementation under annotated overloads
        ("int", "int", False),
        ("str", "str", False),
        ("int or str", "int or str", False),
        # control: a type no overload has is reported, for the parameter and the return
        ("bytes", "int", True),
        ("int", "bytes", True),
    ],
)
def test_overloads_annotate_an_unannotated_implementation(
    tmp_path: Path, documented: str, returned: str, reported: bool
) -> None:
    code = _OVERLOADED.replace("DOCUMENTED", documented).replace("RETURNED", returned)
    rules = [c2_param_type, c2_param_weak, c2_return_type]
    assert bool(flagged(rules, tmp_path, code, "f")) is reported


def test_overloads_with_an_unannotated_parameter_accept_anything(tmp_path: Path) -> None:
    """One overload leaves ``x`` unannotated: it takes anything, nothing to compare."""
    code = _OVERLOADED.replace("def f(x: str) -> str", "def f(x) -> str")
    code = code.replace("DOCUMENTED", "bytes").replace("RETURNED", "int")
    assert not flagged([c2_param_type, c2_param_weak], tmp_path, code, "f")


@pytest.mark.parametrize(
    ("annotation", "documented", "reported"),
    [
        # round 14 (pyvista ``axis``): the kinds of a Literal's values, part of them or all
        ("Literal['x', 'y', 'z', 0, 1, 2] | None", "int | str, default: 'x'", False),
        ("Literal['x', 'y', 0, 1]", "str", False),
        ("Literal['x', 'y', 0, 1]", "int", False),
        # control: a kind none of the values has stays reported
        ("Literal['x', 'y', 0, 1]", "bytes", True),
        ("Literal['x', 'y']", "int", True),
    ],
)
def test_literal_of_several_kinds(
    tmp_path: Path, annotation: str, documented: str, reported: bool
) -> None:
    code = _NUMPY_PARAM.replace("ANNOTATION", annotation).replace("DOCUMENTED", documented)
    code = code.replace("from typing import Sequence", "from typing import Literal, Sequence")
    assert bool(flagged([c2_param_type, c2_param_weak], tmp_path, code)) is reported


@pytest.mark.parametrize(
    ("tail", "reported"),
    [
        # round 21 (pyjanitor ``lengths: tuple[int, ...]``): one count per status label
        ("represented by each status label", False),
        ("assigned to each cluster", False),
        # control: one total is one count, said of a tuple (of numbers: the opt-in
        # C2-PROSE-PARAM-LOOSE's since session 19, test_static_prose_params_s19)
        ("represented in the table", True),
    ],
)
def test_a_count_by_each_item_is_several_counts(tmp_path: Path, tail: str, reported: bool) -> None:
    code = f'''
def f(lengths: tuple[int, ...]) -> None:
    """Do it.

    Args:
        lengths: Number of rows {tail}.
    """
    print(lengths)
'''
    assert bool(flagged([c2_prose_param_type, c2_prose_param_loose], tmp_path, code)) is reported
