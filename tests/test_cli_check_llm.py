"""``docref check --model ...`` as a subprocess against the fake OpenAI server in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.helpers import REPO, docref_env, run_docref

KEY_ENV = "DOCREF_TEST_CLI_KEY"

CODE = '''def add(a: int, b: int) -> int:
    """Add two integers. The result is never negative."""
    return a + b


def undocumented(x: int) -> int:
    return x
'''
SEG_MARK = "```text\nThe result is never negative.\n```"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    (ws / "calc.py").write_text(CODE, encoding="utf-8")
    return ws


def run(
    project: Path, tmp_path: Path, *args: str, base: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = docref_env(tmp_path / "cache", **{KEY_ENV: "sk-cli-test"})
    # a generous timeout: on a loaded CI machine a 1 s limit let a slow answer be retried,
    # and the server then saw one request more than the run made calls
    model = ["--model", "openai/test", "--api-key-env", KEY_ENV, "--timeout", "20"]
    if base is not None:
        model += ["--api-base", base]
    return run_docref(["check", str(project), *model, *args], cwd=REPO, env=env)


def test_model_says_yes_everywhere_exits_zero(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    proc = run(project, tmp_path, "--format", "json", base=fake.base_url)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["tier"] == "static+llm" and report["findings"] == []
    llm = report["llm"]
    assert llm["model"] == "openai/test" and llm["calls"] == 8 and llm["unknown"] == 0
    assert f"127.0.0.1:{fake.port}" in llm["endpoint"]
    assert llm["prompt_tokens"] == 8 * 11 and llm["completion_tokens"] == 8
    assert report["scores"] == [
        {
            "path": "calc.py",
            "qualname": "add",
            "score": 1.0,
            "segments": 2,
            "checks": 8,
            "failed": 0,
            "unknown": 0,
            "describe": "1.00 — 8/8 checks pass",
            "root": str(project),  # the project root the path is relative to
        }
    ]
    assert report["stats"]["llm_calls"] == 8 and report["stats"]["functions"] == 1
    assert "model endpoint: openai/test -> http://127.0.0.1" in proc.stderr
    assert len(fake.requests) == 8
    # unchanged inputs: the second run answers from the cache, no model call
    again = run(project, tmp_path, "--format", "json", base=fake.base_url)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["llm"]["calls"] == 0 and len(fake.requests) == 8


def test_scripted_zero_is_an_llm_finding_exit_one(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    fake.when("EXPLANATION:", then=Behaviour(text="It can be negative. a + b is unbounded."))
    fake.when(
        "SCORE (score only):",
        SEG_MARK,
        "Functionality inconsistency (1 or 0)",
        then=Behaviour(text="0"),
    )
    proc = run(
        project, tmp_path, "--format", "json", "--no-llm-cache", "--criteria", "C3,C1",
        base=fake.base_url,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    [finding] = report["findings"]
    assert finding["tier"] == "llm" and finding["rule"] == "referee"
    assert finding["criterion"] == "C3" and finding["message"] == "It can be negative."
    assert finding["segment_text"] == "The result is never negative."
    assert report["llm"]["calls"] == 5  # 2 segments x 2 criteria + 1 explanation
    [score] = report["scores"]
    assert score["score"] == 0.75 and score["describe"] == "0.75 — 3/4 checks pass"
    text = run(project, tmp_path, "--no-llm-cache", base=fake.base_url)
    assert text.returncode == 1
    assert "calc.py:2:" in text.stdout and "C3 It can be negative.  [llm]" in text.stdout


def test_dead_endpoint_exits_two(project: Path, tmp_path: Path) -> None:
    base = f"http://127.0.0.1:{dead_port()}/v1"
    proc = run(project, tmp_path, "--format", "json", base=base)
    assert proc.returncode == 2, proc.stderr
    report = json.loads(proc.stdout)
    assert report["findings"] == [] and report["llm"]["fatal"]
    assert report["llm"]["unknown"] == 8
    assert any("could not be used" in e for e in report["errors"])


def test_dead_endpoint_with_on_llm_error_warn_reports_and_goes_on(
    project: Path, tmp_path: Path
) -> None:
    base = f"http://127.0.0.1:{dead_port()}/v1"
    proc = run(project, tmp_path, "--format", "json", "--on-llm-error", "warn", base=base)
    assert proc.returncode == 0, proc.stderr  # no static findings; the model error is reported
    report = json.loads(proc.stdout)
    assert report["llm"]["fatal"] and report["stats"]["llm_errors"] >= 1


def test_no_llm_runs_the_static_tier_only(project: Path, tmp_path: Path) -> None:
    # a dead endpoint proves nothing is contacted
    base = f"http://127.0.0.1:{dead_port()}/v1"
    proc = run(project, tmp_path, "--format", "json", "--no-llm", base=base)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["tier"] == "static" and "llm" not in report
    assert "model endpoint:" not in proc.stderr


def test_local_only_refuses_remote_endpoint_before_any_call(project: Path, tmp_path: Path) -> None:
    proc = run(project, tmp_path, "--local-only", base="http://203.0.113.9:9/v1")
    assert proc.returncode == 2
    assert "local_only" in proc.stderr and "203.0.113.9" in proc.stderr
    assert "model endpoint:" not in proc.stderr  # refused before anything was sent


def test_bad_criteria_is_a_usage_error(project: Path, tmp_path: Path) -> None:
    proc = run(project, tmp_path, "--criteria", "C5", base="http://127.0.0.1:9/v1")
    assert proc.returncode == 2 and "invalid criteria" in proc.stderr


def test_without_model_static_only(project: Path, tmp_path: Path) -> None:
    env = {**os.environ, "DOCREF_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run(
        [sys.executable, "-m", "docref", "check", str(project), "--format", "json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["tier"] == "static" and "llm" not in report


def test_a_model_that_answers_nothing_usable_is_not_a_pass(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    """Issue 15, point 5: chatty answers are unknown; above max_unknown_share the run says
    so in one warning naming the endpoint, and under on_llm_error=fail exits 2."""
    fake.set_default(Behaviour(text="Well, I think the answer might be yes"))
    proc = run(project, tmp_path, "--format", "json", base=fake.base_url)
    assert proc.returncode == 2, proc.stderr
    report = json.loads(proc.stdout)
    assert report["findings"] == [] and report["llm"]["unknown"] == 8
    assert report["llm"]["calls"] == 16  # each question asked once more, then unknown
    [where] = report["llm"]["endpoints"]
    assert f"127.0.0.1:{fake.port}" in where
    assert report["llm"]["endpoints"][where] == {"asked": 8, "unanswered": 8}
    [warning] = [w for w in report["warnings"] if "no usable yes/no answer" in w]
    assert f"127.0.0.1:{fake.port}" in warning and "8 of 8 question(s) (100%" in warning
    assert "referee-ver4" in warning and "another model" in warning
    assert proc.stderr.count("gave no usable yes/no answer") == 1

    warn = run(project, tmp_path, "--on-llm-error", "warn", base=fake.base_url)
    assert warn.returncode == 0, warn.stderr  # no findings; the warning is what is said
    assert warn.stderr.count("docref: warning: the model openai/test at http://127.0.0.1") == 1


def test_a_few_unknown_answers_below_the_share_are_no_warning(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    # one chatty question of eight (12.5%) stays under the default 0.2
    fake.when(SEG_MARK, "Functionality", then=Behaviour(text="Hmm, hard to say."))
    proc = run(project, tmp_path, "--format", "json", base=fake.base_url)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["llm"]["unknown"] == 1 and report["llm"]["unanswered"] is None
    assert not any("usable" in w for w in report["warnings"])
