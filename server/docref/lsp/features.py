"""The protocol handlers of the docref server: lifecycle, document sync, diagnostics (push
and pull) and hovers.  Each handler only hands work to :class:`DocrefServer`."""

from __future__ import annotations

from lsprotocol import types

from docref.lsp.documents import adopt
from docref.lsp.hover import hover_for
from docref.lsp.results import score_markdown
from docref.lsp.server import DocrefServer
from docref.lsp.sync import files_changed, refresh_settings, register_watchers
from docref.lsp.workspace import config_path, folders_changed, settings_files_changed

__all__ = ["client_pulls", "register_features"]


def client_pulls(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client pulls diagnostics and lets the server ask it to pull again.

    Such a client is not pushed diagnostics too: VS Code, for one, keeps pushed and pulled
    diagnostics in separate collections and would show every finding twice.
    """
    document = capabilities.text_document
    workspace = capabilities.workspace
    refresh = workspace.diagnostics if workspace is not None else None
    return bool(
        document is not None
        and document.diagnostic is not None
        and refresh is not None
        and refresh.refresh_support
    )


def register_features(server: DocrefServer) -> None:
    """Register every notification and request handler on ``server``."""

    @server.feature(types.INITIALIZE)
    def on_initialize(ls: DocrefServer, params: types.InitializeParams) -> None:
        ls.options = params.initialization_options
        ls.pull = client_pulls(params.capabilities)
        adopt(ls.workspace)  # pygls made it just now; no document is open yet

    @server.feature(types.INITIALIZED)
    def on_initialized(ls: DocrefServer, params: types.InitializedParams) -> None:
        ls.open_workspace()
        ls.spawn(register_watchers(ls))
        ls.spawn(refresh_settings(ls))

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def on_configuration(ls: DocrefServer, params: types.DidChangeConfigurationParams) -> None:
        ls.spawn(refresh_settings(ls, params.settings))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def on_watched_files(ls: DocrefServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.spawn(files_changed(ls, list(params.changes)))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def on_open(ls: DocrefServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.recheck(params.text_document.uri, opened=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def on_change(ls: DocrefServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def on_save(ls: DocrefServer, params: types.DidSaveTextDocumentParams) -> None:
        settings = config_path(params.text_document.uri)
        if settings is not None:  # a client that watches no files still says it was saved
            ls.spawn(settings_files_changed(ls, [settings]))
            return
        ls.spawn(ls.saved(params.text_document.uri))

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def on_folders(ls: DocrefServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
        ls.spawn(folders_changed(ls, params.event))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def on_close(ls: DocrefServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.cancel_debounced(params.text_document.uri)
        ls.spawn(ls.release(params.text_document.uri))

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="docref", inter_file_dependencies=True, workspace_diagnostics=False
        ),
    )
    def on_pull(
        ls: DocrefServer, params: types.DocumentDiagnosticParams
    ) -> types.DocumentDiagnosticReport:
        """The findings last computed for the document (empty before its first check; the
        client is asked to pull again when a check finishes)."""
        result = ls.results.get(params.text_document.uri)
        if result is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        result_id = result.result_id()
        if params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        path = ls.checkable_path(params.text_document.uri)
        severity = ls.folder_for(path).settings.severity if path is not None else {}
        return types.RelatedFullDocumentDiagnosticReport(
            items=result.diagnostics(severity), result_id=result_id
        )

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: DocrefServer, params: types.HoverParams) -> types.Hover | None:
        """A flagged sentence: its findings; a documented function's header or docstring:
        its score.  Only stored results are shown -- a hover never asks the model."""
        result = ls.results.get(params.text_document.uri)
        if result is None:
            return None
        path = ls.checkable_path(params.text_document.uri)
        root = ls.folder_for(path).root if path is not None else None
        found = hover_for(result.published, params.position, result.model, root)
        if found is not None:
            return found
        qualname = result.function_at(params.position)
        if qualname is None:
            return None
        text = score_markdown(result, qualname)
        roundtrip = ls.roundtrips.get((params.text_document.uri, qualname))
        if roundtrip is not None:
            text += f"\n\nLast {roundtrip}"
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @server.feature(types.SHUTDOWN)
    async def on_shutdown(ls: DocrefServer, params: None) -> None:
        ls.stopping.set()
        for uri in list(ls.model_runs):
            ls.cancel_model(uri)
        await ls.model.close()
        ls.close_graphs()
