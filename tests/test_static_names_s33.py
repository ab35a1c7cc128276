"""A code-marked display of names, ``(anchor, axial_anchor, direction, u, v)`` (round 84,
optiland's ``ParaxialPath.entry_frame``): the docstring labels the returned tuple's parts and
names them one by one after it, so ``axial_anchor`` (a label, the code's local is ``axial``)
is no unresolved name.  Controls: the same label with no display naming it, or inside a call
in code markup, stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.static_helpers import static_input

FRAME = '''
class ParaxialPath:
    def __init__(self, vertices, axial_positions):
        self.vertices = vertices
        self.axial_positions = axial_positions

    def entry_frame(self) -> tuple:
        """SUMMARY

        ``anchor`` is the first surface's vertex, ``axial_anchor`` its unfolded axial
        coordinate.
        """
        anchor = self.vertices[1]
        axial = self.axial_positions[1]
        return anchor, axial
'''


def _unresolved(tmp_path: Path, summary: str) -> list[str]:
    inp = static_input(tmp_path, FRAME.replace("SUMMARY", summary), "ParaxialPath.entry_frame")
    return [f.message for f in c1_name_unresolved(inp) if "axial_anchor" in f.message]


@pytest.mark.parametrize(
    "summary",
    ["Entry frame ``(anchor, axial_anchor)``.", "Entry frame ``[anchor, axial_anchor]``."],
)
def test_a_label_of_a_displayed_tuple_is_no_unresolved_name(tmp_path: Path, summary: str) -> None:
    assert _unresolved(tmp_path, summary) == []


@pytest.mark.parametrize(
    "summary",
    ["Entry frame of the path.", "Entry frame from ``transverse(anchor, axial_anchor)``."],
)
def test_a_label_no_display_introduces_stays(tmp_path: Path, summary: str) -> None:
    assert _unresolved(tmp_path, summary) != []
