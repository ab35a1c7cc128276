"""The editor and the project-wide table of code identifiers (session 18), through a real
client: another file of the workspace starts using a flagged name as code, and the open
file's finding moves to the opt-in id at its next check (the function itself unchanged, so
the incremental check would otherwise reuse its findings); it stops, and the finding is back."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import open_documents, recheck_after_edits, start_session, until
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG
from tests.test_static_names_elsewhere import _OTHER, _UNRELATED, _WINDOW

# smooth.py: the function whose docstring names ``color``, and a helper edited to make the
# server check the file again without touching ``smooth``
SMOOTH = _WINDOW.lstrip("\n") + "\n\ndef helper():\n    return 1\n"


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "smooth.py").write_text(SMOOTH, encoding="utf-8")
    (root / "pkg" / "spread.py").write_text(_UNRELATED.lstrip("\n"), encoding="utf-8")
    await start_session(lsp_client, root, types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_another_file_starting_to_use_the_name_changes_the_finding(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    smooth, spread = root / "pkg" / "smooth.py", root / "pkg" / "spread.py"
    shown = _Recorder()
    client.diagnostics = shown
    texts = {smooth: SMOOTH, spread: _UNRELATED.lstrip("\n")}
    open_documents(client, texts)
    await until(lambda: shown.count(smooth) and shown.count(spread), "both files checked")
    assert {rule for _, rule in shown.seen(smooth)} == {"C1-NAME-UNRESOLVED"}
    steps = ((_OTHER, set()), (_UNRELATED, {"C1-NAME-UNRESOLVED"}))
    await recheck_after_edits(client, shown, root, smooth, spread, texts, steps)
