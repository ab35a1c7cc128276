"""End-to-end tests of the server's lifecycle: watched files, indexing progress and status,
client settings, and when checks run.

Each server test runs with VS Code's and Neovim's capabilities, and with a bare client that
declares nothing (no progress, no dynamic registration, no ``workspace/configuration``).
"""

import asyncio
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from docref.lsp.folders import open_folder
from docref.lsp.watching import apply_file_changes
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.lsp_helpers import (
    Seen,
    change_settings,
    edit,
    indexed,
    listen,
    next_diagnostics,
    open_document,
    start_session,
    until,
    watched,
    write_fillers,
)
from tests.test_lsp_server import C1_PARAM, C1_PARAM_FIXED, CONFIG

MAIN = '''\
import helper


def grow(x):
    """Grow x. See :func:`helper.scale` for the factor.

    Args:
        x: The value.
    """
    return helper.scale(x)
'''
HELPER = 'def scale(x):\n    """Return x doubled."""\n    return 2 * x\n'
HELPER_RENAMED = HELPER.replace("scale", "double")


def _capabilities(profile: str) -> types.ClientCapabilities:
    return types.ClientCapabilities() if profile == "bare" else client_capabilities(profile)


@pytest_lsp.fixture(config=CONFIG, params=["visual-studio-code", "neovim", "bare"])
async def client(
    lsp_client: LanguageClient,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    seen: Seen,
    init_options: Any,
    filler_files: int,
):
    listen(lsp_client, seen)
    root = tmp_path / "ws"
    root.mkdir()
    write_fillers(root, filler_files, tmp_path.name)
    await start_session(lsp_client, root, _capabilities(request.param), init_options)
    yield
    if seen.shut_down:
        lsp_client.exit(None)  # after an answered shutdown a client sends exit, nothing else
    else:
        await lsp_client.shutdown_session()


# ---- watched files ---------------------------------------------------------------------


