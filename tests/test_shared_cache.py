"""The team-shared answer cache (issue 15): ``docref check`` as subprocesses against a real
``redis-server`` and the scripted OpenAI-compatible server, each run with its own local cache
directory (a CI runner starts empty)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.helpers import REPO, docref_env, run_docref
from tests.redis_server import RedisServer

PASSWORD = "s3cret-redis-pass-7f1d"
PASSWORD_ENV = "DOCREF_TEST_REDIS_PASSWORD"
CODE = '''def add(a: int, b: int) -> int:
    """Add two integers. The result is never negative."""
    return a + b
'''
SEG_MARK = "```text\nThe result is never negative.\n```"


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    with RedisServer(tmp_path / "redis", password=PASSWORD) as server:
        yield server


def make_project(tmp_path: Path, cache_url: str) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    (ws / "pyproject.toml").write_text(
        f'[project]\nname = "ws"\n\n[tool.docref]\ncache_url = "{cache_url}"\n'
        f'cache_password_env = "{PASSWORD_ENV}"\ncache_ttl = 3600\n',
        encoding="utf-8",
    )
    (ws / "calc.py").write_text(CODE, encoding="utf-8")
    return ws


def env_for(local_cache: Path) -> dict[str, str]:
    return docref_env(local_cache, **{PASSWORD_ENV: PASSWORD})


def check_argv(project: Path, base: str, *args: str) -> list[str]:
    model = ["--model", "openai/test", "--api-base", base, "--timeout", "20"]
    return ["check", str(project), *model, *args]


def run(project: Path, local: Path, base: str, *args: str) -> subprocess.CompletedProcess[str]:
    argv = check_argv(project, base, "--format", "json", *args)
    return run_docref(argv, cwd=REPO, env=env_for(local))


def docref(local: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(args, cwd=cwd, env=env_for(local), timeout=60)


def test_second_process_with_an_empty_local_cache_asks_nothing(
    fake: FakeOpenAI, redis_server: RedisServer, tmp_path: Path
) -> None:
    project = make_project(tmp_path, redis_server.url)
    first = run(project, tmp_path / "dev-cache", fake.base_url)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["llm"]["calls"] == 8 and len(fake.requests) == 8
    # what Redis holds is docref's JSON under docref's prefix, with the TTL
    client = redis_server.client()
    keys = list(client.scan_iter(match="docref:answer:*"))
    assert len(keys) == 8
    assert json.loads(client.get(keys[0])) in ({"answer": 1, "explanation": None},)
    assert 0 < client.ttl(keys[0]) <= 3600

    second = run(project, tmp_path / "ci-cache", fake.base_url)  # another machine, empty
    assert second.returncode == 0, second.stderr
    llm = json.loads(second.stdout)["llm"]
    assert llm["calls"] == 0 and llm["cache_hits"] == 8 and len(fake.requests) == 8
    assert "shared cache" not in second.stderr

    # read-through: the CI runner's local cache now holds the answers, Redis is not needed
    redis_server.kill()
    third = run(project, tmp_path / "ci-cache", fake.base_url)
    assert json.loads(third.stdout)["llm"]["calls"] == 0, third.stderr
    for proc in (first, second, third):
        assert PASSWORD not in proc.stdout + proc.stderr


def test_cache_stats_and_clear_know_the_shared_cache(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    project = make_project(tmp_path, redis_server.url)
    local = tmp_path / "local"
    client = redis_server.client()
    for i in range(8):  # what a run stores: docref's prefix, JSON text
        client.set(f"docref:answer:{i}", b'{"answer": 1, "explanation": null}')
    client.set("other-app:key", b"kept")
    stats = docref(local, project, "cache", "stats", "--json")
    assert stats.returncode == 0, stats.stderr
    shared = json.loads(stats.stdout)["shared"]
    assert shared == {"url": redis_server.url, "answers": 8, "error": None}
    text = docref(local, project, "cache", "stats")
    assert "shared   8 answers, kept 3600 s" in text.stdout
    cleared = docref(local, project, "cache", "clear", "answers")
    assert cleared.returncode == 0, cleared.stderr
    assert f"shared: removed 8 answers  ({redis_server.url})" in cleared.stdout
    assert client.get("other-app:key") == b"kept"
    after = json.loads(docref(local, project, "cache", "stats", "--json").stdout)
    assert after["shared"]["answers"] == 0
    redis_server.kill()
    down = docref(local, project, "cache", "stats")
    assert down.returncode == 2 and "docref: error: shared cache redis://127.0.0.1" in down.stderr
    for proc in (stats, text, cleared, down):
        assert PASSWORD not in proc.stdout + proc.stderr


def test_wrong_password_is_one_warning_and_the_local_cache_carries_on(
    fake: FakeOpenAI, redis_server: RedisServer, tmp_path: Path
) -> None:
    project = make_project(tmp_path, redis_server.url)
    env = {**env_for(tmp_path / "local"), PASSWORD_ENV: "not-the-password"}
    proc = run_docref(check_argv(project, fake.base_url, "--format", "json"), cwd=REPO, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("shared cache redis://127.0.0.1") == 1
    assert "local cache carried on" in proc.stderr
    assert "not-the-password" not in proc.stderr + proc.stdout
    again = run(project, tmp_path / "local", fake.base_url)
    assert json.loads(again.stdout)["llm"]["calls"] == 0  # the local cache kept every answer


def test_redis_killed_mid_run_completes_with_one_warning(
    fake: FakeOpenAI, redis_server: RedisServer, tmp_path: Path
) -> None:
    # one question at a time, each answered slowly: Redis dies between the first answers
    fake.set_default(Behaviour.hang(0.3, text="1"))
    fake.when("EXPLANATION:", then=Behaviour(text="It can be negative."))
    fake.when("SCORE (score only):", SEG_MARK, "Functionality", then=Behaviour(text="0"))
    project = make_project(tmp_path, redis_server.url)
    local = tmp_path / "local"
    argv = check_argv(project, fake.base_url, "--format", "json", "--max-concurrency", "1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "docref", *argv],
        cwd=REPO, env=env_for(local), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(fake.requests) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    redis_server.kill()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err  # the C3 finding decides the exit code, not Redis
    report = json.loads(out)
    assert [f["criterion"] for f in report["findings"]] == ["C3"]
    assert report["llm"]["unknown"] == 0
    assert err.count("docref: warning: shared cache") == 1 and "carried on" in err
    assert PASSWORD not in out + err
    # nothing lost: every answer reached the local cache
    calls = len(fake.requests)
    again = run(project, local, fake.base_url, "--cache-url", f"redis://127.0.0.1:{dead_port()}/0")
    assert again.returncode == 1 and json.loads(again.stdout)["llm"]["calls"] == 0
    assert len(fake.requests) == calls


def test_a_password_in_the_url_is_refused_without_echoing_it(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    project = make_project(tmp_path, "redis://127.0.0.1:6379/0")
    proc = run(project, tmp_path / "l", fake.base_url, "--cache-url", f"redis://:{PASSWORD}@h/0")
    assert proc.returncode == 2
    assert "must not carry a password" in proc.stderr and "cache_password_env" in proc.stderr
    assert PASSWORD not in proc.stderr + proc.stdout and fake.requests == []


def test_cache_stats_in_a_project_with_broken_settings_still_reports_the_local_caches(
    tmp_path: Path,
) -> None:
    project = tmp_path / "broken"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.docref]\nbogus = 1\n", encoding="utf-8")
    proc = docref(tmp_path / "local", project, "cache", "stats", "--json")
    assert proc.returncode == 0, proc.stderr
    assert "shared" not in json.loads(proc.stdout)
    assert "no shared cache read" in proc.stderr and "unknown setting 'bogus'" in proc.stderr
