"""Code actions on docref diagnostics: "Fix this docstring" and "Ignore Cn for this function";
and the document's ``source.fixAll.docref`` (:mod:`docref.lsp.fix_all`).

Listing is cheap: one "Fix this docstring" per function and one "Ignore Cn" per (function,
criterion) among the docref diagnostics the client sends, each carrying the document version
in ``data`` (and "Fix this docstring" the key of the finding it was invoked on: fixed
first).  The edit is computed in ``codeAction/resolve`` only (the model rewrite may take
seconds and cost money); a client that cannot resolve gets the same work behind the command
``docref.applyFix``, applied with ``workspace/applyEdit``.

The edit is one ``TextDocumentEdit`` for the document version the action was listed for,
covering the docstring (or the one marker line) only, so one undo reverts it.  When no edit
can be made (the document changed since, nothing is fixable, the model's answers were
rejected), resolve returns the action without an edit and tells the user why with
``window/showMessage``: LSP has no error channel for a resolved action, and an edit-less
action applies as a no-op.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

from docref.core.codes import IgnoreList, known_codes
from docref.engine.model import ModelSetupError
from docref.fixes.ignore import ignore_edit
from docref.fixes.rewrite import FixResult, fix_docstring, model_setup
from docref.fixes.target import find_target
from docref.fixes.text import Edit, minimal_edit
from docref.fixes.verify import StaticCheck
from docref.graph.discovery import language_of
from docref.graph.project import ProjectGraph
from docref.lsp.diagnostics import SOURCE
from docref.lsp.fix_all import (
    FIX_ALL_KIND,
    asked_for,
    document_edit,
    fix_all_action,
    fix_all_edits,
)
from docref.lsp.folders import Folder

if TYPE_CHECKING:
    from docref.llm.client import ModelClient
    from docref.lsp.server import DocrefServer

__all__ = ["APPLY_FIX", "FIX_TITLE", "register_code_actions"]

log = logging.getLogger(__name__)

FIX_TITLE = "Fix this docstring"
APPLY_FIX = "docref.applyFix"


def _ignore_title(code: str) -> str:
    return f"Ignore {code} for this function"


def register_code_actions(server: DocrefServer) -> None:
    """Declare quick fixes (resolvable) on ``server`` and register their handlers."""

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True
        ),
    )
    async def on_code_action(
        ls: DocrefServer, params: types.CodeActionParams
    ) -> list[types.CodeAction]:
        actions = list_actions(ls, params)
        fix_all = await _fix_all(ls, params)
        return actions if fix_all is None else [*actions, fix_all]

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def on_resolve(ls: DocrefServer, action: types.CodeAction) -> types.CodeAction:
        return await resolve_action(ls, action)

    # pygls evaluates a command handler's annotations at run time, where ``DocrefServer``
    # is not importable (server.py imports this module): ``ls`` is typed ``Any`` here
    @server.command(APPLY_FIX)
    async def on_apply_fix(ls: Any, data: Any) -> dict[str, object]:
        """The resolve work for clients without ``codeAction/resolve``: compute the edit and
        ask the client to apply it."""
        edit, why = await compute_edit(ls, data)
        if edit is None:
            ls.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=f"docref: {why}")
            )
            return {"applied": False, "reason": why}
        result = await ls.workspace_apply_edit_async(
            types.ApplyWorkspaceEditParams(edit=edit, label="docref")
        )
        return {"applied": bool(result.applied), "reason": why}


# ---- listing ----------------------------------------------------------------------------------


def _resolvable(ls: DocrefServer) -> bool:
    text = ls.client_capabilities.text_document
    action = text.code_action if text is not None else None
    support = action.resolve_support if action is not None else None
    return support is not None and "edit" in support.properties


async def _fix_all(ls: DocrefServer, params: types.CodeActionParams) -> types.CodeAction | None:
    """The fix-all action: with its edit when the client asked for it by kind."""
    eager = asked_for(params.context.only)
    document = ls.workspace.text_documents.get(params.text_document.uri)
    if eager is None or document is None:
        return None
    action = fix_all_action(ls, document.uri, document.version or 0, eager)
    if action is None:
        return None
    if not eager:
        if not _resolvable(ls):
            action.command = types.Command(
                title=action.title, command=APPLY_FIX, arguments=[action.data]
            )
        return action
    edit, _why = await compute_edit(ls, action.data)
    if edit is None:
        return None  # nothing to fix: a save goes on quietly
    action.edit = edit
    return action


def list_actions(ls: DocrefServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The quick fixes for the docref diagnostics in ``params`` (nothing is computed yet)."""
    only = params.context.only
    if only and not any(types.CodeActionKind.QuickFix.value.startswith(k) for k in only):
        return []
    uri = params.text_document.uri
    document = ls.workspace.text_documents.get(uri)
    if document is None:
        return []
    ours = [
        (d, str(d.data["qualname"]))
        for d in params.context.diagnostics
        if d.source == SOURCE and isinstance(d.data, dict) and d.data.get("qualname")
    ]
    version = document.version or 0
    resolvable = _resolvable(ls)
    fixes: dict[str, list[types.Diagnostic]] = {}
    ignores: dict[tuple[str, str], list[types.Diagnostic]] = {}
    for diagnostic, qualname in ours:
        fixes.setdefault(qualname, []).append(diagnostic)
        code = str(diagnostic.code or "")
        if code.upper() in known_codes():  # the rule id shown (a model finding: C1..C4)
            ignores.setdefault((qualname, code), []).append(diagnostic)
    actions: list[types.CodeAction] = []
    for qualname, diagnostics in fixes.items():
        data = {"action": "fix", "uri": uri, "version": version, "qualname": qualname}
        # the finding the user invoked the fix on (the first under the cursor) goes first
        chosen = _chosen(diagnostics, params.range)
        if chosen is not None:
            data["first"] = chosen
        actions.append(_action(FIX_TITLE, diagnostics, data, resolvable, preferred=True))
    for (qualname, code), diagnostics in ignores.items():
        data = {"action": "ignore", "uri": uri, "version": version, "qualname": qualname}
        data["code"] = code
        actions.append(_action(_ignore_title(code), diagnostics, data, resolvable))
    return actions


