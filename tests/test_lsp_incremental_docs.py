"""A docstring-only edit of a dependency leaves its users' checks reused, a code edit next to
it does not (issue 18), through a real client: after each save of the decorator's file the
open file using it shows what a from-scratch check of the same texts shows, and the code
edit that takes the keyword out of ``**kwargs`` clears the decorated function's finding."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import edit_and_save, start_session, until
from tests.test_incremental_docs import DECO, EDITS, USER, from_scratch, write_project
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    write_project(tmp_path / "ws")
    await start_session(lsp_client, tmp_path / "ws", types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_a_code_edit_next_to_a_docstring_edit_rechecks_the_users(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    deco, user = root / "pkg" / "deco.py", root / "pkg" / "user.py"
    shown = _Recorder()
    client.diagnostics = shown
    texts = {deco: DECO, user: USER}
    for path, text in texts.items():
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(
                    uri=path.as_uri(), language_id="python", version=1, text=text
                )
            )
        )
    await until(lambda: shown.count(deco) and shown.count(user), "both files checked")
    assert sorted(shown.seen(user)) == from_scratch(root, "user.py") != []
    for version, (old, new, _) in enumerate(EDITS, start=2):
        texts[deco] = texts[deco].replace(old, new, 1)
        deco.write_text(texts[deco], encoding="utf-8")
        before = shown.count(deco), shown.count(user)
        edit_and_save(client, deco, texts[deco], version)
        await until(
            lambda b=before: shown.count(deco) > b[0] and shown.count(user) > b[1],
            f"deco.py version {version} and user.py checked",
        )
        assert sorted(shown.seen(user)) == from_scratch(root, "user.py"), old
    assert shown.seen(user) == set()  # the wrapper's code takes "scale" now
