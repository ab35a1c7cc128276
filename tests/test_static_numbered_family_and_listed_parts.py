"""Entries that name no parameter on purpose: a numbered family for the varargs, the parts a
parameter's entry lists (C1-PARAM-UNKNOWN, round 83).

PyHamcrest documents ``all_of(*items)`` and six other matchers with ``:param matcher1,...:`` --
the entry's name is itself a numbered family (a number, a comma, an ellipsis), the items of the
function's ``*varargs`` whatever its stem (7 FALSE).  rayoptics documents ``grid_rng`` as
``grid_rng: start, stop, num`` and then one entry per part, which the body unpacks (3 FALSE).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


def _matcher(signature: str, entry: str, extra: str = "") -> str:
    return f'''
def all_of({signature}):
    """Match if all of the given matchers match.

    {entry} A comma-separated list of matchers.{extra}
    """
    return [{signature.replace("*", "")}]
'''


@pytest.mark.parametrize("entry", [":param matcher1,...:", ":param matcher1, ...:"])
def test_numbered_family_entry_documents_the_varargs_items(tmp_path: Path, entry: str) -> None:
    assert _unknown(tmp_path, _matcher("*items", entry)) == []


def test_numbered_family_entry_with_no_varargs_stays_reported(tmp_path: Path) -> None:
    # control: the same entry on a function with no ``*varargs``: nothing it could document
    code = _matcher("first, second", ":param matcher1,...:")
    assert _unknown(tmp_path, code) == ["matcher1"]


def test_numbered_family_entry_beside_the_varargs_own_entry_stays_reported(
    tmp_path: Path,
) -> None:
    # control: ``*items`` has its own entry, so the family is a second, stale name for it
    code = _matcher("*items", ":param matcher1,...:", "\n    :param items: The matchers.")
    assert _unknown(tmp_path, code) == ["matcher1"]


def test_numbered_name_without_the_ellipsis_stays_reported(tmp_path: Path) -> None:
    # control: ``matcher1`` alone is one stale name, not a family (``items1`` would be spared)
    assert _unknown(tmp_path, _matcher("*items", ":param matcher1:")) == ["matcher1"]


_GOOGLE = '''
def grid_ray_generator(grid_rng):
    """Produce a 2d square regular grid.

    Args:
        grid_rng: {listed}
        start: 2d numpy array of lower left grid coords
        stop: 2d numpy array of upper right grid coords
        num: the number of samples along each axis
    """
    start, stop, num = grid_rng
    yield start + stop * num
'''

_NUMPY = '''
def grid_ray_generator(grid_rng):
    """Produce a 2d square regular grid.

    Parameters
    ----------
    grid_rng : tuple
        {listed}
    start : ndarray
        Lower left grid coords.
    stop : ndarray
        Upper right grid coords.
    num : int
        The number of samples along each axis.
    """
    start, stop, num = grid_rng
    yield start + stop * num
'''


@pytest.mark.parametrize("template", [_GOOGLE, _NUMPY], ids=["google", "numpy"])
def test_entries_for_the_parts_a_parameters_entry_lists(tmp_path: Path, template: str) -> None:
    code = template.format(listed="start, stop, num")
    assert _unknown(tmp_path, code) == []


@pytest.mark.parametrize("template", [_GOOGLE, _NUMPY], ids=["google", "numpy"])
def test_part_entries_the_list_does_not_name_stay_reported(tmp_path: Path, template: str) -> None:
    # control: the list names other parts (renamed since): ``stop`` and ``num`` are stale
    code = template.format(listed="start, end, count")
    assert _unknown(tmp_path, code) == ["num", "stop"]


@pytest.mark.parametrize("template", [_GOOGLE, _NUMPY], ids=["google", "numpy"])
def test_part_entries_with_no_listing_entry_stay_reported(tmp_path: Path, template: str) -> None:
    # control: a description in words introduces no parts
    code = template.format(listed="the grid's range.")
    assert _unknown(tmp_path, code) == ["num", "start", "stop"]
