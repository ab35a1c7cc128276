"""C1-PARAM-UNKNOWN: entries grouped under a sub-heading line that names a parameter document
that parameter's keys (round 41's pastas: "Other Parameters / Time series settings" above
``fill_nan``, ``fill_before``, ... for ``settings: dict or str``, 25 FALSE on five classes).
Controls: a sub-heading that names no parameter, a stale entry of the main Parameters section
above such a group, and a sentence ending with a colon (no sub-heading) stay reported.  reST
field lists have no sections to group entries in, so the shape is NumPy's and Google's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_NUMPY_CLASS = '''
class TimeSeries:
    """A time series.

    Parameters
    ----------
    series : pandas.Series
        The series.
    settings : dict or str, optional
        The settings, see the time series settings below.

    Other Parameters
    ----------------
    {heading}

    fill_nan : {{"drop", "mean"}} or float
        Method for filling NaNs.
    fill_before : {{"mean", "bfill"}} or float
        Method for extending the series into the past.
    """

    def __init__(self, series, settings=None):
        self.series = series
        self.settings = settings or {{}}
'''

_NUMPY_FUNCTION = '''
def fit(x, options=None):
    """Fit.

    Parameters
    ----------
    x : float
        Data.
    options : dict, optional
        Solver options, see below.

    Other Parameters
    ----------------
    {heading}

    tol : float
        Tolerance.
    """
    return x, options
'''

_GOOGLE_FUNCTION = '''
def fit(x, options=None):
    """Fit.

    Args:
        x (float): Data.
        options (dict, optional): Solver options, see below.

    Other Parameters:
        {heading}

        tol (float): Tolerance.
    """
    return x, options
'''


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


@pytest.mark.parametrize(
    ("template", "heading", "keys"),
    [
        (_NUMPY_CLASS, "Time series settings", ["fill_before", "fill_nan"]),
        (_NUMPY_FUNCTION, "Solver options", ["tol"]),
        (_NUMPY_FUNCTION, "Solver option", ["tol"]),
        (_GOOGLE_FUNCTION, "Solver options", ["tol"]),
    ],
    ids=["numpy-class", "numpy-function", "numpy-singular", "google-function"],
)
def test_keys_under_a_subheading_naming_a_parameter(
    tmp_path: Path, template: str, heading: str, keys: list[str]
) -> None:
    assert _unknown(tmp_path, template.format(heading=heading)) == []
    # control: the same entries under a sub-heading that names no parameter stay reported
    assert _unknown(tmp_path / "control", template.format(heading="Advanced use")) == keys


def test_a_stale_entry_above_the_group_stays_reported(tmp_path: Path) -> None:
    code = _NUMPY_FUNCTION.format(heading="Solver options").replace(
        "x : float\n        Data.", "x : float\n        Data.\n    verbose : bool\n        Talk."
    )
    assert _unknown(tmp_path, code) == ["verbose"]


def test_a_sentence_ending_with_a_colon_is_no_subheading(tmp_path: Path) -> None:
    code = _NUMPY_FUNCTION.format(heading="The options are read as follows:")
    assert _unknown(tmp_path, code) == ["tol"]


def test_an_unnamed_entry_naming_the_parameter_is_no_subheading(tmp_path: Path) -> None:
    # pyemu (round 41, TRUE): an entry indented a level too far is not parsed as one; its
    # text names the parameter, but the "Returns:" below it is still a misplaced heading
    code = '''
def read(filename):
    """Read a file.

    Parameters
    ----------
        filename (`str`): dense binary filename


    Returns:
        tuple containing
    """
    return filename
'''
    assert _unknown(tmp_path, code) == ["Returns:"]
