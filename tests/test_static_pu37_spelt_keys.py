"""Session 37 (pu37): three or more parameter entries that name no parameter, each spelt as a
string literal by the function's own body, document keys or options the code reaches by name
(girth's returned dict, kornia's ``data["mask1"]``, pastas' settings keys) -- not stale
parameters (C1-PARAM-UNKNOWN, ``params_keys.spelt_as_strings``); beside the controls that stay
reported: two entries spelt so, an entry the body never spells, a near miss of a parameter,
and keys spelt only by a nested function."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import unknown_parameters

_SOURCE = '''
def options_from(text):
    """Read the options written in ``text``.

    Parameters
    ----------
    text : str
        Comma-separated ``key=value`` pairs.
    fill_nan : str
        How to fill missing values.
    sample_up : str
        How to upsample.
    {third} : str
        How to downsample.
    texts : str
        Other text.
    """
    found = dict(part.split("=") for part in text.split(","))
    extra = found.get("texts")
    return found.get("fill_nan"), found.get("sample_up"), found.get("sample_down"), extra


def two_keys(text):
    """Read two options.

    Parameters
    ----------
    text : str
        Comma-separated ``key=value`` pairs.
    fill_nan : str
        How to fill missing values.
    sample_up : str
        How to upsample.
    """
    found = dict(part.split("=") for part in text.split(","))
    return found.get("fill_nan"), found.get("sample_up")


def nested_keys(text):
    """Read the options later.

    Parameters
    ----------
    text : str
        Comma-separated ``key=value`` pairs.
    fill_nan : str
        How to fill missing values.
    sample_up : str
        How to upsample.
    sample_down : str
        How to downsample.
    """

    def read(found):
        return found.get("fill_nan"), found.get("sample_up"), found.get("sample_down")

    return read(dict(part.split("=") for part in text.split(",")))
'''


def _unknown(tmp_path: Path, third: str) -> list[tuple[str, str]]:
    return unknown_parameters(tmp_path, _SOURCE.format(third=third))


def test_three_entries_the_body_spells_are_keys(tmp_path: Path) -> None:
    found = _unknown(tmp_path, "sample_down")
    for key in ("fill_nan", "sample_up", "sample_down"):
        assert (key, "options_from") not in found
    # a near miss of ``text`` stays a renamed parameter, though the body spells it too
    assert ("texts", "options_from") in found


def test_a_stale_entry_and_short_sets_stay_reported(tmp_path: Path) -> None:
    # ``resample`` is spelt nowhere: only two entries are left spelt, so none is excused
    found = _unknown(tmp_path, "resample")
    for key in ("fill_nan", "sample_up", "resample"):
        assert (key, "options_from") in found
    assert ("fill_nan", "two_keys") in found
    assert ("sample_up", "two_keys") in found
    # keys a nested function spells are not the documented function's own reads
    assert ("sample_down", "nested_keys") in found
