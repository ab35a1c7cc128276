"""A real OpenAI-compatible HTTP server on 127.0.0.1 for model-client tests.

Each request to ``POST /v1/chat/completions`` consumes the next `Behaviour` from the script
(a queue); when the script is empty, the first `FakeOpenAI.when` rule whose substrings all
occur in the request's messages answers, else the default (`FakeOpenAI.set_default`,
initially ``"yes"``). The server records every request (body and headers), the most requests
it had in flight at once, and the requests whose client closed the connection while the
server was still delaying its answer.

    with FakeOpenAI() as fake:
        fake.push(Behaviour(status=500), Behaviour(text="no"))
        ... call f"{fake.base_url}" ...
        assert fake.requests[-1].body["temperature"] == 0
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_STOP_POLL_S = 0.05  # how soon a waiting request notices stop()
QUOTA_MESSAGE = "You exceeded your current quota, please check your plan and billing details."


@dataclass(frozen=True)
class Behaviour:
    """What the server does for one request.

    kind: ``answer`` (a normal completion with ``text``), ``error`` (HTTP ``status`` with an
    OpenAI-style error body; ``quota=True`` makes a 429 an insufficient-quota one),
    ``malformed`` (200 with a body that is not JSON), ``empty_choices`` (200 with
    ``choices: []``), ``hang`` (wait ``delay`` seconds, then answer), ``close`` (drop the
    connection without a response).
    """

    kind: str = "answer"
    text: str = "yes"
    delay: float = 0.0
    status: int = 200
    quota: bool = False
    retry_after: float | None = None
    prompt_tokens: int = 11
    completion_tokens: int = 1

    @staticmethod
    def error(status: int, *, quota: bool = False, retry_after: float | None = None) -> Behaviour:
        return Behaviour(kind="error", status=status, quota=quota, retry_after=retry_after)

    @staticmethod
    def hang(seconds: float, text: str = "yes") -> Behaviour:
        return Behaviour(kind="answer", delay=seconds, text=text)


@dataclass
class Received:
    """One request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    started: float
    client_closed_early: bool = False
    answered: bool = False  # a response was written (not dropped, not cut off by stop())


@dataclass
class _State:
    script: deque[Behaviour] = field(default_factory=deque)
    rules: list[tuple[tuple[str, ...], Behaviour]] = field(default_factory=list)
    default: Behaviour = field(default_factory=Behaviour)
    requests: list[Received] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    stopping: threading.Event = field(default_factory=threading.Event)


