"""Helpers shared by the C1 name-rule tests (``test_static_names*.py``)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.core.findings import Finding

from tests.static_helpers import static_input


def both_rules(tmp_path: Path, code: str, qualname: str, **kwargs: str) -> list[Finding]:
    """The findings of both name rules on the function ``qualname`` of ``code``."""
    inp = static_input(tmp_path, code, qualname, **kwargs)
    return c1_xref_unresolved(inp) + c1_name_unresolved(inp)


def messages(findings: list[Finding]) -> list[str]:
    return [f.message for f in findings]


def write_project_file(tmp_path: Path, relpath: str, text: str) -> None:
    """A further project file, written before ``static_input`` indexes the folder."""
    target = tmp_path / "src" / relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
