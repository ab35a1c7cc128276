"""A class with its own constructor documents the options of one of its public methods.

Round 59 (satpy's ``KDTreeResampler``/``BilinearResampler``, 8 DEB) and round 41
(pyresample's ``LegacyDaskEWAResampler``, 6 DEB): the class docstring lists the keywords of
``precompute``/``compute`` and none of the constructor's ``(source_geo_def, target_geo_def)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.static_helpers import DOC_STYLES, default_findings, documented_function


def _class(style: str, name: str, entries: Sequence[str], init: str, methods: str) -> str:
    """A class ``name`` documenting ``entries`` (as floats) in ``style``, with the
    constructor ``__init__(self, {init})`` and ``methods`` (indented one level)."""
    function = documented_function(style, "f()", [(n, "float", "An option.") for n in entries])
    rest = function.partition("\n")[2]
    doc = rest.rsplit("    pass", 1)[0]
    ctor = f"    def __init__(self, {init}):\n        self.args = ({init},)\n"
    return f"class {name}:\n{doc}\n{ctor}\n{methods}\n"


_PRECOMPUTE = """    def precompute(self, mask=None, epsilon=0, cache_dir=None, **kwargs):
        return mask, epsilon, cache_dir, kwargs
"""


def _reported(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted(
        (f.qualname, f.message.split(",")[0])
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@pytest.mark.parametrize("style", DOC_STYLES)
def test_a_class_documenting_its_methods_options_is_not_judged_as_its_call(
    tmp_path: Path, style: str
) -> None:
    code = _class(
        style, "Resampler", ["cache_dir", "mask", "epsilon"], "source, target", _PRECOMPUTE
    )
    assert _reported(tmp_path, code) == []


@pytest.mark.parametrize("style", DOC_STYLES)
def test_entries_that_are_not_all_one_public_methods_options_stay_reported(
    tmp_path: Path, style: str
) -> None:
    # controls: one name (a constructor argument moved to a method), a name the method does
    # not take, a documented constructor parameter beside the options (the docstring
    # describes the call), a private method, and renamed twins of the constructor's
    # parameter that a static helper shares (pennylane's ``ResetError`` documents the stale
    # ``p_0``/``p_1`` its ``compute_kraus_matrices`` takes, round 46, TRUE)
    private = _PRECOMPUTE.replace("def precompute", "def _precompute")
    kraus = """    def kraus(self, prob, wires):
        return prob, wires
"""
    code = "\n".join(
        [
            _class(style, "One", ["cache_dir"], "source, target", _PRECOMPUTE),
            _class(style, "Other", ["cache_dir", "mask", "radius"], "source, target", _PRECOMPUTE),
            _class(style, "Beside", ["source", "cache_dir", "mask"], "source, target", _PRECOMPUTE),
            _class(style, "Private", ["cache_dir", "mask"], "source, target", private),
            _class(style, "Twins", ["prob", "wires"], "probability, targets", kraus),
        ]
    )
    assert _reported(tmp_path, code) == [
        ("Beside", 'documents parameter "cache_dir"'),
        ("Beside", 'documents parameter "mask"'),
        ("One", 'documents parameter "cache_dir"'),
        ("Other", 'documents parameter "cache_dir"'),
        ("Other", 'documents parameter "mask"'),
        ("Other", 'documents parameter "radius"'),
        ("Private", 'documents parameter "cache_dir"'),
        ("Private", 'documents parameter "mask"'),
        ("Twins", 'documents parameter "prob"'),
        ("Twins", 'documents parameter "wires"'),
    ]
