"""One engine, one answer: ``docref check --format json`` (a subprocess) and ``docref serve``
(a real LSP client, pytest-lsp) on the sample project, both asking the scripted local model
endpoint (``tests/fake_openai.py``, through litellm), report the same findings -- ranges, rule
ids, criteria, tiers, severities -- and the same scores.

The endpoint answers "0" to every C1 question, so the model flags sentences the static tier
flagged too: both front ends must drop the model's repeat of a proven (sentence, criterion)
and keep the model's other C1 findings.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from docref.graph.project import ProjectGraph
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.fake_openai import Behaviour, FakeOpenAI

KEY_ENV = "DOCREF_TEST_PARITY_KEY"
SHOP = Path(__file__).resolve().parent.parent / "examples" / "shop"
LEVELS = {
    types.DiagnosticSeverity.Error: "error",
    types.DiagnosticSeverity.Warning: "warning",
    types.DiagnosticSeverity.Information: "note",
    types.DiagnosticSeverity.Hint: "hint",
}
Row = tuple[str, int, int, int, int, str, str, str, str]


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        server.when("Explain the inconsistency", then=Behaviour(text="No such name in the code."))
        server.when("Name inconsistency (1 or 0)", then=Behaviour(text="0"))
        yield server


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory, fake: FakeOpenAI) -> Path:
    """A copy of the sample project whose settings name the scripted endpoint."""
    root = tmp_path_factory.mktemp("parity") / "shop"
    shutil.copytree(SHOP, root)
    pyproject = root / "pyproject.toml"
    settings = (
        f'[tool.docref]\nmodel = "openai/test"\napi_base = "{fake.base_url}"\n'
        f'api_key_env = "{KEY_ENV}"\ntimeout = 20\n'
    )
    pyproject.write_text(pyproject.read_text().replace("[tool.docref]\n", settings))
    return root


def _env(cache: Path) -> dict[str, str]:
    return {**os.environ, KEY_ENV: "sk-parity", "DOCREF_CACHE_DIR": str(cache)}


@pytest.fixture(scope="module")
def cli_report(shop: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    cache = tmp_path_factory.mktemp("cli-cache")
    proc = subprocess.run(
        [sys.executable, "-m", "docref", "check", str(shop), "--format", "json", "--no-progress"],
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def _cli_rows(report: dict[str, Any]) -> list[Row]:
    return sorted(
        (
            f["path"],
            f["line"] - 1,
            f["column"] - 1,
            f["end_line"] - 1,
            f["end_column"] - 1,
            f["rule"],
            f["criterion"],
            f["tier"],
            f["severity"],
        )
        for f in report["findings"]
    )


def _lsp_rows(rel: str, diagnostics: list[types.Diagnostic]) -> list[Row]:
    rows: list[Row] = []
    for d in diagnostics:
        assert d.severity is not None and isinstance(d.data, dict) and isinstance(d.code, str)
        # the code shown is the rule id; a model finding's is its criterion
        static = d.data["tier"] == "static"
        assert d.code == (d.data["rule"] if static else d.data["criterion"])
        start, end = d.range.start, d.range.end
        rows.append(
            (
                rel,
                start.line,
                start.character,
                end.line,
                end.character,
                d.data["rule"],
                d.data["criterion"],
                d.data["tier"],
                LEVELS[d.severity],
            )
        )
    return rows


_LSP_CACHE = tempfile.mkdtemp(prefix="docref-parity-cache-")
atexit.register(shutil.rmtree, _LSP_CACHE, ignore_errors=True)
CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "docref.lsp"], server_env=_env(Path(_LSP_CACHE))
)


STATES: list[str | None] = []


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, shop: Path, tmp_path_factory: pytest.TempPathFactory):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        STATES.append(getattr(params, "state", None))

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=shop.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=shop.as_uri(), name="shop")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.02)


async def _score(client: LanguageClient, uri: str, line: int) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="docref.showScore", arguments=[uri, {"line": line, "character": 0}]
        )
    )


async def test_the_cli_and_the_editor_give_the_same_answer(
    client: LanguageClient, shop: Path, cli_report: dict[str, Any]
) -> None:
    graph = ProjectGraph(str(shop), use_cache=False)
    graph.index()
    # as `docref check`, which indexes first: a document checked before the server's index is
    # complete may miss the cross-file names its references resolve to
    await asyncio.wait_for(_until(lambda: "idle" in STATES), timeout=120)
    headers: dict[tuple[str, str], tuple[str, int]] = {}
    for rel in sorted(graph.entries):
        path = shop / rel
        extract = graph.get(str(path))
        assert extract is not None
        for function in extract.functions:
            headers[(rel, function.qualname)] = (path.as_uri(), function.header_span.start_line)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=path.as_uri(),
                    language_id="java" if rel.endswith(".java") else "python",
                    version=1,
                    text=path.read_text(encoding="utf-8"),
                )
            )
        )
    cli_scores = {(s["path"], s["qualname"]): s["score"] for s in cli_report["scores"]}
    assert cli_scores, "the model judged no function"
    lsp_scores: dict[tuple[str, str], Any] = {}

    async def every_score() -> None:
        for key in cli_scores:
            while True:
                shown = await _score(client, *headers[key])
                if shown is not None and shown["score"] is not None:
                    lsp_scores[key] = shown["score"]
                    break
                await asyncio.sleep(0.05)

    await asyncio.wait_for(every_score(), timeout=120)
    assert lsp_scores == pytest.approx(cli_scores)
    lsp_rows = sorted(
        row
        for rel in graph.entries
        for row in _lsp_rows(rel, client.diagnostics.get((shop / rel).as_uri(), []))
    )
    cli_rows = _cli_rows(cli_report)
    assert lsp_rows == cli_rows
    # the scripted answers really exercised both tiers and the severity rule ...
    tiers = {(row[7], row[8]) for row in cli_rows}
    assert ("static", "error") in tiers and ("llm", "warning") in tiers
    # ... and the merge: every C1 question was answered "0", yet no sentence the static tier
    # flagged for C1 has the model's C1 finding too
    c1 = [f for f in cli_report["findings"] if f["criterion"] == "C1"]
    static_c1 = {(f["path"], f["start"], f["end"]) for f in c1 if f["tier"] == "static"}
    model_c1 = {(f["path"], f["start"], f["end"]) for f in c1 if f["tier"] == "llm"}
    assert static_c1 and model_c1 and not static_c1 & model_c1
