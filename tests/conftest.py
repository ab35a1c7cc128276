"""Shared fixtures."""

from __future__ import annotations

import asyncio

import pytest

from tests.fake_openai import FakeOpenAI


@pytest.fixture(scope="session")
def warm_litellm() -> None:
    """Import litellm and make one call before timing-sensitive tests.

    The first call in a process is slow (litellm imports lazily inside), which would eat the
    ~1 s per-call timeouts the model tests use and turn into spurious retries.
    """
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings

    with FakeOpenAI() as server:
        client = ModelClient(
            ModelSettings(model="openai/test", api_base=server.base_url, timeout_s=30)
        )

        async def go() -> None:
            await client.complete(
                [{"role": "user", "content": "hi"}], max_tokens=1, temperature=0, top_p=1
            )
            await client.aclose()

        asyncio.run(go())
