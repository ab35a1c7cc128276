"""Helpers shared by the C1 name-rule tests (``test_static_names*.py``)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.base import StaticInput
from docref.checks.static.names import RULE_XREF, RULE_XREF_WEAK, _check, c1_name_unresolved
from docref.core.findings import Finding

from tests.static_helpers import static_input


def both_rules(tmp_path: Path, code: str, qualname: str, **kwargs: str) -> list[Finding]:
    """The findings of both name rules on the function ``qualname`` of ``code`` (with
    C1-XREF-UNCORROBORATED's: :func:`xref_all`)."""
    inp = static_input(tmp_path, code, qualname, **kwargs)
    return xref_all(inp) + c1_name_unresolved(inp)


def messages(findings: list[Finding]) -> list[str]:
    return [f.message for f in findings]


def write_project_file(tmp_path: Path, relpath: str, text: str) -> None:
    """A further project file, written before ``static_input`` indexes the folder."""
    target = tmp_path / "src" / relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def xref_all(inp: StaticInput) -> list[Finding]:
    """C1-XREF-UNRESOLVED's findings and those of its opt-in C1-XREF-UNCORROBORATED, in the
    text's order: the resolver tests' controls, some of which have no second signal that the
    target is this code's (session 14; the split itself is ``test_static_nu12``'s)."""
    found = _check(inp, xref=True)
    assert {f.rule for f in found} <= {RULE_XREF, RULE_XREF_WEAK}
    return found
