"""Session 29 (weak29): a default written in kilobytes for a byte count ("File chunks size,
defaults to 64 kb" for ``chunk_size=65536``, round 67's aiogram ``Bot.download_file``) agrees
with the signature in the binary reading of kB -- beside another amount, still reported, in
Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("signature", "expected"),
    [
        ("f(chunk_size=65536)", []),
        ("f(chunk_size=64000)", []),
        ("f(chunk_size=32768)", ["C2-DEFAULT-MISMATCH"]),
    ],
)
def test_a_default_in_kilobytes_reads_as_either_size(
    tmp_path: Path, style: str, signature: str, expected: list[str]
) -> None:
    entry = ("chunk_size", "int", "File chunks size, defaults to 64 kb")
    code = documented_function(style, signature, [entry])
    assert rule_ids(c2_default_mismatch, tmp_path, code) == expected
