"""End-to-end tests of a workspace changing under a running server: folders added and
removed, ``pyproject.toml`` edited (watched with VS Code's capabilities, which let the server
register watchers; saved in the editor with Neovim's, which do not) -- no restart in between.
"""

from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.lsp_helpers import (
    Seen,
    indexed,
    listen,
    next_diagnostics,
    open_document,
    start_session,
    until,
)
from tests.test_lsp_server import C1_PARAM, CONFIG

WARN_C1 = '[tool.docref]\nseverity = { C1 = "warning" }\n'
NOTE_C1 = '[tool.docref]\nseverity = { C1 = "note" }\n'


@pytest_lsp.fixture(config=CONFIG, params=["visual-studio-code", "neovim"])
async def client(
    lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path: Path, seen: Seen
):
    listen(lsp_client, seen)
    root = tmp_path / "ws"
    root.mkdir()
    await start_session(lsp_client, root, client_capabilities(request.param))
    yield
    await lsp_client.shutdown_session()


def watches_settings(seen: Seen) -> bool:
    """Whether the server registered a watcher for ``pyproject.toml`` with the client."""
    for registration in seen.registrations:
        options = registration.register_options or {}
        if any("pyproject.toml" in w["globPattern"] for w in options["watchers"]):  # type: ignore[index]
            return True
    return False


async def settings_file_edited(client: LanguageClient, seen: Seen, path: Path, text: str) -> None:
    """Write ``path`` and tell the server as the client would: a watched-file event when the
    server registered a watcher, else the editor's open and save of that file."""
    # written whole at once: the server must never read the half-written file of the test's
    # next write while it handles this event (an editor's own save notes come after it)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
    if watches_settings(seen):
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Changed)]
            )
        )
        return
    # as an editor does: opened once, then each edit and save of the open document
    versions: dict[str, int] = seen.__dict__.setdefault("versions", {})
    uri = path.as_uri()
    version = versions[uri] = versions.get(uri, 0) + 1
    if version == 1:
        document = types.TextDocumentItem(uri=uri, language_id="toml", version=1, text=text)
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=document))
    else:
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri))
    )


def folders(client: LanguageClient, added: list[Path], removed: list[Path]) -> None:
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=p.as_uri(), name=p.name) for p in added],
                removed=[types.WorkspaceFolder(uri=p.as_uri(), name=p.name) for p in removed],
            )
        )
    )


def severities(published: types.PublishDiagnosticsParams) -> list[types.DiagnosticSeverity | None]:
    return [d.severity for d in published.diagnostics]


async def test_a_folder_added_later_is_indexed_with_its_own_settings_and_dropped_again(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    await until(indexed(seen, tmp_path / "ws"), "the first folder indexed")
    other = tmp_path / "other"
    (other / "pkg").mkdir(parents=True)
    (other / "pyproject.toml").write_text(WARN_C1, encoding="utf-8")
    (other / "pkg" / "helper.py").write_text('def helper():\n    """Help."""\n', encoding="utf-8")
    folders(client, added=[other], removed=[])
    await until(indexed(seen, other), "the added folder indexed")
    assert ("idle", str(other), 1) in seen.statuses  # helper.py is in its index
    module = other / "pkg" / "mod.py"
    published = await open_document(client, module, C1_PARAM)
    assert severities(published) == [types.DiagnosticSeverity.Warning]  # its own pyproject
    # the command re-checks the open document too; its publish may arrive before the command's
    # answer, so it is not awaited here (waiting for it raced and could hang)
    assert (await check_workspace(client))["files"] == 2  # helper.py and mod.py
    # removed: the open file is checked again as a file outside every folder (at its own
    # project root, so with the same pyproject), and the workspace holds no file of it
    folders(client, added=[], removed=[other])
    published = await next_diagnostics(client)
    assert published.uri == module.as_uri()
    assert severities(published) == [types.DiagnosticSeverity.Warning]
    assert (await check_workspace(client))["files"] == 0
    assert client.messages == []


async def check_workspace(client: LanguageClient) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="docref.checkWorkspace", arguments=[])
    )


