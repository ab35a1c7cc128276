"""A Google Returns entry that names the value, its type in parentheses --
``writer_batch_size (`Optional[int]`): ...``, as Hugging Face's doc-builder writes one
(datasets' ``get_writer_batch_size_from_features``, a session 38 recall miss) -- states the
return type: C2-RETURN-TYPE compares it with the annotation.  Two such entries are the parts
of a returned tuple, neither the whole value's type; the same entry over an annotation that
agrees is silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_returns import c2_return_type
from docref.segments.heads import google_typed, named_return

from .static_helpers import rule_ids

STALE = {
    "hf-ticked": '''
from typing import Optional


def batch_size(features: Optional[dict]) -> Optional[str]:
    """Get the writer batch size.

    Args:
        features (`dict` or `None`):
            Dataset features.

    Returns:
        writer_batch_size (`Optional[int]`):
            Writer batch size to pass to a dataset builder.
    """
    return None
''',
    "plain": '''
def count(items: list) -> str:
    """Count the items.

    Args:
        items (list): The items.

    Returns:
        total (int): How many there are.
    """
    return str(len(items))
''',
}


@pytest.mark.parametrize("style", sorted(STALE))
def test_a_named_return_entry_states_the_type(tmp_path: Path, style: str) -> None:
    qualname = {"hf-ticked": "batch_size", "plain": "count"}[style]
    assert rule_ids(c2_return_type, tmp_path, STALE[style], qualname) == ["C2-RETURN-TYPE"]


@pytest.mark.parametrize(
    ("style", "old", "new"),
    [
        # the annotation agrees with the entry
        ("hf-ticked", "-> Optional[str]:", "-> Optional[int]:"),
        ("plain", "-> str:", "-> int:"),
        # a second named entry: the parts of a returned tuple
        (
            "plain",
            "        total (int): How many there are.\n",
            "        total (int): How many there are.\n        label (str): The label.\n",
        ),
        # words in the parentheses, no type
        ("plain", "total (int):", "total (see below):"),
        # the kind first, its items' type after it (pennylane's ``list (str): A list of ...``)
        ("plain", "total (int): How many there are.", "list (str): The item names."),
    ],
    ids=["agrees-hf", "agrees-plain", "tuple-parts", "no-type", "kind-of-items"],
)
def test_a_named_return_entry_that_agrees_or_is_no_type_stays_silent(
    tmp_path: Path, style: str, old: str, new: str
) -> None:
    code = STALE[style]
    assert old in code
    qualname = {"hf-ticked": "batch_size", "plain": "count"}[style]
    assert rule_ids(c2_return_type, tmp_path, code.replace(old, new), qualname) == []


def test_named_return_reads_the_type_of_one_identifier() -> None:
    head = named_return("writer_batch_size (`Optional[int]`):")
    assert head is not None and head.type == "`Optional[int]`" and head.name is None
    assert google_typed("total (int): How many.").type == "int"
    # not a name: a phrase, a pair of names, varargs
    assert named_return("the total (int): How many.") is None
    assert named_return("a, b (int): The parts.") is None
    assert named_return("*rest (tuple): The rest.") is None
    assert named_return("list (str): The names.") is None
