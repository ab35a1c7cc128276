"""Standard input read on the event loop (:mod:`docref.lsp.stdio`): which inputs qualify,
and a client that goes away mid-message stops the server cleanly.  Every other LSP test
drives the server over a pipe, so the reader itself is exercised there."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from docref.lsp.stdio import stdin_is_pipe

from tests.helpers import REPO, docref_env


def test_a_pipe_qualifies_a_file_and_a_buffer_do_not(tmp_path: Path) -> None:
    read, write = os.pipe()
    try:
        with os.fdopen(read, "rb", closefd=False) as pipe:
            assert stdin_is_pipe(pipe) is (os.name == "posix")
    finally:
        os.close(read)
        os.close(write)
    regular = tmp_path / "input"
    regular.write_bytes(b"")
    with regular.open("rb") as fh:
        assert not stdin_is_pipe(fh)
    assert not stdin_is_pipe(io.BytesIO(b""))


def _message(payload: dict[str, object]) -> bytes:
    body = json.dumps({"jsonrpc": "2.0", **payload}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize("tail", [b"", b'Content-Length: 500\r\n\r\n{"jsonrpc"'])
def test_the_client_going_away_stops_the_server_cleanly(tmp_path: Path, tail: bytes) -> None:
    """An answered ``initialize``, then standard input closed -- between messages or in the
    middle of one: the server exits without a traceback."""
    initialize = _message(
        {"id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": None}}
    )
    done = subprocess.run(
        [sys.executable, "-m", "docref.lsp"],
        input=initialize + tail,
        capture_output=True,
        cwd=REPO,
        env=docref_env(tmp_path / "cache"),
        timeout=60,
    )
    assert b'"id": 1' in done.stdout or b'"id":1' in done.stdout
    assert b"Traceback" not in done.stderr, done.stderr.decode()
