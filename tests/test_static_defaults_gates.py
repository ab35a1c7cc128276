"""C2-DEFAULT-MISMATCH's general gates (session 8), each with a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch

from tests.names_helpers import messages
from tests.static_helpers import run_rule


@pytest.mark.parametrize(
    ("default", "expected"),
    [
        ('"none"', []),
        ('"None "', []),
        (
            '"robust"',
            ['documents default None for "cov_type", but the signature default is "robust"'],
        ),
    ],
    ids=["string-sentinel-none", "any-case", "control-other-string"],
)
def test_none_documented_for_the_string_none(
    tmp_path: Path, default: str, expected: list[str]
) -> None:
    # round 6 (statsmodels ``DynamicFactorMQ.smooth``): ``cov_type="none"`` documented
    # "Default is None" names the same choice; another string default stays reported
    code = f'''
    def smooth(params, cov_type={default}):
        """Smooth.

        Parameters
        ----------
        cov_type : str, optional
            The covariance type. Default is None.
        """
        return params
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "smooth")) == expected
