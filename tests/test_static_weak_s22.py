"""Session 22 (weak): shapes of the rules weak at first sight, each with a control of the same
shape that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.types import parse_doc_readings

from tests.static_helpers import default_findings


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


# --- items of a tuple closing a chain of ``of`` phrases (round 24, pyqtgraph ``setTicks``)

TICKS_NUMPY = '''
def set_ticks(ticks: list[list[tuple[float, str]]] | None) -> None:
    """Set the ticks.

    Parameters
    ----------
    ticks : list of list of float, str or None
        Explicitly set tick display information.
    """
    print(ticks)
'''

TICKS_GOOGLE = '''
def set_ticks(ticks: list[tuple[float, str]]) -> None:
    """Set the ticks.

    Args:
        ticks (list of float, str): Explicitly set tick display information.
    """
    print(ticks)
'''

TICKS_REST = '''
def set_ticks(ticks: list[tuple[float, str]]) -> None:
    """Set the ticks.

    :param ticks: Explicitly set tick display information.
    :type ticks: list of float, str
    """
    print(ticks)
'''


def test_items_closing_an_of_chain_fill_the_annotated_tuple(tmp_path: Path) -> None:
    for code in (TICKS_NUMPY, TICKS_GOOGLE, TICKS_REST):
        assert _rules(tmp_path, code) == []


def test_items_closing_an_of_chain_against_other_items_stay_reported(tmp_path: Path) -> None:
    # the same words where the annotation's tuple holds other items: no reading matches
    assert _rules(tmp_path, TICKS_NUMPY.replace("tuple[float, str]", "tuple[bytes, int]")) == [
        "C2-PARAM-TYPE"
    ]
    for code in (TICKS_GOOGLE, TICKS_REST):
        assert _rules(tmp_path, code.replace("tuple[float, str]", "tuple[bytes, int]")) == [
            "C2-PARAM-TYPE"
        ]
    # a dict where the documented list of pairs is: no reading matches either
    assert _rules(tmp_path, TICKS_GOOGLE.replace("list[tuple[float, str]]", "dict[str, int]")) == [
        "C2-PARAM-TYPE"
    ]


def test_the_readings_of_items_closing_an_of_chain() -> None:
    def rendered(text: str) -> list[str | None]:
        return [r.render() if r is not None else None for r in parse_doc_readings(text)]

    assert rendered("list of list of float, str or None") == [
        "list[list[float]] | str | None",
        "list[list[tuple[float, str]]] | None",
    ]
    assert rendered("list of int, str")[-1] == "list[tuple[int, str]]"
    assert rendered("tuple of int, str")[-1] == "tuple[int, str]"
    # a mapping's items are no tuple; an item that is no single type word gives no reading
    assert len(rendered("list of float, the label")) == 1
    assert len(rendered("dict of str, int")) == 1
