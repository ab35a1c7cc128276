"""Static rules: mechanism gaps behind round 13's false and debatable findings (lifelines,
diffusers, mne, nilearn, sanic), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_return_type

from tests.static_helpers import static_input

_EFRON = '''
from typing import Tuple


def efron(d: int) -> Tuple[list, list, float]:
    """Differentials.

    Returns
    -------
    RETURNS
    """
    return [], [], 0.0
'''


@pytest.mark.parametrize(
    ("returns", "names", "reported"),
    [
        # round 13 (lifelines ``_get_efron_values_single``): ``name:`` alone on its line, its
        # type and description below, is a named entry of its own, not prose of the next one
        (
            "hessian:\n        (d, d) numpy array,\n    gradient:\n        (1, d) numpy array\n"
            "    log_likelihood: float",
            ["hessian", "gradient", "log_likelihood"],
            False,
        ),
        (
            "hessian: (d, d) numpy array,\n    gradient: (1, d) numpy array\n"
            "    log_likelihood: float",
            ["hessian", "gradient", "log_likelihood"],
            False,
        ),
        # control: one entry, contradicted by the tuple annotation, stays reported
        ("log_likelihood: float\n        The value.", ["log_likelihood"], True),
        # control: a ``word:`` line with nothing indented below is prose, not an entry
        ("hessian:\n    log_likelihood: float", ["log_likelihood"], True),
        # control: a ``word: …`` line wrapped onto a line that is no ``name:`` line is prose
        ("hessian: (d, d) numpy array, wrapped\n    onto a second line: float", [], False),
    ],
)
def test_a_name_colon_line_is_a_numpy_returns_entry(
    tmp_path: Path, returns: str, names: list[str], reported: bool
) -> None:
    inp = static_input(tmp_path, _EFRON.replace("RETURNS", returns), "efron")
    found = [s.name for s in inp.docstring.segments if s.kind == "returns" and s.name]
    assert found == names
    rules = [f.rule for f in c2_return_type(inp)]
    assert rules == (["C2-RETURN-TYPE"] if reported else [])
