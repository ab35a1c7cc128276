"""``docref roundtrip PATH::QUALNAME``: the command line of round-trip verification.

Exit codes: 0 a score was computed (whatever it is); 2 no score -- a usage or configuration
error, an unknown function, no docstring, no tests, tests that do not pass on the original
code (or need a module that is not installed), a model that could not be used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from docref.config.root import ROOT_HELP
from docref.console.argtypes import existing_target, positive_float, positive_int

__all__ = ["add_roundtrip_parser", "roundtrip_command"]


def parse_ks(text: str) -> tuple[int, ...]:
    """``"1,3"`` -> ``(1, 3)`` (argparse type).

    Args:
        text (str): Comma-separated positive integers.

    Returns:
        tuple[int, ...]: The values, sorted, without duplicates.

    Raises:
        ArgumentTypeError: When an item is not a positive integer.
    """
    try:
        values = {int(t) for t in text.split(",") if t.strip()}
    except ValueError:
        values = set()
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected k values like 1,3 (positive), got {text!r}")
    return tuple(sorted(values))


def add_roundtrip_parser(sub: Any) -> None:
    """Register ``roundtrip`` on the ``docref`` sub-command parsers.

    Args:
        sub (Any): The object ``ArgumentParser.add_subparsers()`` returned.
    """
    rt = sub.add_parser(
        "roundtrip",
        help="regenerate a function's body from its docstring and run its tests (pass@k, "
        "forward lift)",
        description="A model rebuilds the body from the docstring and file context; the "
        "project's tests judge each candidate in a temporary copy of the project.",
    )
    rt.add_argument("target", metavar="PATH::QUALNAME", help="e.g. pkg/calc.py::Calc.add")
    rt.add_argument(
        "--samples", type=positive_int, default=5, metavar="M", help="candidates (default 5)"
    )
    rt.add_argument(
        "--k",
        type=parse_ks,
        default=None,
        metavar="1,3",
        help="pass@k to report (default: 1 and 3, those not above --samples)",
    )
    rt.add_argument(
        "--tests",
        metavar="PATTERN",
        help="tests to run instead of the ones found: globs, files, folders or node ids, "
        "comma-separated (root-relative)",
    )
    rt.add_argument("--json", action="store_true", help="machine-readable output")
    rt.add_argument("--root", help=ROOT_HELP)
    rt.add_argument(
        "--python",
        metavar="EXE",
        help="interpreter for the tests (default: the project's .venv/venv, else docref's own)",
    )
    rt.add_argument(
        "--test-timeout",
        type=positive_float,
        default=60.0,
        metavar="S",
        help="seconds per test run before its processes are killed (default 60)",
    )
    rt.add_argument(
        "--jobs", type=positive_int, default=None, metavar="N", help="test runs at once"
    )
    rt.add_argument("--no-cache", action="store_true", help="do not use the index cache")
    model = rt.add_argument_group("model (as in docref check)")
    model.add_argument("--model", help="litellm model id (default: model = ... in settings)")
    model.add_argument("--api-base", help="endpoint URL, e.g. http://127.0.0.1:8080/v1")
    model.add_argument("--api-key-env", metavar="NAME", help="variable holding the API key")
    model.add_argument(
        "--timeout", type=positive_float, default=None, metavar="S", help="seconds per call"
    )
    model.add_argument(
        "--max-concurrency",
        type=positive_int,
        default=None,
        metavar="N",
        help="model calls in flight (default 16)",
    )
    model.add_argument(
        "--local-only", action="store_true", help="refuse a model endpoint off this machine"
    )
    model.add_argument(
        "--no-llm-cache", action="store_true", help="do not read or write cached answers"
    )
    rt.set_defaults(func=roundtrip_command)


def _error(message: str) -> None:
    print(f"docref: error: {message}", file=sys.stderr)


def roundtrip_command(args: argparse.Namespace) -> int:
    """Run ``docref roundtrip`` for parsed ``args``; print the result; return the exit code.

    Args:
        args (argparse.Namespace): From the parser :func:`add_roundtrip_parser` registers.

    Returns:
        int: 0 when a score was computed, 2 otherwise.
    """
    try:
        path, qualname = existing_target(args.target)
    except ValueError as exc:
        _error(str(exc))
        return 2
    from docref.config import ConfigError, load_settings
    from docref.config.root import find_root
    from docref.llm.client import ModelClient
    from docref.llm.endpoint import ModelSettings
    from docref.llm.errors import ModelRefused
    from docref.llm.extra import llm_extra_missing

    root = os.path.abspath(args.root) if args.root else find_root(path)
    try:
        settings = load_settings(root).override(
            model=args.model,
            api_base=args.api_base,
            api_key_env=args.api_key_env,
            timeout=args.timeout,
            concurrency=args.max_concurrency,
            local_only=True if args.local_only else None,
        )
    except ConfigError as exc:
        _error(str(exc))
        return 2
    if not settings.model:
        _error("round-trip verification needs a model: --model M, or model = ... in [tool.docref]")
        return 2
    if (no_llm := llm_extra_missing()) is not None:
        _error(no_llm)
        return 2
    client = ModelClient(
        ModelSettings(
            model=settings.model,
            api_base=settings.api_base,
            api_key_env=settings.api_key_env,
            timeout_s=settings.timeout,
            max_concurrency=settings.concurrency,
            local_only=settings.local_only,
        )
    )
    try:
        print(f"docref: model endpoint: {client.check_allowed().describe()}", file=sys.stderr)
    except ModelRefused as exc:
        _error(str(exc))
        return 2
    import asyncio

    ks = args.k or tuple(k for k in (1, 3) if k <= args.samples)
    return asyncio.run(_run(args, root, path, qualname, ks, client))


async def _run(
    args: argparse.Namespace,
    root: str,
    path: str,
    qualname: str,
    ks: tuple[int, ...],
    client: Any,
) -> int:
    import asyncio

    from docref.graph.project import ProjectGraph
    from docref.roundtrip.engine import RoundtripRequest, run_roundtrip
    from docref.roundtrip.generate import AnswerStore
    from docref.roundtrip.result import RoundtripError

    request = RoundtripRequest(
        path=path,
        qualname=qualname,
        root=root,
        samples=args.samples,
        ks=ks,
        tests=args.tests,
        python=args.python,
        test_timeout=args.test_timeout,
        jobs=args.jobs,
    )
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    store = None if args.no_llm_cache else await asyncio.to_thread(AnswerStore.open)
    progress = _Progress() if sys.stderr.isatty() and not args.json else None
    try:
        await asyncio.to_thread(graph.index)
        result = await run_roundtrip(
            request, client=client, graph=graph, store=store, progress=progress
        )
    except RoundtripError as exc:
        if progress is not None:
            progress.clear()
        _error(str(exc))
        if exc.suggestions:
            print("did you mean: " + ", ".join(exc.suggestions), file=sys.stderr)
        if args.json:
            print(json.dumps({"qualname": qualname, "error": str(exc), "tests": []}, indent=2))
        return 2
    finally:
        graph.close()
        if store is not None:
            store.close()
        await client.aclose()
    if progress is not None:
        progress.clear()
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        sys.stdout.write(result.render_text())
    if result.error is not None:
        _error(result.error)
        return 2
    return 0


class _Progress:
    """A one-line progress display on a terminal's stderr."""

    def __call__(self, done: int, total: int, message: str) -> None:
        sys.stderr.write(f"\r\033[K[{done}/{total}] {message}"[:120])
        sys.stderr.flush()

    def clear(self) -> None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()
