"""The ``docref/status`` notification carries the model tier's ``endpoints`` counts and its
``warning`` (issue 15): ``docref serve`` over stdio (pytest-lsp) with two endpoints behind
litellm's Router (``tests/fake_openai.py``) and a shared answer cache whose Redis is not there.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.lsp_helpers import start_session, until

CONFIG = ClientServerConfig(server_command=[sys.executable, "-m", "docref.lsp"])
CODE = '''def add(a, b):
    """Add two numbers.

    The result is the sum of both.
    """
    return a + b
'''


@pytest.fixture
def fakes() -> Iterator[list[FakeOpenAI]]:
    servers = [FakeOpenAI().start() for _ in range(2)]
    for server in servers:
        server.set_default(Behaviour(text="1"))
    yield servers
    for server in servers:
        server.stop()


@pytest_lsp.fixture(config=CONFIG)
async def client(
    lsp_client: LanguageClient,
    tmp_path: Path,
    fakes: list[FakeOpenAI],
    monkeypatch: pytest.MonkeyPatch,
):
    statuses: list[dict[str, Any]] = []
    structure = lsp_client.protocol.structure_message

    def keep_status(data: dict[str, Any]) -> Any:
        # pygls turns an unknown notification's params into namedtuples, which lose keys
        # that are not identifiers (the endpoints' URLs): keep the JSON as the server sent it
        if data.get("method") == "docref/status":
            statuses.append(data["params"])
        return structure(data)

    lsp_client.protocol.structure_message = keep_status  # type: ignore[method-assign]
    lsp_client.statuses = statuses  # type: ignore[attr-defined]

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        return None

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    root = tmp_path / "ws"
    root.mkdir()
    entries = "".join(f'\n[[tool.docref.endpoints]]\napi_base = "{f.base_url}"\n' for f in fakes)
    (root / "pyproject.toml").write_text(
        '[tool.docref]\nmodel = "openai/test"\ntimeout = 20\n'
        f'cache_url = "redis://127.0.0.1:{dead_port()}/0"\n{entries}',
        encoding="utf-8",
    )
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "cache"))  # the server inherits it
    await start_session(lsp_client, root, client_capabilities("visual-studio-code"))
    yield
    await lsp_client.shutdown_session()


async def test_status_carries_the_endpoints_counts_and_the_shared_cache_warning(
    client: LanguageClient, tmp_path: Path, fakes: list[FakeOpenAI]
) -> None:
    path = tmp_path / "ws" / "add.py"
    path.write_text(CODE, encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=1, text=CODE
            )
        )
    )
    statuses: list[dict[str, Any]] = client.statuses  # type: ignore[attr-defined]
    await until(lambda: any(s["endpoints"] for s in statuses), "a status with endpoints")
    status = next(s for s in statuses if s["endpoints"])
    urls = {f"http://127.0.0.1:{f.port}/v1" for f in fakes}
    assert set(status["endpoints"]) == urls
    # 2 sentences x 4 criteria, spread over both; each answered once, none failed
    counts = list(status["endpoints"].values())
    assert sum(c["asked"] for c in counts) == 8 == sum(len(f.requests) for f in fakes)
    assert sum(c["answers"] for c in counts) == 8
    assert all(c["errors"] == 0 and c["unanswered"] == 0 for c in counts)
    # the shared cache's Redis is not there: the status says so (the run went on locally)
    assert status["warning"] is not None and "shared cache redis://127.0.0.1:" in status["warning"]