async def test_an_open_file_outside_the_workspace_moves_into_an_added_folder(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    module = other / "mod.py"
    published = await open_document(client, module, C1_PARAM)
    assert severities(published) == [types.DiagnosticSeverity.Error]
    (other / "pyproject.toml").write_text(NOTE_C1, encoding="utf-8")
    folders(client, added=[other], removed=[])
    published = await next_diagnostics(client)
    assert published.uri == module.as_uri()
    assert severities(published) == [types.DiagnosticSeverity.Information]


async def test_a_severity_changed_in_pyproject_is_published_without_a_restart(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    module = root / "mod.py"
    assert severities(await open_document(client, module, C1_PARAM)) == [
        types.DiagnosticSeverity.Error
    ]
    await settings_file_edited(client, seen, root / "pyproject.toml", WARN_C1)
    published = await next_diagnostics(client)
    assert published.uri == module.as_uri()
    assert severities(published) == [types.DiagnosticSeverity.Warning]
    assert client.messages == []


async def test_an_invalid_pyproject_edit_keeps_the_old_settings_and_says_why_once(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    module = root / "mod.py"
    await open_document(client, module, C1_PARAM)
    await settings_file_edited(client, seen, root / "pyproject.toml", NOTE_C1)
    assert severities(await next_diagnostics(client)) == [types.DiagnosticSeverity.Information]
    bad = '[tool.docref]\nseverity = { C1 = "loud" }\n'
    # the same bad file reported twice (a watcher and a save): one message
    await settings_file_edited(client, seen, root / "pyproject.toml", bad)
    await settings_file_edited(client, seen, root / "pyproject.toml", bad)
    await until(lambda: bool(client.messages), "a message about the bad settings")
    # a save of the source afterwards proves both events were handled (they queue before it)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(module.as_uri()))
    )
    published = await next_diagnostics(client)
    assert severities(published) == [types.DiagnosticSeverity.Information]  # the old ones
    [message] = client.messages
    assert message.type == types.MessageType.Warning
    assert "pyproject.toml" in message.message and "loud" in message.message
    assert "previous settings kept" in message.message
    # fixed again: the new valid settings apply
    await settings_file_edited(client, seen, root / "pyproject.toml", WARN_C1)
    assert severities(await next_diagnostics(client)) == [types.DiagnosticSeverity.Warning]
    assert len(client.messages) == 1


async def test_a_gitignore_edit_reindexes_the_folder_and_rechecks_open_files(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    module = root / "mod.py"
    assert (await open_document(client, module, C1_PARAM)).diagnostics
    generated = root / "generated.py"
    generated.write_text('def made():\n    """Made."""\n', encoding="utf-8")
    seen.statuses.clear()
    await settings_file_edited(client, seen, root / ".gitignore", "generated.py\n")
    published = await next_diagnostics(client)
    assert published.uri == module.as_uri() and published.diagnostics
    # indexed again: mod.py is in the index, the ignored file is not
    assert ("indexing", str(root), 0) in seen.statuses
    await until(lambda: seen.statuses[-1][0] == "idle", "idle after the re-check")
    assert seen.statuses[-1] == ("idle", str(root), 1)


async def test_a_missing_folder_is_one_warning_and_an_unknown_removal_is_ignored(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    folders(client, added=[tmp_path / "gone"], removed=[tmp_path / "never-added"])
    await until(lambda: bool(client.messages), "a warning about the missing folder")
    [message] = client.messages
    assert "gone" in message.message and "not a directory" in message.message
    # the server goes on: the first folder's documents are checked as before
    published = await open_document(client, root / "mod.py", C1_PARAM)
    assert severities(published) == [types.DiagnosticSeverity.Error]