def _chosen(diagnostics: list[types.Diagnostic], at: types.Range) -> str | None:
    """The finding key of the diagnostic the request was made on: the first one holding the
    request's start (a client sends every diagnostic of the line), else the first sent."""
    keyed = [
        (d, str(d.data["key"]))
        for d in diagnostics
        if isinstance(d.data, dict) and d.data.get("key")
    ]
    cursor = (at.start.line, at.start.character)
    holding = [
        (d, key)
        for d, key in keyed
        if (d.range.start.line, d.range.start.character)
        <= cursor
        <= (d.range.end.line, d.range.end.character)
    ]
    chosen = holding or keyed
    return chosen[0][1] if chosen else None


def _action(
    title: str,
    diagnostics: list[types.Diagnostic],
    data: dict[str, object],
    resolvable: bool,
    preferred: bool = False,
) -> types.CodeAction:
    action = types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=diagnostics,
        is_preferred=preferred or None,
        data=data,
    )
    if not resolvable:
        action.command = types.Command(title=title, command=APPLY_FIX, arguments=[data])
    return action


# ---- resolving --------------------------------------------------------------------------------


async def resolve_action(ls: DocrefServer, action: types.CodeAction) -> types.CodeAction:
    """``action`` with its edit, or without one and a message saying why."""
    try:
        edit, why = await compute_edit(ls, action.data)
    except Exception as exc:  # a docref bug: the user hears of it, the server stays up
        log.exception("code action resolve failed")
        edit, why = None, f"internal error while fixing: {type(exc).__name__}: {exc}"
    if edit is None:
        ls.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Warning, message=f"docref: {why}")
        )
        return action
    action.edit = edit
    if why:
        ls.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Info, message=f"docref: {why}")
        )
    return action


def _stale(ls: DocrefServer, uri: str, version: object) -> str | None:
    document = ls.workspace.text_documents.get(uri)
    if document is None:
        return "the document is not open any more"
    if (document.version or 0) != version:
        return (
            f"the document changed since this fix was offered (version {version}, now "
            f"{document.version or 0}); ask for the fix again"
        )
    return None


