"""Findings as LSP diagnostics.

A diagnostic covers exactly the finding's sentence or entry, carries the rule id
(``"C2-PARAM-TYPE"``; a model finding its criterion, ``"C2"``) as its ``code``, linked to the
code's section of the shipped ``docs/rules.md``, the criterion at the head of its message and in
``data``, and what a quick fix needs in ``data``.  Its severity is the level of
:func:`docref.core.severity.level_of` (static ``Error``, model ``Warning`` unless the
``severity`` setting says otherwise); ``note`` becomes ``Information``, ``hint`` ``Hint``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from docref.core.codes import finding_code
from docref.core.findings import Criterion, Finding
from docref.core.rule_docs import rule_anchor
from docref.core.segment import Range
from docref.core.severity import level_of

__all__ = ["SOURCE", "client_range", "code_href", "criterion_href", "severity_of", "to_diagnostic"]

SOURCE = "docref"

_LEVELS: Mapping[str, types.DiagnosticSeverity] = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "note": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}
_UTF16 = PositionCodec(types.PositionEncodingKind.Utf16)


@functools.cache
def criterion_href(criterion: Criterion) -> str:
    """Where a diagnostic's code links: the section of ``docs/criteria.md`` (shipped inside
    the package, so the link works on every installation, with or without the repository's
    README) that explains ``criterion``."""
    page = Path(__file__).resolve().parent.parent / "docs" / "criteria.md"
    anchor = f"{criterion.value} {criterion.display_name}".lower().replace(" ", "-")
    return f"{page.as_uri()}#{anchor}"


@functools.cache
def code_href(code: str) -> str:
    """Where a diagnostic's code links: the code's section of ``docs/rules.md``, generated
    from the rule catalog and shipped inside the package (so the link works offline, on every
    installation); the same text ``docref rule CODE`` prints."""
    page = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    return f"{page.as_uri()}#{rule_anchor(code)}"


def severity_of(finding: Finding, severity: Mapping[str, str]) -> types.DiagnosticSeverity:
    """The LSP severity of ``finding``'s level (see :func:`docref.core.severity.level_of`)."""
    return _LEVELS[level_of(finding, severity)]


def client_range(
    rng: Range, lines: Sequence[str], encoding: types.PositionEncodingKind | str | None
) -> types.Range:
    """``rng`` (UTF-16 columns, as findings have them) in the client's position encoding.

    ``lines`` are the document's lines (line ends kept); they are read only when the client
    negotiated UTF-8 or UTF-32 columns.
    """
    (start_line, start_col), (end_line, end_col) = rng
    utf16 = types.Range(
        start=types.Position(line=start_line, character=start_col),
        end=types.Position(line=end_line, character=end_col),
    )
    if encoding in (None, types.PositionEncodingKind.Utf16):
        return utf16
    codec = PositionCodec(encoding)
    return codec.range_to_client_units(lines, _UTF16.range_from_client_units(lines, utf16))


def to_diagnostic(
    finding: Finding, severity: Mapping[str, str], rng: types.Range
) -> types.Diagnostic:
    """The diagnostic of ``finding``, placed at ``rng`` (see :func:`client_range`)."""
    code = finding_code(finding)
    return types.Diagnostic(
        range=rng,
        message=f"{finding.criterion.label}: {finding.message}",
        severity=severity_of(finding, severity),
        code=code,
        code_description=types.CodeDescription(href=code_href(code)),
        source=SOURCE,
        data={
            "rule": finding.rule,
            "criterion": finding.criterion.value,
            "tier": finding.tier.value,
            "qualname": finding.qualname,
            "key": finding.key(),
            "fix_hint": finding.fix_hint,
        },
    )
