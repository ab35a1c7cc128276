"""Reading the client's messages from standard input on the event loop itself.

pygls' stdio reader hands every header line and every body to a thread-pool worker
(``run_in_executor``): three thread hops per message, each woken through the loop's
self-pipe, and while a check runs on another worker thread every hop waits for the GIL (the
interpreter's switch interval is 5 ms).  An edit is two messages (``didChange`` and
``didSave``), so the reader alone added milliseconds to an edit that ruff answers in two.
Here standard input, when it is a pipe (what editors use), is read by an asyncio stream on
the loop: a message is parsed as soon as its bytes arrive, with no thread involved.  Any
other standard input (a file, a terminal, a socket that may share its file description with
standard output, which a non-blocking read end would make non-blocking too) keeps pygls'
reader.
"""

from __future__ import annotations

import asyncio
import os
import stat
import sys
import threading
from typing import BinaryIO

from pygls.io_ import StdoutWriter, run_async
from pygls.server import JsonRPCServer

__all__ = ["start_stdio", "stdin_is_pipe"]

# a file's whole text can arrive in one didOpen; the stream's buffer limit is per line only
_LIMIT = 2**24


def stdin_is_pipe(stdin: BinaryIO) -> bool:
    """Whether ``stdin`` is a pipe on a POSIX system (safe to read without a thread)."""
    if os.name != "posix":
        return False
    try:
        return stat.S_ISFIFO(os.fstat(stdin.fileno()).st_mode)
    except (OSError, ValueError):  # no descriptor (a test's BytesIO), or closed
        return False


def start_stdio(server: JsonRPCServer, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Serve ``server`` over ``stdin``/``stdout`` until the client exits (as pygls'
    ``start_io``, with the pipe read on the loop)."""
    if not stdin_is_pipe(stdin):
        server.start_io(stdin, stdout)
        return
    stop = threading.Event()
    server._stop_event = stop  # pygls' shutdown() sets it; run_async stops on it
    server.protocol.set_writer(StdoutWriter(stdout))
    try:
        asyncio.run(_serve(server, stdin, stop))
    except (BrokenPipeError, asyncio.IncompleteReadError):  # the client went away
        print("docref: the connection to the client is lost; stopping", file=sys.stderr)
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()  # type: ignore[no-untyped-call]  # pygls is untyped here


async def _serve(server: JsonRPCServer, stdin: BinaryIO, stop: threading.Event) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), stdin)
    await run_async(
        stop_event=stop,
        reader=reader,
        protocol=server.protocol,
        error_handler=server.report_server_error,
    )
