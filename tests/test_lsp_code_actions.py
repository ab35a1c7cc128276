"""Code actions of the language server, end to end over stdio with pytest-lsp.

The server process is the real ``docref serve`` (``python -m docref.lsp``).  Each test
lists the actions on a published diagnostic, resolves
one, applies the returned edit on the client side, sends it back (didChange + didSave) and
reads the diagnostics the server publishes for the new text.
"""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import PositionCodec
from pytest_lsp import LanguageClient, client_capabilities

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.lsp_helpers import next_diagnostics, open_document, server_config

CONFIG = server_config("docref-fix-test-cache-")

GOOGLE = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.

    Args:
        widht (int): The width.
        height (str): The height.

    Returns:
        int: The area.

    Raises:
        KeyError: Never, in fact.
    """
    return width * height
'''
GOOGLE_FIXED = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.

    Args:
        width (int): The width.
        height (int): The height.

    Returns:
        int: The area.
    """
    return width * height
'''
# "size" is no near miss of a parameter, and its type contradicts width's (no pairing):
# only the model can fix this docstring
UNSETTLED = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.

    Args:
        size (str): The width.
        height (int): The height.
    """
    return width * height
'''
UNSETTLED_FIXED = UNSETTLED.replace("size (str)", "width (int)")
REWRITE_PROMPT = "Write the corrected documentation comment"
# what a model answers: the corrected docstring, fenced, with prose around it
MODEL_ANSWER = (
    "Here is the corrected docstring:\n\n```python\n"
    + UNSETTLED_FIXED.split('"""')[1].replace("\n    ", "\n")
    + "```\nI renamed the parameter."
)
NUMPY_ANSWER = (
    "```\nCompute the area of a box.\n\nThe box is axis aligned.\n\nParameters\n"
    "----------\nwidth : int\n    The width.\nheight : int\n    The height.\n```"
)
DROPPED_ANSWER = (
    '"""Compute the area of a box.\n\nArgs:\n    width (int): The width.\n'
    '    height (int): The height.\n"""'
)


@pytest.fixture
def init_options(request: pytest.FixtureRequest, fake: FakeOpenAI) -> Any:
    """No model by default; ``"model"`` (the fake endpoint) or ``"dead"`` (nothing listens)
    when a test parametrizes this indirectly."""
    mode = getattr(request, "param", None)
    if mode == "model":
        return {"model": "openai/test", "api_base": fake.base_url, "timeout": 20}
    if mode == "dead":
        dead = f"http://127.0.0.1:{dead_port()}/v1"
        return {"model": "openai/test", "api_base": dead, "timeout": 2}
    return None


@pytest_lsp.fixture(config=CONFIG, params=["visual-studio-code", "neovim"])
async def client(
    lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path: Path, init_options: Any
):
    await _start(lsp_client, request.param, tmp_path, init_options)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG, params=["emacs"])
async def no_resolve_client(
    lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path: Path
):
    await _start(lsp_client, request.param, tmp_path, None)
    yield
    await lsp_client.shutdown_session()


async def _start(lsp_client: LanguageClient, profile: str, tmp_path: Path, options: Any) -> None:
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def on_apply(
        client: LanguageClient, params: types.ApplyWorkspaceEditParams
    ) -> types.ApplyWorkspaceEditResult:
        client.applied_edits.append(params.edit)  # type: ignore[attr-defined]
        return types.ApplyWorkspaceEditResult(applied=True)

    lsp_client.applied_edits = []  # type: ignore[attr-defined]
    root = tmp_path / "ws"
    root.mkdir()
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(profile),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
            initialization_options=options,
        )
    )
    lsp_client.initialize_result = result  # type: ignore[attr-defined]


# ---- helpers ----------------------------------------------------------------------------------


def _encoding(client: LanguageClient) -> str:
    result: types.InitializeResult = client.initialize_result  # type: ignore[attr-defined]
    return result.capabilities.position_encoding or types.PositionEncodingKind.Utf16


async def actions_for(
    client: LanguageClient, path: Path, diagnostics: list[types.Diagnostic]
) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    assert result is not None
    return [_as_action(item) for item in result]


