"""Helpers shared by the language-server tests (``test_lsp_*.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest


async def until(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Wait for ``condition`` (the server answers asynchronously); fail after a long while."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    try:
        await asyncio.wait_for(poll(), timeout=timeout)
    except TimeoutError:
        pytest.fail(f"never happened: {what}")
