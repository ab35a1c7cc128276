"""Documented defaults behind a negative sentinel and in a Google "Defaults: a, b" list
(C2-DEFAULT-MISMATCH, round 83).

pyspedas' ``twavpol(nopfft=-1, bin_freq=-1)`` documents "The default is 256" and "3": it hands
both to ``wavpol``, which does ``if nopfft < 0: nopfft = 256`` -- the -1 is a "not given"
sentinel, 256 what callers get (2 FALSE).  ``ttrace2endpoint(rtol=1e-6, atol=1e-9)`` documents
``rtol, atol: Integrator tolerances. Defaults: 1e-6, 1e-9``: one value per name, in order (a
Google entry has no type, so the list sits in the description; 1 FALSE).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_WAVPOL = '''
def wavpol(data, nopfft=256, bin_freq=3):
    """Wave polarization.

    Parameters
    ----------
    data : list
        Input.
    nopfft : int, optional
        Number of points in FFT. The default is 256.
    bin_freq : int, optional
        Number of bins. The default is 3.
    """
    if nopfft < 0:
        nopfft = 256
    bin_freq = 3 if bin_freq <= 0 else bin_freq
    return data, nopfft, bin_freq
'''

_TWAVPOL = '''
def twavpol(data, nopfft=-1, bin_freq=-1):
    """Wave polarization of a variable.

    Parameters
    ----------
    data : list
        Input.
    nopfft : int, optional
        Number of points in FFT. The default is {nopfft}.
    bin_freq : int, optional
        Number of bins in frequency domain. The default is 3.
    """
    {body}
'''


def _mismatched(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C2-DEFAULT-MISMATCH"
    )


_HANDS_ON = "return wavpol(data, nopfft=nopfft, bin_freq=bin_freq)"
_POSITIONAL = "return wavpol(data, nopfft, bin_freq)"
_OWN = (
    "if nopfft == -1:\n        nopfft = 256\n    if bin_freq < 0:\n        bin_freq = 3\n"
    "    return data"
)


@pytest.mark.parametrize("body", [_HANDS_ON, _POSITIONAL, _OWN], ids=["kw", "pos", "own"])
def test_negative_sentinel_replaced_by_the_documented_value(tmp_path: Path, body: str) -> None:
    code = _WAVPOL + _TWAVPOL.format(nopfft=256, body=body)
    assert _mismatched(tmp_path, code) == []


@pytest.mark.parametrize("body", [_HANDS_ON, _OWN], ids=["kw", "own"])
def test_negative_sentinel_replaced_by_another_value_stays_reported(
    tmp_path: Path, body: str
) -> None:
    # control: 512 is not what the sentinel turns into (256): the documented default is stale
    code = _WAVPOL + _TWAVPOL.format(nopfft=512, body=body)
    assert _mismatched(tmp_path, code) == ["nopfft"]


def test_negative_sentinel_nobody_replaces_stays_reported(tmp_path: Path) -> None:
    # control: the -1 is used as it is: both documented defaults are wrong
    code = _TWAVPOL.format(nopfft=256, body="return data, nopfft, bin_freq")
    assert _mismatched(tmp_path, code) == ["bin_freq", "nopfft"]


_TRACE = '''
def trace(pos, rtol: float = 1e-6, atol: float = 1e-9):
    """Trace a field line.

    Args:
        pos: Start position.
        rtol, atol: Integrator tolerances. Defaults: {listed}
    """
    return pos, rtol, atol
'''


def test_google_defaults_list_pairs_with_the_names_in_order(tmp_path: Path) -> None:
    assert _mismatched(tmp_path, _TRACE.format(listed="1e-6, 1e-9")) == []


def test_google_defaults_list_with_a_stale_value_stays_reported(tmp_path: Path) -> None:
    # control: the second value is not ``atol``'s default
    findings = [
        f.message
        for f in default_findings(tmp_path, _TRACE.format(listed="1e-6, 1e-6"))
        if f.rule == "C2-DEFAULT-MISMATCH"
    ]
    assert findings == ['documents default 1e-6 for "atol", but the signature default is 1e-9']
