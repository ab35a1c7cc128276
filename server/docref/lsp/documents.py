"""The open documents' text, kept with C-level string operations.

pygls applies a ranged change by writing every line of the document into a ``StringIO`` in
a Python loop, and builds ``lines`` (a tuple of every line) anew on each access: on a
3,000-line file that is about a millisecond per change plus half a millisecond per
``lines``, paid on every edit before docref does anything.  :class:`Document` splices the
change into the text by offsets instead (the same result, the same line model as pygls:
``str.splitlines``) and keeps ``lines`` until the text changes.  :func:`adopt` makes a
workspace create these documents.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types
from pygls.workspace import Workspace
from pygls.workspace.text_document import TextDocument

__all__ = ["Document", "DocumentWorkspace", "adopt"]


class Document(TextDocument):
    """A :class:`TextDocument` whose ranged changes and ``lines`` cost C-level work only."""

    _lines_of: str | None = None
    _lines: tuple[str, ...] = ()

    @property
    def lines(self) -> Sequence[str]:
        source = self.source
        if self._lines_of is not source:
            self._lines = tuple(source.splitlines(True))
            self._lines_of = source
        return self._lines

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        lines = self.lines
        rng = self._position_codec.range_from_client_units(lines, change.range)
        start_line, start_col = rng.start.line, rng.start.character
        end_line, end_col = rng.end.line, rng.end.character
        if start_line >= len(lines) or (end_line, end_col) < (start_line, start_col):
            # past the end (an append), or a reversed range: pygls' own handling
            super()._apply_incremental_change(change)
            return
        source = self.source
        before = sum(map(len, lines[:start_line]))
        start = before + min(max(start_col, 0), len(lines[start_line]))
        if end_line >= len(lines):
            end = len(source)  # pygls drops everything after the start then
        else:
            before += sum(map(len, lines[start_line:end_line]))
            end = before + min(max(end_col, 0), len(lines[end_line]))
        self._source = source[:start] + change.text + source[end:]


class DocumentWorkspace(Workspace):
    """A pygls workspace whose text documents are :class:`Document`."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return Document(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )


def adopt(workspace: Workspace) -> None:
    """Make ``workspace`` (pygls creates it at ``initialize``, before any document is open)
    create :class:`Document` from now on; it adds no state, so only its class changes."""
    if type(workspace) is Workspace:
        workspace.__class__ = DocumentWorkspace
