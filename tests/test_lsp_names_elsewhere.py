"""The editor and the project-wide table of code identifiers (session 18), through a real
client: another file of the workspace starts using a flagged name as code, and the open
file's finding moves to the opt-in id at its next check (the function itself unchanged, so
the incremental check would otherwise reuse its findings); it stops, and the finding is back."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from docref.checks.static.runner import RULES, check_file
from docref.graph.project import ProjectGraph
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import edit_and_save, start_session, until
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


def _from_scratch(root: Path) -> set[tuple[int, str]]:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index(workers=1)
    return {(f.range[0][0], f.rule) for f in check_file(graph, "pkg/smooth.py", RULES).findings}


async def test_another_file_starting_to_use_the_name_changes_the_finding(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    smooth, spread = root / "pkg" / "smooth.py", root / "pkg" / "spread.py"
    shown = _Recorder()
    client.diagnostics = shown
    texts = {smooth: SMOOTH, spread: _UNRELATED.lstrip("\n")}
    for path, text in texts.items():
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(
                    uri=path.as_uri(), language_id="python", version=1, text=text
                )
            )
        )
    await until(lambda: shown.count(smooth) and shown.count(spread), "both files checked")
    assert {rule for _, rule in shown.seen(smooth)} == {"C1-NAME-UNRESOLVED"}
    version = 1
    for other, rules in ((_OTHER, set()), (_UNRELATED, {"C1-NAME-UNRESOLVED"})):
        version += 1
        text = other.lstrip("\n")
        spread.write_text(text, encoding="utf-8")
        before = shown.count(spread)
        edit_and_save(client, spread, text, version)
        await until(lambda b=before: shown.count(spread) > b, f"spread.py v{version} checked")
        # the helper edited: smooth() itself is unchanged
        texts[smooth] = texts[smooth].replace(f"return {version - 1}", f"return {version}")
        smooth.write_text(texts[smooth], encoding="utf-8")
        before = shown.count(smooth)
        edit_and_save(client, smooth, texts[smooth], version)
        await until(lambda b=before: shown.count(smooth) > b, f"smooth.py v{version} checked")
        assert {rule for _, rule in shown.seen(smooth)} == rules
        assert shown.seen(smooth) == _from_scratch(root)