def _client_gone(sock: socket.socket) -> bool:
    """True when the peer closed the connection (readable with EOF / reset)."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        return sock.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def _prompt_text(body: dict[str, Any]) -> str:
    messages = body.get("messages")
    if not isinstance(messages, list):
        return ""
    return "\n".join(str(m.get("content", "")) for m in messages if isinstance(m, dict))


def _match(state: _State, body: dict[str, Any]) -> Behaviour:
    """The first rule whose substrings all occur in the prompt, else the default."""
    text = _prompt_text(body)
    for needles, behaviour in state.rules:
        if all(n in text for n in needles):
            return behaviour
    return state.default


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # headers and body go out in separate writes; with Nagle on, the body waits for the
    # client's delayed ACK (~40 ms per request), which would distort latency measurements
    disable_nagle_algorithm = True
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # silence stderr noise
        return

    def do_POST(self) -> None:
        state = self.server.state
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_raw": raw.decode("utf-8", "replace")}
        received = Received(
            path=self.path,
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
            started=time.monotonic(),
        )
        with state.lock:
            state.requests.append(received)
            behaviour = state.script.popleft() if state.script else _match(state, body)
            state.in_flight += 1
            state.max_in_flight = max(state.max_in_flight, state.in_flight)
        try:
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send_json(404, {"error": {"message": "not found", "type": "not_found"}})
                return
            if behaviour.delay and not self._wait(behaviour.delay, received):
                return
            self._respond(behaviour, body)
            received.answered = behaviour.kind == "answer"
        finally:
            with state.lock:
                state.in_flight -= 1

    def _wait(self, seconds: float, received: Received) -> bool:
        """Sleep up to ``seconds``; False when the client went away or the server stops.

        The wait blocks in ``select`` on the connection (woken by the client closing it), not
        in a 10 ms polling loop: a server holding dozens of requests must not burn the CPU the
        client it serves needs (``benchmarks/bench_scale.py`` runs on the same 2 cores).
        """
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if self.server.state.stopping.is_set():
                self.close_connection = True
                return False
            try:
                readable, _, _ = select.select([self.connection], [], [], min(left, _STOP_POLL_S))
            except (OSError, ValueError):
                readable = [self.connection]
            if readable:
                if _client_gone(self.connection):
                    received.client_closed_early = True
                    self.close_connection = True
                    return False
                time.sleep(0.01)  # bytes of a next request, not a close: nothing to wait on
        return True

    def _respond(self, behaviour: Behaviour, request: dict[str, Any]) -> None:
        if behaviour.kind == "close":
            self.close_connection = True
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
            return
        if behaviour.kind == "error":
            if behaviour.quota:
                err = {
                    "message": QUOTA_MESSAGE,
                    "type": "insufficient_quota",
                    "param": None,
                    "code": "insufficient_quota",
                }
            else:
                err = {
                    "message": f"fake error {behaviour.status}",
                    "type": "server_error",
                    "param": None,
                    "code": None,
                }
            headers = {}
            if behaviour.retry_after is not None:
                headers["Retry-After"] = str(behaviour.retry_after)
            self._send_json(behaviour.status, {"error": err}, headers)
            return
        if behaviour.kind == "malformed":
            self._send_raw(200, b'{"id": "x", "choices": [ this is not json', "application/json")
            return
        choices: list[dict[str, Any]] = []
        if behaviour.kind != "empty_choices":
            choices = [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": behaviour.text},
                    "finish_reason": "stop",
                }
            ]
        self._send_json(
            200,
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": str(request.get("model", "fake")),
                "choices": choices,
                "usage": {
                    "prompt_tokens": behaviour.prompt_tokens,
                    "completion_tokens": behaviour.completion_tokens,
                    "total_tokens": behaviour.prompt_tokens + behaviour.completion_tokens,
                },
            },
        )

    def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self._send_raw(status, json.dumps(payload).encode(), "application/json", headers)

    def _send_raw(
        self, status: int, data: bytes, ctype: str, headers: dict[str, str] | None = None
    ) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # The default listen backlog (5) drops SYNs when a client opens many connections at once;
    # the kernel then retries after 1 s, which looks like a slow or timed-out server.
    request_queue_size = 128

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.state = _State()


class FakeOpenAI:
    """Context manager running the fake server in a background thread."""

    def __init__(self) -> None:
        self._server = _Server()
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """The OpenAI-style api_base, ending in ``/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[Received]:
        with self._server.state.lock:
            return list(self._server.state.requests)

    @property
    def max_in_flight(self) -> int:
        return self._server.state.max_in_flight

    @property
    def in_flight(self) -> int:
        return self._server.state.in_flight

    def push(self, *behaviours: Behaviour) -> None:
        with self._server.state.lock:
            self._server.state.script.extend(behaviours)

    def when(self, *substrings: str, then: Behaviour) -> None:
        """Answer ``then`` to every unscripted request whose messages contain all ``substrings``.

        Rules are tried in the order they were added; the first match wins.
        """
        with self._server.state.lock:
            self._server.state.rules.append((tuple(substrings), then))

    def set_default(self, behaviour: Behaviour) -> None:
        """What unscripted requests matching no rule get (initially ``Behaviour()``, "yes")."""
        with self._server.state.lock:
            self._server.state.default = behaviour

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.state.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def dead_port() -> int:
    """A loopback port with (almost certainly) nothing listening on it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
