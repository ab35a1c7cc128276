"""``docref serve``: the language server over stdio (default) or TCP (for debugging).

Over stdio, standard output carries JSON-RPC only: the protocol gets its own copy of the
stdout descriptor and descriptor 1 is pointed at stderr, so a library that prints (litellm
does) cannot corrupt the stream.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import BinaryIO

__all__ = ["add_serve_parser", "serve", "serve_stdio"]

log = logging.getLogger(__name__)


def add_serve_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``serve [--tcp PORT] [--host HOST]`` on the ``docref`` sub-command table."""
    parser = subparsers.add_parser(
        "serve",
        help="run the language server (stdio by default)",
        description="Start docref's language server for an editor. It talks JSON-RPC over "
        "standard input/output unless --tcp is given; logs go to stderr.",
    )
    parser.add_argument(
        "--tcp", type=_port, default=None, metavar="PORT", help="listen on this TCP port instead"
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on with --tcp (default 127.0.0.1)"
    )
    # vscode-languageclient's TransportKind.stdio (and other clients) append --stdio
    parser.add_argument("--stdio", action="store_true", help="talk over stdio (the default)")
    parser.set_defaults(func=serve)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"expected a port number 1..65535, got {text!r}")
    return value


class _AnsweredCancelFilter(logging.Filter):
    """Drop pygls' error line for a client cancelling a request already answered: VS Code
    does this all the time (hovers moved away from) and it is no error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Cancel notification for unknown message id" not in record.getMessage()


def serve(args: argparse.Namespace) -> int:
    """Run the server as ``args`` (from :func:`add_serve_parser`) say, until the client exits."""
    from docref.lsp.server import create_server

    if args.tcp is not None and args.stdio:
        print("docref serve: --tcp and --stdio exclude each other", file=sys.stderr)
        return 2
    if args.tcp is None:
        return serve_stdio()
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_AnsweredCancelFilter())
    create_server().start_tcp(args.host, args.tcp)
    return 0


def _protocol_stdout() -> BinaryIO:
    """A private handle on standard output for JSON-RPC; descriptor 1 then writes to stderr."""
    sys.stdout.flush()
    private = os.dup(sys.stdout.fileno())
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return os.fdopen(private, "wb")


def serve_stdio() -> int:
    """Run the server over standard input/output until the client exits."""
    # before the server's imports, so whatever they print lands on stderr too
    protocol_out = _protocol_stdout()
    from docref.lsp.server import create_server
    from docref.lsp.stdio import start_stdio

    logging.getLogger("pygls.protocol.json_rpc").addFilter(_AnsweredCancelFilter())
    start_stdio(create_server(), sys.stdin.buffer, protocol_out)
    return 0
