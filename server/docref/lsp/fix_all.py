"""``source.fixAll.docref``: every deterministic fix of a document in one versioned edit.

VS Code asks for it by kind on save (``"editor.codeActionsOnSave": {"source.fixAll.docref":
"explicit"}``), as do Neovim's and Helix's "fix all on save" recipes: such a request gets the
action with its edit computed at once (a client applying actions on save may not resolve
them).  Unfiltered requests (the light bulb, "Source Action...") get it only while the
document shows a finding of a rule with a deterministic fix, and the edit waits for
``codeAction/resolve`` (or the ``docref.applyFix`` command).  Never a model: a save must not
cost a request nor wait for one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lsprotocol import types

from docref.checks.static.runner import rules_for
from docref.core.codes import IgnoreList
from docref.fixes.static import FIXABLE_RULES
from docref.fixes.text import Edit
from docref.fixes.verify import StaticCheck
from docref.fixes.whole_file import fix_whole_file
from docref.lsp.diagnostics import client_range
from docref.lsp.folders import Folder
from docref.segments.positions import line_index

if TYPE_CHECKING:
    from docref.lsp.server import DocrefServer

__all__ = [
    "FIX_ALL_KIND",
    "FIX_ALL_TITLE",
    "asked_for",
    "document_edit",
    "fix_all_action",
    "fix_all_edits",
]

FIX_ALL_KIND = "source.fixAll.docref"
FIX_ALL_TITLE = "docref: fix all auto-fixable problems"


def asked_for(only: Sequence[str] | None) -> bool | None:
    """``True`` when ``only`` names fix-all (itself or a parent kind: ``source``,
    ``source.fixAll``), ``False`` for an unfiltered request, ``None`` when it names others."""
    if not only:
        return False
    if any(kind == FIX_ALL_KIND or FIX_ALL_KIND.startswith(f"{kind}.") for kind in only):
        return True
    return None


def fix_all_action(
    ls: DocrefServer, uri: str, version: int, eager: bool
) -> types.CodeAction | None:
    """The fix-all action of ``uri`` (its edit comes later, see :func:`fix_all_edits`), or
    ``None`` when an unfiltered request (``eager`` false) would offer nothing fixable."""
    result = ls.results.get(uri)
    if not eager and (result is None or not any(f.rule in FIXABLE_RULES for f in result.static)):
        return None
    return types.CodeAction(
        title=FIX_ALL_TITLE,
        kind=FIX_ALL_KIND,
        data={"action": "fixAll", "uri": uri, "version": version},
    )


def fix_all_edits(folder: Folder, path: str, text: str) -> tuple[list[Edit], str, str]:
    """Every deterministic fix of ``text`` (the document's version of ``path``): the edits,
    a note for the user and the text they apply to.  Runs on a worker thread under the
    folder's ``turn``."""
    settings = folder.settings
    try:
        ignore = IgnoreList.parse(settings.effective_ignore)
    except ValueError:  # validated with the settings already
        ignore = IgnoreList()
    graph = folder.graph
    graph.update(path, text)
    fixed = fix_whole_file(graph, path, StaticCheck(rules_for(settings.enable), ignore, text))
    return fixed.edits, fixed.message, fixed.source


def document_edit(
    ls: DocrefServer, uri: str, version: object, text: tuple[str, list[str]], edits: list[Edit]
) -> types.WorkspaceEdit:
    """Edits of the document (its text and its lines as the workspace has them) as one
    versioned document change, or as a plain map of changes for clients that cannot take
    document changes."""
    source, lines = text
    index = line_index(source)
    encoding = ls.workspace.position_encoding
    text_edits = [
        types.TextEdit(
            range=client_range(
                (index.position(edit.start), index.position(edit.end)), lines, encoding
            ),
            new_text=edit.new,
        )
        for edit in sorted(edits, key=lambda e: e.start)
    ]
    workspace = ls.client_capabilities.workspace
    changes = workspace.workspace_edit if workspace is not None else None
    if changes is not None and changes.document_changes:
        identifier = types.OptionalVersionedTextDocumentIdentifier(
            uri=uri, version=version if isinstance(version, int) else None
        )
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=identifier, edits=text_edits)]
        )
    return types.WorkspaceEdit(changes={uri: text_edits})
