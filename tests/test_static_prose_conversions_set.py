"""The words "as set by ..." are the verb, not a conversion to a set (pyfakefs
``create_dir``, scrapli ``DriverOptions.apply``: the rule failed with ``KeyError('set')`` and
``docref check`` exited 2); "as a set" stays a conversion and is reported with its kind shown."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from docref.checks.static.prose_conversions import (
    _AS_KIND,
    _BARE,
    CONVERSION_KINDS,
    WORD_KINDS,
    conversion_kind,
)
from docref.checks.static.prose_params import _SHOWN, c2_prose_param_loose, c2_prose_param_type

from tests.static_helpers import static_input

_CODE = '''
def create_dir(path: str, perm_bits: int = 1) -> None:
    """Create a directory.

    Args:
        path: The directory to create.
        perm_bits: CLAIM
    """
'''


@pytest.mark.parametrize(
    "claim",
    [
        "The permission bits as set by ``chmod``.",
        "The mode as set in the configuration file.",
        "The flags as set via the command line.",
    ],
)
def test_as_set_by_is_the_verb(tmp_path: Path, claim: str) -> None:
    assert conversion_kind(claim) is None
    inp = static_input(tmp_path, _CODE.replace("CLAIM", claim), "create_dir")
    assert c2_prose_param_type(inp) == [] and c2_prose_param_loose(inp) == []


def test_as_a_set_is_still_a_conversion(tmp_path: Path) -> None:
    claim = "The permission bits, returned as a set."
    found = conversion_kind(claim)
    assert found is not None and found[0] == "set"
    inp = static_input(tmp_path, _CODE.replace("CLAIM", claim), "create_dir")
    findings = c2_prose_param_type(inp) + c2_prose_param_loose(inp)
    assert [f.message for f in findings if "perm_bits" in f.message]
    assert all("(a set)" in f.message for f in findings)


def test_the_cli_exits_cleanly_on_as_set_by(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text(_CODE.replace("CLAIM", "The bits as set by ``chmod``."))
    proc = subprocess.run(
        [sys.executable, "-m", "docref", "check", "--no-llm", "--no-progress", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "failed" not in proc.stderr


def _pattern_kinds(pattern: str) -> set[str]:
    """The words of the ``(?P<k>...)`` group of ``pattern``, each as the kind it names."""
    words = re.search(r"\(\?P<k>([\w|]+)\)", pattern)
    assert words is not None
    return {WORD_KINDS.get(w, w) for w in words[1].split("|")}


def test_every_kind_the_regexes_name_is_a_conversion_kind() -> None:
    # a word added to the phrase regexes without a kind (and so without a shown form) is
    # the KeyError of sessions 16 and 33
    named = _pattern_kinds(_AS_KIND.pattern) | _pattern_kinds(_BARE.pattern)
    assert named == CONVERSION_KINDS


@pytest.mark.parametrize("kind", sorted(CONVERSION_KINDS))
def test_every_conversion_kind_has_a_shown_form(kind: str) -> None:
    assert _SHOWN[kind]
    found = conversion_kind(f"The header value as a {kind}.")
    assert found is not None and found[0] == kind
