"""``docref eval``: agreement of docref and other judges with human labels on a dataset.

Exit codes: 0 success; 2 bad usage or input (unreadable dataset, bad lines with
``--on-bad-line fail``, a model method without ``--model``, an explicitly requested metric
that is unavailable) or a method stopped by a model that cannot be used (what it finished is
still reported).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from docref.console.argtypes import positive_float, positive_int
from docref.console.progress import ProgressBar, progress_wanted
from docref.eval.datasets import DatasetError, FieldMap, load_dataset
from docref.eval.names import ALL_METHODS, LLM_METHODS, REFERENCE_METHODS

__all__ = ["add_eval_arguments", "add_eval_parser", "eval_command"]

DEFAULT_METHODS = (*REFERENCE_METHODS, "static")


class EtaBar(ProgressBar):
    """The CLI progress bar plus an estimate of the time left."""

    def render(self, width: int) -> str:
        text = super().render(width=10_000)
        elapsed = max(0.0, self._clock() - self._started)
        if 0 < self.done < self.total:
            text += f"  ETA {elapsed / self.done * (self.total - self.done):.0f} s"
        return text[: max(0, width)]


def parse_methods(text: str) -> list[str]:
    """``"rouge-1,static"`` -> ``["rouge-1", "static"]``, every name checked."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in ALL_METHODS:
            raise argparse.ArgumentTypeError(
                f"unknown method {name!r} (choose from: {', '.join(ALL_METHODS)})"
            )
    return names


def parse_weights(text: str) -> dict[str, float] | None:
    """``equal``, ``paper`` or ``C1=0.6,C2=1.2,...``."""
    from docref.core.score import PAPER_WEIGHTS, validate_weights

    if text == "equal":
        return None
    if text == "paper":
        return {c.value: w for c, w in PAPER_WEIGHTS.items()}
    weights: dict[str, float] = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        try:
            weights[key.strip().upper()] = float(value) if sep else float("nan")
        except ValueError:
            raise argparse.ArgumentTypeError(f"bad weight {part!r} (use C1=0.6,...)") from None
    try:
        checked = validate_weights(weights)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return {c.value: w for c, w in checked.items()}


