"""C2-PARAM-TYPE: ``[dict]`` is the informal list notation for a list of dicts, as ``[str]`` is
for a list of strings (round 50, ase's ``next_steps: [dict]`` on ``list[dict]``, 1 FALSE).  A
bracketed container on an annotation that is no list of it, and a bare ``dict`` on a list of
dicts, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids


def _flagged(tmp_path: Path, style: str, doc: str, ann: str) -> list[str]:
    code = documented_function(
        style,
        f"plan(steps: {ann}) -> int",
        [("steps", doc, "the parameters of each step")],
        'return len(steps) + steps[0]["n"]',
    )
    return rule_ids([c2_param_type, c2_param_weak], tmp_path, code, "plan")


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"), [("[dict]", "list[dict]"), ("[tuple]", "list[tuple[int, int]]")]
)
def test_a_bracketed_container_is_a_list_of_it(
    tmp_path: Path, style: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, style, doc, ann) == []


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("doc", "ann"),
    [
        ("[dict]", "list[str]"),  # a list, of other items
        ("dict", "list[dict]"),  # one dict for the list
    ],
)
def test_other_items_or_no_brackets_stay_reported(
    tmp_path: Path, style: str, doc: str, ann: str
) -> None:
    assert _flagged(tmp_path, style, doc, ann) != []
