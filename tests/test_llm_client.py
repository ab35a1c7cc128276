"""The model client against a real local OpenAI-compatible server (tests/fake_openai.py).

Every test goes through the real litellm code path to 127.0.0.1; nothing in litellm is patched.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from docref.llm.client import (
    ModelAuthError,
    ModelBadResponse,
    ModelClient,
    ModelError,
    ModelRateLimited,
    ModelRefused,
    ModelRequestError,
    ModelUnavailable,
    classify,
)
from docref.llm.endpoint import ModelSettings, is_loopback_host, resolve_endpoint

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port

MESSAGES = [
    {"role": "system", "content": "Answer yes or no."},
    {"role": "user", "content": "Is the sky blue?"},
]
KEY_ENV = "DOCREF_TEST_MODEL_KEY"
SECRET = "sk-docref-test-7f3a9c1e5b2d"
ENV_VARS = (
    "OPENAI_BASE_URL",
    "OPENAI_API_BASE",
    "OPENAI_API_KEY",
    "ANTHROPIC_API_BASE",
    "ANTHROPIC_BASE_URL",
    "OLLAMA_API_BASE",
    "HOSTED_VLLM_API_BASE",
)


pytestmark = pytest.mark.usefixtures("warm_litellm")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(KEY_ENV, SECRET)


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def settings_for(base: str, **kw: Any) -> ModelSettings:
    defaults: dict[str, Any] = {
        "model": "openai/fake-model",
        "api_base": base,
        "api_key_env": KEY_ENV,
        # generous: a test that wants a timeout sets its own; 1 s was outlasted under load
        # (session 32: one request timed out at load 35, so a cached count came out wrong)
        "timeout_s": 20.0,
        "num_retries": 2,
    }
    defaults.update(kw)
    return ModelSettings(**defaults)


def client_for(base: str, **kw: Any) -> ModelClient:
    return ModelClient(settings_for(base, **kw), backoff_base_s=0.02, backoff_max_s=1.0)


async def ask(client: ModelClient, **kw: Any) -> Any:
    params: dict[str, Any] = {"max_tokens": 5, "temperature": 0.0, "top_p": 1.0}
    params.update(kw)
    return await client.complete(MESSAGES, **params)


def run(client: ModelClient, **kw: Any) -> Any:
    return asyncio.run(ask(client, **kw))


# --------------------------------------------------------------------------- success


def test_happy_path_returns_text_and_usage(fake: FakeOpenAI) -> None:
    fake.push(Behaviour(text="yes", prompt_tokens=42, completion_tokens=3))
    client = client_for(fake.base_url)
    result = run(client)
    assert result.text == "yes"
    assert (result.prompt_tokens, result.completion_tokens) == (42, 3)
    assert result.cost_usd is None  # unknown model: completion_cost() raises -> unknown
    assert 0 <= result.seconds < 5
    stats = client.stats
    assert (stats.calls, stats.succeeded, stats.errors, stats.requests) == (1, 1, 0, 1)
    assert (stats.prompt_tokens, stats.completion_tokens, stats.cost_unknown) == (42, 3, 1)


def test_cost_is_known_for_a_priced_model_from_the_local_price_map(fake: FakeOpenAI) -> None:
    fake.push(Behaviour(prompt_tokens=1000, completion_tokens=10))
    client = client_for(fake.base_url, model="openai/gpt-4.1-mini")
    result = run(client)
    assert result.cost_usd is not None and result.cost_usd > 0
    assert client.stats.cost_usd == pytest.approx(result.cost_usd)
    assert client.stats.cost_unknown == 0


def test_parameters_are_forwarded_exactly(fake: FakeOpenAI) -> None:
    client = client_for(fake.base_url, seed=1234)
    run(client, max_tokens=7, temperature=0.3, top_p=0.9)
    (request,) = fake.requests
    assert request.path == "/v1/chat/completions"
    body = request.body
    assert body["model"] == "fake-model"
    assert body["messages"] == MESSAGES
    assert body["max_tokens"] == 7
    assert body["temperature"] == 0.3
    assert body["top_p"] == 0.9
    assert body["seed"] == 1234
    assert "stream" not in body or body["stream"] is False


def test_seed_is_omitted_when_not_configured(fake: FakeOpenAI) -> None:
    run(client_for(fake.base_url))
    assert "seed" not in fake.requests[0].body


def test_api_key_comes_from_named_env_var_and_never_leaks(
    fake: FakeOpenAI, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    settings = settings_for(fake.base_url, num_retries=1)
    client = ModelClient(settings, backoff_base_s=0.01)
    fake.push(Behaviour.error(500), Behaviour(text="ok"), Behaviour.error(401))
    assert run(client).text == "ok"
    with pytest.raises(ModelAuthError) as info:
        run(client)
    headers = [r.headers.get("authorization") for r in fake.requests]
    assert headers == [f"Bearer {SECRET}"] * 3
    captured = capfd.readouterr()
    for text in (
        repr(settings),
        str(settings),
        repr(client),
        str(info.value),
        caplog.text,
        captured.out,
        captured.err,
        repr(client.endpoint),
    ):
        assert SECRET not in text
    assert KEY_ENV in repr(settings)  # the NAME is fine to show


def test_key_is_read_at_call_time(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_for(fake.base_url)
    monkeypatch.setenv(KEY_ENV, "sk-rotated")
    run(client)
    assert fake.requests[0].headers["authorization"] == "Bearer sk-rotated"


def test_missing_key_env_var_is_an_auth_error_without_a_request(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_ENV)
    with pytest.raises(ModelAuthError, match=KEY_ENV):
        run(client_for(fake.base_url))
    assert fake.requests == []


def test_explicit_endpoint_without_key_env_gets_no_provider_key(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-real-openai-key")
    run(client_for(fake.base_url, api_key_env=None))
    assert fake.requests[0].headers["authorization"] == "Bearer no-key"


# --------------------------------------------------------------------------- retries


def test_server_error_then_success_is_retried(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.error(500), Behaviour(text="no"))
    client = client_for(fake.base_url)
    assert run(client).text == "no"
    assert len(fake.requests) == 2
    assert client.stats.retries == 1
    assert client.stats.requests == 2


def test_dropped_connection_then_success_is_retried(fake: FakeOpenAI) -> None:
    fake.push(Behaviour(kind="close"), Behaviour(text="yes"))
    assert run(client_for(fake.base_url)).text == "yes"
    assert len(fake.requests) == 2


def test_rate_limit_is_retried_with_backoff(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.error(429), Behaviour(text="yes"))
    client = ModelClient(settings_for(fake.base_url), backoff_base_s=0.2)
    assert run(client).text == "yes"
    first, second = fake.requests
    assert second.started - first.started >= 0.14  # 0.2 s with at most -25 % jitter


def test_rate_limit_honours_retry_after(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.error(429, retry_after=0.3), Behaviour(text="yes"))
    assert run(client_for(fake.base_url)).text == "yes"
    first, second = fake.requests
    assert second.started - first.started >= 0.28


def test_rate_limit_after_retries_is_rate_limited(fake: FakeOpenAI) -> None:
    fake.push(*[Behaviour.error(429)] * 3)
    with pytest.raises(ModelRateLimited) as info:
        run(client_for(fake.base_url, num_retries=2))
    assert len(fake.requests) == 3
    assert info.value.attempts == 3


def test_quota_exhausted_429_is_not_retried(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.error(429, quota=True), Behaviour(text="yes"))
    with pytest.raises(ModelRateLimited, match="quota"):
        run(client_for(fake.base_url))
    assert len(fake.requests) == 1


@pytest.mark.parametrize("status", [401, 403])
def test_auth_failure_is_not_retried(fake: FakeOpenAI, status: int) -> None:
    fake.push(Behaviour.error(status), Behaviour(text="yes"))
    with pytest.raises(ModelAuthError, match=str(status)):
        run(client_for(fake.base_url))
    assert len(fake.requests) == 1


def test_bad_request_is_not_retried(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.error(400), Behaviour(text="yes"))
    with pytest.raises(ModelRequestError):
        run(client_for(fake.base_url))
    assert len(fake.requests) == 1


@pytest.mark.parametrize("kind", ["malformed", "empty_choices"])
def test_garbage_body_is_a_bad_response(fake: FakeOpenAI, kind: str) -> None:
    fake.push(Behaviour(kind=kind), Behaviour(text="yes"))
    client = client_for(fake.base_url)
    with pytest.raises(ModelBadResponse):
        run(client)
    assert len(fake.requests) == 1
    assert client.stats.errors == 1


def test_slow_endpoint_times_out_after_retries(fake: FakeOpenAI) -> None:
    fake.push(*[Behaviour.hang(10)] * 3)
    client = client_for(fake.base_url, timeout_s=0.5, num_retries=2)
    started = time.monotonic()
    with pytest.raises(ModelUnavailable, match="timed out"):
        run(client)
    elapsed = time.monotonic() - started
    assert len(fake.requests) == 3
    # each attempt is cut at the timeout: far below one 10 s hang (generous for a loaded machine)
    assert elapsed < 9.0
    assert elapsed >= 0.5 * 3 - 0.05


def test_dead_port_is_unavailable() -> None:
    client = client_for(f"http://127.0.0.1:{dead_port()}/v1", num_retries=1)
    started = time.monotonic()
    with pytest.raises(ModelUnavailable, match="connect"):
        run(client)
    assert time.monotonic() - started < 15  # fails fast instead of hanging (generous bound)
    assert client.stats.requests == 2


# --------------------------------------------------------------------------- endpoints


def test_local_only_refuses_remote_endpoints(fake: FakeOpenAI) -> None:
    remote = ModelClient(settings_for("https://api.openai.com/v1", local_only=True))
    with pytest.raises(ModelRefused, match=r"api\.openai\.com"):
        run(remote)
    default = ModelClient(ModelSettings(model="openai/gpt-4.1-mini", local_only=True))
    with pytest.raises(ModelRefused):
        default.check_allowed()
    unknown = ModelClient(ModelSettings(model="someprovider/model-x", local_only=True))
    with pytest.raises(ModelRefused):
        unknown.check_allowed()
    assert remote.stats.requests == 0


def test_local_only_refuses_env_redirection_to_remote(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "https://evil.example.com/v1")
    client = ModelClient(ModelSettings(model="openai/gpt-4.1-mini", local_only=True))
    with pytest.raises(ModelRefused, match=r"evil\.example\.com"):
        client.check_allowed()


def test_local_only_allows_loopback(fake: FakeOpenAI) -> None:
    client = client_for(fake.base_url, local_only=True)
    assert client.endpoint.is_loopback
    assert run(client).text == "yes"


def test_openai_base_url_redirection_is_visible(fake: FakeOpenAI) -> None:
    settings = ModelSettings(model="openai/gpt-4.1-mini", api_key_env=KEY_ENV)
    plain = resolve_endpoint(settings, environ={})
    assert (plain.url, plain.source, plain.is_loopback) == (
        "https://api.openai.com/v1",
        "provider default",
        False,
    )
    redirected = resolve_endpoint(settings, environ={"OPENAI_BASE_URL": fake.base_url})
    assert redirected.url == fake.base_url
    assert redirected.source == "env:OPENAI_BASE_URL"
    assert redirected.is_loopback
    assert fake.base_url in redirected.describe()
    legacy = resolve_endpoint(settings, environ={"OPENAI_API_BASE": "http://10.1.2.3/v1"})
    assert legacy.source == "env:OPENAI_API_BASE"
    explicit = resolve_endpoint(
        ModelSettings(model="openai/x", api_base="http://localhost:8080/v1"),
        environ={"OPENAI_BASE_URL": "https://elsewhere.example/v1"},
    )
    assert (explicit.url, explicit.source) == ("http://localhost:8080/v1", "settings")


def test_env_redirection_is_really_used(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-env")
    client = ModelClient(ModelSettings(model="openai/gpt-4.1-mini", local_only=True))
    assert run(client).text == "yes"
    assert fake.requests[0].headers["authorization"] == "Bearer sk-openai-env"


def test_provider_defaults() -> None:
    env: dict[str, str] = {}
    ollama = resolve_endpoint(ModelSettings(model="ollama_chat/qwen2.5-coder"), env)
    assert (ollama.provider, ollama.url, ollama.is_loopback) == (
        "ollama_chat",
        "http://localhost:11434",
        True,
    )
    assert ollama.api_key_env is None
    remote_ollama = resolve_endpoint(
        ModelSettings(model="ollama/llama3"), {"OLLAMA_API_BASE": "http://gpu-box:11434"}
    )
    assert not remote_ollama.is_loopback
    claude = resolve_endpoint(ModelSettings(model="anthropic/claude-sonnet-4"), env)
    assert (claude.url, claude.api_key_env) == ("https://api.anthropic.com", "ANTHROPIC_API_KEY")
    bare = resolve_endpoint(ModelSettings(model="gpt-4.1-mini"), env)
    assert bare.provider == "openai"
    vllm = resolve_endpoint(ModelSettings(model="hosted_vllm/qwen"), env)
    assert (vllm.url, vllm.source, vllm.is_loopback) == (None, "unknown", False)


def test_credentials_in_the_url_are_masked_when_shown() -> None:
    settings = ModelSettings(
        model="openai/x", api_base="https://bob:hunter2@proxy.example/v1?key=s3"
    )
    endpoint = resolve_endpoint(settings, environ={})
    assert endpoint.url == settings.api_base  # the call still uses the real URL
    for text in (endpoint.describe(), repr(endpoint), str(endpoint.display_url)):
        assert "hunter2" not in text and "s3" not in text and "bob" not in text
    assert "proxy.example/v1" in endpoint.describe()


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", True),
        ("127.9.9.9", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("LOCALHOST.", True),
        ("10.0.0.1", False),
        ("0.0.0.0", False),
        ("127.0.0.1.nip.io", False),
        ("api.openai.com", False),
        (None, False),
        ("", False),
    ],
)
def test_is_loopback_host(host: str | None, expected: bool) -> None:
    assert is_loopback_host(host) is expected


def test_settings_validation() -> None:
    with pytest.raises(ValueError):
        ModelSettings(model="")
    with pytest.raises(ValueError):
        ModelSettings(model="openai/x", timeout_s=0)
    with pytest.raises(ValueError):
        ModelSettings(model="openai/x", max_concurrency=0)
    defaults = ModelSettings(model="openai/x")
    assert (defaults.timeout_s, defaults.max_concurrency, defaults.num_retries) == (30.0, 16, 2)
    assert defaults.local_only is False and defaults.seed is None


# --------------------------------------------------------------------------- concurrency


def test_max_concurrency_is_respected(fake: FakeOpenAI) -> None:
    fake.push(*[Behaviour.hang(0.15, text=f"a{i}") for i in range(10)])
    client = client_for(fake.base_url, max_concurrency=3)

    async def main() -> list[Any]:
        return await asyncio.gather(*(ask(client) for _ in range(10)))

    results = asyncio.run(main())
    assert len(results) == 10
    assert len(fake.requests) == 10
    assert 1 <= fake.max_in_flight <= 3
    assert fake.max_in_flight == 3  # and it does run in parallel


def test_cancellation_closes_the_request_promptly(fake: FakeOpenAI) -> None:
    fake.push(Behaviour.hang(10))
    client = client_for(fake.base_url, timeout_s=20)

    async def main() -> float:
        task = asyncio.create_task(ask(client))
        deadline = time.monotonic() + 10
        while fake.in_flight == 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert fake.in_flight == 1
        cancelled_at = time.monotonic()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return time.monotonic() - cancelled_at

    assert asyncio.run(main()) < 5.0  # promptly: far below the 10 s hang
    deadline = time.monotonic() + 5.0
    while not fake.requests[0].client_closed_early and time.monotonic() < deadline:
        time.sleep(0.01)
    assert fake.requests[0].client_closed_early
    assert client.stats.cancelled == 1


# --------------------------------------------------------------------------- hygiene


def test_nothing_reaches_stdout_on_failures(
    fake: FakeOpenAI, capfd: pytest.CaptureFixture[str]
) -> None:
    fake.push(
        Behaviour.error(401),
        Behaviour(kind="malformed"),
        Behaviour.error(429, quota=True),
        Behaviour.error(500),
        Behaviour.error(500),
    )
    client = client_for(fake.base_url, num_retries=1)
    for _ in range(4):
        with pytest.raises(ModelError):
            run(client)
    with pytest.raises(ModelUnavailable):
        run(client_for(f"http://127.0.0.1:{dead_port()}/v1", num_retries=0))
    captured = capfd.readouterr()
    assert captured.out == ""
    assert "Give Feedback" not in captured.err


LAZY_AND_QUIET = """
import asyncio, sys
import docref.llm, docref.llm.client, docref.llm.endpoint
assert "litellm" not in sys.modules, "litellm imported eagerly"
from docref.llm.client import ModelClient, ModelError
from docref.llm.endpoint import ModelSettings
from tests.fake_openai import Behaviour, FakeOpenAI, dead_port

