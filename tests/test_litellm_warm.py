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

from tests.fake_openai import Behaviour, FakeOpenAI

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = textwrap.dedent(
    """
    import asyncio, json, sys
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings
    from docref.llm.litellm_setup import load_litellm, warm_litellm

    HEAVY = ("openai.resources", "litellm.proxy.openai_files_endpoints.common_utils")
    out = {}
    load_litellm()
    out["after_import"] = [m for m in HEAVY if m in sys.modules]
    warm_litellm("anthropic/claude-3-5-haiku-latest")  # not served through the OpenAI SDK
    out["after_anthropic"] = [m for m in HEAVY if m in sys.modules]
    warm_litellm("openai/test")
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


def test_the_first_call_imports_nothing_heavy_after_warming() -> None:
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
