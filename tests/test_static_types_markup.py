"""C2-PARAM-TYPE / C2-RETURN-TYPE on types written in code markup and emphasis, as the Hugging
Face doc-builder's Google style writes them (``name (`str`, *optional*):``, a Returns entry
```List[str]`: ...``), with consistent controls."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_return_type
from docref.checks.types import parse_doc_type

from tests.names_helpers import messages
from tests.static_helpers import run_rule

PARAM = '''
from typing import Optional


def push(commit_message: {annotation} = None) -> None:
    """Push the dataset.

    Args:
        commit_message (`str`, *optional*, defaults to `None`):
            Message to commit while pushing.
    """
'''
RETURNS = '''
def cache_files() -> {annotation}:
    """The cache files.

    Returns:
        `List[str]`: A list of paths to the cache files loaded by the table.
    """
    return _CACHE.files  # of no certain kind: the annotation is what is known
'''


@pytest.mark.parametrize(
    ("annotation", "flagged"),
    [("Optional[bytes]", True), ("Optional[str]", False), ("str | None", False)],
)
def test_a_parameter_type_in_markup(tmp_path: Path, annotation: str, flagged: bool) -> None:
    code = PARAM.format(annotation=annotation)
    found = messages(run_rule(c2_param_type, tmp_path, code, "push"))
    assert found == (
        [
            'documents commit_message as "`str`, *optional*, defaults to `None`", but the '
            "signature says bytes | None"
        ]
        if flagged
        else []
    )


@pytest.mark.parametrize(
    ("annotation", "flagged"), [("str", True), ("list[str]", False), ("List[str]", False)]
)
def test_a_return_type_in_markup(tmp_path: Path, annotation: str, flagged: bool) -> None:
    code = RETURNS.format(annotation=annotation)
    found = messages(run_rule(c2_return_type, tmp_path, code, "cache_files"))
    assert found == (
        ['says it returns "`List[str]`", but cache_files() returns str'] if flagged else []
    )


def test_emphasis_is_read_around_words_only() -> None:
    optional = parse_doc_type("`int`, *optional*")
    assert optional is not None and optional.render() == "int" and optional.optional
    # ``*args`` stays what it was: no type
    assert parse_doc_type("*args") is None