async def compute_edit(ls: DocrefServer, data: Any) -> tuple[types.WorkspaceEdit | None, str]:
    """The edit an action's ``data`` asks for and a note for the user, or ``None`` and why."""
    if not isinstance(data, dict) or data.get("action") not in ("fix", "ignore", "fixAll"):
        return None, "this code action carries no docref data"
    uri, version, qualname = data.get("uri"), data.get("version"), data.get("qualname")
    if data["action"] == "fixAll":
        qualname = ""  # the whole document
    if not isinstance(uri, str) or not isinstance(qualname, str):
        return None, "this code action carries no docref data"
    stale = _stale(ls, uri, version)
    if stale is not None:
        return None, stale
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is None or language_of(path) is None:
        return None, "not a Python or Java file"
    path = os.path.abspath(path)
    document = ls.workspace.text_documents[uri]
    text = document.source
    folder = ls.folder_for(path)
    if data["action"] == "ignore":
        async with folder.turn:
            found = await asyncio.to_thread(_ignore, folder.graph, path, text, qualname, data)
    elif data["action"] == "fixAll":
        async with folder.turn:
            found = await asyncio.to_thread(fix_all_edits, folder, path, text)
    else:
        first = data.get("first")
        first = first if isinstance(first, str) else None
        found = await _fix(ls, folder, path, uri, version, qualname, first)
    edits, note, source = found
    # the model may have taken a while: the edit is for the version it was computed from
    stale = _stale(ls, uri, version)
    if stale is not None:
        return None, stale
    lines = ls.workspace.text_documents[uri].lines
    if not edits:
        return None, note
    return document_edit(ls, uri, version, (source, lines), edits), note


def _ignore(
    graph: ProjectGraph, path: str, text: str, qualname: str, data: dict[str, Any]
) -> tuple[list[Edit], str, str]:
    graph.update(path, text)
    target = find_target(graph, path, qualname)
    if target is None or target.entity is None:
        return [], f"{qualname} is no longer in the document", text
    code = str(data.get("code", "")).upper()
    if code not in known_codes():
        return [], f"{code or 'no code'} is not a criterion or rule id docref knows", text
    marker = ignore_edit(target.source, target.entity, target.language, code)
    edits = [] if marker.edit is None else [marker.edit]
    return edits, marker.reason or "", target.source


async def _fix(
    ls: DocrefServer,
    folder: Folder,
    path: str,
    uri: str,
    version: object,
    qualname: str,
    first: str | None,
) -> tuple[list[Edit], str, str]:
    text = ls.workspace.text_documents[uri].source
    settings = folder.settings
    try:
        ignore = IgnoreList.parse(settings.effective_ignore)
    except ValueError:
        ignore = IgnoreList()
    from docref.checks.static.runner import rules_for

    check = StaticCheck(rules_for(settings.enable), ignore, text)
    note = ""
    model = None
    if settings.model is not None:
        try:
            model = model_setup(settings, ls.model)
        except ModelSetupError as exc:  # bad model settings or a refused endpoint
            note = f"the model cannot be used ({exc}); "
    async with folder.turn:
        await asyncio.to_thread(folder.graph.update, path, text)
    # the model judge's findings of this version (the static ones are recomputed)
    shown = ls.results.get(uri)
    judged = [] if shown is None or shown.version != version else list(shown.model_findings)
    # litellm's HTTP clients are shared with the server's model checks: closing them is the
    # server's business at shutdown, not this fix's
    result: FixResult = await fix_docstring(
        folder.graph,
        path,
        qualname,
        check,
        lock=folder.turn,
        model=model,
        other_findings=judged,
        first=first,
    )
    if result.how == "model" and model is not None and settings.fix_verify_with_roundtrip:
        vetted, why = await _vet(model.client, folder, path, qualname, result)
        note += why
        if not vetted:  # fall back to what the static tier can fix on its own
            result = await fix_docstring(
                folder.graph, path, qualname, check, lock=folder.turn, model=None, first=first
            )
    if result.literal is None or result.target is None:
        return [], note + result.message, text
    target = result.target
    edit = minimal_edit(target.literal, result.literal, target.start)
    return [edit], note + result.message, target.source


async def _vet(
    client: ModelClient, folder: Folder, path: str, qualname: str, result: FixResult
) -> tuple[bool, str]:
    """Round-trip vetting of a model rewrite (``fix_verify_with_roundtrip``): whether to keep
    it, and a note for the user.  Runs on the files as saved."""
    from docref.roundtrip.generate import AnswerStore
    from docref.roundtrip.vetting import vet_rewrite

    assert result.literal is not None
    store = await asyncio.to_thread(AnswerStore.open)
    try:
        vetting = await vet_rewrite(
            client, path, qualname, result.literal, root=folder.root, store=store
        )
    finally:
        if store is not None:
            store.close()
    if vetting.accepted:
        return True, f"{vetting.reason}; "
    return False, f"model rewrite withheld: {vetting.reason}; "
