"""Round 102 (session 38, private): teneto's ``TemporalNetwork.generatenetwork`` writes under
Returns what the call changes, "TenetoBIDS.network is made with the generated network."
(it sets ``self.network``): an object's attribute said to be made claims no returned value
(1 FALSE C3-RETURNS-YIELDS) -- beside the controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_NETWORK = '''
class TemporalNetwork:
    def __init__(self) -> None:
        self.network: list[int] = []

    def generatenetwork(self, size: int) -> None:
        """Generate a network.

        Parameters
        ----------
        size : int
            number of nodes

        Returns
        --------
        {text}
        """
        self.network = list(range(size))
'''


def _reported(tmp_path: Path, text: str) -> bool:
    found = default_findings(tmp_path, _NETWORK.format(text=text))
    return any(f.rule == "C3-RETURNS-YIELDS" for f in found)


def test_an_objects_attribute_made_is_the_calls_effect(tmp_path: Path) -> None:
    assert not _reported(tmp_path / "a", "TenetoBIDS.network is made with the generated network.")
    assert not _reported(tmp_path / "b", "``self.network`` is built from the nodes.")


def test_a_value_or_a_modules_type_stays_reported(tmp_path: Path) -> None:
    # a value, named by its type
    assert _reported(tmp_path / "a", "list\n            the generated network")
    # a module's type (no object's attribute) said to be created: the value claimed
    assert _reported(tmp_path / "b", "numpy.ndarray is created with the generated network.")
    assert _reported(tmp_path / "c", "pandas.DataFrame is created with the generated network.")
    # the attribute, said to be returned
    assert _reported(tmp_path / "d", "TenetoBIDS.network is made and returned.")
