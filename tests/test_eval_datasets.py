"""Datasets for ``docref eval``: configurable fields, bad lines, metrics, progress."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from docref.eval.cli import EtaBar
from docref.eval.datasets import DatasetError, FieldMap, load_dataset
from docref.eval.metrics import bootstrap_ci, correlations, segment_scores
from scipy import stats

from tests.eval_helpers import method_entry, run_eval, synthetic_items, write_jsonl


def _bad_file(tmp_path: Path) -> Path:
    rows: list[object] = synthetic_items(5)
    rows.insert(1, "{this is not json")
    rows.insert(3, {"input": "x", "overall_majority_llm_label": 3, "human_label": "r"})
    rows.insert(4, {**synthetic_items(1)[0], "_id": "odd", "overall_majority_llm_label": 9})
    rows.insert(5, {**synthetic_items(1)[0]})  # duplicate id item-0
    rows.insert(6, [1, 2, 3])
    return write_jsonl(tmp_path / "bad.jsonl", rows)  # type: ignore[arg-type]


def test_bad_lines_are_skipped_with_their_line_numbers(tmp_path: Path) -> None:
    proc = run_eval(str(_bad_file(tmp_path)), "--method", "rouge-1", "--json", cache=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    err = proc.stderr
    assert "skipped line 2: not valid JSON" in err
    assert "skipped line 4: missing field 'hallucinated_summary'" in err
    assert "skipped line 5: label 'overall_majority_llm_label' = 9 is outside 1..5" in err
    assert "skipped line 6: duplicate id 'item-0'" in err
    assert "skipped line 7: expected a JSON object, got list" in err
    doc = json.loads(proc.stdout)
    assert doc["n"] == 5 and len(doc["skipped_lines"]) == 5
    assert method_entry(doc, "rouge-1")["n_scored"] == 5


def test_bad_lines_fail_the_run_when_asked(tmp_path: Path) -> None:
    proc = run_eval(
        str(_bad_file(tmp_path)), "--method", "rouge-1", "--on-bad-line", "fail", cache=tmp_path
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert "5 bad line(s):" in proc.stderr and "line 2: not valid JSON" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unreadable_or_empty_dataset(tmp_path: Path) -> None:
    missing = run_eval(str(tmp_path / "nope.jsonl"), cache=tmp_path)
    assert missing.returncode == 2 and "cannot read dataset" in missing.stderr
    empty = write_jsonl(tmp_path / "empty.jsonl", ["{}"])
    proc = run_eval(str(empty), cache=tmp_path)
    assert proc.returncode == 2 and "no usable item" in proc.stderr
    assert "Traceback" not in proc.stderr + missing.stderr


def test_python_dataset_with_its_own_field_names(tmp_path: Path) -> None:
    rows = [
        {
            "task_id": f"py-{i}",
            "code": f"def f{i}(x):\n    return x + {i}\n",
            "summary": f"Return x plus {i}."
            if i % 2
            else f"Return x plus {i}.\n\nArgs:\n    y (int): the value.",
            "docstring": f"Add {i} to x.",
            "final_label": 1 + i % 5,
        }
        for i in range(6)
    ]
    data = write_jsonl(tmp_path / "py.jsonl", rows)
    proc = run_eval(
        str(data),
        "--language",
        "python",
        "--code-field",
        "code",
        "--summary-field",
        "summary",
        "--reference-field",
        "docstring",
        "--label-field",
        "final_label",
        "--id-field",
        "task_id",
        "--method",
        "rouge-l,static",
        "--json",
        cache=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["ids"] == [f"py-{i}" for i in range(6)]
    static = method_entry(doc, "static")
    assert static["n_scored"] == 6
    # the summary as f0's docstring documents a parameter y that f0 does not have
    assert static["scores"][0] == 7 / 8 and static["scores"][1] == 1.0
    assert method_entry(doc, "rouge-l")["n_scored"] == 6


def test_loader_field_map_and_segments(tmp_path: Path) -> None:
    row = synthetic_items(1)[0]
    row["segs"] = [{"text": "a.", "C1": 1, "C3": 0}]
    bad = {**synthetic_items(2)[1], "segs": [{"text": "b.", "C2": 2}]}
    path = write_jsonl(tmp_path / "s.jsonl", [row, bad])
    data = load_dataset(str(path), FieldMap(segments="segs"))
    assert data.items[0].segments is not None
    assert dict(data.items[0].segments[0].labels) == {"C1": 1, "C3": 0}
    assert [str(p) for p in data.problems] == ["line 2: segment 1: C2 must be 0 or 1, got 2"]
    with pytest.raises(DatasetError, match="1 bad line"):
        load_dataset(str(path), FieldMap(segments="segs"), on_error="fail")


def test_correlations_match_scipy_and_bootstrap_is_seeded() -> None:
    scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.2, 0.5]
    labels = [1, 2, 2, 4, 5, 5, 1, 3]
    found = correlations(scores, labels, resamples=300, seed=7)
    assert found.pearson == pytest.approx(stats.pearsonr(scores, labels).statistic)
    assert found.spearman == pytest.approx(stats.spearmanr(scores, labels).statistic)
    tau = stats.kendalltau(scores, labels, variant="b")
    assert found.kendall == pytest.approx(tau.statistic)
    assert found.p_values["kendall"] == pytest.approx(tau.pvalue)
    assert found.average == pytest.approx((found.pearson + found.spearman + found.kendall) / 3)
    again = bootstrap_ci(scores, labels, resamples=300, seed=7)
    assert again == dict(found.ci95)
    assert bootstrap_ci(scores, labels, resamples=300, seed=8) != again
    constant = correlations([0.5] * 5, [1, 2, 3, 4, 5])
    assert constant.pearson is None and constant.note is not None and "constant" in constant.note
    assert correlations([1.0, 2.0], [1, 2]).note == "2 scored item(s): need at least 3"


def test_segment_scores_treat_violations_as_positive() -> None:
    rows = segment_scores([("C1", 0, 0), ("C1", 0, 1), ("C1", 1, 1), ("C1", 1, 0), ("C2", 1, 1)])
    by = {r.criterion: r for r in rows}
    assert (by["C1"].tp, by["C1"].fp, by["C1"].tn, by["C1"].fn) == (1, 1, 1, 1)
    assert by["C1"].accuracy == 0.5 and by["C1"].f1 == 0.5
    assert by["C2"].precision is None and by["C2"].accuracy == 1.0
    assert by["all"].total == 5 and [r.criterion for r in rows] == ["C1", "C2", "all"]


def test_progress_bar_shows_an_eta() -> None:
    now = [0.0]
    bar = EtaBar(
        10,
        label="evaluating",
        unit="items",
        stream=io.StringIO(),
        enabled=True,
        clock=lambda: now[0],
        columns=120,
    )
    now[0] = 4.0
    bar.advance(2)
    assert bar.render(120).endswith("ETA 16 s")
    bar.advance(8)
    assert "ETA" not in bar.render(120)


def test_a_failing_item_does_not_lose_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from docref.eval.datasets import Item
    from docref.eval.methods import ItemResult, Method
    from docref.eval.runner import run_methods

    class Flaky(Method):
        name = "flaky"

        async def judge(self, item: Item) -> ItemResult:
            if item.ident == "item-1":
                raise KeyError("boom")
            return ItemResult(item.label)

    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path))
    items = load_dataset(str(write_jsonl(tmp_path / "d.jsonl", synthetic_items(4)))).items
    (run,) = run_methods([Flaky()], items)
    assert [r.score if r else None for r in run.results] == [4.0, None, 5.0, 2.0]
    assert run.notes == {"internal error: KeyError('boom')": 1}
    (again,) = run_methods([Flaky()], items)
    assert again.cached == 3  # the failed item is not cached: it is tried again
