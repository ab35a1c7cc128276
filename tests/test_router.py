"""Several endpoints behind litellm's Router (issue 15): ``docref check`` as a subprocess
against three scripted OpenAI-compatible servers, one of them killed mid-run."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import docref_env

REPO = Path(__file__).resolve().parents[1]
FUNCTION = '''def {name}(a: int, b: int) -> int:
    """Add two integers. The result is never negative."""
    return a + b
'''
SEG_MARK = "```text\nThe result is never negative.\n```"
FUNCTIONS = 6  # 6 x 2 sentences x 4 criteria = 48 questions, 6 explanations


def script(fake: FakeOpenAI, delay: float) -> None:
    fake.set_default(Behaviour.hang(delay, text="1"))
    fake.when("EXPLANATION:", then=Behaviour(text="It can be negative."))
    fake.when("SCORE (score only):", SEG_MARK, "Functionality", then=Behaviour(text="0"))


@pytest.fixture
def fakes() -> Iterator[list[FakeOpenAI]]:
    servers = [FakeOpenAI().start() for _ in range(3)]
    for server in servers:
        script(server, 0.15)
    yield servers
    for server in servers:
        server.stop()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    text = "\n\n".join(FUNCTION.format(name=f"add_{i}") for i in range(FUNCTIONS))
    (ws / "calc.py").write_text(text, encoding="utf-8")
    return ws


def argv(project: Path, *bases: str) -> list[str]:
    model = ["--model", "openai/test", "--timeout", "20", "--format", "json", "--no-llm-cache"]
    for base in bases:
        model += ["--api-base", base]
    return [sys.executable, "-m", "docref", "check", str(project), *model]


def env_for(tmp_path: Path) -> dict[str, str]:
    return docref_env(tmp_path / "cache")


def findings(report: dict[str, object]) -> list[tuple[object, ...]]:
    items = report["findings"]
    assert isinstance(items, list)
    keys = ("path", "qualname", "criterion", "line", "column", "message", "tier")
    return sorted(tuple(f[k] for k in keys) for f in items)


def answered_prompts(fake: FakeOpenAI) -> list[str]:
    return [json.dumps(r.body["messages"]) for r in fake.requests if r.answered]


def test_three_endpoints_one_killed_mid_run_answer_every_question_once(
    fakes: list[FakeOpenAI], project: Path, tmp_path: Path
) -> None:
    alone = FakeOpenAI().start()
    script(alone, 0.0)
    try:
        single = subprocess.run(
            argv(project, alone.base_url), cwd=REPO, env=env_for(tmp_path),
            capture_output=True, text=True, timeout=180,
        )  # fmt: skip
    finally:
        alone.stop()
    assert single.returncode == 1, single.stderr
    expected = findings(json.loads(single.stdout))
    assert len(expected) == FUNCTIONS  # the C3 finding on every function

    proc = subprocess.Popen(
        argv(project, *(f.base_url for f in fakes)), cwd=REPO, env=env_for(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    victim = fakes[1]
    deadline = time.monotonic() + 90
    while len(victim.requests) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim.stop()  # the questions it holds are dropped unanswered
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 1, err  # the findings decide, not the dead endpoint
    report = json.loads(out)
    assert findings(report) == expected
    llm = report["llm"]
    assert llm["unknown"] == 0 and report["stats"]["llm_errors"] == 0, err
    assert "router over 3 endpoints" in llm["endpoint"]

    # every question and explanation answered exactly once, over the three endpoints
    answered = [p for f in fakes for p in answered_prompts(f)]
    assert len(answered) == llm["calls"] == 48 + FUNCTIONS
    assert Counter(answered).most_common(1)[0][1] == 1
    # the summary counts per endpoint: answers add up, the dead one's failures are shown
    per = llm["endpoints"]
    assert sorted(per) == sorted(f.base_url for f in fakes)
    assert sum(row["answers"] for row in per.values()) == llm["calls"]
    assert per[victim.base_url]["errors"] >= 1
    for fake in fakes:
        assert per[fake.base_url]["answers"] == len(answered_prompts(fake))


def test_local_only_applies_to_every_endpoint(project: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [*argv(project, "http://127.0.0.1:9/v1", "http://203.0.113.9:9/v1"), "--local-only"],
        cwd=REPO, env=env_for(tmp_path), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2
    assert "local_only" in proc.stderr and "203.0.113.9" in proc.stderr


def test_endpoint_tables_are_validated_with_clear_messages() -> None:
    from docref.config import ConfigError, Settings
    from docref.config.endpoints import EndpointSpec
    from docref.llm.endpoint import ModelSettings

    settings = Settings.from_mapping(
        {
            "model": "openai/test",
            "endpoints": [
                {"api_base": "http://127.0.0.1:1/v1", "max_concurrency": 8, "weight": 2},
                {"api_base": "http://127.0.0.1:2/v1", "max-concurrency": 8, "rpm": 600},
                {"api_base": "http://127.0.0.1:3/v1", "max_concurrency": 4, "fallback": True},
            ],
            "routing_strategy": "least-busy",
            "cooldown": 5,
        },
        "pyproject.toml [tool.docref]",
    )
    assert settings.endpoints[0] == EndpointSpec(
        "http://127.0.0.1:1/v1", weight=2, max_concurrency=8
    )
    assert settings.endpoints[2].fallback and settings.routing_strategy == "least-busy"
    model = ModelSettings.from_settings(settings)
    assert model.max_concurrency == 20 and model.num_retries == 3 and model.cooldown_s == 5.0

    bad = {
        "api_base is required": [{"model": "openai/x"}],
        "unknown key(s) weigth": [{"api_base": "http://h/v1", "weigth": 2}],
        "max_concurrency: expected a positive integer": [{"api_base": "h", "max_concurrency": 0}],
        "every entry is a fallback": [{"api_base": "h", "fallback": True}],
        "expected a non-empty array": [],
    }
    for message, value in bad.items():
        with pytest.raises(ConfigError) as info:
            Settings.from_mapping({"endpoints": value}, "pyproject.toml [tool.docref]")
        text = str(info.value)
        assert "entry" in text or "array" in text
        assert message.split(" is ")[0] in text
    with pytest.raises(ConfigError) as info:
        Settings.from_mapping({"endpoints": [{"api_base": "h", "api_key_env": "sk-abc123"}]}, "t")
    assert "NAME of an environment variable" in str(info.value) and "sk-abc123" not in str(
        info.value
    )


def test_the_default_strategy_is_least_busy_only_for_capped_unweighted_endpoints() -> None:
    from docref.config import Settings
    from docref.config.endpoints import EndpointSpec, default_strategy
    from docref.llm.endpoint import ModelSettings

    capped = tuple(EndpointSpec(f"http://127.0.0.1:{p}/v1", max_concurrency=8) for p in (1, 2))
    assert default_strategy(capped) == "least-busy"
    weighted = (capped[0], EndpointSpec("http://127.0.0.1:3/v1", max_concurrency=8, weight=2))
    assert default_strategy(weighted) == "simple-shuffle"
    uncapped = (capped[0], EndpointSpec("http://127.0.0.1:3/v1"))
    assert default_strategy(uncapped) == "simple-shuffle"
    settings = Settings(model="openai/m", endpoints=capped)
    assert ModelSettings.from_settings(settings).routing_strategy == "least-busy"
    chosen = Settings(model="openai/m", endpoints=capped, routing_strategy="simple-shuffle")
    assert ModelSettings.from_settings(chosen).routing_strategy == "simple-shuffle"