def add_eval_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``docref eval`` (shared by ``python -m docref.eval``)."""
    parser.add_argument("dataset", help="JSON-lines dataset (ReFEree format by default)")
    parser.add_argument(
        "--method",
        action="append",
        type=parse_methods,
        default=None,
        metavar="NAME[,NAME]",
        help=f"methods to run (repeatable; default: {','.join(DEFAULT_METHODS)}); "
        f"all: {', '.join(ALL_METHODS)}",
    )
    data = parser.add_argument_group("dataset fields")
    defaults = FieldMap()
    for flag, attr, what in (
        ("--code-field", "code", "the code"),
        ("--info-field", "info", "the rendered related information"),
        ("--summary-field", "summary", "the summary to judge"),
        ("--reference-field", "reference", "the reference summary"),
        ("--label-field", "label", "the human label"),
        ("--id-field", "ident", "the item id"),
        ("--segments-field", "segments", "optional segment labels"),
    ):
        default = getattr(defaults, attr)
        data.add_argument(flag, default=default, help=f"field of {what} (default {default})")
    data.add_argument("--label-min", type=float, default=1.0, help="lowest valid label (1)")
    data.add_argument("--label-max", type=float, default=5.0, help="highest valid label (5)")
    data.add_argument(
        "--on-bad-line",
        choices=("skip", "fail"),
        default="skip",
        help="a line that cannot be used: skip it with a message (default) or stop (exit 2)",
    )
    data.add_argument("--language", choices=("java", "python"), default="java")
    data.add_argument("--limit", type=positive_int, default=None, help="first N items only")

    how = parser.add_argument_group("methods")
    how.add_argument(
        "--context",
        choices=("none", "dataset", "graph"),
        default="dataset",
        help="related information for model methods: none (w/o-info ablation), "
        "dataset (the item's rendered information, default) or graph (docref's "
        "own 1-hop context from --repo-root)",
    )
    how.add_argument("--repo-root", help="checkout of the items' repositories (--context graph)")
    how.add_argument(
        "--profile",
        choices=("paper", "referee-ver4"),
        default="paper",
        help="referee prompt profile (default paper)",
    )
    how.add_argument(
        "--weights",
        type=parse_weights,
        default=None,
        metavar="equal|paper|C1=..",
        help="referee/static score weights (default equal)",
    )
    how.add_argument("--rounds", type=positive_int, default=1, help="coderpe rounds averaged")
    how.add_argument(
        "--coderpe-form",
        choices=("paper", "score", "analyze"),
        default="paper",
        help="paper: analyze-rate for relevance, score-only otherwise",
    )
    how.add_argument(
        "--with-reference", action="store_true", help="ask-llm: show the reference summary too"
    )
    how.add_argument(
        "--rouge-stemmer",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="ROUGE with Porter stemming (default on: the ReFEree method's released "
        "configuration, which gives the paper's Java row); --no-rouge-stemmer for the "
        "rouge-score library's default",
    )

    llm = parser.add_argument_group("model (for referee and the LLM judges)")
    llm.add_argument("--model", help="litellm model id, e.g. openai/gpt-4.1-mini")
    llm.add_argument("--api-base", help="endpoint URL, e.g. http://127.0.0.1:8080/v1")
    llm.add_argument("--api-key-env", metavar="NAME", help="variable holding the API key")
    llm.add_argument(
        "--timeout",
        type=positive_float,
        default=30.0,
        metavar="S",
        help="seconds per model call (default 30)",
    )
    llm.add_argument(
        "--max-concurrency",
        type=positive_int,
        default=16,
        metavar="N",
        help="model calls in flight (default 16)",
    )
    llm.add_argument("--local-only", action="store_true", help="refuse non-loopback endpoints")
    llm.add_argument(
        "--no-llm-cache",
        action="store_true",
        help="referee: do not read or write cached model answers",
    )

    out = parser.add_argument_group("run and output")
    out.add_argument(
        "--concurrency",
        type=positive_int,
        default=4,
        help="items judged at once per method (default 4)",
    )
    out.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    out.add_argument(
        "--bootstrap",
        type=int,
        default=1000,
        metavar="N",
        help="bootstrap resamples for CI95 (default 1000; 0 = none)",
    )
    out.add_argument("--json", action="store_true", help="machine-readable output")
    out.add_argument("--plot", metavar="FILE.png", help="score-vs-label plot per method")
    out.add_argument(
        "--no-cache", action="store_true", help="neither read nor write cached per-item results"
    )
    out.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_eval_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``docref eval`` on the ``docref`` subcommand parser ``sub``."""
    parser = sub.add_parser(
        "eval",
        help="agreement of docref and other judges with human labels on a dataset",
        description="Correlations (Pearson, Spearman, Kendall tau-b) of each method's "
        "scores with the dataset's labels, as in the ReFEree paper.",
    )
    add_eval_arguments(parser)
    parser.set_defaults(func=eval_command)


def _err(message: str) -> None:
    print(f"docref: {message}", file=sys.stderr)


def _missing_extras(*, plot: bool) -> list[str]:
    import importlib.util

    wanted = ["numpy", "scipy"] + (["matplotlib"] if plot else [])
    return [name for name in wanted if importlib.util.find_spec(name) is None]


