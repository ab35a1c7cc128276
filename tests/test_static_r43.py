"""Static rules: the shapes behind round 43's non-TRUE findings (session 22's public tuning
round), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.return_weak import c3_returns_weak
from docref.checks.static.returns_raises import c3_returns_vs_yields, c3_returns_without_value

from tests.static_helpers import rule_ids

_C3_RULES = (c3_returns_without_value, c3_returns_vs_yields, c3_returns_weak)

# A function that returns nothing documented with a Returns entry, in the three docstring
# styles.  "N/A" (round 43, scrapli: every ``-> None`` method writes ``Returns: N/A``, as its
# ``Args: N/A`` and ``Raises: N/A``; 25 FALSE) is the placeholder for "not applicable": no
# value is claimed, as with "None" or "Nothing".  A Returns entry that only starts with the
# letters (a count of N/A cells, "NA values") still claims a value and stays reported.
_REST = '''
def f(data):
    """Write the data.

    :param data: the text data
    :returns: ENTRY
    """
    print(data)
'''

_GOOGLE = '''
def f(data):
    """Write the data.

    Args:
        data: the text data

    Returns:
        ENTRY

    Raises:
        N/A
    """
    print(data)
'''

_NUMPY = '''
def f(data):
    """Write the data.

    Parameters
    ----------
    data : str
        The text data.

    Returns
    -------
    ENTRY
    """
    print(data)
'''


@pytest.mark.parametrize("form", [_REST, _GOOGLE, _NUMPY], ids=["reST", "Google", "NumPy"])
@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("N/A", []),
        ("n/a", []),
        ("N/A.", []),
        # controls: a value claimed after the letters, a value, "None" (already silent)
        ("N/A values replaced by zero", ["C3-RETURNS-YIELDS"]),
        ("NA count", ["C3-RETURNS-YIELDS"]),
        ("the written data", ["C3-RETURNS-YIELDS"]),
        ("None", []),
    ],
)
def test_returns_not_applicable(tmp_path: Path, form: str, entry: str, expected: list[str]) -> None:
    assert rule_ids(_C3_RULES, tmp_path, form.replace("ENTRY", entry)) == expected
