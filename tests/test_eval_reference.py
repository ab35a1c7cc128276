"""``docref eval`` without a model: reference metrics and the static tier on the dev file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from rouge_score import rouge_scorer
from scipy import stats

from tests.eval_helpers import method_entry, require_java_dev, run_eval, write_jsonl


@pytest.fixture(scope="module")
def dev_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    dev = require_java_dev()
    tmp = tmp_path_factory.mktemp("evalref")
    plot = tmp / "fig.png"
    proc = run_eval(
        str(dev),
        "--method",
        "rouge-1,rouge-2,rouge-l,bleu",
        "--method",
        "static",
        "--json",
        "--plot",
        str(plot),
        "--bootstrap",
        "200",
        cache=tmp / "cache",
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), plot


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_json_contract(dev_run: tuple[dict, Path]) -> None:
    doc, _ = dev_run
    assert doc["dataset"].endswith("referee-java-dev.jsonl")
    assert doc["n"] == 83
    keys = {"method", "pearson", "spearman", "kendall", "average", "p_values", "ci95"}
    keys |= {"calls", "tokens", "cost_usd", "seconds"}
    assert [m["method"] for m in doc["methods"]] == [
        "rouge-1",
        "rouge-2",
        "rouge-l",
        "bleu",
        "static",
    ]
    for entry in doc["methods"]:
        assert keys <= set(entry), entry["method"]
        assert entry["calls"] == 0 and entry["tokens"] == 0 and entry["cost_usd"] is None


def test_rouge_matches_the_library_and_scipy(dev_run: tuple[dict, Path]) -> None:
    doc, _ = dev_run
    rows = _rows(require_java_dev())
    # the default is Porter stemming: the ReFEree method's released configuration
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    for index in (0, 17, 82):
        expected = scorer.score(rows[index]["human_label"], rows[index]["hallucinated_summary"])
        for name, key in (("rouge-1", "rouge1"), ("rouge-2", "rouge2"), ("rouge-l", "rougeL")):
            got = method_entry(doc, name)["scores"][index]
            assert got == pytest.approx(expected[key].fmeasure, abs=1e-6)
    labels = [r["overall_majority_llm_label"] for r in rows]
    assert doc["labels"] == labels
    for name in ("rouge-1", "rouge-2", "rouge-l", "bleu"):
        entry = method_entry(doc, name)
        scores = entry["scores"]
        assert entry["n_scored"] == 83
        pearson = stats.pearsonr(scores, labels)
        kendall = stats.kendalltau(scores, labels)
        spearman = stats.spearmanr(scores, labels)
        assert entry["pearson"] == pytest.approx(pearson.statistic, abs=1e-4)
        assert entry["spearman"] == pytest.approx(spearman.statistic, abs=1e-4)
        assert entry["kendall"] == pytest.approx(kendall.statistic, abs=1e-4)
        assert entry["p_values"]["pearson"] == pytest.approx(pearson.pvalue, rel=1e-6)
        mean = (entry["pearson"] + entry["spearman"] + entry["kendall"]) / 3
        assert entry["average"] == pytest.approx(mean, abs=1e-3)
        low, high = entry["ci95"]["average"]
        assert low < entry["average"] < high


def test_no_rouge_stemmer_is_the_librarys_default(tmp_path: Path) -> None:
    dev = require_java_dev()
    rows = _rows(dev)[:12]
    args = (str(dev), "--method", "rouge-1,rouge-l", "--limit", "12", "--json", "--bootstrap", "0")
    plain = json.loads(run_eval(*args, "--no-rouge-stemmer", cache=tmp_path).stdout)
    stemmed = json.loads(run_eval(*args, "--rouge-stemmer", cache=tmp_path).stdout)
    for use_stemmer, doc in ((False, plain), (True, stemmed)):
        scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=use_stemmer)
        for name, key in (("rouge-1", "rouge1"), ("rouge-l", "rougeL")):
            entry = method_entry(doc, name)
            assert entry["settings"]["stemmer"] is use_stemmer
            expected = [
                scorer.score(r["human_label"], r["hallucinated_summary"])[key].fmeasure
                for r in rows
            ]
            assert entry["scores"] == pytest.approx(expected, abs=1e-6)
    # the two settings differ on this data (stemming merges "returns"/"return" and the like)
    assert method_entry(plain, "rouge-1")["scores"] != method_entry(stemmed, "rouge-1")["scores"]


def test_static_runs_without_a_model(dev_run: tuple[dict, Path]) -> None:
    doc, _ = dev_run
    entry = method_entry(doc, "static")
    assert entry["n_done"] == 83 and entry["calls"] == 0
    scores = [s for s in entry["scores"] if s is not None]
    assert len(scores) == 83 and all(0.0 <= s <= 1.0 for s in scores)
    if len(set(scores)) == 1:  # the rules found nothing in prose-only summaries
        assert entry["pearson"] is None and "constant" in entry["note"]
    else:
        assert entry["pearson"] is not None


def test_plot_is_a_png(dev_run: tuple[dict, Path]) -> None:
    _, plot = dev_run
    data = plot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


def test_table_output_and_cached_rerun(tmp_path: Path) -> None:
    dev = require_java_dev()
    first = run_eval(str(dev), "--method", "rouge-l", "--limit", "20", cache=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "rouge-l" in first.stdout and "(20 items)" in first.stdout
    again = run_eval(str(dev), "--method", "rouge-l", "--limit", "20", "--json", cache=tmp_path)
    entry = method_entry(json.loads(again.stdout), "rouge-l")
    assert entry["cached"] == 20


def test_meteor_unavailable_without_wordnet(tmp_path: Path) -> None:
    data = write_jsonl(
        tmp_path / "d.jsonl",
        [
            {
                "input": "x",
                "hallucinated_summary": f"s {i}",
                "human_label": "r",
                "overall_majority_llm_label": 1 + i % 5,
            }
            for i in range(4)
        ],
    )
    empty = tmp_path / "nowordnet"
    empty.mkdir()
    env = {"DOCREF_WORDNET_DIR": str(empty)}
    proc = run_eval(str(data), "--method", "meteor", "--json", cache=tmp_path / "c", env=env)
    assert proc.returncode == 2  # asked for explicitly
    assert "meteor: unavailable: METEOR needs WordNet 3.0" in proc.stderr
    assert "Traceback" not in proc.stderr
    entry = method_entry(json.loads(proc.stdout), "meteor")
    assert entry["error"].startswith("unavailable:") and entry["pearson"] is None


def test_meteor_with_wordnet_when_installed(tmp_path: Path) -> None:
    from docref.eval.reference import MetricUnavailable, reference_scorer

    try:
        score = reference_scorer("meteor")
    except MetricUnavailable as exc:
        pytest.skip(f"no WordNet here: {exc}")
    from docref.eval.reference import load_wordnet
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    wordnet = load_wordnet()
    assert isinstance(wordnet, WordNetCorpusReader)
    assert "sum" in {lemma for s in wordnet.synsets("total") for lemma in s.lemma_names()}
    exact = score("returns the sum of two numbers", "returns the sum of two numbers")
    synonym = score("returns the total of two numbers", "returns the sum of two numbers")
    other = score("returns the socket of two numbers", "returns the sum of two numbers")
    assert synonym == exact  # NLTK's METEOR counts a WordNet synonym like an exact match
    assert other < synonym
    assert not math.isnan(other)
