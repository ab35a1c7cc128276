"""C2-YIELD-TYPE: a Yields line listing the items of a yielded tuple is read as Returns reads it
(round 44, metaflow's NumPy ``str, str, List[Any], Dict[str, Any]`` over
``Iterator[Tuple[str, str, List[Any], Dict[str, Any]]]``: 2 FALSE)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_return_type, c2_yield_type

from .static_helpers import run_rule

_NUMPY = '''
from typing import Any, Dict, Iterator, List, Tuple

def walk() -> {annotation}:
    """Walk the steps.

    Yields
    ------
    {documented}
        The step's name, its kind, its inputs and its options.
    """
    yield "a", "b", [], {{}}
'''

_GOOGLE = '''
from typing import Iterator, Tuple

def walk() -> {annotation}:
    """Walk the steps.

    Yields:
        {documented}: The step's name and its size.
    """
    yield "a", 1
'''

_REST = '''
from typing import Iterator, Tuple

def walk() -> {annotation}:
    """Walk the steps.

    :ytype: {documented}
    :yields: The step's name and its size.
    """
    yield "a", 1
'''

_TUPLE4 = "Iterator[Tuple[str, str, List[Any], Dict[str, Any]]]"


@pytest.mark.parametrize(
    ("template", "annotation", "documented"),
    [
        (_NUMPY, _TUPLE4, "str, str, List[Any], Dict[str, Any]"),
        (_NUMPY, "Iterator[Tuple[str, int]]", "str, int"),
        (_GOOGLE, "Iterator[Tuple[str, int]]", "str, int"),
        (_REST, "Iterator[Tuple[str, int]]", "str, int"),
    ],
)
def test_a_yields_line_listing_the_tuple_items_agrees(
    tmp_path: Path, template: str, annotation: str, documented: str
) -> None:
    code = template.format(annotation=annotation, documented=documented)
    assert run_rule(c2_yield_type, tmp_path, code, "walk") == []


@pytest.mark.parametrize(
    ("template", "annotation", "documented", "message"),
    [
        # the listed items contradict the tuple's: still reported
        (
            _NUMPY,
            _TUPLE4,
            "int, str, List[Any], Dict[str, Any]",
            'says it yields "int, str, List[Any], Dict[str, Any]", but walk() yields '
            "tuple[str, str, list[Any], dict[str, Any]]",
        ),
        (
            _GOOGLE,
            "Iterator[Tuple[str, int]]",
            "bytes, int",
            'says it yields "bytes, int", but walk() yields tuple[str, int]',
        ),
        # a single documented type against a tuple: still reported
        (
            _NUMPY,
            "Iterator[Tuple[str, int]]",
            "bytes",
            'says it yields "bytes", but walk() yields tuple[str, int]',
        ),
    ],
)
def test_contradicting_yields_items_stay_reported(
    tmp_path: Path, template: str, annotation: str, documented: str, message: str
) -> None:
    code = template.format(annotation=annotation, documented=documented)
    assert [f.message for f in run_rule(c2_yield_type, tmp_path, code, "walk")] == [message]


def test_the_same_line_under_returns_already_agrees(tmp_path: Path) -> None:
    """The Returns reading the Yields one now follows (the control it was measured against)."""
    code = '''
    from typing import Any, Dict, List, Tuple

    def step() -> Tuple[str, str, List[Any], Dict[str, Any]]:
        """Take one step.

        Returns
        -------
        str, str, List[Any], Dict[str, Any]
            The step's name, its kind, its inputs and its options.
        """
        return "a", "b", [], {}
    '''
    assert run_rule(c2_return_type, tmp_path, code, "step") == []


# round 65, pyspellchecker's ``WordFrequency.items``: two Google Yields lines at one indentation,
# ``str: word`` then ``int: count``, one per half of each yielded pair (1 FALSE); Returns
# already read such lines as a tuple's items (type_parts.google_items)
_GOOGLE_LINES = '''
from typing import Iterator, Tuple

def items() -> Iterator[Tuple[str, int]]:
    """Iterate over the words.

    Yields:
        {lines}
    """
    yield "a", 1
'''


def test_google_yields_lines_one_per_item_of_the_yielded_pair_agree(tmp_path: Path) -> None:
    lines = "str: The word.\n        int: The number of times it was seen."
    code = _GOOGLE_LINES.format(lines=lines)
    assert run_rule(c2_yield_type, tmp_path, code, "items") == []


@pytest.mark.parametrize(
    "lines",
    [
        "bytes: The word.",  # one line: the type of each yielded value, as before
        # a deeper line continues the first entry's description: no second item line
        "bytes: The word.\n            int: the count, continuing the description.",
    ],
)
def test_one_google_yields_entry_contradicting_the_pair_is_still_reported(
    tmp_path: Path, lines: str
) -> None:
    found = run_rule(c2_yield_type, tmp_path, _GOOGLE_LINES.format(lines=lines), "items")
    assert [f.rule for f in found] == ["C2-YIELD-TYPE"]
    assert found[0].message.startswith('says it yields "bytes"')
