"""docref's model client alone (issue 15): ``--questions`` chat completions through
:class:`~docref.llm.router.RouterClient` (the real litellm Router) against ``--endpoints``
simulated endpoints (``sim_endpoints.py``, their own process), each capped at ``--cap`` in
flight, every answer after ``--latency`` s.

Prints, per endpoint count: questions per second (over the asking, after a warm-up of
``cap`` per endpoint), this process's CPU per question (user + system over the asking), the
requests the client sent per question (a refusal of a full endpoint counts), the most in
flight at each endpoint, and the load average.  No judge, prompts or cache: what litellm and
the client cost.

    python benchmarks/bench_router.py [--endpoints 1 4] [--questions 480] [--cap 8]
                                      [--strategy least-busy] [--rpm 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PYTHONPATH"):  # else the docref named there (before/after)
    sys.path.insert(0, os.path.join(REPO, "server"))
sys.path.insert(0, REPO)

from docref.config.endpoints import EndpointSpec, default_strategy  # noqa: E402
from docref.llm.endpoint import ModelSettings  # noqa: E402

try:
    from docref.llm.litellm_setup import load_litellm
except ImportError:  # a docref from before the split (before/after runs)
    from docref.llm.client import load_litellm  # type: ignore[attr-defined,no-redef]
from docref.llm.router import RouterClient  # noqa: E402

from benchmarks.bench_scale import Endpoints  # noqa: E402

MESSAGES = [
    {"role": "system", "content": "Answer 1 (yes) or 0 (no)."},
    {"role": "user", "content": "Does `scaled(alpha, beta)` return alpha plus beta? " * 8},
]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def _ask(client: RouterClient, warm_up: int, questions: int) -> tuple[float, float, int]:
    """``warm_up`` questions (the Router built, its HTTP clients made), then ``questions``:
    their CPU seconds, wall seconds and requests sent."""

    async def one() -> None:
        await client.complete(MESSAGES, max_tokens=5, temperature=0.0, top_p=1.0)

    await asyncio.gather(*(one() for _ in range(warm_up)))
    requests, cpu, began = client.stats.requests, _cpu(), time.monotonic()
    await asyncio.gather(*(one() for _ in range(questions)))
    done = (_cpu() - cpu, time.monotonic() - began, client.stats.requests - requests)
    await client.aclose()
    return done


def run(
    endpoints: int, questions: int, cap: int, latency: float, strategy: str | None, rpm: int | None
) -> dict[str, object]:
    sims = Endpoints(endpoints, latency, cpu_of=os.getpid())
    try:
        specs = tuple(EndpointSpec(api_base=url, max_concurrency=cap, rpm=rpm) for url in sims.urls)
        settings = ModelSettings(
            model="openai/bench-router",
            deployments=specs,
            max_concurrency=cap * endpoints,
            routing_strategy=strategy or default_strategy(specs),
            timeout_s=30,
        )
        client = RouterClient(settings)  # one, as in a docref process
        load_litellm()
        cpu, phase, requests = asyncio.run(_ask(client, cap * endpoints, questions))
    finally:
        sim = sims.stop()
    asked = sum(sim["per_endpoint"])
    return {
        "endpoints": endpoints,
        "strategy": settings.routing_strategy,
        "questions": questions,
        "qps": round(questions / phase, 2),
        "cpu_ms_per_question": round(1000 * cpu / questions, 2),
        "requests_per_question": round(requests / questions, 3),
        "at_endpoints": asked,
        "max_in_flight": sim["max_in_flight"],
        "connections": sim.get("connections"),
        # an endpoint slot's idle time after an answer, wall and in this process's CPU
        "slot_idle_ms": sim.get("slot_idle_ms"),
        "slot_idle_client_cpu_ms": sim.get("slot_idle_client_cpu_ms"),
        "load": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--endpoints", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--questions", type=int, default=480)
    parser.add_argument("--cap", type=int, default=8)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--strategy", help="the Router's routing_strategy (default: docref's)")
    parser.add_argument("--rpm", type=int, help="every endpoint's rpm (default: none)")
    args = parser.parse_args()
    started = time.strftime("%H:%M", time.gmtime())
    for n in args.endpoints:
        row = run(n, args.questions, args.cap, args.latency, args.strategy, args.rpm)
        print(json.dumps({"start": started, **row}), flush=True)


if __name__ == "__main__":
    main()
