"""A real ``redis-server`` (Debian's package) on 127.0.0.1, on a free port, in a temporary
directory, with no persistence: started and stopped by the test that needs it.

``.ci/run`` installs ``redis-server`` when it is missing and sets ``DOCREF_REQUIRE_REDIS=1``,
which turns a missing server from a skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """``redis-server`` with an optional password (written to a config file, not argv)."""

    def __init__(self, directory: Path, password: str | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            if os.environ.get("DOCREF_REQUIRE_REDIS") == "1":
                pytest.fail("redis-server is not installed (apt-get install redis-server)")
            pytest.skip("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.directory = directory
        self.password = password
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.directory.mkdir(parents=True, exist_ok=True)
        conf = self.directory / "redis.conf"
        lines = [
            "bind 127.0.0.1",
            f"port {self.port}",
            f"dir {self.directory}",
            'save ""',
            "appendonly no",
        ]
        if self.password:
            lines.append(f"requirepass {self.password}")
        conf.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.proc = subprocess.Popen(
            [self.binary, str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("redis-server exited at start") from None
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def client(self) -> Any:
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port, password=self.password)

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()
