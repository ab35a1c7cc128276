"""Prose shapes read in session 33 (sh33): a setter's "Whether to ..." summary, copied from
its getter, describes the flag it takes (round 86, superqt's ``setBarVisible``), with the
same summary on a method that takes no flag still reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import (
    c2_prose_return_items,
    c2_prose_return_type,
    c2_prose_return_weak,
)

from tests.static_helpers import static_input


def _returns_flagged(tmp_path: Path, code: str, qualname: str) -> list[str]:
    inp = static_input(tmp_path, code, qualname)
    rules = (c2_prose_return_type, c2_prose_return_weak, c2_prose_return_items)
    return [inp.source[f.start : f.end] for rule in rules for f in rule(inp)]


SLIDER = '''
class Slider:
    def __init__(self) -> None:
        self._bar = True

    def barVisible(self) -> bool:
        """Whether to show the bar between the first and last handle."""
        return self._bar

    def setBarVisible(self, {param}) -> None:
        """Whether to show the bar between the first and last handle."""
        self._bar = bool(val)
'''


@pytest.mark.parametrize("param", ["val: bool = True", "val: bool", "val=False"])
def test_a_setters_whether_to_describes_its_flag(tmp_path: Path, param: str) -> None:
    code = SLIDER.format(param=param)
    assert _returns_flagged(tmp_path, code, "Slider.setBarVisible") == []


@pytest.mark.parametrize("param", ["", "val: int = 1"])
def test_whether_to_on_a_method_with_no_flag_stays(tmp_path: Path, param: str) -> None:
    # the getter's summary on a method that returns nothing and takes no boolean: stale
    code = SLIDER.format(param=param).replace("bool(val)", "True")
    assert len(_returns_flagged(tmp_path, code, "Slider.setBarVisible")) == 1


def test_whether_a_state_holds_on_a_flag_taker_stays(tmp_path: Path) -> None:
    # "Whether the bar shows" states a fact to answer, not the option a flag sets
    code = SLIDER.format(param="val: bool").replace(
        'Whether to show the bar between the first and last handle."""\n        self',
        'Whether the bar shows."""\n        self',
    )
    assert "Whether the bar shows." in code
    assert len(_returns_flagged(tmp_path, code, "Slider.setBarVisible")) == 1
