"""Cheap simulated OpenAI-compatible endpoints for ``bench_scale.py``: one asyncio process,
``--count`` servers on 127.0.0.1, every ``POST .../chat/completions`` answered ``--text``
after ``--latency`` seconds.

Why not ``tests/fake_openai.py`` (the scripted test server, a thread per connection in the
benchmark's own process)? It parses every request's JSON, records it, and wakes each waiting
request every 50 ms; that cost ~1.3 ms of CPU per request on the same two cores the measured
``docref check`` runs on, where a real deployment's endpoints are other machines.  Here a
request costs its HTTP head and body read, one timer and one write of a response built once:
what is left is the CPU the operating system spends on the connection.

Protocol (line-oriented, for the benchmark): on start one JSON line ``{"urls": [...]}``; at
the first request the line ``first``; when standard input closes, one JSON line with, per
server, the requests answered and the most in flight at once, the first and last request's
arrival (``time.monotonic``, the same clock in every process) and this process's CPU seconds
(in all, and at the first request: its start-up).

    python benchmarks/sim_endpoints.py --count 4 --latency 0.3 --text 1
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import json
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Server:
    requests: int = 0
    connections: int = 0
    in_flight: int = 0
    max_in_flight: int = 0
    starts: list[float] = field(default_factory=list)
    ends: list[float] = field(default_factory=list)  # each answer's write
    # the client's CPU seconds at each arrival and answer (``--cpu-of``; else empty)
    start_cpu: list[float] = field(default_factory=list)
    end_cpu: list[float] = field(default_factory=list)


def _cpu_clock(pid: int | None) -> Callable[[], float] | None:
    """The CPU clock of process ``pid`` (all its threads, in ns steps; Linux, glibc), or
    ``None``."""
    if pid is None:
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    clock = ctypes.c_int()
    if libc.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return None
    return lambda: time.clock_gettime(clock.value)


class _Sim:
    def __init__(self, latency: float, text: str, cpu_of: int | None = None) -> None:
        self.latency = latency
        self.client_cpu = _cpu_clock(cpu_of)
        body = json.dumps({
            "id": "chatcmpl-sim",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": "sim",
            "choices": [{
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }],
            "usage": {"prompt_tokens": 11, "completion_tokens": 1, "total_tokens": 12},
        }).encode()  # fmt: skip
        self.answer = (
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        self.not_found = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
        self.first = asyncio.Event()

    async def serve(self, state: _Server, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> None:  # fmt: skip
        state.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line[:15].lower() == b"content-length:":
                        length = int(line[15:])
                if length:
                    await reader.readexactly(length)
                if b"/chat/completions" not in head.split(b"\r\n", 1)[0]:
                    writer.write(self.not_found)
                    continue
                state.requests += 1
                state.starts.append(time.monotonic())
                if self.client_cpu is not None:
                    state.start_cpu.append(self.client_cpu())
                self.first.set()
                state.in_flight += 1
                state.max_in_flight = max(state.max_in_flight, state.in_flight)
                try:
                    await asyncio.sleep(self.latency)
                finally:
                    state.in_flight -= 1
                writer.write(self.answer)
                state.ends.append(time.monotonic())
                if self.client_cpu is not None:
                    state.end_cpu.append(self.client_cpu())
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()


async def _main(
    count: int, latency: float, text: str, trace: str | None, cpu_of: int | None
) -> None:
    sim = _Sim(latency, text, cpu_of)
    states = [_Server() for _ in range(count)]
    servers = []
    for state in states:

        async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter,
                         state: _Server = state) -> None:  # fmt: skip
            await sim.serve(state, r, w)

        servers.append(await asyncio.start_server(handle, "127.0.0.1", 0, backlog=256))
    urls = [f"http://127.0.0.1:{s.sockets[0].getsockname()[1]}/v1" for s in servers]
    print(json.dumps({"urls": urls}), flush=True)

    startup: list[float] = []

    async def tell_first() -> None:
        await sim.first.wait()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        startup.append(usage.ru_utime + usage.ru_stime)
        print("first", flush=True)

    announcer = asyncio.ensure_future(tell_first())
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the benchmark closes it
    announcer.cancel()
    for server in servers:
        server.close()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    starts = [t for s in states for t in s.starts]
    if trace:
        with open(trace, "w", encoding="utf-8") as fh:
            json.dump([{"starts": s.starts, "ends": s.ends} for s in states], fh)
    print(json.dumps({
        "per_endpoint": [s.requests for s in states],
        "max_in_flight": [s.max_in_flight for s in states],
        "connections": [s.connections for s in states],
        "first": min(starts, default=None),
        "last": max(starts, default=None),
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "startup_cpu_s": startup[0] if startup else None,
        "in_flight_by_tenth": _in_flight_by_tenth(starts, latency),
        "slot_idle_ms": _slot_idle(states),
        "slot_idle_client_cpu_ms": _slot_idle(states, cpu=True),
    }), flush=True)  # fmt: skip


def _slot_idle(states: list[_Server], cpu: bool = False) -> dict[str, float]:
    """How long a server's slot stays empty after an answer before the next request takes it,
    over the servers that reached their cap (``max_in_flight``, the client's): the k-th
    request after the first ``cap`` waits for the (k - cap)-th answer.  The pairing is FIFO,
    so single gaps are approximate, but their mean is exact (a sum of arrivals minus a sum of
    answers).  With answers of a fixed latency L, the slots are busy L / (L + mean) of the
    time: what a client that answers a wave of answers late loses (``benchmarks/RESULTS.md``,
    session 14).  ``cpu``: the same gaps in the client's CPU seconds (``--cpu-of``), not
    wall seconds: what the client did before it sent the next request, which a loaded
    machine stretches less than the wall-clock gap."""
    gaps: list[float] = []
    for state in states:
        cap = state.max_in_flight
        starts, ends = (state.start_cpu, state.end_cpu) if cpu else (state.starts, state.ends)
        gaps += [start - ends[k - cap] for k, start in enumerate(starts) if cap <= k < len(starts)]
    if not gaps:
        return {}
    gaps.sort()

    def at(share: float) -> float:
        return round(1000 * gaps[int(share * (len(gaps) - 1))], 1)

    return {"mean": round(1000 * sum(gaps) / len(gaps), 1), "p50": at(0.5), "p90": at(0.9)}


def _in_flight_by_tenth(starts: list[float], latency: float) -> list[float]:
    """The mean requests in flight (all servers) over each tenth of the phase (first arrival
    to last answer): where a run loses rate -- its start, its steady state or its end."""
    if not starts:
        return []
    first, end = min(starts), max(starts) + latency
    tenth = (end - first) / 10
    busy = [0.0] * 10
    for start in starts:  # each request is in flight over [start, start + latency]
        for i in range(10):
            low, high = first + i * tenth, first + (i + 1) * tenth
            busy[i] += max(0.0, min(high, start + latency) - max(low, start))
    return [round(b / tenth, 1) for b in busy]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--text", default="1")
    parser.add_argument("--trace", help="write each request's arrival and answer, per server")
    parser.add_argument("--cpu-of", type=int, help="the client's pid: its CPU at each request")
    args = parser.parse_args()
    asyncio.run(_main(args.count, args.latency, args.text, args.trace, args.cpu_of))


if __name__ == "__main__":
    main()
