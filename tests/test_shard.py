"""``docref check --shard I/N`` and ``docref merge`` (issue 15): N shards check every function
exactly once, a function keeps its shard when files are added, and the shards' outputs merge
into the unsharded report."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import REPO, docref_env, run_docref

FUNCTION = '''def {name}(a: int, b: int) -> int:
    """Add numbers.

    Args:
        a: the first.
        c: the second.

    Returns:
        str: the sum.
    """
    return a + b
'''


def write_module(project: Path, name: str, count: int) -> None:
    text = "\n\n".join(FUNCTION.format(name=f"{name}_{i}") for i in range(count))
    (project / "pkg" / f"{name}.py").write_text(text, encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    for name in ("alpha", "beta", "gamma", "delta"):
        write_module(ws, name, 6)
    return ws


def docref(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(args, cwd=REPO, env=docref_env(tmp_path / "cache"))


def check_json(project: Path, tmp_path: Path, *args: str) -> dict[str, object]:
    proc = docref(tmp_path, "check", str(project), "--format", "json", *args)
    assert proc.returncode == 1, proc.stderr  # the planted findings
    report: dict[str, object] = json.loads(proc.stdout)
    return report


def keys(report: dict[str, object]) -> list[str]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return sorted(f"{f['path']}::{f['qualname']}::{f['rule']}::{f['start']}" for f in findings)


def qualnames(report: dict[str, object]) -> set[str]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return {f"{f['path']}::{f['qualname']}" for f in findings}


def test_three_shards_cover_every_function_once_and_merge(project: Path, tmp_path: Path) -> None:
    whole = check_json(project, tmp_path)
    assert len(keys(whole)) == 48  # 24 functions x (unknown param c, return type str)
    shards = [check_json(project, tmp_path, "--shard", f"{i}/3") for i in (1, 2, 3)]
    seen = [q for s in shards for q in qualnames(s)]
    assert len(seen) == len(set(seen)) == 24  # each function in exactly one shard
    assert all(s["stats"]["functions"] for s in shards)  # type: ignore[index]  # none empty
    assert sum(s["stats"]["functions"] for s in shards) == 24  # type: ignore[index,misc]
    assert sorted(k for s in shards for k in keys(s)) == keys(whole)

    paths = []
    for i, shard in enumerate(shards, 1):
        path = tmp_path / f"shard{i}.json"
        path.write_text(json.dumps(shard), encoding="utf-8")
        paths.append(str(path))
    merged = docref(tmp_path, "merge", *paths)
    assert merged.returncode == 1, merged.stderr
    report = json.loads(merged.stdout)
    assert keys(report) == keys(whole)
    assert report["stats"]["functions"] == 24 and report["stats"]["files"] == 4
    assert report["stats"]["shards"] == 3

    # a new file moves no function of the old ones to another shard
    write_module(project, "epsilon", 6)
    again = check_json(project, tmp_path, "--shard", "1/3")
    old = {q for q in qualnames(again) if "epsilon" not in q}
    assert old == qualnames(shards[0])


def test_sarif_shards_merge_into_one_log_with_a_run_each(project: Path, tmp_path: Path) -> None:
    paths = []
    for i in (1, 2):
        proc = docref(tmp_path, "check", str(project), "--format", "sarif", "--shard", f"{i}/2")
        assert proc.returncode == 1, proc.stderr
        path = tmp_path / f"shard{i}.sarif"
        path.write_text(proc.stdout, encoding="utf-8")
        paths.append(str(path))
    out = tmp_path / "merged.sarif"
    merged = docref(tmp_path, "merge", *paths, "--output", str(out))
    assert merged.returncode == 1 and merged.stdout == ""
    log = json.loads(out.read_text(encoding="utf-8"))
    assert log["version"] == "2.1.0" and len(log["runs"]) == 2
    assert sum(len(run["results"]) for run in log["runs"]) == 48


def test_bad_shard_and_bad_merge_input_are_usage_errors(project: Path, tmp_path: Path) -> None:
    for bad in ("4/3", "0/2", "1", "a/b"):
        proc = docref(tmp_path, "check", str(project), "--shard", bad)
        assert proc.returncode == 2 and "expected I/N" in proc.stderr
    report = tmp_path / "r.json"
    report.write_text('{"findings": [], "stats": {"functions": 1}}', encoding="utf-8")
    garbage = tmp_path / "g.json"
    garbage.write_text("not json", encoding="utf-8")
    sarif = tmp_path / "s.sarif"
    sarif.write_text('{"version": "2.1.0", "runs": []}', encoding="utf-8")
    proc = docref(tmp_path, "merge", str(report), str(garbage))
    assert proc.returncode == 2 and f"{garbage}: not JSON" in proc.stderr
    proc = docref(tmp_path, "merge", str(report), str(sarif))
    assert proc.returncode == 2 and "mixes SARIF logs and JSON reports" in proc.stderr
    proc = docref(tmp_path, "merge", str(report))
    assert proc.returncode == 0 and json.loads(proc.stdout)["findings"] == []


CLASS = '''class {name}:
    """A box.

    Args:
        size: how big.
        colour: not a parameter.
    """

    def __init__(self, size: int) -> None:
        self.size = size


def {name}_area(side: int) -> int:
    """Return the area of a square of side ``side``."""
    return side * side
'''


def test_classes_are_counted_in_the_shard_of_their_findings_and_questions_asked_once(
    tmp_path: Path,
) -> None:
    """A class is counted where its finding is reported (not by file), the shards' counts add
    up to the unsharded run's, and the model tier asks each question in exactly one shard."""
    from tests.fake_openai import Behaviour, FakeOpenAI

    ws = tmp_path / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    for module in ("one", "two"):
        text = "\n\n".join(CLASS.format(name=f"Box{module.title()}{i}") for i in range(6))
        (ws / "pkg" / f"{module}.py").write_text(text, encoding="utf-8")
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="1"))
        model = ["--model", "openai/test", "--api-base", fake.base_url, "--no-llm-cache"]
        model += ["--timeout", "20"]
        whole = check_json(ws, tmp_path, *model)
        asked_whole = sorted(json.dumps(r.body["messages"]) for r in fake.requests)
        shards = [check_json(ws, tmp_path, *model, "--shard", f"{i}/2") for i in (1, 2)]
        asked = sorted(json.dumps(r.body["messages"]) for r in fake.requests[len(asked_whole) :])
    stats = [s["stats"] for s in shards]
    assert whole["stats"]["classes"] == 12 and whole["stats"]["functions"] == 12  # type: ignore[index]
    assert sum(s["classes"] for s in stats) == 12  # type: ignore[index,misc]
    assert all(s["classes"] for s in stats)  # type: ignore[index]  # none empty
    assert sum(s["functions"] for s in stats) == 12  # type: ignore[index,misc]
    for shard, counts in zip(shards, stats, strict=True):
        # every class has its C1 finding (colour): the classes a shard counts are the ones
        # whose finding it reports
        boxes = {q.split("::")[1] for q in qualnames(shard) if "_area" not in q}
        assert counts["classes"] == len(boxes)  # type: ignore[index]
    assert sorted(k for s in shards for k in keys(s)) == keys(whole)
    assert asked_whole and asked == asked_whole  # each question once, none left out
