"""A Google entry written with a comma for the colon, ``openings (list[Face], optional),
sequence of ...`` (round 84, build123d's ``offset``): napoleon reads the line at the entries'
indent as the entry of ``openings``, so its "Defaults to None." is that entry's, not the one
above's.  Controls: a drifted default beside it stays reported, and a description line going
on after a parenthesis without a comma stays the entry's text."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch

from tests.names_helpers import messages
from tests.static_helpers import run_rule

OFFSET = '''
def offset(objects=None, amount: float = 0, openings=None, kind: str = "arc"):
    """Offset the objects.

    Args:
        objects (list): objects to offset
        amount (float): positive values external, negative internal
        OPENINGS
            Defaults to None.
        kind (str, optional): transition shape. Defaults to KIND.
    """
    return objects, amount, openings, kind
'''


def _defaults(tmp_path: Path, openings: str, kind: str = '"arc"') -> list[str]:
    code = OFFSET.replace("OPENINGS", openings).replace("KIND", kind)
    return messages(run_rule(c2_default_mismatch, tmp_path, code, "offset"))


@pytest.mark.parametrize(
    "openings",
    [
        "openings (list[Face], optional), sequence of faces to open in part.",
        "openings (list, optional), the faces to leave open.",
    ],
)
def test_a_comma_for_the_colon_starts_the_entry(tmp_path: Path, openings: str) -> None:
    assert _defaults(tmp_path, openings) == []


def test_a_drifted_default_beside_it_stays(tmp_path: Path) -> None:
    openings = "openings (list[Face], optional), sequence of faces to open in part."
    found = _defaults(tmp_path, openings, kind='"round"')
    assert found == ['documents default "round" for "kind", but the signature default is "arc"']


def test_a_parenthesis_in_prose_stays_the_entry_above(tmp_path: Path) -> None:
    # no comma after the parenthesis: a description line written at the entries' indent,
    # so its "Defaults to None." is still read as amount's (which defaults to 0)
    found = _defaults(tmp_path, "values (in mm) are positive outside the part.")
    assert found == ['documents default None for "amount", but the signature default is 0']
