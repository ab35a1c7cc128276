"""Session 32 (sh32b): a default stated inside a bulleted, typed sub-entry of a mapping
parameter's keys ("* ``degen_atol`` (``float`` or None): ... (default: None)", round 75's
deepchem ``symeig``) is that key's default, not the parameter's.  Beside it the control: the
parameter's own default, stated before the keys, is still read and reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch

from tests.static_helpers import rule_ids

_DOC = '''
def symeig(a, bck_options={{}}):
    """Eigenpairs of a linear operator.

    Parameters
    ----------
    a: LinearOperator
        The operator.
    bck_options: dict
        {lead}Options for the backward calculation:

        * ``degen_atol`` (``float`` or None): Minimum absolute difference between
          two eigenvalues to be treated as degenerate. (default: None)
        * ``degen_rtol`` (``float`` or None): Minimum relative difference.
          (default: None)
    """
    return a, bck_options
'''


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("", []),  # round 75: the keys' defaults
        # control: the parameter's own (stale) default before its keys is still reported
        ("Defaults to None. ", ["C2-DEFAULT-MISMATCH"]),
    ],
)
def test_a_keys_default_is_not_the_parameters(
    tmp_path: Path, lead: str, expected: list[str]
) -> None:
    code = _DOC.format(lead=lead)
    assert rule_ids(c2_default_mismatch, tmp_path, code, "symeig") == expected
