"""C2-PROSE-PARAM-TYPE, session 19: a count said of a collection of numbers (each item's count,
now the opt-in C2-PROSE-PARAM-LOOSE) and a mapping in a text format (YAML/JSON text, no claim),
each beside the consistent claim that stays reported in the default rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import (
    RULE_PROSE_PARAM,
    c2_prose_param_loose,
    c2_prose_param_type,
)
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_STYLES = {
    "google": '''
def f(shape: {ann}) -> None:
    """Apply the grid.

    Args:
        shape: {claim}
    """
''',
    "numpy": '''
def f(shape: {ann}) -> None:
    """Apply the grid.

    Parameters
    ----------
    shape
        {claim}
    """
''',
    "rest": '''
def f(shape: {ann}) -> None:
    """Apply the grid.

    :param shape: {claim}
    """
''',
}


def _rules(tmp_path: Path, style: str, ann: str, claim: str) -> list[str]:
    code = _STYLES[style].format(ann=ann, claim=claim)
    inp = static_input(tmp_path, code, "f")
    return [f.rule for f in c2_prose_param_type(inp) + c2_prose_param_loose(inp)]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("ann", "claim", "default"),
    [
        # round 27 (pystac ``ProjectionExtension.apply``): two counts, one per direction
        ("list[int] | None", "Number of pixels in Y and X directions for the grid.", False),
        # round 21 (pyjanitor): one count per status label
        ("tuple[int, ...]", "Number of rows represented by the labels.", False),
        # controls: a count said of a string stays in the default rule (recall: int -> str),
        # and so does one said of a list of strings or of a bare list
        ("str", "Number of pixels in Y and X directions for the grid.", True),
        ("list[str]", "Number of files to keep.", True),
        ("list", "Number of files to keep.", True),
    ],
)
def test_a_count_said_of_a_collection_of_numbers_is_each_items(
    tmp_path: Path, style: str, ann: str, claim: str, default: bool
) -> None:
    rules = _rules(tmp_path, style, ann, claim)
    assert len(rules) == 1  # still reported, by the opt-in id when it is the items'
    assert (rules[0] == RULE_PROSE_PARAM) is default


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("claim", "reported"),
    [
        # round 28 (ansible-core ``_meta_yml_to_dict``): YAML text describing a mapping
        ("a bytes-ish YAML dictionary", False),
        ("A JSON dictionary of the settings.", False),
        ("the settings as a dictionary", True),  # control: a mapping, no text format
        ("A dictionary of the settings.", True),
    ],
)
def test_a_mapping_in_a_text_format_is_text(
    tmp_path: Path, style: str, claim: str, reported: bool
) -> None:
    assert bool(_rules(tmp_path, style, "bytes | str", claim)) is reported


@pytest.mark.parametrize(
    ("doc", "reported"),
    [("Return a YAML dictionary of the settings.", False), ("Return a dictionary.", True)],
)
def test_a_returned_mapping_in_a_text_format(tmp_path: Path, doc: str, reported: bool) -> None:
    code = f'''
def f() -> str:
    """{doc}"""
    return ""
'''
    inp = static_input(tmp_path, code, "f")
    assert bool(c2_prose_return_type(inp)) is reported


_COUNTS = {
    "google": '''
def f({name}: {ann}) -> None:
    """List the subnets.

    Args:
        {name}: The number of available IPs.
    """
''',
    "numpy": '''
def f({name}: {ann}) -> None:
    """List the subnets.

    Parameters
    ----------
    {name}
        The number of available IPs.
    """
''',
    "rest": '''
def f({name}: {ann}) -> None:
    """List the subnets.

    :param {name}: The number of available IPs.
    """
''',
}


@pytest.mark.parametrize("style", sorted(_COUNTS))
@pytest.mark.parametrize(
    ("name", "ann", "default"),
    [
        # round 43 (apache-libcloud ``ex_list_subnets``): a filter of counts written as text
        ("available_ip_counts", "List[str]", False),
        ("ip_sizes", "tuple[str, ...]", False),
        # controls: a name that does not say counts, and a count said of a string
        ("available_ips", "List[str]", True),
        ("available_ip_counts", "str", True),
    ],
)
def test_a_collection_named_for_its_counts_holds_one_per_item(
    tmp_path: Path, style: str, name: str, ann: str, default: bool
) -> None:
    code = _COUNTS[style].format(name=name, ann=ann)
    inp = static_input(tmp_path, code, "f")
    rules = [f.rule for f in c2_prose_param_type(inp) + c2_prose_param_loose(inp)]
    assert len(rules) == 1  # still reported, by the opt-in id when it is the items'
    assert (rules[0] == RULE_PROSE_PARAM) is default
