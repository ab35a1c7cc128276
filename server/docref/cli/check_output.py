"""How ``docref check`` reports: the text lines and the JSON document scripts rely on.

Contract (add freely, don't rename): text lines ``path:line:col: CODE message  [static]`` then
a summary (``CODE`` is the rule id, ``C2-PARAM-TYPE``, or for a model finding its criterion);
JSON ``{"findings": [...], "scores": [...], "stats": {...}}`` with the keys below.
Positions are 1-based in both (``column`` counts UTF-16 code units, as editors do).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
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


def _merged(how: str) -> dict[str, str]:
    """A :class:`CheckSummary` field's metadata: how :meth:`CheckSummary.add` combines it."""
    return {"merge": how}


@dataclass(slots=True)
class CheckSummary:
    """What one run did, for the summary line and ``stats``.

    Every field says how two runs' values combine (``metadata["merge"]``, read by
    :meth:`add`): ``sum``, ``max``, ``join`` (lists), ``cost`` (unknown when either is),
    ``first`` (the first set), ``model`` (the model and endpoint of the last run that used
    one), ``rows`` (per-endpoint counts added).  A field without one fails :meth:`add`.
    """

    files: int = field(default=0, metadata=_merged("sum"))
    functions: int = field(default=0, metadata=_merged("sum"))
    classes: int = field(default=0, metadata=_merged("sum"))
    seconds: float = field(default=0.0, metadata=_merged("sum"))
    model: str | None = field(default=None, metadata=_merged("model"))
    endpoint: str | None = field(default=None, metadata=_merged("model"))
    llm_calls: int = field(default=0, metadata=_merged("sum"))
    cache_hits: int = field(default=0, metadata=_merged("sum"))
    prompt_tokens: int = field(default=0, metadata=_merged("sum"))
    completion_tokens: int = field(default=0, metadata=_merged("sum"))
    cost_usd: float | None = field(default=0.0, metadata=_merged("cost"))
    unknown: int = field(default=0, metadata=_merged("sum"))
    fatal: str | None = field(default=None, metadata=_merged("first"))
    errors: list[str] = field(default_factory=list, metadata=_merged("join"))
    llm_errors: list[str] = field(default_factory=list, metadata=_merged("join"))
    warnings: list[str] = field(default_factory=list, metadata=_merged("join"))
    baselined: int = field(default=0, metadata=_merged("sum"))
    not_asked: int = field(default=0, metadata=_merged("sum"))
    unanswered: str | None = field(default=None, metadata=_merged("first"))
    endpoints: dict[str, dict[str, int]] = field(default_factory=dict, metadata=_merged("rows"))
    processes: int = field(default=1, metadata=_merged("max"))  # that asked the model

    def add(self, other: CheckSummary) -> None:
        """Combine ``other`` (another root's run) into this one, field by field."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            how = f.metadata["merge"]
            if how == "sum" or how == "join":
                value = mine + theirs
            elif how == "max":
                value = max(mine, theirs)
            elif how == "cost":
                value = None if mine is None or theirs is None else mine + theirs
            elif how == "first":
                value = mine or theirs
            elif how == "model":
                value = mine if other.model is None else theirs
            elif how == "rows":
                value = {where: dict(row) for where, row in mine.items()}
                for where, row in theirs.items():
                    into = value.setdefault(where, {})
                    for key, count in row.items():
                        into[key] = into.get(key, 0) + count
            else:
                raise ValueError(f"CheckSummary.{f.name}: no merge rule {how!r}")
            setattr(self, f.name, value)

    @classmethod
    def total(cls, summaries: Iterable[CheckSummary]) -> CheckSummary:
        """One summary of several roots' runs (:meth:`add`, in order)."""
        out = cls()
        for s in summaries:
            out.add(s)
        return out


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
