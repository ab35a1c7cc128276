"""Session 29 (weak29): a parenthesis naming the thing before it ("the accessed time (called
`atime`) of the file", round 67's manim ``modify_atime``) gives a term of the domain, not a
name of the code -- beside mentions of the same name that stay reported (bare, "see", "called
by"), in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Changes the accessed time (called `atime`) of the file.", []),
        ("Changes the accessed time (also known as `atime`) of the file.", []),
        ("Changes the accessed time (aka ``atime``) of the file.", []),
        ("Changes the accessed time of the file (see `atime`).", ["C1-NAME-UNRESOLVED"]),
        ("Changes the accessed time (called by `atime`).", ["C1-NAME-UNRESOLVED"]),
        ("Changes the file's `atime`.", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_term_a_parenthesis_names_is_no_name_of_the_code(
    tmp_path: Path, style: str, text: str, expected: list[str]
) -> None:
    code = documented_function(style, "f(path, time)", [("path", "str", text)])
    assert rule_ids(c1_name_unresolved, tmp_path, code) == expected