def eval_command(args: argparse.Namespace) -> int:
    """Run ``docref eval`` with parsed ``args``; the exit code."""
    from docref.eval.methods import EvalOptions, Method, MetricUnavailable, build_method
    from docref.eval.output import format_table, plot_scores, summarise
    from docref.eval.runner import MethodRun, run_methods
    from docref.llm.endpoint import ModelSettings
    from docref.llm.extra import llm_extra_missing

    missing = _missing_extras(plot=bool(args.plot))
    if missing:
        _err(
            f"docref eval needs {', '.join(missing)}: install the eval extra "
            "(pip install 'docref[eval]')"
        )
        return 2
    explicit = args.method is not None
    names = list(dict.fromkeys(n for group in (args.method or [DEFAULT_METHODS]) for n in group))
    fields = FieldMap(
        code=args.code_field,
        info=args.info_field,
        summary=args.summary_field,
        reference=args.reference_field,
        label=args.label_field,
        ident=args.id_field,
        segments=args.segments_field,
    )
    needs_reference = any(n in REFERENCE_METHODS for n in names) or args.with_reference
    try:
        dataset = load_dataset(
            args.dataset,
            fields,
            on_error=args.on_bad_line,
            needs_reference=needs_reference,
            label_range=(args.label_min, args.label_max),
        )
    except DatasetError as exc:
        _err(str(exc))
        return 2
    for problem in dataset.problems[:20]:
        _err(f"{dataset.path}: skipped {problem}")
    if len(dataset.problems) > 20:
        _err(f"{dataset.path}: ... {len(dataset.problems) - 20} more line(s) skipped")
    items = dataset.items[: args.limit] if args.limit else dataset.items

    model = None
    if any(n in LLM_METHODS for n in names):
        if not args.model:
            _err(f"methods {', '.join(n for n in names if n in LLM_METHODS)} need --model")
            return 2
        if (no_llm := llm_extra_missing()) is not None:
            _err(f"error: {no_llm}")
            return 2
        try:
            model = ModelSettings(
                model=args.model,
                api_base=args.api_base,
                api_key_env=args.api_key_env,
                timeout_s=args.timeout,
                max_concurrency=args.max_concurrency,
                local_only=args.local_only,
            )
        except ValueError as exc:
            _err(str(exc))
            return 2
    options = EvalOptions(
        language=args.language,
        context=args.context,
        profile=args.profile,
        weights=args.weights,
        rounds=args.rounds,
        coderpe_form=args.coderpe_form,
        with_reference=args.with_reference,
        rouge_stemmer=args.rouge_stemmer,
        repo_root=args.repo_root,
        model=model,
        llm_cache=not args.no_llm_cache,
    )
    methods: list[Method] = []
    unavailable: dict[str, str] = {}
    for name in names:
        try:
            methods.append(build_method(name, options))
        except MetricUnavailable as exc:
            unavailable[name] = f"unavailable: {exc}"
            _err(f"{name}: unavailable: {exc}")
        except ValueError as exc:
            _err(f"{name}: {exc}")
            return 2
    if model is not None:
        from docref.llm.client import ModelClient
        from docref.llm.errors import ModelRefused

        try:
            endpoint = ModelClient(model).check_allowed()
        except ModelRefused as exc:
            _err(str(exc))
            return 2
        _err(f"model endpoint: {endpoint.describe()}")

    bar = EtaBar(
        len(methods) * len(items),
        label="evaluating",
        unit="items",
        enabled=not args.no_progress and progress_wanted(sys.stderr),
    )
    started = time.perf_counter()
    with bar:
        runs = run_methods(
            methods,
            items,
            use_cache=not args.no_cache,
            concurrency=args.concurrency,
            advance=bar.advance,
        )
    runs += [MethodRun(n, {}, [None] * len(items), error=why) for n, why in unavailable.items()]
    order = {n: i for i, n in enumerate(names)}
    runs.sort(key=lambda r: order[r.method])
    summary = summarise(dataset, items, runs, resamples=max(0, args.bootstrap), seed=args.seed)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        sys.stdout.write(format_table(summary))
    if args.plot:
        try:
            plot_scores(summary, args.plot)
        except OSError as exc:
            _err(f"cannot write the plot {args.plot}: {exc}")
            return 2
    failed = [r for r in runs if r.fatal]
    for run in failed:
        _err(f"{run.method}: stopped after {run.done} of {len(items)} items: {run.fatal}")
    if failed or (explicit and unavailable):
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m docref.eval``: the same as ``docref eval``."""
    import logging

    parser = argparse.ArgumentParser(
        prog="docref eval",
        description="Agreement of docref and other judges with human labels on a dataset.",
    )
    add_eval_arguments(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="docref: %(message)s")
    try:
        return eval_command(args)
    except KeyboardInterrupt:
        return 130
