"""Round 96 (session 36, private): girth's ``default_options()`` documents under ``Args:`` the
keys of the dict literal it returns (10 FALSE C1-PARAM-UNKNOWN) -- a function taking no
argument hands out those options; beside the controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import unknown_parameters

_OPTIONS = '''
def default_options():
    """Dictionary of options used in the estimators.

    Args:
        max_iteration: [int] maximum number of iterations allowed during processing.
        {entry}: [int] number of quadrature points to use
    """
    return {{"max_iteration": 25, "quadrature_n": 41, "use_LUT": True}}


def with_a_parameter(scale):
    """Options scaled.

    Args:
        max_iteration: [int] maximum number of iterations.
    """
    return {{"max_iteration": 25 * scale}}


def nested_return():
    """Options of the inner factory.

    Args:
        max_iteration: [int] maximum number of iterations.
    """

    def inner():
        return {{"max_iteration": 25}}

    return inner
'''


def _unknown(tmp_path: Path, entry: str) -> list[tuple[str, str]]:
    return unknown_parameters(tmp_path, _OPTIONS.format(entry=entry))


def test_keys_of_the_returned_dict_are_no_parameters(tmp_path: Path) -> None:
    assert ("max_iteration", "default_options") not in _unknown(tmp_path, "quadrature_n")
    assert ("quadrature_n", "default_options") not in _unknown(tmp_path, "quadrature_n")


def test_other_entries_and_functions_stay_reported(tmp_path: Path) -> None:
    # a stale entry that is no key; a function with a parameter; a nested function's dict
    found = _unknown(tmp_path, "n_quadrature")
    assert ("n_quadrature", "default_options") in found
    assert ("max_iteration", "with_a_parameter") in found
    assert ("max_iteration", "nested_return") in found
