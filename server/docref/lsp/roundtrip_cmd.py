"""The ``docref.roundtrip`` command: round-trip verification of the function at the cursor
(:mod:`docref.roundtrip`), with cancellable progress; the result is shown as a message and
kept for the function's hover.

The run works on the files as saved (it copies the project to a temporary folder and runs the
project's tests there), with its own index of the folder: the language server's graph is not
thread-safe and the run lasts minutes, so it never holds the folder's turn that long.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from lsprotocol import types

from docref.engine.model import ModelSetupError
from docref.lsp.progress import supports_progress
from docref.lsp.server import DocrefServer

__all__ = ["ROUNDTRIP", "register_roundtrip", "roundtrip_summary"]

log = logging.getLogger(__name__)

ROUNDTRIP = "docref.roundtrip"


def roundtrip_summary(result: Any) -> str:
    """One line: c/m and pass@k with the docstring, and the same with "TODO: Implement."."""
    doc, lift = result.doc, result.lift

    def ks(score: Any) -> str:
        return ", ".join(
            f"pass@{k} {'n/a' if v is None else f'{v:.2f}'}" for k, v in score.pass_at_k.items()
        )

    return (
        f"round trip of {result.qualname}: {doc.passed}/{doc.samples} candidates pass the tests "
        f"({ks(doc)}); with an uninformative docstring {lift.passed}/{lift.samples} ({ks(lift)})"
    )


async def _with_progress(
    server: DocrefServer, title: str, work: asyncio.Task[Any]
) -> tuple[bool, asyncio.Task[Any]]:
    """Show cancellable progress while ``work`` runs; cancel it when the user cancels.

    Returns whether the user cancelled, and ``work``."""
    if not supports_progress(server.client_capabilities):
        await asyncio.wait([work])
        return False, work
    token = f"docref-roundtrip-{uuid.uuid4()}"
    progress = server.work_done_progress
    try:
        await progress.create_async(token)
    except Exception as exc:  # no progress shown; the run goes on
        log.warning("no progress for the round trip: %s", exc)
        await asyncio.wait([work])
        return False, work
    progress.begin(token, types.WorkDoneProgressBegin(title=title, cancellable=True))
    # never cancel this wrapper: that would cancel pygls' token future itself
    stop = asyncio.wrap_future(progress.tokens[token])
    await asyncio.wait([work, stop], return_when=asyncio.FIRST_COMPLETED)
    cancelled = not work.done()
    if cancelled:
        work.cancel()
        await asyncio.wait([work])
    progress.end(token, types.WorkDoneProgressEnd(message="cancelled" if cancelled else "done"))
    return cancelled, work


async def run_roundtrip_command(
    server: DocrefServer, uri: str, position: types.Position
) -> dict[str, object]:
    """Verify the documented function at ``position`` of ``uri`` (see the module docstring)."""
    from docref.roundtrip.engine import RoundtripRequest, run_roundtrip
    from docref.roundtrip.generate import AnswerStore
    from docref.roundtrip.result import RoundtripError

    path = server.checkable_path(uri)
    result = server.results.get(uri)
    qualname = None if result is None else result.function_at(position)
    if path is None or qualname is None:
        return {"error": "no documented function at the cursor (check the file first)"}
    folder = server.folder_for(path)
    try:
        client = server.model.client_for(folder.settings)
    except ModelSetupError as exc:
        return {"qualname": qualname, "error": f"no model for the round trip: {exc}"}
    store = await asyncio.to_thread(AnswerStore.open)
    request = RoundtripRequest(path=path, qualname=qualname, root=folder.root)
    work = asyncio.ensure_future(run_roundtrip(request, client=client, store=store))
    try:
        cancelled, work = await _with_progress(server, f"docref: round trip of {qualname}", work)
    finally:
        if store is not None:
            store.close()
    if cancelled:
        return {"qualname": qualname, "cancelled": True}
    error = work.exception()
    if isinstance(error, RoundtripError):
        server.warn(f"round trip of {qualname}: {error}")
        return {"qualname": qualname, "error": str(error)}
    if error is not None:
        raise error
    outcome = work.result()
    if outcome.error is not None:
        server.warn(f"round trip of {qualname}: {outcome.error}")
    else:
        summary = roundtrip_summary(outcome)
        server.roundtrips[(uri, qualname)] = summary
        server.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Info, message=f"docref: {summary}")
        )
    payload: dict[str, object] = outcome.to_json()
    return payload


def register_roundtrip(server: DocrefServer) -> None:
    """Register ``docref.roundtrip`` on ``server``."""

    @server.command(ROUNDTRIP)
    async def on_roundtrip(
        ls: DocrefServer, uri: str, position: types.Position
    ) -> dict[str, object]:
        return await run_roundtrip_command(ls, uri, position)
