"""C2 type rules: a documented type with two readings (``list of string or tuples``) is
contradicted only when both are (session 9, recall: seaborn's ``_default_values`` after its
``-> list[MarkerStyle]`` became ``-> str``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_return_type
from docref.checks.types import parse_doc_readings

from tests.names_helpers import messages
from tests.static_helpers import run_rule

_RETURNS = '''
def default_values(n: int) -> {annotation}:
    """Build an arbitrarily long list of unique marker styles.

    Returns
    -------
    markers : list of string or tuples
        Values for defining marker objects.
    """
    return _STYLES[:n]  # of no certain kind: the annotation is what is known
'''

_PARAM = '''
def set_markers(markers: {annotation}) -> None:
    """Set the markers.

    Args:
        markers (list of str or tuples): The marker styles.
    """
'''


def test_the_two_readings() -> None:
    assert [r and r.render() for r in parse_doc_readings("list of string or tuples")] == [
        "list[str] | tuple",
        "list[str | tuple]",
    ]
    # one reading: no plural after the ``or``, or no ``of`` phrase before it
    assert [r and r.render() for r in parse_doc_readings("list of str or tuple")] == [
        "list[str] | tuple"
    ]
    assert [r and r.render() for r in parse_doc_readings("int or list of ints")] == [
        "int | list[int]"
    ]


@pytest.mark.parametrize(
    ("annotation", "flagged"),
    [
        ("str", True),  # neither a list of strings or tuples nor a list of strings, or a tuple
        ("list[str | tuple]", False),  # the folded reading
        ("list[str] | tuple", False),  # the split reading
        ("list[str | tuple[float, ...]]", False),
    ],
)
def test_a_return_type_with_two_readings(tmp_path: Path, annotation: str, flagged: bool) -> None:
    code = _RETURNS.format(annotation=annotation)
    found = messages(run_rule(c2_return_type, tmp_path, code, "default_values"))
    expected = [
        f'says it returns "list of string or tuples", but default_values() returns {annotation}'
    ]
    assert found == (expected if flagged else [])


@pytest.mark.parametrize(
    ("annotation", "flagged"),
    [("bytes", True), ("list[str | tuple]", False), ("list[str] | tuple", False)],
)
def test_a_parameter_type_with_two_readings(tmp_path: Path, annotation: str, flagged: bool) -> None:
    code = _PARAM.format(annotation=annotation)
    found = run_rule(c2_param_type, tmp_path, code, "set_markers")
    assert len(found) == int(flagged)
