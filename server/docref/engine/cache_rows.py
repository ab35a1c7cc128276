"""What a row of the results cache (:mod:`docref.engine.file_cache`) holds besides its key:
the surfaces of the files its check read (a row holds while they do) and a static report's
JSON form."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from docref.checks.static.report import FileReport
from docref.core.findings import Finding
from docref.engine.cache_key import FileRecord

__all__ = ["deps_of", "deps_valid", "report_from_json", "report_to_json"]


def deps_of(paths: Iterable[str], records: Mapping[str, FileRecord]) -> dict[str, str]:
    """The surfaces of the files ``paths`` (a file read that is not in the index -- asked
    for, absent -- is covered by the project's shape, which holds the file list)."""
    return {d: records[d].surface for d in paths if d in records}


def deps_valid(deps: object, records: Mapping[str, FileRecord]) -> bool:
    """Whether every file of a stored ``deps`` still has the surface it had."""
    if not isinstance(deps, dict):
        return False
    for dep, surface in deps.items():
        now = records.get(dep)
        if now is None or now.surface != surface:
            return False
    return True


def report_to_json(report: FileReport) -> dict[str, object]:
    return {
        "path": report.path,
        "functions": report.functions,
        "classes": report.classes,
        "class_names": report.class_names,
        "language": report.language,
        "findings": [f.to_json() for f in report.findings],
        "errors": report.errors,
        "warnings": report.warnings,
    }


def report_from_json(data: Mapping[str, Any]) -> FileReport:
    language = data["language"]
    if language not in ("python", "java"):
        raise ValueError(f"unknown language {language!r}")
    return FileReport(
        path=str(data["path"]),
        functions=int(data["functions"]),
        classes=int(data["classes"]),
        class_names=[str(q) for q in data["class_names"]],  # missing in an older entry: a miss
        findings=[Finding.from_json(f) for f in data["findings"]],
        errors=[str(e) for e in data["errors"]],
        language=language,
        warnings=[str(w) for w in data["warnings"]],
    )
