"""Reference metrics and the static tier on a ReFEree-format dataset (``docref eval``'s
model-free methods), plus the ROUGE stemming check behind the default.

    python benchmarks/eval_reference.py                      # the dev file, 83 items
    python benchmarks/eval_reference.py --dataset FULL.jsonl # the full Java benchmark

Prints the table ``docref eval`` prints and writes the ``--json`` document (plus timings and
the ROUGE rows without stemming, ``--no-rouge-stemmer``) to
``benchmarks/out/eval_reference.json``.  Per-item results are not cached (``--no-cache``
semantics) so the timings are real.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

from docref.eval.datasets import load_dataset
from docref.eval.methods import EvalOptions, Method, MetricUnavailable, build_method
from docref.eval.output import format_table, summarise
from docref.eval.runner import MethodRun, run_methods

REPO = Path(__file__).resolve().parents[1]
DEV = Path(os.environ.get("DOCREF_SHARED_DIR") or REPO.parent / "shared") / "data"
METHODS = ("rouge-1", "rouge-2", "rouge-l", "bleu", "meteor", "static")
PAPER_JAVA_ROUGE = {  # Table 2, Java row: pearson / spearman / kendall
    "rouge-1": (0.201, 0.186, 0.140),
    "rouge-2": (0.194, 0.176, 0.137),
    "rouge-l": (0.202, 0.178, 0.137),
}


def _run(dataset_path: str, stemmer: bool, names: tuple[str, ...], seed: int) -> dict:
    dataset = load_dataset(dataset_path, needs_reference=True)
    options = EvalOptions(rouge_stemmer=stemmer)
    methods: list[Method] = []
    unavailable: list[MethodRun] = []
    for name in names:
        try:
            methods.append(build_method(name, options))
        except MetricUnavailable as exc:
            print(f"{name}: unavailable: {exc}", file=sys.stderr)
            unavailable.append(
                MethodRun(name, {}, [None] * len(dataset.items), error=f"unavailable: {exc}")
            )
    started = time.perf_counter()
    runs = run_methods(methods, dataset.items, use_cache=False) + unavailable
    seconds = time.perf_counter() - started
    summary = summarise(dataset, dataset.items, runs, resamples=1000, seed=seed)
    summary["seconds"] = round(seconds, 3)
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default=str(DEV / "referee-java-dev.jsonl"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(REPO / "benchmarks" / "out" / "eval_reference.json"))
    args = parser.parse_args()
    summary = _run(args.dataset, True, METHODS, args.seed)  # docref eval's default: stemming
    sys.stdout.write(format_table(summary))
    plain = _run(args.dataset, False, ("rouge-1", "rouge-2", "rouge-l"), args.seed)
    print("\nROUGE without stemming (--no-rouge-stemmer), for comparison:")
    sys.stdout.write(format_table(plain).split("\n", 1)[1])
    print("\npaper, Java row (full 230-item benchmark): pearson / spearman / kendall")
    for name, (p, s, k) in PAPER_JAVA_ROUGE.items():
        print(f"  {name}: {p:.3f} / {s:.3f} / {k:.3f}")
    summary["rouge_unstemmed"] = plain["methods"]
    summary["machine"] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(summary, indent=2))
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
