"""The project-wide table of code identifiers (session 18) through the front ends: a warm
``docref check`` (a subprocess, real results cache) sees another file start and stop using
a flagged name without a cold run; a one-file run in the warm project, the whole run and
the opt-in id agree (session 20: C1-PROSE-NAME-STALE's private name another file reads too)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import cli_rules
from tests.test_static_names_elsewhere import _OTHER, _UNRELATED, _WINDOW
from tests.test_static_prose_names_s20 import CALLER, RANGES


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n", encoding="utf-8")
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "smooth.py").write_text(_WINDOW.lstrip("\n"), encoding="utf-8")
    (root / "pkg" / "spread.py").write_text(_UNRELATED.lstrip("\n"), encoding="utf-8")
    return root


REPORTED = [("pkg/smooth.py", "C1-NAME-UNRESOLVED")]
DEMOTED = [("pkg/smooth.py", "C1-PROSE-NAME-ELSEWHERE")]
OPT_IN = ("--extend-select", "C1-PROSE-NAME-ELSEWHERE")


def test_a_warm_run_sees_another_file_start_and_stop_using_the_name(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    assert cli_rules(root, cache, ".", *OPT_IN) == REPORTED
    assert cli_rules(root, cache, ".", *OPT_IN) == REPORTED  # warm, from the results cache
    spread = root / "pkg" / "spread.py"
    spread.write_text(_OTHER.lstrip("\n"), encoding="utf-8")  # starts using ``color``
    assert cli_rules(root, cache, ".", *OPT_IN) == DEMOTED
    assert cli_rules(root, cache, "pkg/smooth.py", *OPT_IN) == DEMOTED  # one file, warm
    assert cli_rules(root, cache, ".") == []  # the default rule set: not reported
    spread.write_text(_UNRELATED.lstrip("\n"), encoding="utf-8")  # stops
    assert cli_rules(root, cache, "pkg/smooth.py", *OPT_IN) == REPORTED
    assert cli_rules(root, cache, ".", *OPT_IN) == REPORTED
    assert cli_rules(root, cache, ".", "--no-cache", *OPT_IN) == REPORTED  # the cold run agrees


def test_a_run_of_another_file_leaves_no_stale_answer(tmp_path: Path) -> None:
    # the one-file run re-records the project's files but does not check smooth.py: the next
    # whole run must not reuse smooth.py's report, whose answer (no other user) no longer holds
    root, cache = _project(tmp_path), tmp_path / "cache"
    assert cli_rules(root, cache, ".", *OPT_IN) == REPORTED
    (root / "pkg" / "spread.py").write_text(_OTHER.lstrip("\n"), encoding="utf-8")
    assert cli_rules(root, cache, "pkg/spread.py", *OPT_IN) == []
    assert cli_rules(root, cache, ".", *OPT_IN) == DEMOTED
    assert cli_rules(root, cache, ".", *OPT_IN) == DEMOTED  # confirmed: served as it is
    assert cli_rules(root, cache, ".", "--no-cache", *OPT_IN) == DEMOTED


# ---- session 20: C1-PROSE-NAME-STALE's private name another file uses (pandas) -------------

_NOBODY = """
def dates(freq: BaseOffset):
    return freq.n
"""


def _ranges_project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "arrays").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n", encoding="utf-8")
    (root / "arrays" / "__init__.py").write_text("", encoding="utf-8")
    (root / "arrays" / "ranges.py").write_text(RANGES.lstrip("\n"), encoding="utf-8")
    (root / "arrays" / "dates.py").write_text(_NOBODY.lstrip("\n"), encoding="utf-8")
    return root


def test_a_warm_run_sees_another_file_start_using_a_private_name(tmp_path: Path) -> None:
    root, cache = _ranges_project(tmp_path), tmp_path / "cache"
    stale = [("arrays/ranges.py", "C1-PROSE-NAME-STALE")]
    moved = [("arrays/ranges.py", "C1-PROSE-NAME-ELSEWHERE")]
    assert cli_rules(root, cache, ".", *OPT_IN) == stale
    dates = root / "arrays" / "dates.py"
    dates.write_text(CALLER.lstrip("\n"), encoding="utf-8")  # starts reading the attribute
    assert cli_rules(root, cache, "arrays/ranges.py", *OPT_IN) == moved  # one file, warm
    assert cli_rules(root, cache, ".", *OPT_IN) == moved
    assert cli_rules(root, cache, ".") == []  # the default rule set: not reported
    dates.write_text(_NOBODY.lstrip("\n"), encoding="utf-8")  # stops
    assert cli_rules(root, cache, ".", *OPT_IN) == stale
    assert cli_rules(root, cache, ".", "--no-cache", *OPT_IN) == stale  # the cold run agrees
