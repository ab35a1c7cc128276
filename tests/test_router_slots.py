"""litellm's Router never picks an endpoint whose every slot is taken (docref.llm.slots): each
question is one request, no endpoint sees more than its cap, and a call that ends in any way
(answered, timed out) gives its slot back."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from docref.config.endpoints import EndpointSpec
from docref.llm.endpoint import ModelSettings
from docref.llm.errors import ModelError
from docref.llm.litellm_setup import load_litellm
from docref.llm.router import RouterClient
from docref.llm.slots import free_slots

from tests.fake_openai import Behaviour, FakeOpenAI

pytestmark = pytest.mark.usefixtures("warm_litellm")
MESSAGES = [{"role": "user", "content": "Is the sky blue?"}]


@pytest.fixture
def fakes() -> Iterator[list[FakeOpenAI]]:
    servers = [FakeOpenAI().start() for _ in range(3)]
    yield servers
    for server in servers:
        server.stop()


def router(fakes: list[FakeOpenAI], cap: int, **settings: object) -> RouterClient:
    specs = tuple(EndpointSpec(api_base=f.base_url, max_concurrency=cap) for f in fakes)
    return RouterClient(
        ModelSettings(
            model="openai/slots", deployments=specs, max_concurrency=cap * len(fakes), **settings
        )  # type: ignore[arg-type]
    )


def ask(client: RouterClient, times: int) -> list[str | BaseException]:
    async def go() -> list[str | BaseException]:
        done = await asyncio.gather(
            *(client.complete(MESSAGES, max_tokens=5, temperature=0.0, top_p=1.0)
              for _ in range(times)),
            return_exceptions=True,
        )  # fmt: skip
        await client.aclose()
        return [d if isinstance(d, BaseException) else d.text for d in done]

    return asyncio.run(go())


def test_every_question_is_one_request_and_no_endpoint_goes_over_its_cap(
    fakes: list[FakeOpenAI],
) -> None:
    for fake in fakes:
        fake.set_default(Behaviour.hang(0.1))
    client = router(fakes, cap=2, timeout_s=20)
    assert ask(client, 30) == ["yes"] * 30
    # a refusal of a full endpoint would be a second request for the same question
    assert client.stats.requests == 30
    assert sum(len(f.requests) for f in fakes) == 30
    assert [f.max_in_flight <= 2 for f in fakes] == [True] * 3
    assert sum(c.answers for c in client.per_endpoint.values()) == 30
    assert free_slots(load_litellm()).busy() == {}


def test_a_call_that_times_out_gives_its_slot_back(fakes: list[FakeOpenAI]) -> None:
    for fake in fakes:
        fake.set_default(Behaviour.hang(5))
    client = router(fakes, cap=1, timeout_s=0.5, num_retries=0)
    assert all(isinstance(r, ModelError) for r in ask(client, 3))
    assert free_slots(load_litellm()).busy() == {}
    for fake in fakes:
        fake.set_default(Behaviour())
    assert ask(client, 3) == ["yes"] * 3  # the slots are free again
