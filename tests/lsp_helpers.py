"""Helpers shared by the language-server tests (``test_lsp_*.py``): the server's launch
configuration, waiting for what the server sends, and the client notifications the tests
send.  The ``client`` fixtures stay in their modules (each picks its own capabilities)."""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pytest
from docref.checks.static.runner import RULES, check_file
from docref.graph.project import ProjectGraph
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

# bounded: a publish that never comes is a failure, not a CI run hanging until it is killed
PUBLISH_TIMEOUT = 90


def server_config(cache_prefix: str, **env: str) -> ClientServerConfig:
    """``docref serve`` over stdio with its own cache directory (removed at exit), without a
    developer's OpenAI settings (a test names its model and endpoint), plus ``env``."""
    cache = tempfile.mkdtemp(prefix=cache_prefix)
    atexit.register(shutil.rmtree, cache, ignore_errors=True)
    base = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    return ClientServerConfig(
        server_command=[sys.executable, "-m", "docref.lsp"],
        server_env={**base, **env, "DOCREF_CACHE_DIR": cache},
    )


async def until(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Wait for ``condition`` (the server answers asynchronously); fail after a long while."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    try:
        await asyncio.wait_for(poll(), timeout=timeout)
    except TimeoutError:
        pytest.fail(f"never happened: {what}")


async def next_diagnostics(client: LanguageClient) -> types.PublishDiagnosticsParams:
    """The next ``publishDiagnostics`` the server sends (a failure after 90 s)."""
    params: types.PublishDiagnosticsParams = await asyncio.wait_for(
        client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS),
        timeout=PUBLISH_TIMEOUT,
    )
    return params


async def open_document(
    client: LanguageClient, path: Path, text: str, version: int = 1
) -> types.PublishDiagnosticsParams:
    """Open ``path`` with ``text`` (written to disk too) and wait for its diagnostics."""
    path.write_text(text, encoding="utf-8", newline="")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=version, text=text
            )
        )
    )
    params = await next_diagnostics(client)
    assert params.uri == path.as_uri()
    return params


def open_documents(client: LanguageClient, texts: dict[Path, str]) -> None:
    """Open each path with its text (version 1), without waiting for diagnostics."""
    for path, text in texts.items():
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(
                    uri=path.as_uri(), language_id="python", version=1, text=text
                )
            )
        )


def fresh_findings(root: Path, rel: str) -> set[tuple[int, str]]:
    """(line, rule) of each finding a from-scratch check of ``rel`` gives: an index made
    anew, no cache -- what the editor's incremental check must match."""
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    return {(f.range[0][0], f.rule) for f in check_file(graph, rel, RULES).findings}


class Recorded(Protocol):
    """What a test's diagnostics recorder answers: each path's last (line, rule) pairs and
    how many publishes it had."""

    def seen(self, path: Path) -> set[tuple[int, str]]: ...

    def count(self, path: Path) -> int: ...


async def recheck_after_edits(
    client: LanguageClient,
    shown: Recorded,
    root: Path,
    checked: Path,
    other: Path,
    texts: dict[Path, str],
    steps: tuple[tuple[str, set[str]], ...],
) -> None:
    """For each (text of ``other``, rules expected on ``checked``) of ``steps``: edit and save
    ``other``, then edit a helper of ``checked`` (its ``return N`` line, so the function the
    rules judge is unchanged and only the other file's edit can move its findings); the rules
    ``checked`` shows must be the expected ones and match a check from scratch."""
    rel = checked.relative_to(root).as_posix()
    for version, (other_text, rules) in enumerate(steps, start=2):
        text = other_text.lstrip("\n")
        other.write_text(text, encoding="utf-8")
        before = shown.count(other)
        edit_and_save(client, other, text, version)
        await until(lambda b=before: shown.count(other) > b, f"{other.name} v{version} checked")
        texts[checked] = texts[checked].replace(f"return {version - 1}", f"return {version}")
        checked.write_text(texts[checked], encoding="utf-8")
        before = shown.count(checked)
        edit_and_save(client, checked, texts[checked], version)
        await until(lambda b=before: shown.count(checked) > b, f"{checked.name} v{version} checked")
        assert {rule for _, rule in shown.seen(checked)} == rules
        assert shown.seen(checked) == fresh_findings(root, rel)


def edit(client: LanguageClient, path: Path, text: str, version: int) -> None:
    """Replace the open document's whole text (``didChange``)."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def save(client: LanguageClient, path: Path) -> None:
    """Tell the server the open document was saved (``didSave``)."""
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(path.as_uri()))
    )


def edit_and_save(client: LanguageClient, path: Path, text: str, version: int) -> None:
    """Replace the open document's whole text, then save it (an editor's edit + save)."""
    edit(client, path, text, version)
    save(client, path)


def watched(client: LanguageClient, changes: list[tuple[Path, types.FileChangeType]]) -> None:
    """Tell the server files changed on disk (``didChangeWatchedFiles``)."""
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=path.as_uri(), type=kind) for path, kind in changes]
        )
    )


def change_settings(client: LanguageClient, settings: Any) -> None:
    """Set the client's ``docref`` section and tell the server (pull and push alike)."""
    client.set_configuration(settings, section="docref")
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"docref": settings})
    )


@dataclass
class Seen:
    """What the client received besides diagnostics."""

    registrations: list[types.Registration] = field(default_factory=list)
    statuses: list[tuple[str, str, int]] = field(default_factory=list)
    # the test sent ``shutdown`` itself: the fixture's teardown only sends ``exit``
    shut_down: bool = False


def listen(lsp_client: LanguageClient, seen: Seen) -> None:
    """Record the server's capability registrations and ``docref/status`` notifications."""

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        seen.registrations.extend(params.registrations)

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        seen.statuses.append((params.state, params.folder, params.files))


def indexed(seen: Seen, root: Path) -> Callable[[], bool]:
    """Whether the folder ``root`` reported the end of its indexing."""
    return lambda: any(s[0] == "idle" and s[1] == str(root) for s in seen.statuses)


async def start_session(
    lsp_client: LanguageClient,
    root: Path,
    capabilities: types.ClientCapabilities,
    init_options: Any = None,
) -> types.InitializeResult:
    """Initialize the session on the one workspace folder ``root``."""
    result: types.InitializeResult = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=init_options,
        )
    )
    return result


def write_fillers(root: Path, count: int, tag: str) -> None:
    """``count`` small documented files in ``root``; ``tag`` (the test's own name) in each,
    so no two runs share the index cache's entries."""
    for n in range(count):
        body = f'def f{n}():\n    """Return {n} ({tag})."""\n    return {n}\n'
        (root / f"m{n}.py").write_text(body, encoding="utf-8")
