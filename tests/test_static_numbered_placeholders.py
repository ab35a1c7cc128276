"""Numbered placeholders in parameter entries and documented types (round 27, session 18):
``mat1, mat2, ..., matN`` for ``*mats``, ``afi`` for ``af1, af2, af3`` and a type
``FactorSet1, FactorSet2, ..., FactorSetn`` enumerate instances; they name no stale
parameter or class.  Controls beside each: the same shapes with nothing they could stand for
stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_VARARGS = '''
def compose(*mats):
    """Compose the transformations.

    Parameters
    ----------
    mat1 : array, (4, 4)
    mat2 : array, (4, 4)
    ...
    matN : array, (4, 4)
    """
    return mats


def stacked(first, *blocks):
    """Stack the arrays.

    Parameters
    ----------
    first : ndarray
        The first.
    mat1 : ndarray
        A stale entry: nothing here is numbered after ``mat``.
    """
    return first, blocks
'''

_FAMILY = '''
def filter3d(x, af1, af2, af3):
    """Filter a volume.

    Parameters
    ----------
    x : ndarray
        The volume.
    afi : ndarray
        The analysis filters for dimension i.
    """
    return x, af1, af2, af3


def filter1d(x, af1):
    """Filter a line.

    Parameters
    ----------
    x : ndarray
        The line.
    afi : ndarray
        Only one filter is numbered: a stale entry.
    """
    return x, af1
'''

_TYPES = '''
class FactorSet:
    pass


def factorset_product(*factorsets):
    """The product of the factor sets.

    Parameters
    ----------
    factorsets : FactorSet1, FactorSet2, ..., FactorSetn
        The factor sets.
    """
    return factorsets


def factorset_divide(first):
    """Divide the factor set.

    Parameters
    ----------
    first : FactorSett
        A misspelt type: no numbered instance of anything.
    """
    return first
'''


def _found(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.rule) for f in default_findings(tmp_path, code))


def test_numbered_items_of_varargs_name_no_parameter(tmp_path: Path) -> None:
    assert _found(tmp_path, _VARARGS) == [("stacked", "C1-PARAM-UNKNOWN")]


def test_an_index_letter_on_a_numbered_family(tmp_path: Path) -> None:
    assert _found(tmp_path, _FAMILY) == [("filter1d", "C1-PARAM-UNKNOWN")]


def test_a_numbered_type_enumerates_instances_of_a_class(tmp_path: Path) -> None:
    assert _found(tmp_path, _TYPES) == [("factorset_divide", "C1-DOCTYPE-UNRESOLVED")]
