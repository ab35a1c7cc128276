"""Findings, verdicts and the ReFEree score (docref.core.findings)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from docref.core.findings import Criterion, Evidence, Finding, Tier, Verdict
from docref.core.score import (
    PAPER_WEIGHTS,
    CheckResult,
    Score,
    combine_verdicts,
    score_docstring,
)
from docref.core.segment import Segment

C1, C2, C3, C4 = Criterion.C1, Criterion.C2, Criterion.C3, Criterion.C4
PASS, FAIL, UNKNOWN = Verdict.PASS, Verdict.FAIL, Verdict.UNKNOWN
STATIC, LLM = Tier.STATIC, Tier.LLM


def _result(
    seg: int, criterion: Criterion, verdict: Verdict, tier: Tier = LLM, qualname: str = "m.f"
) -> CheckResult:
    """Segment ``seg`` of ``qualname``: offsets 100*seg .. 100*seg+50."""
    return CheckResult(
        path="pkg/m.py",
        qualname=qualname,
        start=100 * seg,
        end=100 * seg + 50,
        criterion=criterion,
        verdict=verdict,
        tier=tier,
    )


def _grid(
    n_segments: int, fails: set[tuple[int, Criterion]], tier: Tier = LLM
) -> list[CheckResult]:
    return [
        _result(s, c, FAIL if (s, c) in fails else PASS, tier)
        for s in range(n_segments)
        for c in Criterion
    ]


def _segment(line: int = 3, start: int = 120) -> Segment:
    text = "Returns a list of lines."
    return Segment(
        text=text,
        kind="prose",
        name=None,
        type=None,
        section=None,
        start=start,
        end=start + len(text),
        range=((line, 4), (line, 4 + len(text))),
    )


def _finding(segment: Segment | None = None, **overrides: Any) -> Finding:
    finding = Finding.from_segment(
        segment or _segment(),
        path="pkg/io.py",
        qualname="pkg.io.read_lines",
        criterion=C2,
        tier=STATIC,
        rule="C2-RETURN-TYPE",
        message='says "returns a list", but read_lines() returns Iterator[str]',
        explanation="The function is a generator.",
        evidence=(
            Evidence("def read_lines(path: str) -> Iterator[str]:", "pkg/io.py", 10),
            Evidence("Iterator: an object implementing __next__"),
        ),
        fix_hint="Say that it yields the lines.",
    )
    return dataclasses.replace(finding, **overrides) if overrides else finding


# --- criteria, verdicts, tiers --------------------------------------------------------------


def test_criterion_names_and_definitions() -> None:
    assert [c.value for c in Criterion] == ["C1", "C2", "C3", "C4"]
    assert [c.display_name for c in Criterion] == [
        "Name inconsistency",
        "Type inconsistency",
        "Functionality inconsistency",
        "Context irrelevant",
    ]
    assert Criterion("C2") is C2 and C2 == "C2"
    for c in Criterion:
        assert c.definition.endswith(".") and "\n" not in c.definition
    assert "identifier" in C1.definition
    assert "return type" in C2.definition
    assert "functionality" in C3.definition
    assert "irrelevant" in C4.definition


def test_verdict_and_tier_values() -> None:
    assert [v.value for v in Verdict] == ["pass", "fail", "unknown"]
    assert [t.value for t in Tier] == ["static", "llm"]


@pytest.mark.parametrize(
    ("criterion", "prefix"),
    [
        (C1, "C1 name inconsistency: "),
        (C2, "C2 type inconsistency: "),
        (C3, "C3 functionality inconsistency: "),
        (C4, "C4 context irrelevant: "),
    ],
)
def test_headline_format(criterion: Criterion, prefix: str) -> None:
    finding = _finding(criterion=criterion, message="something is off")
    assert finding.headline() == prefix + "something is off"


def test_message_collapsed_to_one_line() -> None:
    finding = _finding(message="says  a list,\n  but returns\tIterator[str] ")
    assert finding.message == "says a list, but returns Iterator[str]"


def test_unknown_is_never_a_finding() -> None:
    with pytest.raises(ValueError, match="never a finding"):
        _finding(verdict=UNKNOWN)


def test_from_segment_copies_location() -> None:
    seg = _segment(line=7, start=300)
    finding = _finding(seg)
    assert (finding.start, finding.end, finding.range) == (seg.start, seg.end, seg.range)
    assert finding.segment_text == seg.text
    assert finding.line == 8
    assert finding.verdict is FAIL and finding.from_cache is False


def test_evidence_line_is_one_based() -> None:
    with pytest.raises(ValueError, match="1-based"):
        Evidence("x", "a.py", 0)


# --- JSON and keys ---------------------------------------------------------------------------


def test_finding_json_round_trip() -> None:
    finding = _finding()
    data = json.loads(json.dumps(finding.to_json()))  # JSON-safe: survives a real round trip
    back = Finding.from_json(data)
    assert back == finding
    assert isinstance(back.criterion, Criterion) and isinstance(back.tier, Tier)
    assert isinstance(back.range[0], tuple) and isinstance(back.evidence, tuple)
    assert back.evidence[0].line == 10 and back.evidence[1].path is None

    cached = finding.cached()
    assert cached.from_cache is True
    assert Finding.from_json(json.loads(json.dumps(cached.to_json()))) == cached


def test_finding_json_optional_fields_may_be_absent() -> None:
    data = _finding().to_json()
    for key in ("explanation", "evidence", "fix_hint", "from_cache"):
        del data[key]
    back = Finding.from_json(data)
    assert back.explanation is None and back.evidence == () and back.fix_hint is None
    assert back.from_cache is False


@pytest.mark.parametrize(
    ("key", "value", "match"),
    [
        ("criterion", "C5", "criterion"),
        ("verdict", "maybe", "verdict"),
        ("tier", "human", "tier"),
        ("start", "12", "start"),
        ("range", [[1, 2]], "range"),
        ("message", None, "message"),
        ("evidence", [{"text": 3}], "text"),
        ("from_cache", "yes", "from_cache"),
    ],
)
def test_finding_from_json_rejects_malformed(key: str, value: object, match: str) -> None:
    data = _finding().to_json()
    data[key] = value
    with pytest.raises(ValueError, match=match):
        Finding.from_json(data)


def test_key_stable_under_line_shifts() -> None:
    original = _finding(_segment(line=3, start=120))
    shifted = _finding(_segment(line=40, start=2_000))
    assert original.range != shifted.range and original.start != shifted.start
    assert original.key() == shifted.key()
    assert original.key() == _finding(explanation="other", tier=LLM).key()
    assert original.key() == original.cached().key()
    # Re-wrapped text (whitespace only) keeps the key.
    assert original.key() == _finding(segment_text="Returns a  list\n of lines.").key()
    assert "pkg/io.py" in original.key() and "C2-RETURN-TYPE" in original.key()


@pytest.mark.parametrize(
    "change",
    [
        {"path": "pkg/other.py"},
        {"qualname": "pkg.io.read_all"},
        {"criterion": C3},
        {"rule": "referee"},
        {"segment_text": "Returns a tuple of lines."},
    ],
)
def test_key_changes_with_identity(change: dict[str, Any]) -> None:
    assert _finding(**change).key() != _finding().key()


# --- score -----------------------------------------------------------------------------------


def test_paper_formula_three_segments_two_fails() -> None:
    # 3 segments x 4 criteria = 12 checks, 2 fail: SCORE = 10 / 12.
    score = score_docstring(_grid(3, {(0, C2), (1, C3)}))
    assert score.value == pytest.approx(10 / 12)
    assert (score.passed, score.checked, score.unknown, score.segments) == (10, 12, 0, 3)
    assert score.per_criterion == {C1: (3, 3), C2: (2, 3), C3: (2, 3), C4: (3, 3)}


def test_all_pass_and_all_fail() -> None:
    assert score_docstring(_grid(2, set())).value == 1.0
    everything = {(s, c) for s in range(2) for c in Criterion}
    assert score_docstring(_grid(2, everything)).value == 0.0


def test_paper_weights_hand_computed() -> None:
    assert dict(PAPER_WEIGHTS) == {C1: 0.6, C2: 1.2, C3: 1.2, C4: 1.0}
    # Per segment the weights sum to 4.0, so 3 segments weigh 12.0.
    # Fails on C2 (1.2) and C3 (1.2): (12.0 - 2.4) / 12.0 = 0.8.
    score = score_docstring(_grid(3, {(0, C2), (1, C3)}), weights=PAPER_WEIGHTS)
    assert score.value == pytest.approx(0.8)
    assert (score.passed, score.checked) == (10, 12)  # counts stay unweighted
    # Fails on C1 (0.6) and C4 (1.0): (12.0 - 1.6) / 12.0 = 0.8666...
    score = score_docstring(_grid(3, {(0, C1), (2, C4)}), weights=PAPER_WEIGHTS)
    assert score.value == pytest.approx(10.4 / 12)
    # String keys work too, and scaling the weights changes nothing.
    scaled = {"C1": 6, "C2": 12, "C3": 12, "C4": 10}
    assert score_docstring(_grid(3, {(0, C1), (2, C4)}), weights=scaled).value == pytest.approx(
        10.4 / 12
    )


def test_partial_weights_default_to_one_and_zero_excludes() -> None:
    # C4 weight 0: 3 segments x 3 criteria weigh 9; the C4 fail costs nothing, the C1 fail 1.
    score = score_docstring(_grid(3, {(0, C4), (1, C1)}), weights={"C4": 0})
    assert score.value == pytest.approx(8 / 9)
    assert (score.passed, score.checked) == (10, 12)


def test_only_checked_criteria_count() -> None:
    # Static tier ran C1 and C2 only on 2 segments: 4 checks, 1 fail.
    results = [
        _result(0, C1, PASS, STATIC),
        _result(0, C2, FAIL, STATIC),
        _result(1, C1, PASS, STATIC),
        _result(1, C2, PASS, STATIC),
    ]
    score = score_docstring(results)
    assert score.value == pytest.approx(3 / 4)
    assert score.per_criterion[C3] == (0, 0) and score.per_criterion[C4] == (0, 0)


def test_unknown_excluded_from_denominator_and_counted() -> None:
    results = _grid(2, {(0, C3)})  # 8 checks, 7 pass
    results += [_result(2, C1, UNKNOWN), _result(2, C2, UNKNOWN), _result(2, C3, PASS)]
    score = score_docstring(results)
    assert score.value == pytest.approx(8 / 9)  # not 8 / 11
    assert (score.passed, score.checked, score.unknown, score.segments) == (8, 9, 2, 3)
    assert score.per_criterion[C1] == (2, 2)


def test_both_tiers_count_once_and_failure_wins() -> None:
    base = _grid(2, set(), LLM)  # 8 LLM passes
    # Static failure on a check the LLM passed: one check, failing.
    score = score_docstring([*base, _result(0, C2, FAIL, STATIC)])
    assert (score.passed, score.checked) == (7, 8)
    assert score.value == pytest.approx(7 / 8)
    # Static pass plus LLM failure: still a failure, counted once.
    llm_fail = _grid(2, {(1, C3)}, LLM)
    score = score_docstring([*llm_fail, _result(1, C3, PASS, STATIC)])
    assert (score.passed, score.checked) == (7, 8)
    # Both pass: counted once, not twice.
    score = score_docstring([*base, _result(0, C1, PASS, STATIC)])
    assert (score.passed, score.checked) == (8, 8)
    # An unknown answer from one tier defers to the other tier's answer.
    score = score_docstring([*base, _result(0, C4, UNKNOWN, STATIC)])
    assert (score.passed, score.checked, score.unknown) == (8, 8, 0)
    with_unknown_llm = [r for r in base if (r.start, r.criterion) != (0, C4)]
    with_unknown_llm += [_result(0, C4, UNKNOWN, LLM), _result(0, C4, FAIL, STATIC)]
    score = score_docstring(with_unknown_llm)
    assert (score.passed, score.checked, score.unknown) == (7, 8, 0)


def test_segments_are_distinct_per_docstring_and_offsets() -> None:
    results = [_result(0, C1, PASS), _result(0, C1, FAIL, qualname="m.g")]
    score = score_docstring(results)
    assert (score.segments, score.passed, score.checked) == (2, 1, 2)


def test_combine_verdicts() -> None:
    assert combine_verdicts([PASS, FAIL]) is FAIL
    assert combine_verdicts([FAIL, PASS]) is FAIL
    assert combine_verdicts([UNKNOWN, PASS]) is PASS
    assert combine_verdicts([UNKNOWN, UNKNOWN]) is UNKNOWN
    assert combine_verdicts([]) is UNKNOWN


def test_nothing_checked_is_none() -> None:
    score = score_docstring([])
    assert score.value is None
    assert (score.passed, score.checked, score.unknown, score.segments) == (0, 0, 0, 0)
    assert score.describe() == "n/a — nothing checked"
    only_unknown = score_docstring([_result(0, C1, UNKNOWN), _result(0, C3, UNKNOWN)])
    assert only_unknown.value is None
    assert (only_unknown.unknown, only_unknown.segments) == (2, 1)
    assert only_unknown.describe() == "n/a — nothing checked, 2 unknown"


def test_describe() -> None:
    # 4 segments x 4 criteria, 3 fail: 13/16 = 0.8125.
    fails = {(0, C1), (1, C2), (3, C4)}
    score = score_docstring(_grid(4, fails))
    assert score.describe() == "0.81 — 13/16 checks pass"
    score = score_docstring([*_grid(4, fails), _result(4, C1, UNKNOWN), _result(4, C2, UNKNOWN)])
    assert score.describe() == "0.81 — 13/16 checks pass, 2 unknown"
    assert score_docstring(_grid(1, set())).describe() == "1.00 — 4/4 checks pass"
    manual = Score(value=0.5, passed=1, checked=2, unknown=1, segments=1)
    assert manual.describe() == "0.50 — 1/2 checks pass, 1 unknown"


@pytest.mark.parametrize(
    ("weights", "match"),
    [
        ({"C5": 1.0}, r"unknown criterion 'C5'.*C1, C2, C3, C4"),
        ({"name": 1.0}, "unknown criterion 'name'"),
        ({"C2": -0.5}, "C2 must be a finite number >= 0"),
        ({"C1": float("nan")}, "C1 must be a finite number >= 0"),
        ({"C3": "heavy"}, "C3 must be a number"),
        ({"C1": 0, "C2": 0, "C3": 0, "C4": 0}, "all zero"),
    ],
)
def test_weight_validation(weights: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        score_docstring(_grid(1, set()), weights=weights)  # type: ignore[arg-type]


# --- check results ---------------------------------------------------------------------------


def test_check_result_from_finding_and_segment() -> None:
    finding = _finding()
    result = CheckResult.from_finding(finding)
    assert result.segment_id == finding.segment_id
    assert (result.criterion, result.verdict, result.tier, result.rule) == (
        C2,
        FAIL,
        STATIC,
        "C2-RETURN-TYPE",
    )
    llm = CheckResult.for_segment(
        _segment(),
        path="pkg/io.py",
        qualname="pkg.io.read_lines",
        criterion="C2",
        verdict="pass",
        tier="llm",
    )
    assert llm.segment_id == result.segment_id and llm.criterion is C2
    score = score_docstring([result, llm])
    assert (score.passed, score.checked, score.segments) == (0, 1, 1)


def test_check_result_rejects_mismatched_finding() -> None:
    finding = _finding()
    with pytest.raises(ValueError, match="must match"):
        dataclasses.replace(CheckResult.from_finding(finding), criterion=C3)
    with pytest.raises(ValueError, match="must match"):
        dataclasses.replace(CheckResult.from_finding(finding), verdict=UNKNOWN)
