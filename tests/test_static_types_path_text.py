"""C2-PARAM-TYPE: ``str`` documented for a parameter annotated ``pathlib.Path`` or ``os.PathLike``
is a path written as text -- judged debatable all six times it was drawn (fpdf2 round 33,
pennylane round 46, aeon x3 and cyclopts round 47), never TRUE -- so it moves to the opt-in
C2-PARAM-TYPE-WEAK.  Controls: the same entries against an ``int`` annotation, and ``str``
for an annotation that admits a path or an ``int``, stay C2-PARAM-TYPE."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_weak

from tests.static_helpers import default_findings, rule_ids

_HEADER = """
import os
import pathlib


def load(folder: {folder}, extract: {extract} = None) -> None:
"""

_BODIES = {
    "google": '''    """Load.

    Args:
        folder (str): Where the files are.
        extract (str): Where to extract them.
    """
    print(pathlib.Path(folder), os.path.join(extract or "", "x"))
''',
    "numpy": '''    """Load.

    Parameters
    ----------
    folder : str
        Where the files are.
    extract : str, default=None
        Where to extract them.
    """
    print(pathlib.Path(folder), os.path.join(extract or "", "x"))
''',
    "rest": '''    """Load.

    :param str folder: Where the files are.
    :param str extract: Where to extract them.
    """
    print(pathlib.Path(folder), os.path.join(extract or "", "x"))
''',
}


def _code(style: str, folder: str, extract: str) -> str:
    return _HEADER.format(folder=folder, extract=extract) + _BODIES[style]


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C2"))


@pytest.mark.parametrize("style", sorted(_BODIES))
def test_text_for_a_path_is_weak(tmp_path: Path, style: str) -> None:
    code = _code(style, "pathlib.Path", "os.PathLike[str] | None")
    assert _rules(tmp_path, code) == []
    assert rule_ids(c2_param_weak, tmp_path, code, "load") == ["C2-PARAM-TYPE-WEAK"] * 2


@pytest.mark.parametrize("style", sorted(_BODIES))
def test_text_for_a_number_or_a_mixed_union_stays_reported(tmp_path: Path, style: str) -> None:
    code = _code(style, "int", "pathlib.Path | int | None")
    assert _rules(tmp_path, code) == ["C2-PARAM-TYPE", "C2-PARAM-TYPE"]
