"""The baseline file: line-independent keys, multiset counts, stable atomic writes."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from docref.checks.baseline import Baseline, BaselineError, load_baseline, write_baseline
from docref.checks.static.runner import check_file
from docref.core.findings import Criterion, Finding, Tier, Verdict
from docref.graph.project import ProjectGraph

CODE = '''\
def load(path):
    """Load a file.

    Args:
        name: The file to load.
    """
    return path


class Store:
    def put(self, key):
        """Store a value.

        Args:
            value: What to store.
        """
        return key
'''


def _findings(tmp_path: Path, code: str, run: str) -> list[Finding]:
    """The static findings of ``code`` as ``m.py`` in a fresh workspace named ``run``."""
    root = tmp_path / run
    root.mkdir()
    (root / "m.py").write_text(code, encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / f"{run}-cache"))
    graph.index(workers=1)
    return check_file(graph, "m.py").findings


def _finding(text: str, verdict: Verdict = Verdict.FAIL, path: str = "m.py") -> Finding:
    return Finding(
        path=path,
        qualname="f",
        start=0,
        end=len(text),
        range=((0, 0), (0, len(text))),
        segment_text=text,
        criterion=Criterion.C4,
        verdict=verdict,
        tier=Tier.LLM,
        rule="referee",
        message="irrelevant",
    )


def _baselined(tmp_path: Path, before: str, after: str) -> tuple[list[Finding], int]:
    target = tmp_path / "baseline.json"
    write_baseline(target, _findings(tmp_path, before, "before"))
    return load_baseline(target).filter(_findings(tmp_path, after, "after"))


def test_the_code_under_test_has_two_findings(tmp_path: Path) -> None:
    assert [f.qualname for f in _findings(tmp_path, CODE, "run")] == ["load", "Store.put"]


def test_moving_functions_down_fifty_lines_keeps_them_baselined(tmp_path: Path) -> None:
    moved = "import os\n" + "\n" * 50 + CODE
    assert _baselined(tmp_path, CODE, moved) == ([], 2)


def test_re_indenting_keeps_them_baselined(tmp_path: Path) -> None:
    # a module-level ``if`` block keeps qualnames; every line moves right by four columns
    indented = "if True:\n" + textwrap.indent(CODE, "    ")
    assert _baselined(tmp_path, CODE, indented) == ([], 2)


def test_editing_the_sentence_makes_the_finding_new(tmp_path: Path) -> None:
    edited = CODE.replace("name: The file to load.", "name: The file to read.")
    new, absorbed = _baselined(tmp_path, CODE, edited)
    assert [f.qualname for f in new] == ["load"] and absorbed == 1


def test_renaming_the_function_makes_the_finding_new(tmp_path: Path) -> None:
    renamed = CODE.replace("def load(", "def read(")
    new, absorbed = _baselined(tmp_path, CODE, renamed)
    assert [f.qualname for f in new] == ["read"] and absorbed == 1


def test_counts_are_a_multiset() -> None:
    baseline = Baseline.from_findings([_finding("Talks about HTTP.")])
    twice = [_finding("Talks about HTTP."), _finding("Talks  about\n HTTP.")]
    new, absorbed = baseline.filter(twice)
    assert absorbed == 1 and new == [twice[1]]
    assert len(Baseline.from_findings(twice)) == 2


def test_pass_verdicts_are_neither_recorded_nor_absorbed() -> None:
    passed = _finding("Fine.", Verdict.PASS)
    baseline = Baseline.from_findings([passed, _finding("Fine.")])
    assert len(baseline) == 1
    assert baseline.filter([passed]) == ([passed], 0)


def test_file_shape_is_sorted_and_byte_identical_when_written_twice(tmp_path: Path) -> None:
    findings = _findings(tmp_path, CODE, "run")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    write_baseline(first, findings)
    write_baseline(second, list(reversed(findings)))
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["tool"] == "docref"
    entries = data["findings"]
    assert [e["qualname"] for e in entries] == ["Store.put", "load"]
    assert set(entries[0]) == {"path", "qualname", "criterion", "rule", "sentence_sha", "count"}
    assert entries[1] == {
        "path": "m.py",
        "qualname": "load",
        "criterion": "C1",
        "rule": "C1-PARAM-UNKNOWN",
        "sentence_sha": findings[0].key().rsplit("::", 1)[1],
        "count": 1,
    }
    assert "line" not in first.read_text(encoding="utf-8")


def test_write_replaces_atomically_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "baseline.json"
    target.write_text("old", encoding="utf-8")
    write_baseline(target, [_finding("Talks about HTTP.")])
    assert len(load_baseline(target)) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline.json"]


def test_write_into_a_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match=r"cannot write baseline .*nope"):
        write_baseline(tmp_path / "nope" / "baseline.json", [])


def test_write_over_a_directory_cleans_up_its_temp_file(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(BaselineError, match="cannot write baseline"):
        write_baseline(tmp_path / "taken", [])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_duplicate_entries_in_a_hand_merged_file_add_up(tmp_path: Path) -> None:
    target = tmp_path / "baseline.json"
    write_baseline(target, [_finding("Talks about HTTP.")])
    data = json.loads(target.read_text(encoding="utf-8"))
    data["findings"] *= 2
    target.write_text(json.dumps(data), encoding="utf-8")
    assert len(load_baseline(target)) == 2


def test_missing_baseline_says_how_to_create_one(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match=r"does not exist .*--write-baseline"):
        load_baseline(tmp_path / "absent.json")


def test_unreadable_baseline_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match="cannot read baseline"):
        load_baseline(tmp_path)  # a directory cannot be read as a file


GOOD_ENTRY = {
    "path": "m.py",
    "qualname": "f",
    "criterion": "C4",
    "rule": "referee",
    "sentence_sha": "0123456789abcdef",
    "count": 1,
}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\xff\xfe{", "is not UTF-8 text"),
        (b'{"version": 1,', "is not valid JSON (line 1, column 15"),
        (b"[]", "expected a JSON object, got list"),
        (b'{"version": 2, "tool": "docref", "findings": []}', "unsupported version 2"),
        (b'{"tool": "docref", "findings": []}', "unsupported version None"),
        (b'{"version": 1, "tool": "other", "findings": []}', "'tool' is 'other'"),
        (b'{"version": 1, "tool": "docref", "findings": {}}', "'findings' must be a list"),
        (
            json.dumps({"version": 1, "tool": "docref", "findings": [GOOD_ENTRY, 3]}).encode(),
            "findings[1] must be an object",
        ),
        (
            json.dumps(
                {"version": 1, "tool": "docref", "findings": [{**GOOD_ENTRY, "qualname": 5}]}
            ).encode(),
            "findings[0].qualname must be a non-empty string, got 5",
        ),
        (
            json.dumps(
                {"version": 1, "tool": "docref", "findings": [{**GOOD_ENTRY, "count": 0}]}
            ).encode(),
            "findings[0].count must be a positive integer, got 0",
        ),
        (
            json.dumps(
                {"version": 1, "tool": "docref", "findings": [{**GOOD_ENTRY, "count": True}]}
            ).encode(),
            "findings[0].count must be a positive integer, got True",
        ),
    ],
)
def test_corrupt_baselines_give_one_line_errors(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    target = tmp_path / "baseline.json"
    target.write_bytes(content)
    with pytest.raises(BaselineError) as info:
        load_baseline(target)
    message = str(info.value)
    assert expected in message and str(target) in message and "\n" not in message


def test_a_baseline_round_trips_through_the_file(tmp_path: Path) -> None:
    target = tmp_path / "baseline.json"
    findings = [_finding("Talks about HTTP."), _finding("Mentions FTP.", path="n.py")]
    write_baseline(target, findings)
    baseline = load_baseline(target)
    assert baseline.to_json() == json.loads(target.read_text(encoding="utf-8"))
    assert baseline.filter(findings) == ([], 2)
