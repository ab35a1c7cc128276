"""The model tier in the editor, end to end: ``docref serve`` over stdio (pytest-lsp) against
a real OpenAI-compatible endpoint on 127.0.0.1 (``tests/fake_openai.py``), through litellm.

Covered: static diagnostics first, then the model's merged in; re-save costs no call, one
edited sentence costs exactly one call per criterion; a newer edit cancels the questions in
flight; a dead endpoint leaves the static findings and a clear status; malformed answers
are unknown (never a finding) and shown in the score; pull diagnostics; the commands
``docref.showScore``, ``docref.checkWorkspace`` and ``docref.clearCache``; a save re-checks
the open documents importing the saved file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.lsp_helpers import server_config, start_session, until

KEY_ENV = "DOCREF_TEST_LSP_KEY"

CONFIG = server_config("docref-lsp-model-cache-", **{KEY_ENV: "sk-lsp-test"})

# The tests share one cache directory; each test's code differs (its own name in a comment),
# so no test is answered from another's cached answers.
ADD_TEMPLATE = '''\
def add(a, b):
    """Add two numbers.

    It also sends an email to the administrator.
    The result is the sum of both.
    """
    return a + b  # TAG
'''
EXPLANATION = "The code sends no email; it only returns a + b."


STATUS_KEYS = (
    "state", "folder", "files", "model", "endpoint", "calls", "tokens", "message", "unknown",
    "warning",
)  # fmt: skip


@dataclass
class Seen:
    statuses: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def scripted(fake: FakeOpenAI) -> FakeOpenAI:
    """The endpoint: "1" everywhere except a C3 "0" on the email sentence, with an
    explanation; any earlier test's rules and requests are forgotten."""
    state = fake._server.state
    with state.lock:
        state.rules.clear()
        state.script.clear()
        state.requests.clear()
    fake.set_default(Behaviour(text="1"))
    fake.when("Explain the inconsistency", then=Behaviour(text=EXPLANATION))
    fake.when(
        "Functionality inconsistency", "```text\nIt also sends an email", then=Behaviour(text="0")
    )
    return fake


@pytest.fixture
def seen() -> Seen:
    return Seen()


@pytest.fixture
def ADD(request: pytest.FixtureRequest) -> str:
    """The sample function, unique to the test."""
    return ADD_TEMPLATE.replace("TAG", request.node.name)


@pytest.fixture
def api_base(scripted: FakeOpenAI) -> str:
    """The endpoint the workspace's settings name (tests parametrize it to a dead one)."""
    return scripted.base_url


@pytest.fixture
def profile() -> str:
    return "visual-studio-code"


def _capabilities(profile: str) -> types.ClientCapabilities:
    if profile != "pull":
        return client_capabilities(profile)
    caps = client_capabilities("visual-studio-code")
    assert caps.text_document is not None and caps.workspace is not None
    caps.text_document.diagnostic = types.DiagnosticClientCapabilities()
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return caps


@pytest_lsp.fixture(config=CONFIG)
async def client(
    lsp_client: LanguageClient,
    tmp_path: Path,
    seen: Seen,
    api_base: str,
    profile: str,
):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        seen.statuses.append({key: getattr(params, key, None) for key in STATUS_KEYS})

    root = tmp_path / "ws"
    root.mkdir()
    (root / "pyproject.toml").write_text(
        "[tool.docref]\n"
        'model = "openai/test"\n'
        f'api_base = "{api_base}"\n'
        f'api_key_env = "{KEY_ENV}"\n'
        "timeout = 20\n",
        encoding="utf-8",
    )
    await start_session(lsp_client, root, _capabilities(profile))
    yield
    await lsp_client.shutdown_session()


def published_for(client: LanguageClient, path: Path) -> list[types.Diagnostic] | None:
    return client.diagnostics.get(path.as_uri())


def open_doc(client: LanguageClient, path: Path, text: str, version: int = 1) -> None:
    path.write_text(text, encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=version, text=text
            )
        )
    )