async def fail(base):
    # the first call also imports litellm (seconds on a loaded machine): the 401, the
    # malformed answer and the refused connection all come back at once, whatever the timeout
    client = ModelClient(ModelSettings(model="openai/x", api_base=base, timeout_s=30,
                                       num_retries=0))
    try:
        await client.complete([{"role": "user", "content": "hi"}], max_tokens=1,
                              temperature=0, top_p=1)
    except ModelError as exc:
        sys.stderr.write(f"expected: {type(exc).__name__}\\n")

with FakeOpenAI() as fake:
    fake.push(Behaviour.error(401), Behaviour(kind="malformed"))
    asyncio.run(fail(fake.base_url))
    asyncio.run(fail(fake.base_url))
asyncio.run(fail(f"http://127.0.0.1:{dead_port()}/v1"))
assert "litellm" in sys.modules
"""


def test_litellm_is_lazy_and_nothing_reaches_stdout_from_import_to_failure() -> None:
    """In a fresh interpreter: no import on module load; import + failing calls print nothing."""
    proc = subprocess.run(
        [sys.executable, "-c", LAZY_AND_QUIET],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.count("expected: ") == 3
    assert "ModelAuthError" in proc.stderr and "ModelUnavailable" in proc.stderr


def test_aclose_then_reuse(fake: FakeOpenAI) -> None:
    client = client_for(fake.base_url)

    async def main() -> None:
        await ask(client)
        await client.aclose()

    asyncio.run(main())
    assert run(client).text == "yes"  # a fresh event loop after closing still works
    asyncio.run(client.aclose())


def test_classify_plain_timeout() -> None:
    failure = classify(TimeoutError())
    assert failure.kind is ModelUnavailable and failure.retry
