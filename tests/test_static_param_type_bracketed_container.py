"""C2-PARAM-TYPE: ``[dict]`` is the informal list notation for a list of dicts, as ``[str]`` is
for a list of strings (round 50, ase's ``next_steps: [dict]`` on ``list[dict]``, 1 FALSE).  A
bracketed container on an annotation that is no list of it, and a bare ``dict`` on a list of
dicts, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.static_helpers import static_input

_GOOGLE = '''
def plan(steps: {ann}) -> int:
    """Plan the steps.

    Args:
        steps ({doc}): the parameters of each step
    """
    return len(steps) + steps[0]["n"]
'''
_NUMPY = '''
def plan(steps: {ann}) -> int:
    """Plan the steps.

    Parameters
    ----------
    steps : {doc}
        the parameters of each step
    """
    return len(steps) + steps[0]["n"]
'''
_REST = '''
def plan(steps: {ann}) -> int:
    """Plan the steps.

    :param steps: the parameters of each step
    :type steps: {doc}
    """
    return len(steps) + steps[0]["n"]
'''
_STYLES = [_GOOGLE, _NUMPY, _REST]


def _flagged(tmp_path: Path, template: str, doc: str, ann: str) -> list[str]:
    inp = static_input(tmp_path, template.format(doc=doc, ann=ann), "plan")
    return [f.rule for f in c2_param_type(inp) + c2_param_weak(inp)]


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"), [("[dict]", "list[dict]"), ("[tuple]", "list[tuple[int, int]]")]
)
def test_a_bracketed_container_is_a_list_of_it(
    tmp_path: Path, template: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, template, doc, ann) == []


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"),
    [
        ("[dict]", "list[str]"),  # a list, of other items
        ("dict", "list[dict]"),  # one dict for the list
    ],
)
def test_other_items_or_no_brackets_stay_reported(
    tmp_path: Path, template: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, template, doc, ann) != []