def change(client: LanguageClient, path: Path, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def save(client: LanguageClient, path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )


def judge_requests(fake: FakeOpenAI) -> int:
    """Judge questions received (explanation requests left out)."""
    return sum(1 for r in fake.requests if "Explain the inconsistency" not in str(r.body))


def model_diagnostics(diagnostics: list[types.Diagnostic] | None) -> list[types.Diagnostic]:
    return [d for d in diagnostics or [] if (d.data or {}).get("tier") == "llm"]


# ---- the model's findings ------------------------------------------------------------------


async def test_static_first_then_the_models_finding_merged(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "add.py"
    open_doc(client, path, ADD)
    await until(lambda: bool(model_diagnostics(published_for(client, path))), "model finding")
    [finding] = model_diagnostics(published_for(client, path))
    assert finding.code == "C3"
    assert finding.source == "docref"
    assert finding.message == f"C3 functionality inconsistency: {EXPLANATION}"
    assert finding.data["rule"] == "referee"
    assert finding.range.start.line == 3  # exactly the email sentence
    assert finding.range.end.line == 3
    # 3 sentences x 4 criteria, plus one explanation for the failing check
    assert judge_requests(scripted) == 12
    assert len(scripted.requests) == 13
    # the hover names the model; on the header, the score with its table
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            position=finding.range.start,
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "model `openai/test`" in hover.contents.value
    assert EXPLANATION in hover.contents.value
    header = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            position=types.Position(line=0, character=5),
        )
    )
    assert header is not None and isinstance(header.contents, types.MarkupContent)
    assert "11/12 checks pass" in header.contents.value
    assert "| C3 Functionality inconsistency | 2 / 3 |" in header.contents.value
    score = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="docref.showScore",
            arguments=[path.as_uri(), {"line": 1, "character": 4}],
        )
    )
    assert score["qualname"] == "add"
    assert score["score"] == pytest.approx(11 / 12)
    assert score["per_criterion"]["C3"] == [2, 3]
    assert score["segments"] == 3


async def test_resave_asks_nothing_and_one_edited_sentence_asks_four(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, tmp_path: Path, seen: Seen
) -> None:
    path = tmp_path / "ws" / "add.py"
    open_doc(client, path, ADD)
    await until(lambda: bool(model_diagnostics(published_for(client, path))), "model finding")
    before = len(scripted.requests)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkFile", arguments=[path.as_uri()])
    )
    assert result["checked"] is True
    assert len(scripted.requests) == before  # every answer came from the cache
    # counted from here: on a loaded machine a slow first answer may have been retried
    asked = judge_requests(scripted)
    edited = ADD.replace("sum of both", "total of both")
    change(client, path, edited, 2)
    save(client, path, edited)
    await until(lambda: judge_requests(scripted) == asked + 4, "four new questions")
    # the run has ended (its answers are cached) once the status counts every request: a
    # check started before that would cancel it and ask its unanswered questions again
    await until(
        lambda: any(
            s["state"] == "idle" and s["calls"] == len(scripted.requests) for s in seen.statuses
        ),
        "the model run ended",
    )
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkFile", arguments=[path.as_uri()])
    )
    assert judge_requests(scripted) == asked + 4


async def test_a_newer_edit_cancels_the_questions_in_flight(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, tmp_path: Path
) -> None:
    state = scripted._server.state
    with state.lock:
        state.rules.clear()
    scripted.set_default(Behaviour.hang(5.0, text="1"))
    path = tmp_path / "ws" / "add.py"
    open_doc(client, path, ADD)
    await until(lambda: scripted.in_flight >= 12, "questions in flight")
    change(client, path, ADD.replace("two numbers", "two integers"), 2)
    await until(
        lambda: sum(r.client_closed_early for r in scripted.requests) >= 12,
        "the in-flight requests were abandoned",
    )
    # the first version's static result was published; no model result for it ever is
    await asyncio.sleep(0.5)
    assert model_diagnostics(published_for(client, path)) == []


@pytest.mark.parametrize("api_base", [f"http://127.0.0.1:{dead_port()}/v1"], ids=["dead-port"])
async def test_a_dead_endpoint_leaves_static_findings_and_a_clear_status(
    client: LanguageClient, ADD: str, seen: Seen, tmp_path: Path, api_base: str
) -> None:
    path = tmp_path / "ws" / "add.py"
    text = ADD.replace(
        '"""Add two numbers.', '"""Add two numbers.\n\n    Args:\n        x: ignored.'
    )
    open_doc(client, path, text)
    await until(lambda: bool(published_for(client, path)), "static diagnostics")
    [static] = published_for(client, path) or []
    assert static.data["tier"] == "static"
    # the status comes after the server imports litellm and its connection attempts fail:
    # ~7 s on a quiet machine, past the default 60 s under load ~17 (session 12's mid-session CI)
    await until(
        lambda: any(s["state"] == "modelUnreachable" for s in seen.statuses),
        "a model-unreachable status",
        timeout=240,
    )
    status = next(s for s in seen.statuses if s["state"] == "modelUnreachable")
    assert status["model"] == "openai/test"
    assert status["message"]
    assert any("model tier unavailable" in m.message for m in client.messages)
    # still serving: hover works, the static finding stays
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            position=static.range.start,
        )
    )
    assert hover is not None
    assert list(published_for(client, path) or []) == [static]


