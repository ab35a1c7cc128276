"""How ``docref.engine.model_pool``'s hand-out of batches schedules, without CPU or a model:
``--processes`` processes, each with its share of ``--endpoints`` x ``--cap`` slots, ask the
batches they are handed (every question one ``--latency`` in a slot, a batch's turnaround
``--overhead``), with the real ``_Handout`` of the docref on ``sys.path`` (run it with
``PYTHONPATH=<checkout>/server`` for another one: before/after).  Prints the request phase
(first question to last answer) against the ideal (questions x latency / slots), and how long
the processes finished apart.  Time runs ``--scale`` times faster than stated.

    python benchmarks/sim_handout.py [--questions 8000] [--max-calls 960]
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import time
from dataclasses import dataclass
from typing import Any

from docref.config.endpoints import EndpointSpec
from docref.config.settings import Settings
from docref.engine import model_pool
from docref.engine.outcome import ModelOutcome, Usage


@dataclass
class _Job:  # what the hand-out looks at: the segments (one sentence each here)
    segments: tuple[int, ...] = (1,)


async def simulate(args: argparse.Namespace) -> dict[str, Any]:
    scale = args.scale
    latency, overhead = args.latency / scale, args.overhead / scale
    specs = tuple(EndpointSpec(api_base=f"http://127.0.0.1:{i}/v1", max_concurrency=args.cap)
                  for i in range(args.endpoints))  # fmt: skip
    settings = Settings(model="openai/sim", endpoints=specs, max_calls=args.max_calls)
    jobs = [_Job() for _ in range(args.questions // len(settings.criteria))]
    new = "parts" in inspect.signature(model_pool._Handout).parameters
    if new:
        handout: Any = model_pool._Handout(jobs, settings, args.max_calls, args.processes)  # type: ignore[arg-type]
    else:
        batches = model_pool._batches(jobs, settings, args.processes)  # type: ignore[attr-defined]
        handout = model_pool._Handout(batches, settings, args.max_calls)
    slots = [asyncio.Semaphore(args.endpoints * args.cap // args.processes)
             for _ in range(args.processes)]  # fmt: skip
    times: list[float] = []
    ends = [0.0] * args.processes

    async def ask(process: int, batch: list[_Job], give: int | None) -> ModelOutcome:
        await asyncio.sleep(overhead)
        questions = len(batch) * len(settings.criteria)
        asked = questions if give is None else min(give, questions)

        async def one() -> None:
            async with slots[process]:
                times.append(time.monotonic())
                await asyncio.sleep(latency)
                times.append(time.monotonic())

        await asyncio.gather(*(one() for _ in range(asked)))
        if asked:
            ends[process] = time.monotonic()
        outcome = ModelOutcome("m", "e")
        outcome.usage = Usage(calls=asked)
        return outcome

    async def worker(process: int) -> None:
        while True:
            item = handout.take(process) if new else handout.take()
            if item is None:
                if new and handout.wait_for_more:
                    await handout.changed.wait()
                    continue
                return
            number, batch, give = item
            handout.done(number, process, await ask(process, batch, give))

    await asyncio.gather(*(worker(p) for p in range(args.processes)
                           for _ in range(model_pool.AHEAD)))  # fmt: skip
    asked = len(times) // 2
    phase = (max(times) - min(times)) * scale
    ideal = asked * args.latency / (args.endpoints * args.cap)
    spread = (max(ends) - min(ends)) * scale
    return {"handout": "new" if new else "old", "asked": asked, "phase_s": round(phase, 2),
            "ideal_s": round(ideal, 2), "of_ideal": round(ideal / phase, 3),
            "processes_finished_apart_s": round(spread, 2)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=int, default=8000)
    parser.add_argument("--max-calls", type=int, default=960)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--endpoints", type=int, default=4)
    parser.add_argument("--cap", type=int, default=8)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--overhead", type=float, default=0.02)
    parser.add_argument("--scale", type=float, default=10.0)
    args = parser.parse_args()
    if args.max_calls <= 0:
        args.max_calls = None
    print(json.dumps({**vars(args), **asyncio.run(simulate(args))}))


if __name__ == "__main__":
    main()
