"""``--format sarif|github`` writers: schema-valid SARIF 2.1.0 and escaped workflow commands."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest
from docref.cli.check_output import CheckSummary, ScoreRow
from docref.cli.formats import (
    FINGERPRINT_KEY,
    SARIF_SCHEMA_URI,
    github_lines,
    report_sarif,
    severity_problems,
)
from docref.core.findings import Criterion, Evidence, Finding, Tier, Verdict
from docref.core.score import CheckResult, score_docstring
from docref.core.severity import DEFAULT_SEVERITY
from docref.segments import segment_docstring

SCHEMA_PATH = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

# RFC 3986 characters; jsonschema checks "uri" formats only with optional packages installed,
# so the tests bring their own check (non-ASCII, spaces and backslashes must be encoded).
_URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def _format_checker() -> jsonschema.FormatChecker:
    checker = jsonschema.FormatChecker()

    @checker.checks("uri")
    def _uri(value: object) -> bool:
        return not isinstance(value, str) or bool(_URI_CHARS.match(value) and _SCHEME.match(value))

    @checker.checks("uri-reference")
    def _uri_reference(value: object) -> bool:
        return not isinstance(value, str) or bool(_URI_CHARS.match(value))

    return checker


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=_format_checker())


def _valid(validator: jsonschema.Draft4Validator, log: dict[str, Any]) -> dict[str, Any]:
    # A round trip through JSON text proves the log serialises as the CLI will print it.
    data = json.loads(json.dumps(log))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []
    run: dict[str, Any] = data["runs"][0]
    return run


def test_validator_rejects_what_it_should(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    log = json.loads(json.dumps(_sarif([_finding()], tmp_path)))
    assert list(validator.iter_errors(log)) == []
    result = log["runs"][0]["results"][0]
    result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = "src/é x.py"
    result["locations"][0]["physicalLocation"]["region"]["startColumn"] = 0
    del result["message"]
    assert len(list(validator.iter_errors(log))) == 3


def _finding(**overrides: Any) -> Finding:
    base: dict[str, Any] = dict(
        path="pkg/io.py",
        qualname="pkg.io.read_lines",
        start=120,
        end=150,
        range=((4, 8), (4, 38)),
        segment_text="path (int): The file to read.",
        criterion=Criterion.C2,
        verdict=Verdict.FAIL,
        tier=Tier.STATIC,
        rule="C2-PARAM-TYPE",
        message="says `int`, but the signature says `str`",
        evidence=(Evidence("def read_lines(path: str) -> Iterator[str]:", "pkg/io.py", 3),),
        fix_hint="signature says `str`",
    )
    base.update(overrides)
    return Finding(**base)


def _llm_finding(**overrides: Any) -> Finding:
    values: dict[str, Any] = dict(
        qualname="pkg.io.count",
        range=((10, 4), (11, 20)),
        segment_text="Counts the lines of every file in the project.",
        criterion=Criterion.C3,
        tier=Tier.LLM,
        rule="referee",
        message="describes a project-wide count; count() reads one file",
        explanation="The body opens only `path`.\nNothing iterates over the project.",
        evidence=(
            Evidence("with open(path) as fh:", "pkg/io.py", 12),
            Evidence("open(file, mode='r'): Open file and return a stream."),
        ),
        fix_hint=None,
    )
    values.update(overrides)
    return _finding(**values)


def _sarif(findings: list[Finding], root: Path, **kwargs: Any) -> dict[str, Any]:
    summary = kwargs.pop("summary", CheckSummary(files=1, functions=len(findings)))
    scores = kwargs.pop("scores", [])
    return report_sarif(findings, scores, summary, tool_version="0.1.0", root=str(root), **kwargs)


def _result_rule(run: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    rule: dict[str, Any] = run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert rule["id"] == result["ruleId"]
    return rule


# ---------------------------------------------------------------------------------------------
# SARIF


def test_empty_run_has_the_four_criteria_and_root(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    log = _sarif([], tmp_path)
    assert log["$schema"] == SARIF_SCHEMA_URI and log["version"] == "2.1.0"
    run = _valid(validator, log)
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("docref", "0.1.0")
    assert "informationUri" not in driver
    assert [r["id"] for r in driver["rules"]] == ["C1", "C2", "C3", "C4"]
    c2 = driver["rules"][1]
    assert c2["fullDescription"]["text"] == Criterion.C2.definition
    assert c2["shortDescription"]["text"] == "Type inconsistency"
    assert c2["defaultConfiguration"]["level"] == "warning"  # criterion rules: the LLM judge
    assert run["results"] == []
    assert run["columnKind"] == "utf16CodeUnits"
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == tmp_path.resolve().as_uri() + "/"
    assert run["invocations"] == [{"executionSuccessful": True}]
    assert run["properties"]["tier"] == "static"
    assert run["properties"]["stats"]["files"] == 1


def test_static_finding_result(validator: jsonschema.Draft4Validator, tmp_path: Path) -> None:
    finding = _finding()
    run = _valid(validator, _sarif([finding], tmp_path, information_uri="https://example.org/d"))
    assert run["tool"]["driver"]["informationUri"] == "https://example.org/d"
    [result] = run["results"]
    rule = _result_rule(run, result)
    assert rule["id"] == "C2-PARAM-TYPE" and rule["properties"]["criterion"] == "C2"
    assert rule["name"] == "C2ParamType"
    assert rule["defaultConfiguration"]["level"] == "error"
    assert result["level"] == "error"
    assert result["message"]["text"] == finding.headline()
    [location] = result["locations"]
    physical = location["physicalLocation"]
    assert physical["artifactLocation"] == {"uri": "pkg/io.py", "uriBaseId": "SRCROOT"}
    # 0-based (4, 8)..(4, 38) exclusive becomes 1-based 5:9..5:39, end still exclusive
    assert physical["region"] == {"startLine": 5, "startColumn": 9, "endLine": 5, "endColumn": 39}
    assert location["logicalLocations"] == [{"fullyQualifiedName": "pkg.io.read_lines"}]
    expected = hashlib.sha256(finding.key().encode("utf-8")).hexdigest()
    assert result["partialFingerprints"] == {FINGERPRINT_KEY: expected}
    assert result["relatedLocations"] == [
        {
            "id": 1,
            "message": {"text": "def read_lines(path: str) -> Iterator[str]:"},
            "physicalLocation": {
                "artifactLocation": {"uri": "pkg/io.py", "uriBaseId": "SRCROOT"},
                "region": {"startLine": 3},
            },
        }
    ]
    assert result["properties"] == {
        "tier": "static",
        "qualname": "pkg.io.read_lines",
        "criterion": "C2",
        "rule": "C2-PARAM-TYPE",
        "fixHint": "signature says `str`",
    }


def test_many_findings_with_llm_explanations(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    findings = [
        _finding(),
        _finding(range=((7, 8), (7, 30)), segment_text="n (str): How many.", start=200, end=218),
        _finding(rule="C3-RAISES", criterion=Criterion.C3, message="KeyError is never raised"),
        _llm_finding(),
    ]
    summary = CheckSummary(files=1, functions=2, model="openai/gpt-4.1-mini", llm_calls=4)
    run = _valid(validator, _sarif(findings, tmp_path, summary=summary))
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == ["C1", "C2", "C3", "C4", "C2-PARAM-TYPE", "C3-RAISES"]
    assert [r["ruleId"] for r in run["results"]] == ["C2-PARAM-TYPE"] * 2 + ["C3-RAISES", "C3"]
    for result in run["results"]:
        _result_rule(run, result)
    llm = run["results"][3]
    assert llm["level"] == "warning"
    assert llm["message"]["text"] == (
        "C3 functionality inconsistency: describes a project-wide count; count() reads one file"
        "\n\nThe body opens only `path`.\nNothing iterates over the project."
    )
    assert llm["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 11,
        "startColumn": 5,
        "endLine": 12,
        "endColumn": 21,
    }
    assert llm["properties"]["tier"] == "llm" and "fixHint" not in llm["properties"]
    # evidence without a file (external API documentation) keeps its text, no physical location
    assert llm["relatedLocations"][1] == {
        "id": 2,
        "message": {"text": "open(file, mode='r'): Open file and return a stream."},
    }
    assert len({r["partialFingerprints"][FINGERPRINT_KEY] for r in run["results"]}) == 4
    assert run["properties"]["tier"] == "static+llm"
    assert run["properties"]["llm"]["model"] == "openai/gpt-4.1-mini"


def test_scores_and_run_errors(validator: jsonschema.Draft4Validator, tmp_path: Path) -> None:
    finding = _finding()
    score = score_docstring([CheckResult.from_finding(finding)])
    summary = CheckSummary(
        files=2,
        functions=1,
        model="ollama_chat/qwen",
        fatal="model unreachable: connection refused",
        errors=["pkg/io.py::read_lines: rule c2_param_type failed: ValueError()"],
        llm_errors=["pkg/io.py::count: unparseable answer"],
        warnings=["suppression file: 1 stale entry"],
    )
    rows = [ScoreRow("pkg/io.py", "pkg.io.read_lines", score)]
    run = _valid(validator, _sarif([finding], tmp_path, summary=summary, scores=rows))
    [invocation] = run["invocations"]
    assert invocation["executionSuccessful"] is False
    notes = [(n["level"], n["message"]["text"]) for n in invocation["toolExecutionNotifications"]]
    assert notes == [
        ("error", "model unreachable: connection refused"),
        ("error", "pkg/io.py::read_lines: rule c2_param_type failed: ValueError()"),
        ("warning", "pkg/io.py::count: unparseable answer"),
        ("warning", "suppression file: 1 stale entry"),
    ]
    [row] = run["properties"]["scores"]
    assert (row["qualname"], row["score"], row["failed"]) == ("pkg.io.read_lines", 0.0, 1)


def test_non_ascii_paths_are_percent_encoded(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    path = "src/pàckage/módulo 1#.py"
    finding = _finding(path=path, evidence=(Evidence("def f(): ...", "src/ünï.py", 2),))
    root = tmp_path / "wörk space"
    run = _valid(validator, _sarif([finding], root))
    uri = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "src/p%C3%A0ckage/m%C3%B3dulo%201%23.py"
    assert unquote(uri) == path
    related = run["results"][0]["relatedLocations"][0]["physicalLocation"]["artifactLocation"]
    assert related["uri"] == "src/%C3%BCn%C3%AF.py"
    base = run["originalUriBaseIds"]["SRCROOT"]["uri"]
    assert base.endswith("/w%C3%B6rk%20space/") and base.startswith("file:///")


def test_windows_paths(validator: jsonschema.Draft4Validator) -> None:
    relative = _finding(path="pkg\\sub\\mod.py")
    absolute = _finding(path="C:\\work\\other\\mod.py")
    run = _valid(validator, _sarif([relative, absolute], Path("C:\\work")))
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file:///C:/work/"
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert locations == [
        {"uri": "pkg/sub/mod.py", "uriBaseId": "SRCROOT"},
        {"uri": "file:///C:/work/other/mod.py"},
    ]
    # the same file written with either separator is the same result
    posix = _valid(validator, _sarif([_finding(path="pkg/sub/mod.py")], Path("C:\\work")))
    fingerprints = [r["partialFingerprints"] for r in (run["results"][0], posix["results"][0])]
    assert fingerprints[0] == fingerprints[1]


def test_absolute_posix_path_outside_root(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    run = _valid(validator, _sarif([_finding(path="/opt/lib/x y.py")], tmp_path))
    location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "file:///opt/lib/x%20y.py"}


def _fingerprint(validator: jsonschema.Draft4Validator, root: Path, finding: Finding) -> str:
    fingerprint: str = _valid(validator, _sarif([finding], root))["results"][0][
        "partialFingerprints"
    ][FINGERPRINT_KEY]
    return fingerprint


def test_fingerprint_survives_line_moves_not_sentence_changes(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    original = _finding()
    moved = replace(original, start=480, end=510, range=((19, 12), (19, 42)))
    reworded = replace(original, segment_text="path (bytes): The file to read.")
    reindented = replace(original, segment_text="path (int):   The file\n    to read.")
    fingerprint = _fingerprint(validator, tmp_path, original)
    assert _fingerprint(validator, tmp_path, moved) == fingerprint
    assert _fingerprint(validator, tmp_path, reindented) == fingerprint
    assert _fingerprint(validator, tmp_path, reworded) != fingerprint


def test_severity_mapping(validator: jsonschema.Draft4Validator, tmp_path: Path) -> None:
    findings = [
        _finding(),
        _finding(rule="C3-RAISES", criterion=Criterion.C3, message="never raised"),
        _llm_finding(criterion=Criterion.C4, message="talks about the weather"),
        _llm_finding(criterion=Criterion.C2, message="says list, returns dict"),
    ]
    severity = {"C2": "note", "C3-RAISES": "warning", "llm": "error"}
    run = _valid(validator, _sarif(findings, tmp_path, severity=severity))
    # rule id beats criterion beats tier
    assert [r["level"] for r in run["results"]] == ["note", "warning", "error", "note"]
    levels = {r["id"]: r["defaultConfiguration"]["level"] for r in run["tool"]["driver"]["rules"]}
    assert levels == {
        "C1": "error",
        "C2": "note",
        "C3": "error",
        "C4": "error",
        "C2-PARAM-TYPE": "note",
        "C3-RAISES": "warning",
    }
    assert "toolConfigurationNotifications" not in run["invocations"][0]
    assert dict(DEFAULT_SEVERITY) == {"static": "error", "llm": "warning"}


def test_bad_severity_entries_are_reported_and_ignored(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    severity: dict[Any, Any] = {"C2": "fatal", "": "note", 3: "error", "C3": "note"}
    problems = severity_problems(severity)
    assert problems == [
        "severity: C2 = 'fatal' is not error, warning or note; ignored",
        "severity: key '' is not a rule id, criterion or tier; ignored",
        "severity: key 3 is not a rule id, criterion or tier; ignored",
    ]
    run = _valid(validator, _sarif([_finding()], tmp_path, severity=severity))
    assert run["results"][0]["level"] == "error"  # the static default, not "fatal"
    notes = run["invocations"][0]["toolConfigurationNotifications"]
    assert [n["message"]["text"] for n in notes] == problems
    lines = github_lines([_finding()], severity)
    assert lines[:3] == [f"::warning title=docref configuration::{p}" for p in problems]
    assert lines[3].startswith("::error file=pkg/io.py,")
    assert severity_problems(None) == [] and severity_problems({"C1": "note"}) == []


@pytest.mark.parametrize(
    "bad_range", [((-1, 0), (0, 4)), ((3, 10), (3, 2)), ((5, 0), (4, 9)), ((2, 0), (2, -3))]
)
def test_invalid_range_reported_without_position(
    validator: jsonschema.Draft4Validator, tmp_path: Path, bad_range: Any
) -> None:
    finding = _finding(range=bad_range)
    run = _valid(validator, _sarif([finding], tmp_path))
    physical = run["results"][0]["locations"][0]["physicalLocation"]
    assert physical == {"artifactLocation": {"uri": "pkg/io.py", "uriBaseId": "SRCROOT"}}
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "warning"
    assert note["message"]["text"].startswith("pkg/io.py::pkg.io.read_lines: invalid range")
    assert run["invocations"][0]["executionSuccessful"] is True
    [line] = github_lines([finding])
    assert line.startswith("::error file=pkg/io.py,title=docref C2-PARAM-TYPE::")


def test_pass_verdict_is_a_pass_result_and_no_annotation(
    validator: jsonschema.Draft4Validator, tmp_path: Path
) -> None:
    passed = _llm_finding(verdict=Verdict.PASS, message="matches the code")
    run = _valid(validator, _sarif([passed], tmp_path))
    [result] = run["results"]
    assert (result["kind"], result["level"]) == ("pass", "none")
    assert github_lines([passed]) == []


# ---------------------------------------------------------------------------------------------
# GitHub workflow commands


def test_github_line_for_a_static_finding() -> None:
    assert github_lines([_finding()]) == [
        "::error file=pkg/io.py,line=5,col=9,endLine=5,endColumn=39,title=docref C2-PARAM-TYPE::"
        "C2 type inconsistency: says `int`, but the signature says `str`  "
        "[static C2-PARAM-TYPE]%0AFix: signature says `str`"
    ]


def test_github_escapes_message_and_properties() -> None:
    finding = _llm_finding(
        path="pkg/a,b:c%d.py",
        range=((0, 0), (0, 5)),
        message="100% sure: a, b",
        explanation="first line\r\nsecond: line, with comma %0A",
    )
    [line] = github_lines([finding])
    properties, message = line.removeprefix("::warning ").split("::", 1)
    assert properties == (
        "file=pkg/a%2Cb%3Ac%25d.py,line=1,col=1,endLine=1,endColumn=6,title=docref C3"
    )
    # in the message only %, CR and LF are escaped: commas and colons stay readable
    assert message == (
        "C3 functionality inconsistency: 100%25 sure: a, b  [llm]"
        "%0Afirst line%0D%0Asecond: line, with comma %250A"
    )
    assert "\n" not in line and "\r" not in line


def test_github_multiline_finding_has_lines_only_and_levels() -> None:
    lines = github_lines([_llm_finding()], {"C3": "note"})
    assert lines[0].startswith("::notice file=pkg/io.py,line=11,endLine=12,title=docref C3::")
    assert github_lines([_llm_finding()])[0].startswith("::warning ")


def test_github_backslash_paths() -> None:
    [line] = github_lines([_finding(path="pkg\\sub\\mod.py")])
    assert line.startswith("::error file=pkg/sub/mod.py,line=5,")


def test_emoji_columns_count_utf16_units(validator: jsonschema.Draft4Validator) -> None:
    source = 'def f(x):\n    """😀 Hi. Returns a list."""\n    return x\n'
    start = source.index('"""')
    end = source.index('"""', start + 3) + 3
    parsed = segment_docstring(source, start, end, "python")
    segment = next(s for s in parsed.segments if s.text == "Returns a list.")
    # 4 spaces, 3 quotes, the emoji (2 UTF-16 units, 1 code point), space, "Hi.", space
    assert segment.range == ((1, 14), (1, 29))
    finding = Finding.from_segment(
        segment,
        path="m.py",
        qualname="m.f",
        criterion="C2",
        tier="static",
        rule="C2-RETURN-TYPE",
        message="says list, returns the argument",
    )
    [line] = github_lines([finding])
    assert line.startswith("::error file=m.py,line=2,col=15,endLine=2,endColumn=30,")
    run = _valid(validator, _sarif([finding], Path("/src")))
    region = run["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startColumn"], region["endColumn"]) == (15, 30)
