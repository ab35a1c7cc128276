"""Round 53 (session 24): Returns texts of functions that return nothing which claim no
value -- "Just saves the plot." and a docrep placeholder opening prose (cellrank's
"%(just_plots)s For each random walk, ...") -- beside the texts that stay a claim, in Google,
NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings
from tests.test_static_r52 import _SIDE_EFFECT


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


_NO_CLAIM = (
    "Just saves the plot.",
    "Only writes the counts to `data.layers`.",
    "%(just_plots)s For each random walk, the first cell is marked by the start color.",
    "%(just_plots)s Also updates ``data`` with the following fields.",
)
# a value is claimed: the function returns nothing, the docstring is wrong
_CLAIMS = (
    "Just the fragment counts.",
    "%(just_plots)s Returns the fragment counts as well.",
    "The %(kind)s counts. For each layer, one array.",
)


@pytest.mark.parametrize("text", _NO_CLAIM)
@pytest.mark.parametrize("form", sorted(_SIDE_EFFECT))
def test_returns_text_saying_what_a_valueless_call_does_is_no_claim(
    tmp_path: Path, form: str, text: str
) -> None:
    assert _rules(tmp_path, _SIDE_EFFECT[form].replace("{text}", text)) == []


@pytest.mark.parametrize("text", _CLAIMS)
@pytest.mark.parametrize("form", sorted(_SIDE_EFFECT))
def test_returns_text_claiming_a_value_stays_reported(tmp_path: Path, form: str, text: str) -> None:
    found = _rules(tmp_path, _SIDE_EFFECT[form].replace("{text}", text))
    assert found == ["C3-RETURNS-YIELDS"]
