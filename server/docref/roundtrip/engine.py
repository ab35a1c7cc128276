"""`run_roundtrip`: regenerate a function's body from its docstring and let its tests judge.

The library entry point the CLI and the language server share. It is a coroutine: cancel
the task to stop a run (model requests are abandoned, test processes killed, the temporary
copy removed), and pass ``progress`` to hear ``(done, total, message)`` as work completes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import sys
import time
import tokenize
from collections.abc import Callable
from dataclasses import dataclass

from docref.context.build import ContextError, find_function
from docref.graph.project import ProjectGraph
from docref.llm.client import ModelClient
from docref.llm.errors import ModelError
from docref.llm.litellm_setup import load_litellm
from docref.roundtrip.discovery import TestSelectionError, find_tests, select_tests
from docref.roundtrip.estimator import pass_at_ks
from docref.roundtrip.filecontext import FileContext, NotRebuildable, file_context
from docref.roundtrip.generate import (
    Answer,
    AnswerStore,
    Request,
    Sampling,
    cache_key,
    generate,
    messages,
)
from docref.roundtrip.parsing import parse_answer
from docref.roundtrip.result import Candidate, RoundtripError, RoundtripResult, VariantScore
from docref.roundtrip.sandbox import SandboxError, TestRun, Workspace, network_namespace

__all__ = ["Progress", "RoundtripRequest", "run_roundtrip"]

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True, slots=True)
class RoundtripRequest:
    """What to verify and how.

    ``path`` is the file (absolute, or relative to the working directory), ``qualname`` the
    dotted function name in it; ``root`` the project root (default: ``graph.root`` or the
    file's folder); ``tests`` a ``--tests`` pattern overriding discovery; ``python`` the
    interpreter that runs pytest (default: the project's ``.venv``/``venv`` if it has one,
    else docref's own); ``test_timeout`` seconds per pytest run; ``jobs`` test runs at once;
    ``docstring`` a docstring literal (quotes included) the model sees instead of the one in
    the file (to judge a rewrite before it is applied); ``lift`` whether to sample the
    uninformative-docstring variant too (the forward lift).
    """

    path: str
    qualname: str
    root: str | None = None
    samples: int = 5
    ks: tuple[int, ...] = (1,)
    tests: str | None = None
    python: str | None = None
    test_timeout: float = 60.0
    jobs: int | None = None
    docstring: str | None = None
    lift: bool = True


def project_python(root: str) -> str:
    """The interpreter of the project's own virtual environment, else docref's.

    Args:
        root (str): The project root.

    Returns:
        str: A path to a Python executable.
    """
    for name in (".venv", "venv", "env"):
        venv = os.path.join(root, name)
        for exe in ("bin/python", "Scripts/python.exe"):
            candidate = os.path.join(venv, exe)
            if os.path.isfile(os.path.join(venv, "pyvenv.cfg")) and os.path.isfile(candidate):
                return candidate
    return sys.executable


def _encoding(data: bytes) -> str:
    try:
        return tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError:
        return "utf-8"


def _baseline_error(run: TestRun, python: str) -> str:
    if run.missing_module:
        return (
            f"the tests need the module {run.missing_module!r}, which is not installed for "
            f"{python}: install the project's test dependencies there, or pass --python"
        )
    return f"tests do not pass on the original code: {run.reason}"


class _Run:
    """State of one run: counters for progress, the test-result memo, the outcome."""

    def __init__(
        self,
        request: RoundtripRequest,
        ctx: FileContext,
        graph: ProjectGraph,
        result: RoundtripResult,
        progress: Progress | None,
    ) -> None:
        self.request = request
        self.ctx = ctx
        self.graph = graph
        self.result = result
        self.progress = progress
        self.total = 1 + 4 * request.samples
        self.done = 0
        self.memo: dict[str, asyncio.Task[TestRun]] = {}
        self.gate = asyncio.Semaphore(request.jobs or max(1, min(4, os.cpu_count() or 1)))

    def step(self, message: str) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total, message)

    async def tests(self, ws: Workspace, data: bytes) -> TestRun:
        async with self.gate:
            run = await asyncio.to_thread(ws.run_dir, self.ctx.relpath, data)
            return await ws.pytest(
                run,
                self.result.tests,
                python=self.result.python,
                timeout=self.request.test_timeout,
                modules=list(self.graph.modules.names_of.get(self.ctx.relpath, [])),
            )

    async def evaluate(self, ws: Workspace, text: str, encoding: str, answer: Answer) -> None:
        cand = Candidate(answer.variant, answer.index, "model_error", cached=answer.cached)
        self.result.candidates.append(cand)
        self.step(f"answer {answer.variant} #{answer.index + 1}")
        if answer.text is None:
            cand.reason = answer.error or "no answer"
            self.step("no answer")
            return
        parsed = parse_answer(answer.text, name=self.ctx.name, is_async=self.ctx.is_async)
        cand.notes, cand.code = parsed.notes, parsed.code
        if parsed.code is None:
            cand.status, cand.reason = "rejected", parsed.reason or "not a function body"
            self.step("rejected")
            return
        try:
            data = self.ctx.splice(text, parsed.code).encode(encoding)
        except UnicodeEncodeError as exc:
            cand.status, cand.reason = "rejected", f"cannot be written as {encoding}: {exc}"
            self.step("rejected")
            return
        task = self.memo.get(parsed.code)
        if task is None:  # identical bodies are tested once
            task = asyncio.ensure_future(self.tests(ws, data))
            self.memo[parsed.code] = task
        outcome = await task
        cand.status, cand.reason = outcome.status, outcome.reason
        self.step(f"tested {answer.variant} #{answer.index + 1}: {outcome.status}")


def _score(result: RoundtripResult, variant: str, ks: list[int]) -> VariantScore:
    counted = [c for c in result.candidates if c.variant == variant and c.status != "model_error"]
    passed = sum(1 for c in counted if c.status == "passed")
    return VariantScore(len(counted), passed, pass_at_ks(len(counted), passed, ks))


async def run_roundtrip(
    request: RoundtripRequest,
    *,
    client: ModelClient,
    graph: ProjectGraph | None = None,
    store: AnswerStore | None = None,
    progress: Progress | None = None,
) -> RoundtripResult:
    """Verify that ``request.qualname``'s docstring carries enough to rebuild its body.

    Finds the function in the project graph, selects its tests, checks that they pass on the
    original code, asks ``client`` for ``samples`` bodies with the docstring and as many with
    "TODO: Implement." (forward lift), runs the tests on each candidate in a temporary copy,
    and reports c/m and pass@k. The user's files are only read.

    Args:
        request (RoundtripRequest): What to verify.
        client (ModelClient): The model (its settings say where calls go).
        graph (ProjectGraph | None): An indexed graph to use (the language server's); by
            default the project at ``request.root`` is indexed.
        store (AnswerStore | None): The answer cache, or ``None`` for no caching.
        progress (Progress | None): Called with ``(done, total, message)``.

    Returns:
        RoundtripResult: The scores, or ``error`` set (no score) for tests that do not pass
        on the original code.

    Raises:
        RoundtripError: When there is nothing to score: unknown function, no docstring, no
            tests, a project that cannot be copied, a model that cannot be used.
    """
    started = time.monotonic()
    path = os.path.abspath(request.path)
    own_graph = graph is None
    if graph is None:
        graph = ProjectGraph(request.root or os.path.dirname(path))
        await asyncio.to_thread(graph.index)
    try:
        return await _run(request, client, graph, store, progress, path, started)
    finally:
        if own_graph:
            graph.close()


async def _run(
    request: RoundtripRequest,
    client: ModelClient,
    graph: ProjectGraph,
    store: AnswerStore | None,
    progress: Progress | None,
    path: str,
    started: float,
) -> RoundtripResult:
    try:
        fe, fn = find_function(graph, path, request.qualname)
        text = graph.source(path)
        ctx = file_context(fe, fn, text)
        if request.docstring is not None:
            ctx = dataclasses.replace(ctx, docstring=request.docstring)
    except ContextError as exc:
        raise RoundtripError(str(exc), exc.suggestions) from None
    except NotRebuildable as exc:
        raise RoundtripError(str(exc)) from None
    ks = sorted(set(request.ks))
    result = RoundtripResult(request.qualname, ctx.relpath, request.samples, ks)
    result.model = client.settings.model
    result.python = request.python or project_python(graph.root)
    try:
        if request.tests:
            result.tests, result.tests_how = select_tests(graph.root, request.tests), "given"
        else:
            result.tests, result.tests_how = find_tests(graph, ctx.relpath, fn.qualname), "found"
    except TestSelectionError as exc:
        raise RoundtripError(str(exc)) from None
    if not result.tests:
        raise RoundtripError(
            f"no tests exercise {ctx.relpath}::{fn.qualname}: no test file (test_*.py, "
            "*_test.py) imports and uses it; name them with --tests PATTERN"
        )
    result.warnings.extend(
        f"pass@{k} needs at least {k} samples (got {request.samples}): reported as null"
        for k in ks
        if k > request.samples
    )
    result.network_namespace = await asyncio.to_thread(network_namespace)
    run = _Run(request, ctx, graph, result, progress)
    # litellm takes seconds to import: load it while the baseline runs, not after
    warm = asyncio.ensure_future(asyncio.to_thread(load_litellm))
    # not awaited when the baseline fails: retrieve its outcome so nothing is logged as lost
    warm.add_done_callback(lambda f: None if f.cancelled() else f.exception())
    ws = Workspace(graph.root)
    try:
        try:
            await asyncio.to_thread(ws.snapshot)
        except SandboxError as exc:
            raise RoundtripError(str(exc)) from None
        encoding = _encoding(await asyncio.to_thread(ws.read_snapshot, ctx.relpath))
        baseline = await run.tests(ws, text.encode(encoding, "surrogateescape"))
        run.step(f"baseline: {baseline.status}")
        if baseline.status != "passed":
            result.error = _baseline_error(baseline, result.python)
        else:
            result.baseline_passed = True
            await warm
            await _candidates(run, client, store, ws, text, encoding)
    finally:
        await asyncio.shield(asyncio.to_thread(ws.remove))
    result.candidates.sort(key=lambda c: (c.variant != "doc", c.index))
    result.doc, result.lift = _score(result, "doc", ks), _score(result, "lift", ks)
    if result.error is None and result.doc.samples == 0:
        first = next((c.reason for c in result.candidates if c.reason), "no answers")
        result.error = f"the model gave no usable answer: {first}"
    result.seconds = time.monotonic() - started
    return result


async def _candidates(
    run: _Run,
    client: ModelClient,
    store: AnswerStore | None,
    ws: Workspace,
    text: str,
    encoding: str,
) -> None:
    ctx, result, request = run.ctx, run.result, run.request
    sampling = Sampling.for_samples(request.samples)
    requests: list[Request] = []
    variants = (("doc", False), ("lift", True)) if request.lift else (("doc", False),)
    for variant, lift in variants:
        rendered = ctx.render(lift=lift)
        prompt = messages(rendered, ctx.relpath, ctx.qualname)
        doc = "TODO: Implement." if lift else ctx.docstring
        for i in range(request.samples):
            key = cache_key(client, variant, doc, rendered, result.tests, sampling, i)
            requests.append(Request(variant, i, prompt, key))
    try:
        result.endpoint = client.check_allowed().describe()
        async with asyncio.TaskGroup() as group:

            def on_answer(answer: Answer) -> None:
                result.cache_hits += answer.cached
                result.model_calls += not answer.cached
                group.create_task(run.evaluate(ws, text, encoding, answer))

            await generate(client, requests, sampling, store, on_answer)
    except ModelError as exc:
        raise RoundtripError(f"the model could not be used: {exc}") from None
    except ExceptionGroup as failed:
        inner = failed.exceptions[0]
        if isinstance(inner, ModelError):
            raise RoundtripError(f"the model could not be used: {inner}") from None
        raise inner from None