def _as_action(item: types.Command | types.CodeAction) -> types.CodeAction:
    if isinstance(item, types.CodeAction):
        return item
    # lsprotocol's client-side converter reads a CodeAction that carries a command as a
    # Command whose ``command`` is the repr of the action's command object: rebuild it
    raw = ast.literal_eval(item.command)
    command = types.Command(title=raw["title"], command=raw["command"], arguments=raw["arguments"])
    return types.CodeAction(title=item.title, command=command)


def edits_of(edit: types.WorkspaceEdit, uri: str) -> tuple[list[types.TextEdit], int | None]:
    """The text edits for ``uri`` and the version they are for (``None``: unversioned)."""
    if edit.document_changes:
        [change] = edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        assert change.text_document.uri == uri
        return [
            e for e in change.edits if isinstance(e, types.TextEdit)
        ], change.text_document.version
    assert edit.changes is not None
    return list(edit.changes[uri]), None


def apply_client_side(client: LanguageClient, text: str, edits: list[types.TextEdit]) -> str:
    document = TextDocument("file:///x.py", text, position_codec=PositionCodec(_encoding(client)))
    for edit in sorted(
        edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    ):
        document.apply_change(
            types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)
        )
    return document.source


async def send_and_save(
    client: LanguageClient, path: Path, text: str, version: int
) -> types.PublishDiagnosticsParams:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )
    while True:
        published = await next_diagnostics(client)
        if published.version == version:
            return published


async def resolve(client: LanguageClient, action: types.CodeAction) -> types.CodeAction:
    return await asyncio.wait_for(client.code_action_resolve_async(action), timeout=120)


# ---- tests ------------------------------------------------------------------------------------


async def test_quick_fixes_are_declared_resolvable(client: LanguageClient) -> None:
    result: types.InitializeResult = client.initialize_result  # type: ignore[attr-defined]
    provider = result.capabilities.code_action_provider
    assert isinstance(provider, types.CodeActionOptions)
    assert provider.resolve_provider is True
    assert list(provider.code_action_kinds or []) == [
        types.CodeActionKind.QuickFix,
        "source.fixAll.docref",
    ]


async def test_fix_without_a_model_applies_the_deterministic_fix(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    rules = sorted(d.data["rule"] for d in published.diagnostics)
    assert rules == ["C1-PARAM-UNKNOWN", "C2-PARAM-TYPE", "C3-RAISES"]
    actions = await actions_for(client, path, list(published.diagnostics))
    titles = [a.title for a in actions]
    assert titles == [
        "Fix this docstring",
        "Ignore C1-PARAM-UNKNOWN for this function",
        "Ignore C2-PARAM-TYPE for this function",
        "Ignore C3-RAISES for this function",
        "docref: fix all auto-fixable problems",
    ]
    fix = actions[0]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.edit is None
    assert fix.data["version"] == 1
    resolved = await resolve(client, fix)
    assert resolved.edit is not None
    edits, version = edits_of(resolved.edit, path.as_uri())
    assert len(edits) == 1
    if version is not None:
        assert version == 1
    # the one edit stays inside the docstring: lines 1..14
    assert edits[0].range.start.line >= 1 and edits[0].range.end.line <= 14
    fixed = apply_client_side(client, GOOGLE, edits)
    assert fixed == GOOGLE_FIXED
    after = await send_and_save(client, path, fixed, 2)
    assert list(after.diagnostics) == []


async def test_ignore_action_writes_a_marker_and_merges_into_it(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    actions = await actions_for(client, path, list(published.diagnostics))
    ignore_c2 = next(a for a in actions if a.title == "Ignore C2-PARAM-TYPE for this function")
    resolved = await resolve(client, ignore_c2)
    assert resolved.edit is not None
    edits, _ = edits_of(resolved.edit, path.as_uri())
    assert [e.range.start.line for e in edits] == [0]
    text = apply_client_side(client, GOOGLE, edits)
    assert text.splitlines()[0] == (
        "def area(width: int, height: int) -> int:  # docref: ignore[C2-PARAM-TYPE]"
    )
    after = await send_and_save(client, path, text, 2)
    assert sorted(d.code for d in after.diagnostics) == ["C1-PARAM-UNKNOWN", "C3-RAISES"]
    # a second ignore merges into the marker
    actions = await actions_for(client, path, list(after.diagnostics))
    ignore_c3 = next(a for a in actions if a.title == "Ignore C3-RAISES for this function")
    edits, _ = edits_of((await resolve(client, ignore_c3)).edit, path.as_uri())
    text = apply_client_side(client, text, edits)
    assert text.splitlines()[0].endswith("# docref: ignore[C2-PARAM-TYPE, C3-RAISES]")
    after = await send_and_save(client, path, text, 3)
    assert [d.code for d in after.diagnostics] == ["C1-PARAM-UNKNOWN"]


async def test_a_stale_version_gets_no_edit_and_an_explanation(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    actions = await actions_for(client, path, list(published.diagnostics))
    edited = GOOGLE.replace("The box is axis aligned.", "The box is axis aligned, always.")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
        )
    )
    resolved = await resolve(client, actions[0])
    assert resolved.edit is None
    # the message goes out before the response: the client has it by now
    [message] = [m.message for m in client.messages if "docref" in m.message]
    assert "changed since this fix was offered" in message
    assert "version 1, now 2" in message


async def test_a_client_without_resolve_gets_a_command_that_applies_the_edit(
    no_resolve_client: LanguageClient, tmp_path: Path
) -> None:
    client = no_resolve_client
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    actions = await actions_for(client, path, list(published.diagnostics))
    fix = actions[0]
    assert fix.command is not None and fix.command.command == "docref.applyFix"
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=fix.command.command, arguments=fix.command.arguments)
    )
    assert result["applied"] is True
    [edit] = client.applied_edits  # type: ignore[attr-defined]
    edits, _ = edits_of(edit, path.as_uri())
    assert apply_client_side(client, GOOGLE, edits) == GOOGLE_FIXED


