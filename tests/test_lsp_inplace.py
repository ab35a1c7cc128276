"""Edits inside a string's words are taken without a parse (issue 18), through a real
client: after each save the diagnostics equal a from-scratch check -- a docstring's words
moved in place (its new text read: the documented default now matches), and a string the
records keep as text (a parameter's default) extracted again (the mismatch appears)."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import fresh_findings, open_documents, start_session, until
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG

RUN = '''\
"""Runs."""


def run(mode="fast"):
    """Run the job.

    Args:
        mode: The mode. Defaults to "fast".
    """
    return mode
'''

# (old, new, the rules shown after): docstring words, the default (kept as text), the
# documented default in the docstring's words again
EDITS = [
    ("Run the job.", "Run the task.", []),
    ('mode="fast"', 'mode="slow"', ["C2-DEFAULT-MISMATCH"]),
    ('Defaults to "fast"', 'Defaults to "slow"', []),
]


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    (tmp_path / "ws" / "pkg").mkdir(parents=True)
    (tmp_path / "ws" / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "ws" / "pkg" / "run.py").write_text(RUN, encoding="utf-8")
    await start_session(lsp_client, tmp_path / "ws", types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_string_word_edits_show_what_a_fresh_check_shows(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    path = root / "pkg" / "run.py"
    shown = _Recorder()
    client.diagnostics = shown
    text = RUN
    open_documents(client, {path: text})
    await until(lambda: shown.count(path) > 0, "run.py checked")
    assert shown.seen(path) == fresh_findings(root, "pkg/run.py") == set()
    for version, (old, new, rules) in enumerate(EDITS, start=2):
        start = text.index(old)
        line = text.count("\n", 0, start)
        column = start - (text.rfind("\n", 0, start) + 1)
        end = types.Position(line, column + len(old))
        text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
        before = shown.count(path)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, column), end), text=new
        )
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=path.as_uri()), [change]
            )
        )
        client.text_document_did_save(
            types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(path.as_uri()))
        )
        await until(lambda b=before: shown.count(path) > b, f"run.py version {version} checked")
        assert shown.seen(path) == fresh_findings(root, "pkg/run.py"), old
        assert sorted(rule for _, rule in shown.seen(path)) == rules, old
