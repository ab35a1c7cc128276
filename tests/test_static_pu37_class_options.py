"""Session 37 (pu37): a class whose own constructor takes nothing documents, as parameter
entries, options its code spells by name (backtrader's ``params`` tuples, pyomo's
``CONFIG.declare``, metaflow's ``defaults``) -- not stale constructor parameters
(C1-PARAM-UNKNOWN, ``class_spelt_options.without_spelt_options``); beside the controls that stay
reported: a class whose constructor takes a parameter, one entry spelt alone, an entry the
class never spells."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import unknown_parameters

_SOURCE = '''
class Commission:
    """Commission scheme.

    Parameters
    ----------
    commtype : str
        How the commission is computed.
    percabs : bool
        Whether a percentage is absolute.
    {third} : float
        The leverage.
    """

    params = (("commtype", None), ("percabs", False), ("leverage", 1.0))

    def __init__(self):
        self.values = dict(self.params)


class WithParameter:
    """Commission scheme with a rate.

    Parameters
    ----------
    rate : float
        The rate.
    commtype : str
        How the commission is computed.
    percabs : bool
        Whether a percentage is absolute.
    """

    params = (("commtype", None), ("percabs", False))

    def __init__(self, rate):
        self.rate = rate


class OneSpelt:
    """Commission scheme.

    Parameters
    ----------
    commtype : str
        How the commission is computed.
    margin : float
        The margin.
    """

    params = (("commtype", None),)

    def __init__(self):
        self.values = dict(self.params)
'''


def _unknown(tmp_path: Path, third: str) -> list[tuple[str, str]]:
    return unknown_parameters(tmp_path, _SOURCE.format(third=third))


def test_options_the_class_spells_are_no_parameters(tmp_path: Path) -> None:
    found = _unknown(tmp_path, "leverage")
    for option in ("commtype", "percabs", "leverage"):
        assert (option, "Commission") not in found


def test_stale_entries_and_classes_with_parameters_stay_reported(tmp_path: Path) -> None:
    found = _unknown(tmp_path, "gearing")
    # an entry the class never spells, beside the spelt ones
    assert ("gearing", "Commission") in found
    # a constructor with a parameter of its own: its docstring describes that call
    assert ("commtype", "WithParameter") in found
    assert ("percabs", "WithParameter") in found
    # one entry spelt alone proves nothing
    assert ("commtype", "OneSpelt") in found
    assert ("margin", "OneSpelt") in found
