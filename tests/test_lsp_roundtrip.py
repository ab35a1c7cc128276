"""``docref.roundtrip`` in the editor: the command on the function at the cursor runs the
round trip (real pytest in a temporary copy, bodies from a local OpenAI-compatible endpoint),
answers the scores, shows a message and keeps the result for the function's hover."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import roundtrip_project
from tests.lsp_helpers import next_diagnostics, server_config

REPO = Path(__file__).resolve().parents[1]
KEY_ENV = "DOCREF_TEST_LSP_RT_KEY"
CORRECT = "```python\nreturn len(WORD.findall(text))\n```"

CONFIG = server_config("docref-lsp-rt-cache-", **{KEY_ENV: "sk-test"})


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text=CORRECT))
        yield server


@pytest.fixture
def workspace(tmp_path: Path, fake: FakeOpenAI) -> Path:
    root = roundtrip_project(tmp_path)
    with (root / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(
            "\n[tool.docref]\n"
            'model = "openai/test"\n'
            f'api_base = "{fake.base_url}"\n'
            f'api_key_env = "{KEY_ENV}"\n'
            "timeout = 30\n"
        )
    return root


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, workspace: Path):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=workspace.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="proj")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_roundtrip_of_the_function_at_the_cursor(
    client: LanguageClient, workspace: Path
) -> None:
    path = workspace / "textkit" / "words.py"
    text = path.read_text(encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=1, text=text
            )
        )
    )
    await next_diagnostics(client)
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkFile", arguments=[path.as_uri()])
    )
    header = {"line": text.splitlines().index("def count_words(text: str) -> int:"), "character": 6}
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.roundtrip", arguments=[path.as_uri(), header])
    )
    assert result["qualname"] == "count_words"
    assert result["baseline_passed"] is True
    assert result["passed"] == result["samples"] > 0
    assert result["pass_at_k"]["1"] == 1.0
    assert any("round trip of count_words" in m.message for m in client.messages)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            position=types.Position(line=header["line"], character=6),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "Last round trip of count_words:" in hover.contents.value
    # the user's files were only read
    assert path.read_text(encoding="utf-8") == text


async def test_roundtrip_where_no_function_is_says_so(
    client: LanguageClient, workspace: Path
) -> None:
    path = workspace / "textkit" / "words.py"
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="docref.roundtrip", arguments=[path.as_uri(), {"line": 0, "character": 0}]
        )
    )
    assert "no documented function at the cursor" in result["error"]
