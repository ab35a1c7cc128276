"""Class checks reused by the editor are made again when what they read changes (issue 18),
through a real client: the constructor a class inherits from another file is given a
documented parameter (a docstring-only edit), then renamed (code); after each save the open
file holding the class shows what a from-scratch check of the same texts shows."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import edit_and_save, start_session, until
from tests.test_incremental_classes import (
    BASE,
    EDITS,
    USER,
    child_missing,
    from_scratch,
    write_project,
)
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    write_project(tmp_path / "ws")
    await start_session(lsp_client, tmp_path / "ws", types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


def _shown(shown: _Recorder, path: Path) -> list[tuple[int, str, str]]:
    return sorted(
        (d.range.start.line, str(d.data["rule"]), d.message) for d in shown.get(path.as_uri(), [])
    )


async def test_a_reused_class_check_follows_its_inherited_constructor(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    files = {name: root / "pkg" / name for name in ("base.py", "user.py")}
    user = files["user.py"]
    shown = _Recorder()
    client.diagnostics = shown
    texts = {"base.py": BASE, "user.py": USER}
    for name, path in files.items():
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(
                    uri=path.as_uri(), language_id="python", version=1, text=texts[name]
                )
            )
        )
    await until(lambda: all(shown.count(p) for p in files.values()), "both files checked")

    def matches() -> bool:
        scratch = from_scratch(root, "user.py")
        return [(line, rule) for line, rule, _ in _shown(shown, user)] == sorted(
            (line, rule) for line, rule, _ in scratch
        )

    assert matches() and child_missing(from_scratch(root, "user.py")) == ['"color"']
    for version, (name, old, new, _, missing) in enumerate(EDITS, start=2):
        path = files[name]
        texts[name] = texts[name].replace(old, new, 1)
        path.write_text(texts[name], encoding="utf-8")
        before = shown.count(user)
        edit_and_save(client, path, texts[name], version)
        await until(
            lambda b=before: shown.count(user) > b, f"user.py re-checked after {name} v{version}"
        )
        assert matches(), old
        messages = [
            m
            for _, rule, m in _shown(shown, user)
            if rule == "DOC-PARAM-MISSING" and "Child()" in m
        ]
        assert [m.split("parameter ", 1)[1].split(" of", 1)[0] for m in messages] == missing, old
