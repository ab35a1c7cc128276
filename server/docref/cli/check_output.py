"""How ``docref check`` reports: the text lines and the JSON document scripts rely on.

Contract (add freely, don't rename): text lines ``path:line:col: CODE message  [static]`` then
a summary (``CODE`` is the rule id, ``C2-PARAM-TYPE``, or for a model finding its criterion);
JSON ``{"findings": [...], "scores": [...], "stats": {...}}`` with the keys below.
Positions are 1-based in both (``column`` counts UTF-16 code units, as editors do).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docref.core.codes import finding_code
from docref.core.severity import level_of

if TYPE_CHECKING:
    from docref.core.findings import Finding
    from docref.core.score import Score

TURN_ON_LLM = (
    "LLM tier off (static tier only): add --model, e.g. "
    "--model ollama_chat/qwen2.5-coder --api-base http://127.0.0.1:11434, "
    "or --model openai/gpt-4.1-mini --api-key-env OPENAI_API_KEY"
)


@dataclass(slots=True)
class ScoreRow:
    path: str
    qualname: str
    score: Score


@dataclass(slots=True)
class CheckSummary:
    """What one run did, for the summary line and ``stats``."""

    files: int = 0
    functions: int = 0
    classes: int = 0
    seconds: float = 0.0
    model: str | None = None
    endpoint: str | None = None
    llm_calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0
    unknown: int = 0
    fatal: str | None = None
    errors: list[str] = field(default_factory=list)
    llm_errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    baselined: int = 0
    not_asked: int = 0
    unanswered: str | None = None
    endpoints: dict[str, dict[str, int]] = field(default_factory=dict)
    processes: int = 1  # that asked the model


def finding_json(f: Finding, severity: Mapping[str, str] | None = None) -> dict[str, Any]:
    (line, col), (end_line, end_col) = f.range
    return {
        "path": f.path,
        "qualname": f.qualname,
        "line": line + 1,
        "column": col + 1,
        "end_line": end_line + 1,
        "end_column": end_col + 1,
        "criterion": f.criterion.value,
        "tier": f.tier.value,
        "message": f.message,
        "explanation": f.explanation,
        "evidence": [e.to_json() for e in f.evidence],
        # beyond the contract
        "rule": f.rule,
        "severity": level_of(f, severity or {}),
        "fix_hint": f.fix_hint,
        "start": f.start,
        "end": f.end,
        "segment_text": f.segment_text,
    }


def score_json(row: ScoreRow) -> dict[str, Any]:
    s = row.score
    return {
        "path": row.path,
        "qualname": row.qualname,
        "score": s.value,
        "segments": s.segments,
        "checks": s.checked,
        "failed": s.checked - s.passed,
        "unknown": s.unknown,
        "describe": s.describe(),
    }


def report_json(
    findings: list[Finding],
    scores: list[ScoreRow],
    summary: CheckSummary,
    severity: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The ``--format json`` document; each finding's ``severity`` is its level under the
    ``severity`` setting (:mod:`docref.core.severity`)."""
    out: dict[str, Any] = {
        "findings": [finding_json(f, severity) for f in findings],
        "scores": [score_json(r) for r in scores],
        "stats": {
            "files": summary.files,
            "functions": summary.functions,
            "classes": summary.classes,
            "llm_calls": summary.llm_calls,
            "cache_hits": summary.cache_hits,
            "tokens": summary.prompt_tokens + summary.completion_tokens,
            "cost_usd": summary.cost_usd,
            "seconds": round(summary.seconds, 3),
            "llm_errors": len(summary.llm_errors),
            "baselined": summary.baselined,
            "not_asked": summary.not_asked,
        },
        "tier": "static" if summary.model is None else "static+llm",
        "errors": summary.errors + summary.llm_errors,
        "warnings": summary.warnings,
    }
    if summary.model is not None:
        out["llm"] = {
            "model": summary.model,
            "endpoint": summary.endpoint,
            "calls": summary.llm_calls,
            "cache_hits": summary.cache_hits,
            "prompt_tokens": summary.prompt_tokens,
            "completion_tokens": summary.completion_tokens,
            "cost_usd": summary.cost_usd,
            "unknown": summary.unknown,
            "fatal": summary.fatal,
            "unanswered": summary.unanswered,
            "endpoints": summary.endpoints,
            "processes": summary.processes,
        }
    return out


def text_lines(findings: list[Finding]) -> list[str]:
    out = []
    for f in findings:
        (line, col), _ = f.range
        out.append(f"{f.path}:{line + 1}:{col + 1}: {finding_code(f)} {f.message}  [{f.tier}]")
    return out


def summary_line(findings: list[Finding], summary: CheckSummary) -> str:
    per = Counter(f.criterion.value for f in findings)
    by_criterion = ", ".join(f"{c} {per[c]}" for c in ("C1", "C2", "C3", "C4") if per[c])
    parts = [
        f"{summary.functions} function(s)"
        + (f" and {summary.classes} class docstring(s)" if summary.classes else "")
        + f" in {summary.files} file(s) checked",
        f"{len(findings)} finding(s)" + (f" ({by_criterion})" if by_criterion else ""),
    ]
    if summary.model is not None:
        tokens = summary.prompt_tokens + summary.completion_tokens
        cost = "cost unknown" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
        parts.append(
            f"{summary.llm_calls} model call(s), {summary.cache_hits} cache hit(s), "
            f"{summary.unknown} unknown, {tokens} token(s), {cost}"
        )
        if summary.not_asked:
            parts.append(f"{summary.not_asked} check(s) not asked (max_calls reached)")
    if summary.baselined:
        parts.append(f"{summary.baselined} baselined finding(s) hidden")
    parts.append(f"{summary.seconds:.2f}s")
    return "; ".join(parts)