# ---- with a model -----------------------------------------------------------------------------


def _rewrites(fake: FakeOpenAI) -> list[str]:
    prompts = []
    for request in fake.requests:
        text = "\n".join(str(m.get("content", "")) for m in request.body.get("messages", []))
        if REWRITE_PROMPT in text:
            prompts.append(text)
    return prompts


@pytest.mark.parametrize("init_options", ["model"], indirect=True)
async def test_fix_with_a_model_offers_the_checked_rewrite(
    client: LanguageClient, tmp_path: Path, fake: FakeOpenAI, init_options: Any
) -> None:
    fake.when(REWRITE_PROMPT, then=Behaviour(text=MODEL_ANSWER))
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, UNSETTLED)
    [diagnostic] = published.diagnostics
    assert diagnostic.data["rule"] == "C1-PARAM-UNKNOWN"
    actions = await actions_for(client, path, [diagnostic])
    assert _rewrites(fake) == []  # listing asks the model nothing
    resolved = await resolve(client, actions[0])
    assert resolved.edit is not None
    edits, _ = edits_of(resolved.edit, path.as_uri())
    assert apply_client_side(client, UNSETTLED, edits) == UNSETTLED_FIXED
    [prompt] = _rewrites(fake)
    assert 'documents parameter "size"' in prompt and "return width * height" in prompt
    notes = [m.message for m in client.messages if "docref:" in m.message]
    assert any("with openai/test" in note for note in notes), notes
    after = await send_and_save(client, path, UNSETTLED_FIXED, 2)
    assert list(after.diagnostics) == []


@pytest.mark.parametrize("init_options", ["model"], indirect=True)
async def test_answers_that_break_the_style_or_drop_a_sentence_end_in_an_explained_failure(
    client: LanguageClient, tmp_path: Path, fake: FakeOpenAI, init_options: Any
) -> None:
    fake.when(
        REWRITE_PROMPT, "YOUR PREVIOUS ANSWER WAS REJECTED", then=Behaviour(text=DROPPED_ANSWER)
    )
    fake.when(REWRITE_PROMPT, then=Behaviour(text=NUMPY_ANSWER))
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, UNSETTLED)
    actions = await actions_for(client, path, list(published.diagnostics))
    resolved = await resolve(client, actions[0])
    assert resolved.edit is None
    first, second = _rewrites(fake)
    assert "REJECTED" not in first
    assert "changes the docstring style from google to numpy" in second
    [message] = [m.message for m in client.messages if "model rewrite failed" in m.message]
    assert "2 answers were rejected" in message
    assert "'The box is axis aligned.'" in message  # the sentence the second answer dropped
    assert "no deterministic fix" in message


