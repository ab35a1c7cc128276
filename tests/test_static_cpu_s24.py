"""Session 24 (sp29): cuts of work the cold run did not need, each held to the same results."""

from __future__ import annotations

import pytest
from docref.checks.static.names_local import family_shaped, parameter_family

_CANDIDATES = ["hmc_pyro", "nuts_pyro", "min_codepoint", "max_codepoint", "pyro_a", "pyro_b"]


@pytest.mark.parametrize(
    "name", ["_pyro", "_codepoint", "pyro_", "_x_", "pyro", "codepoint", "hmc_pyro", "x"]
)
def test_family_shaped_is_the_precondition_of_a_parameter_family(name: str) -> None:
    # names.py gathers the docstring's words only for a name family_shaped admits: every name
    # parameter_family can hold for must be admitted, or a family would be reported again.
    if parameter_family(name, _CANDIDATES):
        assert family_shaped(name)
    if not family_shaped(name):
        assert not parameter_family(name, [*_CANDIDATES, f"a{name}", f"b{name}", f"{name}a"])


def test_a_suffix_and_a_prefix_are_shaped_a_plain_word_is_not() -> None:
    assert family_shaped("_pyro") and family_shaped("pyro_")
    assert parameter_family("_pyro", _CANDIDATES) and parameter_family("pyro_", _CANDIDATES)
    assert not family_shaped("pyro") and not family_shaped("hmc_pyro")
