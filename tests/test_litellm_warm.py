"""`warm_litellm` imports ahead what litellm imports inside a process's first chat completion
(the model tier's worker processes do it before they say they are ready, so it is not in their
asking): checked in a fresh Python, where nothing was imported yet, through a real first call
to the scripted OpenAI-compatible server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any, cast

import pytest
from docref.llm.litellm_setup import ASKING_GC_THRESHOLD

from tests.fake_openai import Behaviour, FakeOpenAI

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = textwrap.dedent(
    """
    import asyncio, gc, json, sys
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings
    from docref.llm.litellm_setup import asking_collector, load_litellm, warm_litellm

    HEAVY = ("openai.resources", "litellm.proxy.openai_files_endpoints.common_utils")
    out = {"threshold": gc.get_threshold()[0]}
    load_litellm()
    out["after_import"] = [m for m in HEAVY if m in sys.modules]
    warm_litellm("anthropic/claude-3-5-haiku-latest")  # not served through the OpenAI SDK
    out["after_anthropic"] = [m for m in HEAVY if m in sys.modules]
    out["frozen_before"] = gc.get_freeze_count()
    with asking_collector():
        out["asking_threshold"] = gc.get_threshold()[0]
        entered = gc.get_freeze_count()
        warm_litellm("openai/test")  # imports the OpenAI SDK's resources, then freezes them
        out["frozen_by_warm"] = gc.get_freeze_count() - entered
    out["threshold_after"] = gc.get_threshold()[0]
    out["after_openai"] = [m for m in HEAVY if m in sys.modules]
    before = set(sys.modules)
    client = ModelClient(ModelSettings(model="openai/test", api_base=sys.argv[1], timeout_s=30))

    async def go():
        done = await client.complete(
            [{"role": "user", "content": "hi"}], max_tokens=1, temperature=0, top_p=1
        )
        await client.aclose()
        return done.text

    out["answer"] = asyncio.run(go())
    out["first_call_imported"] = sorted(
        m for m in set(sys.modules) - before
        if m.startswith(("openai.resources", "litellm.proxy"))
    )
    print(json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def fresh_python() -> dict[str, Any]:
    """The script's findings, from one fresh Python (litellm imported once for both tests)."""
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "server"))
        run = subprocess.run(
            [sys.executable, "-c", SCRIPT, server.base_url],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    return cast(dict[str, Any], out)


def test_the_first_call_imports_nothing_heavy_after_warming(fresh_python: dict[str, Any]) -> None:
    out = fresh_python
    # litellm's import leaves both to the first call (what there is to warm)
    assert out["after_import"] == []
    # any provider's first completion imports litellm's proxy helpers; only the OpenAI SDK's
    # providers need the SDK's resources
    assert out["after_anthropic"] == ["litellm.proxy.openai_files_endpoints.common_utils"]
    assert out["after_openai"] == [
        "openai.resources",
        "litellm.proxy.openai_files_endpoints.common_utils",
    ]
    assert out["answer"] == "1"
    assert out["first_call_imported"] == []


def test_the_asking_collector_freezes_litellm_and_collects_less_often(
    fresh_python: dict[str, Any],
) -> None:
    """While a process asks (``docref check``, a model worker), what was imported stays out of
    the cyclic collector's way and it runs less often; the thresholds come back on leaving."""
    out = fresh_python
    assert out["frozen_before"] == 0  # nothing frozen outside the asking
    assert out["asking_threshold"] == ASKING_GC_THRESHOLD > out["threshold"]
    # the OpenAI SDK's resource modules imported by the warm-up are frozen with it
    assert out["frozen_by_warm"] > 1000
    assert out["threshold_after"] == out["threshold"]
    assert out["answer"] == "1"
