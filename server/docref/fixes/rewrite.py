"""The "Fix this docstring" work: the model rewrite, checked by every tier, with the
deterministic fix as the fallback.

:func:`fix_docstring` is what the language server's code-action resolve runs:

1. The static findings of the function are fixed deterministically where possible
   (:func:`~docref.fixes.verify.deterministic_fix`); without a model that is the answer.
2. With a model, it is asked for the whole corrected docstring (code, 1-hop context, the
   docstring and every finding).  The answer is framed like the original literal
   (:func:`~docref.fixes.candidate.frame_literal`), validated (same style, every sentence
   without a finding kept) and re-checked: the static tier in the project, then the model
   judge on every sentence.  It is offered only when nothing is flagged any more.
3. A rejected answer is asked for once more, with the reasons; after that, or when the model
   cannot be reached, the deterministic fix is offered if it fixes anything, else the result
   explains why there is no fix.

Graph work happens under ``lock`` (the caller's guard of the graph), never while waiting for
the model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from docref.checks.llm.prompts import Profile
from docref.config.settings import Settings
from docref.context.build import ContextError, build_context
from docref.core.findings import Finding, Tier
from docref.core.segment import Segment
from docref.engine.model import ModelJob, ModelTier, profile_of
from docref.fixes.candidate import candidate_problems, frame_literal
from docref.fixes.prompt import REWRITE_GENERATION, extract_docstring, rewrite_messages
from docref.fixes.target import FixTarget, find_target
from docref.fixes.verify import DeterministicFix, StaticCheck, deterministic_fix, static_findings
from docref.graph.project import ProjectGraph
from docref.llm.client import ModelClient
from docref.llm.errors import ModelError

__all__ = ["FixResult", "ModelSetup", "fix_docstring", "model_setup"]

ATTEMPTS = 2


@dataclass(frozen=True, slots=True)
class ModelSetup:
    """The model the rewrite uses and how its answer is re-checked by the judge: both go
    through ``tier`` (the engine's orchestrator: its answer cache and its usage totals)."""

    tier: ModelTier
    settings: Settings
    client: ModelClient

    @property
    def profile(self) -> Profile:
        """The judge's prompt profile."""
        return profile_of(self.settings)

    @property
    def context_tokens(self) -> int:
        """The related information's token budget."""
        return self.settings.context_tokens


def model_setup(settings: Settings, tier: ModelTier) -> ModelSetup | None:
    """The rewrite's model from the folder's settings (``None`` without a model), asking
    through ``tier`` (the language server's, so the rewrite shares its clients -- connections,
    concurrency bound, endpoint rules --, its answer cache and its usage totals).

    Raises :class:`~docref.engine.model.ModelSetupError` when the model cannot be used.
    """
    if settings.model is None:
        return None
    return ModelSetup(tier, settings, tier.client_for(settings))


@dataclass(slots=True)
class FixResult:
    """What "Fix this docstring" offers.

    ``literal`` replaces ``target.source[target.start:target.end]``; ``None`` means no fix is
    offered and ``message`` says why.  ``how`` is ``"model"``, ``"static"`` or ``"none"``.
    """

    target: FixTarget | None
    literal: str | None
    how: str
    message: str
    fixed: list[Finding] = field(default_factory=list)
    model_calls: int = 0


def _static_result(fix: DeterministicFix, note: str | None, first: str | None = None) -> FixResult:
    lead = f"{note}; " if note else ""
    if fix.usable:
        left = f", {len(fix.remaining)} left for you" if fix.remaining else ""
        message = f"{lead}fixed {len(fix.fixed)} finding(s) without a model{left}"
        # the finding the user invoked the fix on, when it is one of those left: say why
        asked = next(((f, why) for f, why in fix.skipped if f.key() == first), None)
        if asked is not None:
            message += f"; not the one you chose ({asked[0].rule}: {asked[1]})"
        return FixResult(fix.target, fix.literal, "static", message, list(fix.fixed))
    if fix.introduced:
        why = f"the deterministic fix would cause new findings ({fix.introduced[0].headline()})"
    elif fix.skipped:
        skipped = sorted(fix.skipped, key=lambda pair: pair[0].key() != first)
        why = "; ".join(f"{f.rule}: {reason}" for f, reason in skipped[:3])
        why = f"no deterministic fix ({why})"
    else:
        why = "nothing to fix: the docstring has no static finding"
    return FixResult(fix.target, None, "none", f"{lead}{why}")


async def fix_docstring(
    graph: ProjectGraph,
    path: str,
    qualname: str,
    check: StaticCheck,
    *,
    lock: asyncio.Lock,
    model: ModelSetup | None = None,
    other_findings: Sequence[Finding] = (),
    first: str | None = None,
) -> FixResult:
    """The fix of ``qualname``'s docstring in the graph's current text of ``path``.

    ``other_findings`` are findings the static tier cannot reproduce (the model judge's),
    given to the model along with the static ones.  ``first`` is the key of the finding the
    user invoked the fix on: fixed first, and named in the message when it stays."""
    async with lock:
        static = await asyncio.to_thread(
            partial(deterministic_fix, first=first), graph, path, qualname, check
        )
    if static is None:
        return FixResult(None, None, "none", f"{qualname} has no docstring here to fix")
    if model is None:
        return _static_result(static, None, first)
    target = static.target
    judged = [f for f in other_findings if f.qualname == qualname and f.tier is Tier.LLM]
    findings = [*static.fixed, *static.remaining, *judged]
    findings.sort(key=lambda f: f.key() != first)  # the model reads the chosen one first
    if not findings:
        return _static_result(static, None, first)
    rewriter = _Rewriter(graph, path, target, check, lock, model)
    literal, failure = await rewriter.run(findings)
    if literal is not None:
        message = f"fixed {len(findings)} finding(s) with {model.client.settings.model}"
        return FixResult(target, literal, "model", message, findings, rewriter.calls)
    result = _static_result(static, f"the model rewrite failed: {failure}", first)
    result.model_calls = rewriter.calls
    return result


class _Rewriter:
    def __init__(
        self,
        graph: ProjectGraph,
        path: str,
        target: FixTarget,
        check: StaticCheck,
        lock: asyncio.Lock,
        model: ModelSetup,
    ) -> None:
        self.graph = graph
        self.path = path
        self.target = target
        self.check = check
        self.lock = lock
        self.model = model
        self.calls = 0

    async def run(self, findings: list[Finding]) -> tuple[str | None, str]:
        """The accepted literal, or ``None`` and why there is none."""
        target = self.target
        try:
            async with self.lock:
                ctx = await asyncio.to_thread(
                    build_context,
                    self.graph,
                    self.path,
                    target.qualname,
                    token_budget=self.model.context_tokens,
                )
            code, related = ctx.code, ctx.render_related()
        except ContextError as exc:
            return None, f"no context for {target.qualname}: {exc}"
        written = target.literal
        if target.language == "python":
            written = target.source[target.parsed.body_start : target.parsed.body_end]
        feedback: str | None = None
        for _attempt in range(ATTEMPTS):
            messages = rewrite_messages(
                language=target.language,
                style=target.parsed.style,
                code=code,
                related=related,
                docstring=written,
                findings=findings,
                feedback=feedback,
            )
            try:
                self.calls += 1
                completion = await self.model.tier.complete(
                    self.model.client, messages, REWRITE_GENERATION
                )
            except ModelError as exc:
                return None, f"the model could not be used ({exc})"
            body = extract_docstring(completion.text, target.language)
            if body is None:
                feedback = "the answer held no documentation comment"
                continue
            literal = frame_literal(target, body)
            problems = candidate_problems(target, literal, findings)
            if not problems:
                problems = await self.recheck(literal)
            if not problems:
                return literal, ""
            feedback = "; ".join(problems)
        return None, f"{ATTEMPTS} answers were rejected (last: {feedback})"

    async def recheck(self, literal: str) -> list[str]:
        """What the static tier, then the model judge, still flag in ``literal``."""
        async with self.lock:
            checked = await asyncio.to_thread(self._static, literal)
        if isinstance(checked, str):
            return [checked]
        flagged, code, related, segments = checked
        if flagged:
            return [f"the static tier still flags it ({f.headline()})" for f in flagged[:3]]
        return await self._judge(code, related, segments)

    def _static(self, literal: str) -> str | tuple[list[Finding], str, str, list[Segment]]:
        graph, path, target = self.graph, self.path, self.target
        if graph.source(path) != target.source:
            return "the document changed while the fix was computed"
        graph.update(path, target.with_literal(literal))
        try:
            found = find_target(graph, path, target.qualname)
            if found is None:
                return "the new docstring does not parse back to the same function"
            flagged, _problems = static_findings(graph, path, target.qualname, self.check)
            try:
                ctx = build_context(
                    graph, path, target.qualname, token_budget=self.model.context_tokens
                )
            except ContextError as exc:
                return f"no context for the new text ({exc})"
            return flagged, ctx.code, ctx.render_related(), found.parsed.segments
        finally:
            graph.update(path, self.check.original)

    async def _judge(self, code: str, related: str, segments: list[Segment]) -> list[str]:
        model = self.model
        job = ModelJob(
            path=self.target.path,
            qualname=self.target.qualname,
            language=self.target.language,
            code=code,
            related=related,
            segments=tuple(segments),
        )
        outcome = await model.tier.ask(
            model.client,
            [job],
            model=model.settings.model or "",
            criteria=model.settings.criteria,
            profile=model.profile,
            settings=model.settings,
        )
        self.calls += outcome.usage.calls
        if outcome.fatal is not None:
            return [f"the model judge could not re-check it ({outcome.fatal})"]
        return [
            f"the model judge flags {f.criterion.value} on {' '.join(f.segment_text.split())!r}"
            for f in outcome.findings[:3]
        ]
