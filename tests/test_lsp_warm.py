"""A document's first diagnostics from ``docref check``'s results cache (:mod:`docref.lsp.warm`),
through a real client: in a project the CLI checked, opening a file shows the CLI's findings
from the cache (the status counts it); an unsaved dependency or another setting is a miss
and the file is checked; and edits after a cached open are checked as usual."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from docref.checks.static.runner import RULES, check_file
from docref.graph.project import ProjectGraph
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.helpers import docref_env, pkg_project, run_docref
from tests.lsp_helpers import edit, next_diagnostics, server_config, start_session, until
from tests.test_results_cache import HELPERS, MAIN

CONFIG = server_config("docref-lsp-warm-cache-")
CACHE = Path(CONFIG.server_env["DOCREF_CACHE_DIR"])

Shown = list[tuple[int, str]]


def _cli(root: Path) -> list[tuple[int, str]]:
    proc = run_docref(
        ["check", ".", "--format", "json", "--no-progress"], cwd=root, env=docref_env(CACHE)
    )
    assert proc.returncode in (0, 1), proc.stderr
    found = json.loads(proc.stdout)["findings"]
    # the JSON's lines are 1-based, the client's 0-based
    return sorted((f["line"] - 1, f["rule"]) for f in found if f["path"] == "pkg/main.py")


def _shown(params: types.PublishDiagnosticsParams) -> Shown:
    return sorted((d.range.start.line, str(d.code)) for d in params.diagnostics)


def _from_scratch(root: Path, text: str) -> Shown:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    graph.update(str(root / "pkg" / "main.py"), text)
    return sorted((f.range[0][0], f.rule) for f in check_file(graph, "pkg/main.py", RULES).findings)


@pytest_lsp.fixture(config=CONFIG, params=[None, {"ignore": ["C1-PARAM-UNKNOWN"]}])
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path: Path):
    root = pkg_project(tmp_path, HELPERS, MAIN)
    lsp_client.cli = _cli(root)  # type: ignore[attr-defined]
    lsp_client.statuses = []  # type: ignore[attr-defined]

    @lsp_client.feature("docref/status")
    def on_status(client: LanguageClient, params: Any) -> None:
        client.statuses.append(params)  # type: ignore[attr-defined]

    await start_session(lsp_client, root, types.ClientCapabilities(), request.param)
    await until(lambda: any(s.state == "idle" for s in lsp_client.statuses), "indexed")
    lsp_client.root = root  # type: ignore[attr-defined]
    lsp_client.ignoring = request.param is not None  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def _cached(client: LanguageClient) -> int:
    return max((s.cached for s in client.statuses), default=0)  # type: ignore[attr-defined]


def _open(client: LanguageClient, path: Path, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(
                uri=path.as_uri(), language_id="python", version=version, text=text
            )
        )
    )


async def test_an_opened_file_of_a_checked_project_is_served_from_the_cache(
    client: LanguageClient,
) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    main, helpers = root / "pkg" / "main.py", root / "pkg" / "helpers.py"
    cli: Shown = client.cli  # type: ignore[attr-defined]
    assert [rule for _, rule in cli] == ["C1-PARAM-UNKNOWN"]

    _open(client, main, MAIN)
    first = _shown(await next_diagnostics(client))
    if client.ignoring:  # type: ignore[attr-defined]
        # another setting: another key; checked, with the setting applied
        assert first == [] and _cached(client) == 0
        return
    assert first == cli
    await until(lambda: _cached(client) == 1, "the status counting the cached open")

    # an edit after a cached open is checked (incrementally) like a cold check of its text
    edited = MAIN.replace("extra: Not", "spare: Not")
    edit(client, main, edited, 2)
    main.write_text(edited, encoding="utf-8")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(main.as_uri()))
    )
    after = await next_diagnostics(client)
    assert after.version == 2 and _shown(after) == _from_scratch(root, edited)

    # a dependency changed in an unsaved buffer: main.py's stored report no longer holds
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(main.as_uri()))
    )
    await next_diagnostics(client)  # the close clears main.py's diagnostics
    main.write_text(MAIN, encoding="utf-8")
    renamed = HELPERS.replace("def scale(", "def resize(")
    _open(client, helpers, renamed)
    await next_diagnostics(client)
    _open(client, main, MAIN, version=3)
    reopened = await next_diagnostics(client)
    assert "C1-XREF-UNRESOLVED" in {rule for _, rule in _shown(reopened)}
    assert _cached(client) == 1
