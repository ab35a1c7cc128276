"""Shared fixtures."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.lsp_helpers import Seen


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


@pytest.fixture
def init_options() -> Any:
    """The LSP client's initializationOptions (tests parametrize this to change them)."""
    return None


@pytest.fixture
def filler_files() -> int:
    """How many small documented files an LSP test's workspace holds (tests parametrize
    this)."""
    return 0


@pytest.fixture
def seen() -> Seen:
    """What an LSP test's client received besides diagnostics (see ``listen``)."""
    return Seen()


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    """The scripted OpenAI-compatible server; the judge's default answer is ``1`` (every
    sentence passes).  A module needing other answers defines its own ``fake``."""
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        yield server
