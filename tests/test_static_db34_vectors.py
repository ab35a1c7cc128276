"""Round 83 (session 34): pythermalcomfort's ``Returns: float or list of floats`` on functions
annotated ``-> npt.NDArray[np.float64]`` (13 DEBATABLE C2-RETURN-TYPE rows, no TRUE of the
shape in any round): numpydoc's scalar-or-vector wording for a vectorised value, which numpy
hands back as an array -- the list of numbers is the array.  Controls: a list alone documented
for an array (``list`` for ``np.unique(...)``, judged TRUE in rounds 31-87), a list of another
kind, and the same union for an annotation that is no array stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_RETURNS = '''
import numpy as np
import numpy.typing as npt


def p_sat(tdb: float) -> {ann}:
    """Saturation vapour pressure.

    Parameters
    ----------
    tdb : float
        dry bulb air temperature

    Returns
    -------
    p_sat : {doc}
        saturation vapour pressure
    """
    return np.exp(np.asarray(tdb))
'''


def _return_types(tmp_path: Path, doc: str, ann: str) -> list[str]:
    code = _RETURNS.replace("{doc}", doc).replace("{ann}", ann)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-RETURN-TYPE"]


@pytest.mark.parametrize(
    "doc", ["float or list of floats", "float or list of float", "int or list of int"]
)
@pytest.mark.parametrize("ann", ["npt.NDArray[np.float64]", "np.ndarray", "float | np.ndarray"])
def test_a_number_or_a_list_of_it_is_the_returned_array(tmp_path: Path, doc: str, ann: str) -> None:
    assert _return_types(tmp_path, doc, ann) == []


@pytest.mark.parametrize(
    ("doc", "ann"),
    [
        ("list", "np.ndarray"),
        ("list of float", "npt.NDArray[np.float64]"),
        ("str or list of str", "np.ndarray"),
        ("float or list of floats", "dict"),
    ],
    ids=["list-alone", "list-of-numbers-alone", "list-of-str", "no-array"],
)
def test_control_other_lists_and_annotations_stay_reported(
    tmp_path: Path, doc: str, ann: str
) -> None:
    found = _return_types(tmp_path, doc, ann)
    assert len(found) == 1, found
    assert found[0].startswith(f'says it returns "{doc}"')
