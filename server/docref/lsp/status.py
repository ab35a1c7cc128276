"""The ``docref/status`` notification a client's status bar reads, and the model-tier
problems it carries (told to the user once, kept in the status until they clear)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docref.lsp.folders import Folder

if TYPE_CHECKING:
    from docref.lsp.server import DocrefServer

__all__ = ["STATUS", "model_answering", "model_failed", "model_worked", "status_of"]

# the custom notification a client's status bar reads
STATUS = "docref/status"


def status_of(server: DocrefServer, folder: Folder) -> dict[str, object]:
    """The ``docref/status`` payload of ``folder``.

    ``state`` is ``indexing``, ``checking`` (``files`` = checks in flight),
    ``modelUnreachable`` (``message`` says why) or ``idle`` (``files`` = files indexed);
    ``model``/``endpoint`` the folder's model (``null`` without one) and
    ``calls``/``tokens``/``cost_usd`` what the model cost since the server started
    (``cost_usd`` is ``null`` while no price is known); ``unknown`` the questions left
    without a verdict since then, ``warning`` why the model is not checking anything
    (its last run left more than ``max_unknown_share`` unanswered; the shared answer
    cache is down), else ``null``;
    ``endpoints`` the last run's questions per endpoint (with several: the answers and
    failed attempts each endpoint had since the server started); ``cached`` the documents
    opened whose first diagnostics came from ``docref check``'s results cache.
    """
    trouble = server.model_trouble.get(folder.root)
    if folder.indexing:
        state, files = "indexing", 0
    elif folder.checking:
        state, files = "checking", folder.checking
    elif trouble is not None:
        state, files = "modelUnreachable", len(folder.graph.entries)
    else:
        state, files = "idle", len(folder.graph.entries)
    settings, totals = folder.settings, server.model.totals
    shared = server.model.shared_problem if settings.cache_url else None
    warnings = [w for w in (server.unanswered.get(folder.root), shared) if w]
    return {
        "state": state,
        "folder": folder.root,
        "files": files,
        "model": settings.model,
        "endpoint": settings.api_base if settings.model else None,
        "calls": totals.calls,
        "tokens": totals.tokens,
        "cost_usd": round(totals.cost_usd, 6) if totals.cost_known else None,
        "message": trouble,
        "unknown": totals.unknown,
        "warning": "\n".join(warnings) or None,
        "endpoints": server.endpoint_counts.get(folder.root, {}),
        "cached": folder.served_cached,
    }


def model_failed(server: DocrefServer, folder: Folder, message: str) -> None:
    """The folder's model could not be used: tell the user once, show it in the status."""
    if server.model_trouble.get(folder.root) != message:
        server.model_trouble[folder.root] = message
        server.warn(f"model tier unavailable, static findings only: {message}")
    server.announce(folder)


def model_worked(server: DocrefServer, folder: Folder) -> None:
    """The folder's model answered: clear a reported problem."""
    if server.model_trouble.pop(folder.root, None) is not None:
        server.announce(folder)


def model_answering(server: DocrefServer, folder: Folder, warning: str | None) -> None:
    """Record whether the folder's model gave verdicts: a warning once, kept in the status."""
    if warning is not None and server.unanswered.get(folder.root) != warning:
        server.warn(warning)
    if warning is None:
        server.unanswered.pop(folder.root, None)
    else:
        server.unanswered[folder.root] = warning