@pytest.mark.parametrize("init_options", ["dead"], indirect=True)
async def test_a_dead_endpoint_falls_back_to_the_deterministic_fix(
    client: LanguageClient, tmp_path: Path, init_options: Any
) -> None:
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    actions = await actions_for(client, path, list(published.diagnostics))
    resolved = await resolve(client, actions[0])
    assert resolved.edit is not None
    edits, _ = edits_of(resolved.edit, path.as_uri())
    assert apply_client_side(client, GOOGLE, edits) == GOOGLE_FIXED
    notes = [m.message for m in client.messages if "model rewrite failed" in m.message]
    assert notes and "without a model" in notes[0]


async def test_bad_or_outdated_action_data_is_answered_with_a_reason(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "box.py"
    published = await open_document(client, path, GOOGLE)
    uri = path.as_uri()
    asked = [
        types.CodeAction(title="x", data={"action": "bogus"}),
        types.CodeAction(
            title="x", data={"action": "fix", "uri": uri, "version": 1, "qualname": "gone"}
        ),
        types.CodeAction(
            title="x", data={"action": "ignore", "uri": uri, "version": 1, "qualname": "gone"}
        ),
        types.CodeAction(
            title="x",
            data={"action": "fix", "uri": uri + "x", "version": 1, "qualname": "area"},
        ),
        types.CodeAction(
            title="x",
            data={"action": "ignore", "uri": uri, "version": 1, "qualname": "area", "code": "C9"},
        ),
    ]
    for action in asked:
        resolved = await resolve(client, action)
        assert resolved.edit is None
    notes = [m.message for m in client.messages if m.message.startswith("docref: ")]
    assert notes == [
        "docref: this code action carries no docref data",
        "docref: gone has no docstring here to fix",
        "docref: gone is no longer in the document",
        "docref: the document is not open any more",
        "docref: C9 is not a criterion or rule id docref knows",
    ]
    # a client asking for refactorings only gets no quick fix
    only = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri),
            range=published.diagnostics[0].range,
            context=types.CodeActionContext(
                diagnostics=list(published.diagnostics), only=[types.CodeActionKind.Refactor]
            ),
        )
    )
    assert not only


async def test_edit_ranges_follow_the_position_encoding_after_cjk_and_emoji_in_crlf(
    client: LanguageClient, tmp_path: Path
) -> None:
    # the marker goes at the end of a def line holding CJK (1 UTF-16 unit, 3 UTF-8 bytes)
    # and an emoji (2 units, 4 bytes): its column differs in every encoding
    text = (
        'def tag(label: str = "幅😀") -> str:\r\n'
        '    """Tag 😀 something.\r\n'
        "\r\n"
        "    Args:\r\n"
        "        lable (str): The label.\r\n"
        '    """\r\n'
        "    return label\r\n"
    )
    path = tmp_path / "ws" / "wide.py"
    published = await open_document(client, path, text)
    [diagnostic] = published.diagnostics
    actions = await actions_for(client, path, [diagnostic])
    ignore = next(a for a in actions if a.title == "Ignore C1-PARAM-UNKNOWN for this function")
    edits, _ = edits_of((await resolve(client, ignore)).edit, path.as_uri())
    marked = apply_client_side(client, text, edits)
    marker = "-> str:  # docref: ignore[C1-PARAM-UNKNOWN]\r\n"
    assert marked == text.replace("-> str:\r\n", marker, 1)
    # and the fix renames the entry on a CRLF line
    fix = await resolve(client, actions[0])
    edits, _ = edits_of(fix.edit, path.as_uri())
    fixed = apply_client_side(client, text, edits)
    assert fixed == text.replace("lable (str)", "label (str)")
    after = await send_and_save(client, path, fixed, 2)
    assert list(after.diagnostics) == []
