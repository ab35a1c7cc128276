"""The server installed without the ``llm`` extra, in a workspace that configures a model.

``docref serve`` runs with litellm made unimportable (as in ``pip install docref``): the
static findings are published and stay, the user is told once how to get the model tier
(``pip install 'docref[llm]'``), and the status says why the model tier is off.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.lsp_helpers import start_session, until

# litellm is hidden the way a missing module is: importing it raises ImportError.
WITHOUT_LITELLM = (
    "import sys; sys.modules['litellm'] = None; "
    "from docref.lsp.cli import serve_stdio; raise SystemExit(serve_stdio())"
)

CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-c", WITHOUT_LITELLM], server_env=dict(os.environ)
)

TEXT = '''\
def scale(value, factor):
    """Scale a value.

    Args:
        value: the value.
        factr: the factor.
    """
    return value * factor
'''


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    statuses: list[dict[str, Any]] = []
    lsp_client.statuses = statuses  # type: ignore[attr-defined]

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        statuses.append({"state": params.state, "message": getattr(params, "message", None)})

    root = tmp_path / "ws"
    root.mkdir()
    (root / "pyproject.toml").write_text(
        '[tool.docref]\nmodel = "openai/test"\napi_base = "http://127.0.0.1:9/v1"\n',
        encoding="utf-8",
    )
    await start_session(lsp_client, root, client_capabilities("visual-studio-code"))
    yield
    await lsp_client.shutdown_session()


async def test_static_findings_stay_and_one_message_says_how_to_get_the_model_tier(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "m.py"
    path.write_text(TEXT, encoding="utf-8")
    uri = path.as_uri()
    statuses: list[dict[str, Any]] = client.statuses  # type: ignore[attr-defined]
    for version in (1, 2):  # opened, then edited: still one message
        if version == 1:
            client.text_document_did_open(
                types.DidOpenTextDocumentParams(
                    text_document=types.TextDocumentItem(
                        uri=uri, language_id="python", version=1, text=TEXT
                    )
                )
            )
        else:
            client.text_document_did_save(
                types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri))
            )
        await until(
            lambda n=version: sum(s["state"] == "modelUnreachable" for s in statuses) >= n,
            "the model tier reported off",
        )
    [static] = client.diagnostics.get(uri) or []
    assert static.data["tier"] == "static" and "factr" in static.message
    told = [m.message for m in client.messages if "docref[llm]" in m.message]
    assert len(told) == 1, [m.message for m in client.messages]
    assert "static findings only" in told[0]
    off = [s for s in statuses if s["state"] == "modelUnreachable"]
    assert all("pip install 'docref[llm]'" in (s["message"] or "") for s in off)
