"""What a call through litellm's Router costs, as docref reports it: a model litellm has no
price for is "cost unknown" (never $0), a priced one is priced; litellm's zero price for the
unpriced model (which spares it a per-answer diagnostic) never reaches the server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from docref.config.endpoints import EndpointSpec
from docref.llm.client import ModelClient
from docref.llm.endpoint import ModelSettings
from docref.llm.router import RouterClient

from tests.fake_openai import Behaviour, FakeOpenAI

pytestmark = pytest.mark.usefixtures("warm_litellm")
MESSAGES = [{"role": "user", "content": "Is the sky blue?"}]


@pytest.fixture
def fakes() -> Iterator[list[FakeOpenAI]]:
    servers = [FakeOpenAI().start() for _ in range(2)]
    for server in servers:
        server.set_default(Behaviour(prompt_tokens=1000, completion_tokens=10))
    yield servers
    for server in servers:
        server.stop()


def ask(client: ModelClient, times: int) -> list[float | None]:
    async def go() -> list[float | None]:
        done = await asyncio.gather(
            *(client.complete(MESSAGES, max_tokens=5, temperature=0.0, top_p=1.0)
              for _ in range(times))
        )  # fmt: skip
        await client.aclose()
        return [d.cost_usd for d in done]

    return asyncio.run(go())


def router(model: str, fakes: list[FakeOpenAI]) -> RouterClient:
    specs = tuple(EndpointSpec(api_base=f.base_url, max_concurrency=2) for f in fakes)
    return RouterClient(ModelSettings(model=model, deployments=specs, timeout_s=10))


def test_an_unpriced_model_behind_the_router_costs_unknown_not_zero(
    fakes: list[FakeOpenAI],
) -> None:
    client = router("openai/not-a-priced-model", fakes)
    assert ask(client, 6) == [None] * 6
    assert (client.stats.cost_unknown, client.stats.cost_usd) == (6, 0.0)
    bodies = [r.body for f in fakes for r in f.requests]
    assert len(bodies) == 6 and all(f.requests for f in fakes)
    assert not any(k.endswith("cost_per_token") for body in bodies for k in body)


def test_a_second_router_for_the_same_unpriced_model_still_costs_unknown(
    fakes: list[FakeOpenAI],
) -> None:
    # the first Router's zero price makes litellm know a price for the model; the second
    # client (the editor's, after a settings change) must still see it unpriced
    for _ in range(2):
        client = router("openai/unpriced-twice", fakes)
        assert ask(client, 2) == [None, None]
        assert (client.stats.cost_unknown, client.stats.cost_usd) == (2, 0.0)


def test_a_priced_model_behind_the_router_is_priced(fakes: list[FakeOpenAI]) -> None:
    client = router("openai/gpt-4.1-mini", fakes)
    costs = ask(client, 4)
    assert all(c is not None and c > 0 for c in costs)
    assert client.stats.cost_unknown == 0


def test_an_unpriced_model_at_one_endpoint_costs_unknown(fakes: list[FakeOpenAI]) -> None:
    client = ModelClient(ModelSettings(model="openai/not-priced", api_base=fakes[0].base_url))
    assert ask(client, 2) == [None, None]
    assert not any(k.endswith("cost_per_token") for r in fakes[0].requests for k in r.body)