async def test_malformed_answers_are_unknown_never_findings(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, tmp_path: Path, seen: Seen
) -> None:
    state = scripted._server.state
    with state.lock:
        state.rules.clear()
    scripted.set_default(Behaviour(text="Sure! The answer is probably yes."))
    path = tmp_path / "ws" / "add.py"
    open_doc(client, path, ADD)
    # every check asked twice (one retry), then unknown
    await until(lambda: judge_requests(scripted) == 24, "each question asked twice")
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkFile", arguments=[path.as_uri()])
    )
    assert result["findings"] == 0
    score = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="docref.showScore", arguments=[path.as_uri(), {"line": 0, "character": 4}]
        )
    )
    assert score["unknown"] == 12 and score["score"] is None
    # a model that answers nothing usable is not a pass: the status says so (issue 15)
    await until(lambda: any(s["warning"] for s in seen.statuses), "a not-answering status")
    status = next(s for s in seen.statuses if s["warning"])
    assert status["unknown"] >= 12
    assert f"127.0.0.1:{scripted.port}" in status["warning"]
    assert "12 of 12 question(s)" in status["warning"] and "referee-ver4" in status["warning"]
    assert any("gave no usable yes/no answer" in m.message for m in client.messages)


@pytest.mark.parametrize("profile", ["pull"])
async def test_a_pulling_client_is_not_pushed_and_pulls_the_merged_findings(
    client: LanguageClient, ADD: str, seen: Seen, tmp_path: Path, profile: str
) -> None:
    path = tmp_path / "ws" / "add.py"
    open_doc(client, path, ADD)
    document = types.TextDocumentIdentifier(path.as_uri())

    async def pulled() -> list[types.Diagnostic]:
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=document)
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)

    await until(
        lambda: client.diagnostic_refresh_count >= 2, "refresh after static and model results"
    )
    items = await pulled()
    assert [d.code for d in items] == ["C3"]
    assert published_for(client, path) is None  # nothing pushed
    first = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=document)
    )
    again = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=document, previous_result_id=first.result_id)
    )
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)


# ---- commands and dependents ---------------------------------------------------------------


async def test_check_workspace_publishes_closed_files_and_clear_cache_reasks(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, seen: Seen, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    closed = root / "closed.py"
    closed.write_text(ADD, encoding="utf-8")
    await until(lambda: any(s["state"] == "idle" for s in seen.statuses), "indexing done")
    summary = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkWorkspace")
    )
    assert summary["files"] >= 1 and summary["findings"] >= 1
    assert summary["cancelled"] is False
    assert [d.code for d in model_diagnostics(published_for(client, closed))] == ["C3"]
    asked = judge_requests(scripted)
    cleared = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.clearCache")
    )
    # every cache docref keeps, the CLI's per-file results (issue 18) included
    assert {c["name"] for c in cleared["cleared"]} == {"graph", "segments", "answers", "results"}
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkWorkspace")
    )
    assert judge_requests(scripted) == 2 * asked  # the answers were really gone


async def test_saving_a_callee_rechecks_the_open_caller(
    client: LanguageClient, ADD: str, scripted: FakeOpenAI, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    callee = root / "helpers.py"
    caller = root / "main.py"
    callee_text = 'def size(items):\n    """Count the items."""\n    return len(items)\n'
    caller_text = (
        "from helpers import size\n\n\n"
        "def report(items):\n"
        '    """Describe the items.\n\n    Raises:\n        KeyError: never.\n    """\n'
        "    return size(items)\n"
    )
    open_doc(client, callee, callee_text)
    open_doc(client, caller, caller_text)
    await until(lambda: bool(published_for(client, caller)), "the caller's C3-RAISES finding")
    assert [d.data["rule"] for d in published_for(client, caller) or []] == ["C3-RAISES"]
    # the callee now raises KeyError: the caller's documented exception becomes true
    new_callee = (
        'def size(items):\n    """Count the items."""\n'
        "    if not items:\n        raise KeyError('none')\n    return len(items)\n"
    )
    change(client, callee, new_callee, 2)
    save(client, callee, new_callee)
    await until(
        lambda: (
            [d for d in published_for(client, caller) or [] if d.data["tier"] == "static"] == []
        ),
        "the caller re-checked without the finding",
    )
