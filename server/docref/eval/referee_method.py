"""The ``referee`` method: docref's LLM tier on a dataset item, scored as in REFEREE.md.

The summary is split with plain English Punkt (:func:`~docref.segments.segment_prose`, the
paper's segmentation; a dataset with segment labels gives its own segments instead), and
every (segment, criterion) question goes through the engine's model tier
(:class:`~docref.engine.model.ModelTier`) -- the same prompts, strict parsing, retry of
unparseable answers, answer cache and usage accounting as ``docref check``.  Related
information per ``--context``: ``none`` (the paper's w/o-info ablation), ``dataset`` (the
item's rendered information) or ``graph`` (docref's own 1-hop context, built from a local
checkout of the item's repository under ``--repo-root``).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from docref.checks.llm.prompts import PROMPT_VERSION, Profile, validate_profile
from docref.core.findings import Criterion, Verdict
from docref.core.score import score_docstring
from docref.engine.model import ModelJob, ModelSetupError, ModelTier
from docref.eval.datasets import Item
from docref.eval.methods import EvalOptions, ItemResult, Method, MethodFatal
from docref.graph.model import Language
from docref.llm.endpoint import ModelSettings
from docref.segments import Segment, get_punkt_tokenizer, line_index, segment_prose

__all__ = ["RefereeMethod", "summary_segments"]


def summary_segments(item: Item) -> list[Segment]:
    """The item's segments: its labelled ones when it has them, else Punkt sentences."""
    if item.segments:
        texts = [s.text for s in item.segments]
        joined = " ".join(texts)
        spans: list[tuple[str, int, int]] = []
        offset = 0
        for text in texts:
            spans.append((text, offset, offset + len(text)))
            offset += len(text) + 1
    else:
        joined = item.summary
        spans = [(s.text, s.start, s.end) for s in segment_prose(item.summary)]
    index = line_index(joined)
    return [
        Segment(
            text=text,
            kind="prose",
            name=None,
            type=None,
            section=None,
            start=start,
            end=end,
            range=(index.position(start), index.position(end)),
        )
        for text, start, end in spans
    ]


class _GraphContext:
    """Docref's own related information from a checkout of the items' repositories."""

    def __init__(self, root: str) -> None:
        from docref.graph.project import ProjectGraph

        self.root = os.path.abspath(root)
        self.graph = ProjectGraph(self.root)
        self.graph.index()

    def _relpath(self, fpath: str) -> str | None:
        parts = fpath.replace("\\", "/").split("/")
        # dataset paths carry a prefix of their own (dataset/CoderEval/repository/...)
        for cut in range(len(parts)):
            candidate = "/".join(parts[cut:])
            if candidate and self.graph.get(candidate) is not None:
                return candidate
        return None

    def related(self, item: Item) -> tuple[str | None, str]:
        """``(related information, "")`` or ``(None, why not)``."""
        from docref.context.build import ContextError, build_context

        fpath = item.extra.get("fpath")
        method = item.extra.get("method_name")
        if not fpath or not method:
            return None, "--context graph needs the item's fpath and method_name fields"
        rel = self._relpath(fpath)
        if rel is None:
            return None, f"{fpath} is not under --repo-root {self.root}"
        owner = item.extra.get("class_name")
        qualname = f"{owner}.{method}" if owner else method
        try:
            ctx = build_context(self.graph, rel, qualname)
        except ContextError as exc:
            return None, f"no context for {rel}::{qualname}: {exc}"
        return ctx.render_related(), ""


class RefereeMethod(Method):
    name = "referee"
    uses_model = True

    def __init__(self, options: EvalOptions, settings: ModelSettings) -> None:
        self.options = options
        self.model = settings
        self.profile: Profile = validate_profile(options.profile)
        if options.context not in ("none", "dataset", "graph"):
            raise ValueError(f"unknown context {options.context!r} (none, dataset, graph)")
        if options.context == "graph" and not options.repo_root:
            raise ValueError("--context graph needs --repo-root (a checkout of the repositories)")
        self.tier = ModelTier(use_cache=options.llm_cache)
        try:
            self.client = self.tier.client_of(settings)
        except ModelSetupError as exc:
            raise ValueError(str(exc)) from None
        self._fatal: str | None = None
        self._ready = False
        self._graph: _GraphContext | None = None
        self._lock = asyncio.Lock()

    def settings(self) -> dict[str, Any]:
        return {
            "model": self.model.model,
            "api_base": self.model.api_base,
            "context": self.options.context,
            "repo_root": self.options.repo_root if self.options.context == "graph" else None,
            "profile": self.profile,
            "language": self.options.language,
            "weights": dict(self.options.weights or {}),
            "prompt_version": PROMPT_VERSION,
        }

    async def _setup(self) -> None:
        async with self._lock:
            if not self._ready:
                self._ready = True
                # loading the Punkt model takes seconds: not on the event loop
                await asyncio.to_thread(get_punkt_tokenizer)
            if self.options.context == "graph" and self._graph is None:
                assert self.options.repo_root is not None
                self._graph = await asyncio.to_thread(_GraphContext, self.options.repo_root)

    async def _related(self, item: Item) -> tuple[str | None, str]:
        if self.options.context == "none":
            return "", ""
        if self.options.context == "dataset":
            return item.info, ""
        assert self._graph is not None
        return self._graph.related(item)

    async def judge(self, item: Item) -> ItemResult:
        if self._fatal is not None:
            raise MethodFatal(self._fatal)
        await self._setup()
        started = time.perf_counter()
        related, why = await self._related(item)
        if related is None:
            return ItemResult(None, note=why)
        segments = summary_segments(item)
        if not segments:
            return ItemResult(None, note="the summary has no sentence")
        language: Language = "python" if self.options.language == "python" else "java"
        job = ModelJob("dataset", item.ident, language, item.code, related, tuple(segments))
        outcome = await self.tier.ask(
            self.client, [job], model=self.model.model, criteria=Criterion, profile=self.profile
        )
        if outcome.fatal is not None:
            self._fatal = outcome.fatal
            raise MethodFatal(outcome.fatal)
        result = outcome.results[0]
        score = score_docstring(result.results, weights=self.options.weights)
        out = ItemResult(
            score.value,
            calls=result.calls,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
            cost_usd=result.cost_usd,
            cost_unknown=result.cost_unknown,
            seconds=time.perf_counter() - started,
            unknown=score.unknown,
            note=None if score.value is not None else "every check is unknown",
            detail={"segments": len(segments), "cache_hits": result.cache_hits},
        )
        if result.errors:
            out.detail["errors"] = result.errors[:5]
        if item.segments:
            verdicts = {(r.start, r.criterion): r.verdict for r in result.results}
            out.segments = [
                [i, c.value, 1 if verdicts[(s.start, c)] is Verdict.PASS else 0]
                for i, s in enumerate(segments)
                for c in Criterion
                if verdicts.get((s.start, c)) in (Verdict.PASS, Verdict.FAIL)
            ]
        return out

    async def close(self) -> None:
        await self.tier.close()
