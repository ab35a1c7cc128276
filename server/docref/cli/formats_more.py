"""``docref check --format concise|full|gitlab|junit`` and ``--statistics``, with colour.

* ``concise``: ``path:line:col: CODE message``, one line per finding (ruff's concise).
* ``full``: that line, then the flagged source lines with a ``^^^`` marker under the finding,
  the explanation and the fix hint (ruff's full).
* ``gitlab``: a GitLab Code Quality report (a JSON array of ``{description, check_name,
  fingerprint, severity, location: {path, lines: {begin, end}}}``); severities map ``error`` to
  ``major``, ``warning`` to ``minor`` and ``note`` to ``info``.
* ``junit``: JUnit XML, one ``testsuite`` per file, one failed ``testcase`` per finding
  (``classname`` the path, ``name`` ``CODE at line:col``), as CI test report viewers read it.
* ``--statistics``: one line per code, most frequent first: count, code, ``[*]`` when
  ``--fix`` fixes it, the rule's summary.

Colour (text, concise, full and statistics) only on a terminal; ``NO_COLOR`` (any non-empty
value) turns it off, ``FORCE_COLOR`` (non-empty, not ``0``) on even in a pipe; ``NO_COLOR`` wins.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import IO, Any

from docref.core.codes import finding_code
from docref.core.findings import Finding
from docref.core.severity import level_of

__all__ = [
    "Palette",
    "colour_wanted",
    "concise_lines",
    "full_lines",
    "gitlab_report",
    "junit_xml",
    "statistics_lines",
    "text_line",
]

_GITLAB_SEVERITY = {"error": "major", "warning": "minor", "note": "info", "hint": "info"}


def colour_wanted(stream: IO[str], environ: Mapping[str, str] = os.environ) -> bool:
    """Whether to colour ``stream`` (see the module docstring)."""
    if environ.get("NO_COLOR"):
        return False
    force = environ.get("FORCE_COLOR")
    if force and force != "0":
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and environ.get("TERM") != "dumb"


class Palette:
    """ANSI styles, or nothing at all when colour is off."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def _wrap(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def path(self, text: str) -> str:
        return self._wrap(text, "1")

    def code(self, text: str) -> str:
        return self._wrap(text, "1;31")

    def dim(self, text: str) -> str:
        return self._wrap(text, "2")

    def accent(self, text: str) -> str:
        return self._wrap(text, "1;34")


def _head(f: Finding, palette: Palette) -> str:
    (line, col), _ = f.range
    return f"{palette.path(f.path)}:{line + 1}:{col + 1}: {palette.code(finding_code(f))}"


def text_line(f: Finding, palette: Palette) -> str:
    """The default text line (``check_output.text_lines``'s contract), coloured."""
    return f"{_head(f, palette)} {f.message}  {palette.dim(f'[{f.tier}]')}"


def concise_lines(findings: Sequence[Finding], palette: Palette) -> list[str]:
    return [f"{_head(f, palette)} {f.message}" for f in findings]


def _source_lines(root: str, path: str, cache: dict[str, list[str] | None]) -> list[str] | None:
    if path not in cache:
        try:
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as fh:
                cache[path] = fh.read().splitlines()
        except OSError:
            cache[path] = None
    return cache[path]


def _utf16_to_index(text: str, units: int) -> int:
    """The character index of the UTF-16 column ``units`` in ``text``."""
    count = 0
    for index, char in enumerate(text):
        if count >= units:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def full_lines(findings: Sequence[Finding], root: str, palette: Palette) -> list[str]:
    """Each finding's line, its source lines with a marker, explanation and fix hint."""
    out: list[str] = []
    sources: dict[str, list[str] | None] = {}
    for f in findings:
        out.append(f"{_head(f, palette)} {f.message}")
        (line, col), (end_line, end_col) = f.range
        lines = _source_lines(root, f.path, sources)
        if lines is not None and 0 <= line <= end_line < len(lines):
            shown = range(line, min(end_line, line + 4) + 1)
            width = len(str(shown[-1] + 1))
            gutter = palette.accent(" " * width + " |")
            out.append(gutter)
            for number in shown:
                text = lines[number]
                out.append(f"{palette.accent(f'{number + 1:>{width}} |')} {text}")
                start = (
                    _utf16_to_index(text, col) if number == line else len(text) - len(text.lstrip())
                )
                stop = _utf16_to_index(text, end_col) if number == end_line else len(text)
                if stop > start:
                    marks = " " * start + "^" * (stop - start)
                    out.append(f"{gutter} {palette.code(marks)}")
            out.append(gutter)
        if f.explanation:
            out.append(f"  = why: {f.explanation}")
        if f.fix_hint:
            out.append(f"  = help: {f.fix_hint}")
        out.append("")
    return out


def gitlab_report(
    findings: Sequence[Finding], severity: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The GitLab Code Quality report (``artifacts: reports: codequality``)."""
    report = []
    for f in findings:
        (line, _), (end_line, _) = f.range
        report.append(
            {
                "description": f"{finding_code(f)} {f.message}",
                "check_name": finding_code(f),
                "fingerprint": _fingerprint(f),
                "severity": _GITLAB_SEVERITY[level_of(f, severity or {})],
                "location": {
                    "path": f.path.replace("\\", "/"),
                    "lines": {"begin": line + 1, "end": max(line, end_line) + 1},
                },
            }
        )
    return report


def junit_xml(findings: Sequence[Finding], files: Sequence[str] = ()) -> str:
    """JUnit XML: a suite per file (the ``files`` checked without findings pass), a failed
    test case per finding."""
    import xml.etree.ElementTree as ET  # junit only: not for the text formats

    by_file: dict[str, list[Finding]] = {path: [] for path in files}
    for f in findings:
        by_file.setdefault(f.path, []).append(f)
    suites = ET.Element(
        "testsuites", name="docref", tests=str(max(len(findings), 1)), failures=str(len(findings))
    )
    for path, found in by_file.items():
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=path,
            tests=str(max(len(found), 1)),
            failures=str(len(found)),
            errors="0",
            skipped="0",
        )
        if not found:
            ET.SubElement(suite, "testcase", classname=path, name="docref")
        for f in found:
            (line, col), _ = f.range
            code = finding_code(f)
            case = ET.SubElement(
                suite, "testcase", classname=path, name=f"{code} at {line + 1}:{col + 1}"
            )
            failure = ET.SubElement(case, "failure", message=f.message, type=code)
            failure.text = f"{path}:{line + 1}:{col + 1}: {code} {f.message}"
    ET.indent(suites)
    body = ET.tostring(suites, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}'


def statistics_lines(findings: Sequence[Finding], palette: Palette) -> list[str]:
    from docref.core.catalog import rule_summary
    from docref.fixes.static import FIXABLE_RULES

    counts = Counter(finding_code(f) for f in findings)
    width = max((len(str(n)) for n in counts.values()), default=1)
    code_width = max((len(c) for c in counts), default=0)
    out = []
    for code, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        fixable = "[*]" if code in FIXABLE_RULES else "   "
        summary = rule_summary(code) or "the model's finding on this criterion"
        shown = palette.code(f"{code:<{code_width}}")
        out.append(f"{count:>{width}}  {shown}  {fixable} {summary}")
    return out


def gitlab_json(findings: Sequence[Finding], severity: Mapping[str, str] | None) -> str:
    return json.dumps(gitlab_report(findings, severity), indent=2)


def _fingerprint(finding: Finding) -> str:
    from docref.cli.formats import fingerprint  # gitlab only: formats brings pathlib, urllib

    return fingerprint(finding)
