"""``docref check --format sarif|github``: a SARIF 2.1.0 log and GitHub Actions annotations.

SARIF (:func:`report_sarif`), one run of the tool ``docref``:

* rules: the four criteria ``C1``..``C4`` first (what the LLM judge reports), then one rule per
  static rule id that occurs (``C2-PARAM-TYPE`` …) with ``properties.criterion``;
* positions: :attr:`Finding.range` is 0-based ``(line, UTF-16 column)`` with an exclusive end;
  SARIF regions are 1-based with an exclusive ``endColumn``, so every number gets +1 and the
  units stay UTF-16 code units, which the run states as ``columnKind: utf16CodeUnits``;
* paths: paths relative to the repository root (``docref check`` rebases each project's onto
  it) become ``/``-separated, percent-encoded URIs relative to ``%SRCROOT%``, which
  ``originalUriBaseIds`` maps to that root's ``file:`` URI; a path outside it stays absolute;
* ``partialFingerprints["docref/v1"]`` is the SHA-256 of :meth:`Finding.key`, so a result
  keeps its identity when lines move and gets a new one when the sentence changes.

GitHub (:func:`github_lines`): one workflow command per failed finding,
``::error file=…,line=…,col=…,endLine=…,endColumn=…,title=docref C2-PARAM-TYPE::message``,
escaped as GitHub's toolkit does (``%``, CR and LF everywhere; ``:`` and ``,`` in properties too).
Columns are 1-based UTF-16 units with an exclusive end, as in the JSON output; GitHub accepts
columns only on single-line annotations, so a multi-line finding gives lines only.

Severity: :mod:`docref.core.severity` (static ``error``, model ``warning``, the ``severity``
setting per rule id, criterion or tier); ``hint`` is reported as ``note`` (GitHub's
``notice``).  An entry with another level is ignored: SARIF reports it as a configuration
notification, GitHub as a warning line.  A finding whose range is negative or reversed is
still reported, without a position.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import MappingProxyType
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from docref.cli.check_output import report_json
from docref.core.catalog import rule_summary
from docref.core.codes import finding_code
from docref.core.findings import Criterion, Evidence, Finding, Tier, Verdict
from docref.core.severity import rule_level

if TYPE_CHECKING:
    from docref.cli.check_output import CheckSummary, ScoreRow
    from docref.core.segment import Range

__all__ = [
    "FINGERPRINT_KEY",
    "LEVELS",
    "SARIF_SCHEMA_URI",
    "fingerprint",
    "github_lines",
    "github_not_checked",
    "report_sarif",
    "severity_problems",
]

SARIF_SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
FINGERPRINT_KEY = "docref/v1"
LEVELS = ("error", "warning", "note")

_SRCROOT = "SRCROOT"
_CRITERION_CODES = frozenset(c.value for c in Criterion)
_GITHUB_COMMANDS = MappingProxyType({"error": "error", "warning": "warning", "note": "notice"})
# ---------------------------------------------------------------------------------------------
# Severity


def severity_problems(severity: Mapping[str, str] | None) -> list[str]:
    """One message per entry of ``severity`` that is not used (empty when every one is)."""
    problems: list[str] = []
    for key, level in (severity or {}).items():
        if not isinstance(key, str) or not key:
            problems.append(f"severity: key {key!r} is not a rule id, criterion or tier; ignored")
        elif level not in (*LEVELS, "hint", "off"):
            problems.append(f"severity: {key} = {level!r} is not error, warning or note; ignored")
    return problems


def _severity_table(severity: Mapping[str, str] | None) -> dict[str, str]:
    # "off" findings were dropped with the ignore list; a key that is no string is unusable
    return {k: v for k, v in (severity or {}).items() if isinstance(k, str) and k}


def _level(table: Mapping[str, str], rule: str, criterion: Criterion, tier: Tier) -> str:
    # the formats have no "hint": an editor's faint hint is a note here
    level = rule_level(table, rule, criterion, tier)
    return "note" if level == "hint" else level


# ---------------------------------------------------------------------------------------------
# SARIF


def _rule_id(finding: Finding) -> str:
    # The LLM judge answers per criterion, so its findings belong to the criterion's rule.
    return finding_code(finding)


def _pascal(words: str) -> str:
    return "".join(w[:1].upper() + w[1:].lower() for w in words.replace("-", " ").split())


def _descriptor(rule: str, criterion: Criterion, table: Mapping[str, str]) -> dict[str, Any]:
    if rule == criterion.value:
        name, short, full = criterion.display_name, criterion.display_name, criterion.definition
        level = _level(table, rule, criterion, Tier.LLM)
    else:
        name = rule
        short = rule_summary(rule) or f"Static check for {criterion.label}."
        full = f"{short} {criterion.label}: {criterion.definition}"
        level = _level(table, rule, criterion, Tier.STATIC)
    return {
        "id": rule,
        "name": _pascal(name),
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "defaultConfiguration": {"level": level},
        "properties": {"criterion": criterion.value, "tags": ["documentation", "docref"]},
    }


def _rules(
    findings: Sequence[Finding], table: Mapping[str, str]
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    static: dict[str, Criterion] = {}
    for f in findings:
        if _rule_id(f) not in _CRITERION_CODES:
            static.setdefault(f.rule, f.criterion)
    pairs = [(c.value, c) for c in Criterion] + sorted(static.items())
    rules = [_descriptor(rule, criterion, table) for rule, criterion in pairs]
    return rules, {r["id"]: i for i, r in enumerate(rules)}


def _root_uri(root: str) -> str:
    windows = PureWindowsPath(root)
    # A Windows root (drive or UNC share) keeps its drive even when written on another OS.
    uri = windows.as_uri() if windows.is_absolute() else Path(root).resolve().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _artifact(path: str) -> dict[str, str]:
    windows = PureWindowsPath(path)
    if windows.is_absolute():
        return {"uri": windows.as_uri()}
    posix = path.replace("\\", "/")
    if posix.startswith("/"):
        return {"uri": PurePosixPath(posix).as_uri()}
    return {"uri": quote(posix, safe="/"), "uriBaseId": _SRCROOT}


def _valid_range(rng: Range) -> bool:
    (line, col), (end_line, end_col) = rng
    return min(line, col, end_line, end_col) >= 0 and (end_line, end_col) >= (line, col)


def _related(evidence: Sequence[Evidence]) -> list[dict[str, Any]]:
    related: list[dict[str, Any]] = []
    for number, e in enumerate(evidence, start=1):
        location: dict[str, Any] = {"id": number, "message": {"text": e.text}}
        if e.path is not None:
            physical: dict[str, Any] = {"artifactLocation": _artifact(e.path)}
            if e.line is not None:
                physical["region"] = {"startLine": e.line}
            location["physicalLocation"] = physical
        related.append(location)
    return related


def fingerprint(finding: Finding) -> str:
    """SHA-256 (hex) of :meth:`Finding.key`: the same for a sentence that only moved."""
    return hashlib.sha256(finding.key().encode("utf-8")).hexdigest()


def _result(
    f: Finding, index: Mapping[str, int], table: Mapping[str, str], notes: list[str]
) -> dict[str, Any]:
    rule = _rule_id(f)
    physical: dict[str, Any] = {"artifactLocation": _artifact(f.path)}
    (line, col), (end_line, end_col) = f.range
    if _valid_range(f.range):
        physical["region"] = dict(
            startLine=line + 1, startColumn=col + 1, endLine=end_line + 1, endColumn=end_col + 1
        )
    else:
        notes.append(f"{f.path}::{f.qualname}: invalid range {f.range}; reported without region")
    text = f.headline() if not f.explanation else f"{f.headline()}\n\n{f.explanation}"
    properties: dict[str, Any] = dict(
        tier=f.tier.value, qualname=f.qualname, criterion=f.criterion.value, rule=f.rule
    )
    if f.fix_hint:
        properties["fixHint"] = f.fix_hint
    logical = {"fullyQualifiedName": f.qualname}
    result: dict[str, Any] = {"ruleId": rule, "ruleIndex": index[rule]}
    # SARIF allows a level other than "none" only on failed results.
    if f.verdict is Verdict.FAIL:
        result["level"] = _level(table, f.rule, f.criterion, f.tier)
    else:
        result.update(kind="pass", level="none")
    result.update(
        message={"text": text},
        locations=[dict(physicalLocation=physical, logicalLocations=[logical])],
        partialFingerprints={FINGERPRINT_KEY: fingerprint(f)},
        properties=properties,
    )
    if f.evidence:
        result["relatedLocations"] = _related(f.evidence)
    return result


def _notes(texts: Sequence[str], level: str) -> list[dict[str, Any]]:
    return [{"level": level, "message": {"text": t}} for t in texts]


def report_sarif(
    findings: Sequence[Finding],
    scores: Sequence[ScoreRow],
    summary: CheckSummary,
    *,
    tool_version: str,
    root: str,
    severity: Mapping[str, str] | None = None,
    information_uri: str | None = None,
    severities: Sequence[Mapping[str, str]] | None = None,
    not_checked: Sequence[tuple[str, str, bool]] = (),
) -> dict[str, Any]:
    """The SARIF 2.1.0 log of one ``docref check`` run, as a JSON-ready dict.

    ``root`` is the directory the findings' paths are relative to (``%SRCROOT%``: the
    repository root); ``scores`` and the run's statistics go to the run's ``properties`` under
    the keys of the JSON report (``tier``, ``stats``, ``scores``, ``llm``).  ``severities``,
    one per finding, is the ``severity`` setting of each finding's own project (a run over
    several); ``not_checked`` the files that were not, as ``(path, reason, named)``: an error
    notification for a named file, a warning for one found under a folder, with its location.
    """
    table = _severity_table(severity)
    rules, index = _rules(findings, table)
    notes: list[str] = []
    tables = [_severity_table(s) for s in severities] if severities else [table] * len(findings)
    results = [_result(f, index, t, notes) for f, t in zip(findings, tables, strict=True)]
    driver: dict[str, Any] = dict(
        name="docref", version=tool_version, semanticVersion=tool_version, rules=rules
    )
    if information_uri:
        driver["informationUri"] = information_uri

    fatal = [summary.fatal] if summary.fatal else []
    invocation: dict[str, Any] = {
        "executionSuccessful": summary.fatal is None and not any(n for _, _, n in not_checked)
    }
    execution = _notes([*fatal, *summary.errors], "error")
    execution += _notes([*summary.llm_errors, *summary.warnings, *notes], "warning")
    execution += [
        {
            "level": "error" if named else "warning",
            "message": {"text": f"not checked: {reason}"},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(path)}}],
        }
        for path, reason, named in not_checked
    ]
    configuration = _notes(severity_problems(severity), "warning")
    if execution:
        invocation["toolExecutionNotifications"] = execution
    if configuration:
        invocation["toolConfigurationNotifications"] = configuration

    as_json = report_json([], list(scores), summary)
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "invocations": [invocation],
        "originalUriBaseIds": {
            _SRCROOT: {"uri": _root_uri(root), "description": {"text": "The repository root."}}
        },
        "columnKind": "utf16CodeUnits",
        "results": results,
        "properties": {k: as_json[k] for k in ("tier", "stats", "scores", "llm") if k in as_json},
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": "2.1.0", "runs": [run]}


# ---------------------------------------------------------------------------------------------
# GitHub workflow commands


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github_position(rng: Range) -> dict[str, int]:
    if not _valid_range(rng):
        return {}
    (line, col), (end_line, end_col) = rng
    if line != end_line:
        return {"line": line + 1, "endLine": end_line + 1}
    return {"line": line + 1, "col": col + 1, "endLine": end_line + 1, "endColumn": end_col + 1}


def _github_message(f: Finding) -> str:
    source = "llm" if f.tier is Tier.LLM else f"{f.tier.value} {f.rule}"
    parts = [f"{f.headline()}  [{source}]"]
    if f.explanation:
        parts.append(f.explanation)
    if f.fix_hint:
        parts.append(f"Fix: {f.fix_hint}")
    return "\n".join(parts)


def github_lines(
    findings: Sequence[Finding], severity: Mapping[str, str] | None = None
) -> list[str]:
    """One GitHub Actions workflow command per failed finding, preceded by one warning per
    unusable ``severity`` entry."""
    table = _severity_table(severity)
    lines = [
        f"::warning title=docref configuration::{_escape_data(p)}"
        for p in severity_problems(severity)
    ]
    for f in findings:
        if f.verdict is not Verdict.FAIL:
            continue
        command = _GITHUB_COMMANDS[_level(table, f.rule, f.criterion, f.tier)]
        properties: dict[str, str | int] = {"file": f.path.replace("\\", "/")}
        properties.update(_github_position(f.range))
        properties["title"] = f"docref {finding_code(f)}"
        rendered = ",".join(f"{k}={_escape_property(str(v))}" for k, v in properties.items())
        lines.append(f"::{command} {rendered}::{_escape_data(_github_message(f))}")
    return lines


def github_not_checked(path: str, reason: str, named: bool) -> str:
    """The annotation of a file that was not checked: an error when it was named."""
    command = "error" if named else "warning"
    file = _escape_property(path.replace("\\", "/"))
    return f"::{command} file={file},title=docref not checked::{_escape_data(reason)}"
