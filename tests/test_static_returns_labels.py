"""C3-RETURNS-YIELDS: a NumPy Returns entry whose name has a space before ``: None`` (session
20, round 27's pgmpy ``fit_update``, FALSE): "Updated model: None" says no value is returned;
a label before a type stays reported (NumPy, Google and reST forms)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.returns_raises import c3_returns_without_value

from tests.names_helpers import messages
from tests.static_helpers import run_rule

_REPORTED = ["documents a return value, but fit_update() never returns one"]

_NUMPY = """
    Returns
    -------
    {text}
        Modifies the network inplace.
"""
_GOOGLE = """
    Returns:
        {text} Modifies the network inplace.
"""
_REST = """
    :returns: {text} Modifies the network inplace.
"""


@pytest.mark.parametrize(
    ("section", "text", "expected"),
    [
        (_NUMPY, "Updated model: None", []),
        (_GOOGLE, "Updated model: None.", []),
        (_REST, "updated model: None.", []),
        (_NUMPY, "Updated model: BayesianNetwork", _REPORTED),
        (_GOOGLE, "Updated model: the network.", _REPORTED),
        (_REST, "updated model: Nonetheless a network.", _REPORTED),
    ],
    ids=["numpy", "google", "rest", "control-numpy-type", "control-google", "control-rest"],
)
def test_a_label_before_none(tmp_path: Path, section: str, text: str, expected: list[str]) -> None:
    body = section.format(text=text)
    code = f'''
def fit_update(data):
    """Update the model with new data.
{body}
    """
    print(data)
'''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "fit_update")) == expected
