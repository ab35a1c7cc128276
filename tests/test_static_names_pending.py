"""The name rules' costliest resolutions, asked only when they change the report (sp39).

:meth:`PythonScope.resolve_bare` leaves its last two tests -- a keyword the function may pass
on, a member of an external module the file imports from -- pending when the caller gives it
a list; :func:`docref.checks.static.names_verdict.settled` asks them only when the report of
the name as it stands differs from its report as a resolved name.  Same findings, fewer
installed modules read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.names_python import PythonScope
from docref.checks.static.scopes import python_scope

from tests.names_helpers import messages
from tests.static_helpers import static_input

# ``parse_qs`` is a member of urllib.parse, the module the file takes ``parse_qsl`` from
# (a sibling: resolved); ``parse_qsll`` is nothing (did you mean ``parse_qsl``?)
_SIBLING = '''
from urllib.parse import parse_qsl


def qs_to_qsl(qs):
    """Convert a result of ``{name}`` back to pairs."""
    return parse_qsl(qs)
'''


@pytest.mark.parametrize(("name", "resolves"), [("parse_qs", True), ("parse_qsll", False)])
def test_resolve_bare_leaves_the_last_tests_pending(
    tmp_path: Path, name: str, resolves: bool
) -> None:
    inp = static_input(tmp_path, _SIBLING.replace("{name}", name), "qs_to_qsl")
    scope = python_scope(inp)
    pending: list[Callable[[], bool]] = []
    provisional = scope.resolve_bare(name, pending=pending)
    assert provisional.verdict == "missing"  # what it is without them
    assert [ask() for ask in pending] == [resolves]
    eager = scope.resolve_bare(name)  # no list: asked at once, as before
    assert eager.verdict == ("resolved" if resolves else "missing")
    assert eager == provisional or resolves


def test_a_name_resolved_before_the_last_tests_leaves_nothing_pending(tmp_path: Path) -> None:
    inp = static_input(tmp_path, _SIBLING.replace("{name}", "qs"), "qs_to_qsl")
    pending: list[Callable[[], bool]] = []
    assert python_scope(inp).resolve_bare("qs", pending=pending).verdict == "resolved"
    assert pending == []  # a parameter: nothing left to ask


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    asked: list[str] = []
    original = PythonScope._resolves_elsewhere

    def counted(self: PythonScope, name: str) -> bool:
        asked.append(name)
        return original(self, name)

    monkeypatch.setattr(PythonScope, "_resolves_elsewhere", counted)
    return asked


def test_the_tests_are_asked_when_they_decide_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counting(monkeypatch)
    sibling = static_input(tmp_path / "a", _SIBLING.replace("{name}", "parse_qs"), "qs_to_qsl")
    assert c1_name_unresolved(sibling) == []  # resolved by the pending test
    assert asked == ["parse_qs"]
    typo = static_input(tmp_path / "b", _SIBLING.replace("{name}", "parse_qsll"), "qs_to_qsl")
    found = c1_name_unresolved(typo)
    assert messages(found) == ["`parse_qsll` names nothing in scope; did you mean `parse_qsl`?"]
    assert asked == ["parse_qs", "parse_qsll"]


def test_the_tests_are_not_asked_when_the_report_is_the_same_either_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "a column named `instance_id`": the caller's data, reported neither as a missing name
    # nor as a resolved one, so whether urllib.parse has it is never asked
    code = '''
    from urllib.parse import parse_qsl


    def pairs(table):
        """The pairs of ``table``, read from a column named `instance_id`."""
        return parse_qsl(table)
    '''
    asked = _counting(monkeypatch)
    inp = static_input(tmp_path, code, "pairs")
    assert c1_name_unresolved(inp) == []
    assert asked == []
    # (the name does reach those tests: asked for at once, they are run)
    assert python_scope(inp).resolve_bare("instance_id").verdict == "missing"
    assert asked == ["instance_id"]
