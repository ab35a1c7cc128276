"""The open documents' text (:mod:`docref.lsp.documents`) equals pygls' own after any
series of ranged changes -- CRLF, astral characters, ranges past a line's or the text's end
-- in UTF-16 and UTF-8 position units.  The LSP tests drive it through a real client."""

from __future__ import annotations

import random

import pytest
from docref.lsp.documents import Document, DocumentWorkspace, adopt
from lsprotocol import types
from pygls.workspace import PositionCodec, Workspace
from pygls.workspace.text_document import TextDocument

_PIECES = ["a", "bc", " ", "\n", "\r\n", "\r", "é", "😀", "def f():\n", "    x\n", ""]


def _random_text(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(size))


@pytest.mark.parametrize(
    "encoding", [types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]
)
def test_ranged_changes_match_pygls(encoding: types.PositionEncodingKind) -> None:
    rng = random.Random(18)
    incremental = types.TextDocumentSyncKind.Incremental
    for _ in range(200):
        text = _random_text(rng, rng.randint(0, 30))
        codec = PositionCodec(encoding=encoding)
        ours = Document("file:///m.py", text, sync_kind=incremental, position_codec=codec)
        theirs = TextDocument("file:///m.py", text, sync_kind=incremental, position_codec=codec)
        for _ in range(8):
            lines = max(1, len(theirs.lines))
            start = types.Position(rng.randint(0, lines), rng.randint(0, 12))
            end = types.Position(rng.randint(start.line, lines + 1), rng.randint(0, 12))
            if rng.random() < 0.2:  # a reversed range now and then
                start, end = end, start
            change = types.TextDocumentContentChangePartial(
                range=types.Range(start, end), text=_random_text(rng, rng.randint(0, 3))
            )
            ours.apply_change(change)
            theirs.apply_change(change)
            assert ours.source == theirs.source
            assert ours.lines == theirs.lines


def test_a_workspace_adopted_creates_documents() -> None:
    workspace = Workspace(None, types.TextDocumentSyncKind.Incremental)
    adopt(workspace)
    assert isinstance(workspace, DocumentWorkspace)
    workspace.put_text_document(
        types.TextDocumentItem(uri="file:///m.py", language_id="python", version=1, text="x\n")
    )
    document = workspace.get_text_document("file:///m.py")
    assert isinstance(document, Document)
    assert document.lines == ("x\n",)