async def test_watchers_are_registered_when_the_client_allows_it(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    await until(indexed(seen, tmp_path / "ws"), "indexing ended")
    capabilities = client.capabilities
    assert capabilities is not None
    workspace = capabilities.workspace
    dynamic = bool(
        workspace
        and workspace.did_change_watched_files
        and workspace.did_change_watched_files.dynamic_registration
    )
    if not dynamic:
        assert seen.registrations == []
        return
    await until(lambda: bool(seen.registrations), "the watcher registration")
    [registration] = seen.registrations
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    options = registration.register_options
    assert options is not None
    globs = {w["globPattern"] for w in options["watchers"]}  # type: ignore[index]
    assert {"**/*.py", "**/*.java"} <= globs


async def test_a_helper_changed_on_disk_rechecks_the_open_importer(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    helper = root / "helper.py"
    helper.write_text(HELPER, encoding="utf-8")
    await until(indexed(seen, root), "indexing ended")
    main = root / "main.py"
    assert list((await open_document(client, main, MAIN)).diagnostics) == []
    helper.write_text(HELPER_RENAMED, encoding="utf-8")
    watched(client, [(helper, types.FileChangeType.Changed)])
    published = await next_diagnostics(client)
    assert published.uri == main.as_uri()
    assert published.version == 1
    [diagnostic] = published.diagnostics
    assert diagnostic.data["rule"] == "C1-XREF-UNRESOLVED"
    assert "has no `scale`" in diagnostic.message
    # put back on disk: the importer is clean again
    helper.write_text(HELPER, encoding="utf-8")
    watched(client, [(helper, types.FileChangeType.Created)])
    assert list((await next_diagnostics(client)).diagnostics) == []


async def test_a_deleted_helper_is_dropped_from_the_graph_and_the_importer_rechecked(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    helper = root / "helper.py"
    helper.write_text(HELPER_RENAMED, encoding="utf-8")
    await until(indexed(seen, root), "indexing ended")
    main = root / "main.py"
    assert (await open_document(client, main, MAIN)).diagnostics
    helper.unlink()
    watched(client, [(helper, types.FileChangeType.Deleted)])
    published = await next_diagnostics(client)
    assert published.uri == main.as_uri()
    # an unresolvable module is not reported: only a resolved module lacking the name is
    assert list(published.diagnostics) == []


async def test_a_watched_change_of_the_open_file_itself_rechecks_it(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    path = tmp_path / "ws" / "mod.py"
    assert (await open_document(client, path, C1_PARAM)).diagnostics
    watched(client, [(path, types.FileChangeType.Changed)])
    published = await next_diagnostics(client)
    assert published.uri == path.as_uri()
    # the editor's text wins over the disk: the buffer (still flawed) is what is checked
    assert len(published.diagnostics) == 1


async def test_watched_events_for_foreign_files_are_ignored(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    (root / "notes.txt").write_text("x", encoding="utf-8")
    outside = tmp_path / "elsewhere.py"
    outside.write_text("x = 1\n", encoding="utf-8")
    watched(
        client,
        [
            (root / "notes.txt", types.FileChangeType.Created),
            (outside, types.FileChangeType.Changed),
            (root / "never_existed.py", types.FileChangeType.Deleted),
        ],
    )
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri="untitled:Untitled-1", type=types.FileChangeType.Changed)]
        )
    )
    # the server is still sound: an open document is checked as usual
    published = await open_document(client, root / "mod.py", C1_PARAM)
    assert len(published.diagnostics) == 1
    assert [m for m in client.messages if m.type == types.MessageType.Warning] == []


def test_changes_under_skipped_directories_or_gitignored_leave_the_graph_alone(
    tmp_path: Path,
) -> None:
    (tmp_path / "env").mkdir()
    (tmp_path / "env" / "pyvenv.cfg").write_text("", encoding="utf-8")
    (tmp_path / "env" / "lib.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "gen.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "real.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("generated/\n*_pb2.py\n", encoding="utf-8")
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "api.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "msg_pb2.py").write_text("x = 1\n", encoding="utf-8")
    folder, warnings = open_folder(str(tmp_path), None)
    assert warnings == []
    created = types.FileChangeType.Created
    names = ("env/lib.py", "build/gen.py", "generated/api.py", "msg_pb2.py", "real.py")
    paths = [str(tmp_path / p) for p in names]
    try:
        stale = apply_file_changes(folder, [(p, created) for p in paths], set())
    finally:
        folder.graph.close()
    assert stale == {str(tmp_path / "real.py")}
    assert set(folder.graph.entries) == {"real.py"}


# ---- progress and status -------------------------------------------------------------------


@pytest.mark.parametrize("filler_files", [5])
async def test_indexing_reports_progress_and_status(
    client: LanguageClient, tmp_path: Path, seen: Seen, filler_files: int
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    assert seen.statuses[0] == ("indexing", str(root), 0)
    assert ("idle", str(root), filler_files) in seen.statuses
    capabilities = client.capabilities
    assert capabilities is not None
    if capabilities.window is None or not capabilities.window.work_done_progress:
        assert client.progress_reports == {}
        return
    await until(
        lambda: any(
            isinstance(r[-1], types.WorkDoneProgressEnd)
            for r in client.progress_reports.values()
            if r
        ),
        "the progress end",
    )
    [reports] = client.progress_reports.values()
    begin, *middle, end = reports
    assert isinstance(begin, types.WorkDoneProgressBegin)
    assert begin.title == f"Indexing {root}"
    assert isinstance(end, types.WorkDoneProgressEnd)
    assert end.message is not None and f"{filler_files} files" in end.message
    assert middle and all(isinstance(r, types.WorkDoneProgressReport) for r in middle)
    assert middle[-1].message == f"{filler_files}/{filler_files} files"  # type: ignore[union-attr]


async def _indexing_began(client: LanguageClient) -> types.ProgressToken | None:
    """The token of the indexing progress once it has begun; ``None`` for a client that shows
    no progress (the indexing's end is then not seen through it)."""
    capabilities = client.capabilities
    assert capabilities is not None
    if capabilities.window is None or not capabilities.window.work_done_progress:
        return None
    await until(
        lambda: any(reports for reports in client.progress_reports.values()),
        "the indexing progress began",
    )
    [token] = client.progress_reports
    return token


async def _indexing_cancelled(client: LanguageClient, token: types.ProgressToken) -> int:
    """How many files the indexing kept, once its progress ended as cancelled."""
    await until(
        lambda: isinstance(client.progress_reports[token][-1], types.WorkDoneProgressEnd),
        "the progress end",
    )
    end = client.progress_reports[token][-1]
    assert isinstance(end, types.WorkDoneProgressEnd) and end.message is not None
    assert end.message.startswith("indexing cancelled:")
    return int(end.message.split(": ")[1].split()[0])


@pytest.mark.parametrize("filler_files", [3000])
async def test_cancelling_the_indexing_progress_stops_it_and_keeps_what_it_has(
    client: LanguageClient, tmp_path: Path, seen: Seen, filler_files: int
) -> None:
    token = await _indexing_began(client)
    if token is None:
        return  # no progress to cancel: covered by the other profiles
    # a client offers cancelling once the progress has begun (and it says it is cancellable)
    begin = client.progress_reports[token][0]
    assert isinstance(begin, types.WorkDoneProgressBegin) and begin.cancellable
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    assert await _indexing_cancelled(client, token) < filler_files
    # the server goes on: the folder is idle and an open document is checked as usual
    await until(indexed(seen, tmp_path / "ws"), "idle after the cancelled indexing")
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM)
    assert len(published.diagnostics) == 1


@pytest.mark.parametrize("filler_files", [3000])
async def test_a_shutdown_stops_the_indexing_so_the_exit_does_not_wait_for_it(
    client: LanguageClient, seen: Seen, filler_files: int
) -> None:
    # the index runs on the event loop's executor, which the exit joins: an editor closed
    # while a big workspace is indexed would leave the server indexing all of it first
    token = await _indexing_began(client)
    if token is None:
        return  # the end of the indexing is seen through its progress: the other profiles
    await client.shutdown_async(None)
    seen.shut_down = True
    assert await _indexing_cancelled(client, token) < filler_files


async def test_a_check_is_announced_and_ends_idle(
    client: LanguageClient, tmp_path: Path, seen: Seen
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    before = len(seen.statuses)
    await open_document(client, root / "mod.py", C1_PARAM)
    await until(lambda: seen.statuses[-1][0] == "idle", "idle after the check")
    states = [s[0] for s in seen.statuses[before:]]
    assert states == ["checking", "idle"]
    assert seen.statuses[before] == ("checking", str(root), 1)


# ---- settings from the client -----------------------------------------------------------


async def test_changed_client_settings_recheck_open_documents(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "mod.py"
    [diagnostic] = (await open_document(client, path, C1_PARAM)).diagnostics
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    change_settings(client, {"severity": {"C1": "warning"}})
    published = await next_diagnostics(client)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Warning]


async def test_bad_client_settings_warn_and_keep_the_previous_ones(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "mod.py"
    await open_document(client, path, C1_PARAM)
    change_settings(client, {"severity": {"C1": "note"}})
    published = await next_diagnostics(client)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Information]
    for bad in ({"concurrency": "x"}, ["not", "an", "object"]):
        change_settings(client, bad)
        await until(lambda: bool(client.messages), "a warning about the settings")
        [warning] = client.messages
        assert warning.type == types.MessageType.Warning
        assert "previous settings kept" in warning.message
        client.messages.clear()
    # the previous settings still hold for the next check
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )
    published = await next_diagnostics(client)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Information]


# ---- when checks run ---------------------------------------------------------------------


@pytest.mark.parametrize("init_options", [{"run": "onType", "debounce_ms": 50}])
async def test_on_type_checks_after_a_pause_without_a_save(
    client: LanguageClient, tmp_path: Path, init_options: Any
) -> None:
    path = tmp_path / "ws" / "mod.py"
    assert (await open_document(client, path, C1_PARAM)).diagnostics
    edit(client, path, C1_PARAM_FIXED, version=2)
    published = await next_diagnostics(client)
    assert published.version == 2
    assert list(published.diagnostics) == []


@pytest.mark.parametrize("init_options", [{"run": "onType", "debounce_ms": 400}])
async def test_a_newer_edit_cancels_the_waiting_check(
    client: LanguageClient, tmp_path: Path, seen: Seen, init_options: Any
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    path = root / "mod.py"
    assert (await open_document(client, path, C1_PARAM)).diagnostics
    await until(lambda: seen.statuses[-1][0] == "idle", "idle after the first check")
    before = len(seen.statuses)
    edit(client, path, C1_PARAM_FIXED, version=2)
    edit(client, path, C1_PARAM, version=3)
    published = await next_diagnostics(client)
    assert published.version == 3
    assert len(published.diagnostics) == 1
    await until(lambda: seen.statuses[-1][0] == "idle", "idle after the edits")
    # one check ran for the two edits: the one for version 2 never started
    assert [s[0] for s in seen.statuses[before:]] == ["checking", "idle"]


@pytest.mark.parametrize("init_options", [{"run": "manual", "severity": {"C1": "note"}}])
async def test_manual_mode_checks_nothing_on_its_own(
    client: LanguageClient, tmp_path: Path, seen: Seen, init_options: Any
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    before = len(seen.statuses)
    path = root / "mod.py"
    path.write_text(C1_PARAM, encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=1, text=C1_PARAM
            )
        )
    )
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )
    # switching to onSave re-checks the open document: the only check of this test
    change_settings(client, {"run": "onSave", "severity": {"C1": "error"}})
    published = await next_diagnostics(client)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Error]
    await until(lambda: seen.statuses[-1][0] == "idle", "idle after the check")
    assert [s[0] for s in seen.statuses[before:]] == ["checking", "idle"]


@pytest.mark.parametrize("init_options", [{"run": "manual"}])
async def test_check_file_command_is_the_manual_trigger(
    client: LanguageClient, tmp_path: Path, seen: Seen, init_options: Any
) -> None:
    root = tmp_path / "ws"
    await until(indexed(seen, root), "indexing ended")
    path = root / "mod.py"
    path.write_text(C1_PARAM, encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=1, text=C1_PARAM
            )
        )
    )
    # the diagnostics are published while the command runs: wait for them from before
    waiting = asyncio.ensure_future(next_diagnostics(client))
    answer = await asyncio.wait_for(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="docref.checkFile", arguments=[path.as_uri()])
        ),
        timeout=60,
    )
    assert answer == {"uri": path.as_uri(), "checked": True, "findings": 1}
    published = await asyncio.wait_for(waiting, timeout=60)
    assert [d.code for d in published.diagnostics] == ["C1-PARAM-UNKNOWN"]
    closed = (root / "other.py").as_uri()
    answer = await asyncio.wait_for(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="docref.checkFile", arguments=[closed])
        ),
        timeout=60,
    )
    assert answer["checked"] is False
