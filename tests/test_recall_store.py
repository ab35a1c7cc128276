"""benchmarks/recall_store.py and recall_compare.py: a recall run stored compact and gzipped
reads back the same, a cited ``X.json`` finds its ``X.json.gz``, and the comparison reports a
lost mutation (run as a user runs it, a subprocess)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import benchmark_module

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "benchmarks" / "recall" / "lead-s15-1d44f59.json"


store = benchmark_module("recall_store")


def _compare(base: Path, new: Path) -> subprocess.CompletedProcess[str]:
    script = ROOT / "benchmarks" / "recall_compare.py"
    return subprocess.run(
        [sys.executable, str(script), str(base), str(new)], capture_output=True, text=True
    )


def test_a_stored_run_reads_back_the_same_and_is_small(tmp_path: Path) -> None:
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    out = tmp_path / "run.json.gz"
    store.save(str(out), doc)
    assert store.load(str(out)) == doc
    assert out.stat().st_size * 5 < BASELINE.stat().st_size
    first = out.read_bytes()
    store.save(str(out), doc)  # no timestamp in the gzip header: the same bytes again
    assert out.read_bytes() == first
    # a citation of the plain name finds the gzipped file; a plain file is read as it is
    assert store.resolve(str(tmp_path / "run.json")) == str(out)
    assert store.load(str(tmp_path / "run.json")) == doc
    assert store.load(str(BASELINE)) == doc


def test_compare_reports_a_lost_mutation(tmp_path: Path) -> None:
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    same = tmp_path / "same.json.gz"
    store.save(str(same), doc)
    result = _compare(BASELINE, same)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 lost, 0 gained" in result.stdout
    caught = next(m for m in doc["mutations"] if m["caught"])
    caught["caught"] = False
    worse = tmp_path / "worse.json.gz"
    with gzip.open(worse, "wt", encoding="utf-8") as fh:
        json.dump(doc, fh)
    result = _compare(BASELINE, worse)
    assert result.returncode == 1
    assert f"LOST: {caught['split']}/{caught['project']}" in result.stdout
    assert "1 lost, 0 gained" in result.stdout
