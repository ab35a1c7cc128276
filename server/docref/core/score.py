"""Per-check results and the ReFEree docstring score.

* :class:`CheckResult` -- the verdict of one (segment, criterion) check from one tier.
* :func:`combine_verdicts` -- several answers for one (segment, criterion): a failure wins.
* :func:`score_docstring` -- the ReFEree score over the checks actually answered, with
  optional criterion weights (:data:`PAPER_WEIGHTS` is the paper's weighted variant).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from docref.core.findings import Criterion, Finding, SegmentId, Tier, Verdict
from docref.core.segment import Segment

__all__ = [
    "DEFAULT_WEIGHTS",
    "PAPER_WEIGHTS",
    "CheckResult",
    "Score",
    "combine_verdicts",
    "score_docstring",
    "validate_weights",
]


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict of one (segment, criterion) check from one tier.

    The segment is identified by ``(path, qualname, start, end)`` (:attr:`segment_id`), so the
    static and LLM answers for the same segment meet in :func:`score_docstring`.  A ``fail``
    usually carries its :class:`Finding`; ``reason`` says why an answer is ``unknown`` (e.g.
    ``"unparseable answer '10'"``).  ``rule`` optionally names the static rule or ``"referee"``.
    """

    path: str
    qualname: str
    start: int
    end: int
    criterion: Criterion
    verdict: Verdict
    tier: Tier
    rule: str | None = None
    finding: Finding | None = None
    reason: str | None = None

    def __post_init__(self) -> None:
        # members already (the common case: a cached model run builds thousands) need no
        # conversion; a string is looked up as before
        if type(self.criterion) is not Criterion:
            object.__setattr__(self, "criterion", Criterion(self.criterion))
        if type(self.verdict) is not Verdict:
            object.__setattr__(self, "verdict", Verdict(self.verdict))
        if type(self.tier) is not Tier:
            object.__setattr__(self, "tier", Tier(self.tier))
        f = self.finding
        if f is not None and (
            f.criterion is not self.criterion
            or f.verdict is not self.verdict
            or f.tier is not self.tier
            or f.segment_id != self.segment_id
        ):
            raise ValueError(
                "CheckResult.finding must match the result's segment, criterion, verdict and tier"
            )

    @property
    def segment_id(self) -> SegmentId:
        return (self.path, self.qualname, self.start, self.end)

    @classmethod
    def for_segment(
        cls,
        segment: Segment,
        *,
        path: str,
        qualname: str,
        criterion: Criterion | str,
        verdict: Verdict | str,
        tier: Tier | str,
        rule: str | None = None,
        finding: Finding | None = None,
        reason: str | None = None,
    ) -> CheckResult:
        return cls(
            path=path,
            qualname=qualname,
            start=segment.start,
            end=segment.end,
            criterion=Criterion(criterion),
            verdict=Verdict(verdict),
            tier=Tier(tier),
            rule=rule,
            finding=finding,
            reason=reason,
        )

    @classmethod
    def from_finding(cls, finding: Finding) -> CheckResult:
        """The check result a finding stands for (same segment, criterion, verdict, tier)."""
        return cls(
            path=finding.path,
            qualname=finding.qualname,
            start=finding.start,
            end=finding.end,
            criterion=finding.criterion,
            verdict=finding.verdict,
            tier=finding.tier,
            rule=finding.rule,
            finding=finding,
        )


def combine_verdicts(verdicts: Iterable[Verdict]) -> Verdict:
    """Merge several answers for the same (segment, criterion): a failure wins.

    Any ``fail`` → ``fail`` (a static finding is proof, and an LLM failure is not overruled by a
    static rule that merely found nothing); otherwise any ``pass`` → ``pass``; otherwise
    (only ``unknown`` answers, or none) → ``unknown``.
    """
    seen = set(verdicts)
    if Verdict.FAIL in seen:
        return Verdict.FAIL
    if Verdict.PASS in seen:
        return Verdict.PASS
    return Verdict.UNKNOWN


# ---------------------------------------------------------------------------------------------
# Score

DEFAULT_WEIGHTS: Mapping[Criterion, float] = MappingProxyType({c: 1.0 for c in Criterion})
"""Equal weights: the paper's main score, (passing checks) / (segments * 4)."""

# Keys may be Criterion members or their codes ("C1"); Mapping keys are invariant, hence both.
_Weights = Mapping[Criterion, float] | Mapping[str, float]

PAPER_WEIGHTS: Mapping[Criterion, float] = MappingProxyType(
    {Criterion.C1: 0.6, Criterion.C2: 1.2, Criterion.C3: 1.2, Criterion.C4: 1.0}
)
"""The paper's weighted variant (Table 14), normalised by the sum of the weights."""


def validate_weights(weights: _Weights | None) -> dict[Criterion, float]:
    """Complete weights for C1..C4; criteria left out keep the default weight 1.0.

    Raises ``ValueError`` for keys other than ``C1``..``C4``, for values that are not finite
    non-negative numbers, and when every weight is zero.
    """
    result = dict(DEFAULT_WEIGHTS)
    if weights is None:
        return result
    allowed = ", ".join(c.value for c in Criterion)
    for key, value in weights.items():
        try:
            criterion = Criterion(key)
        except ValueError:
            raise ValueError(
                f"unknown criterion {key!r} in score weights; expected {allowed}"
            ) from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"score weight for {criterion.value} must be a number, got {value!r}")
        if not math.isfinite(value) or value < 0:
            raise ValueError(
                f"score weight for {criterion.value} must be a finite number >= 0, got {value!r}"
            )
        result[criterion] = float(value)
    if not any(result.values()):
        raise ValueError("score weights are all zero: at least one criterion must count")
    return result


@dataclass(frozen=True)
class Score:
    """The ReFEree score of a docstring (or any set of check results).

    ``value`` is in [0, 1], or ``None`` when no check was answered (or every answered check has
    weight zero).  ``passed``/``checked`` count answered (segment, criterion) checks after
    merging tiers (unweighted counts); ``unknown`` counts checks with no usable answer, which
    are left out of ``value`` and ``checked``; ``segments`` counts distinct segments seen,
    unknown-only ones included.  ``per_criterion`` maps every criterion to
    ``(passed, checked)``.
    """

    value: float | None
    passed: int
    checked: int
    unknown: int
    segments: int
    per_criterion: dict[Criterion, tuple[int, int]] = field(default_factory=dict)

    def describe(self) -> str:
        """``"0.81 — 13/16 checks pass"``, plus ``", 2 unknown"`` when any."""
        if self.checked == 0:
            text = "n/a — nothing checked"
        else:
            shown = "n/a" if self.value is None else f"{self.value:.2f}"
            text = f"{shown} — {self.passed}/{self.checked} checks pass"
        if self.unknown:
            text += f", {self.unknown} unknown"
        return text


def score_docstring(results: Iterable[CheckResult], *, weights: _Weights | None = None) -> Score:
    """The ReFEree score over the (segment, criterion) checks actually answered.

    The paper's ``SCORE = Σ_S Σ_C f(S, C) / (|D| · 4)`` generalised: the sum of the weights of
    passing checks over the sum of the weights of all answered checks, so criteria or segments
    that were not checked do not count, and ``unknown`` answers (unparseable model output, a
    check that could not run) are excluded from the denominator and reported in
    :attr:`Score.unknown`.  Weights default to equal (:data:`DEFAULT_WEIGHTS`); pass
    :data:`PAPER_WEIGHTS` for the paper's weighted variant.

    Several results for the same (segment, criterion) -- the static and the LLM tier, or several
    static rules -- count once, merged by :func:`combine_verdicts`: a failure from either tier
    wins, since a static finding is proof and a static pass only means no rule fired.
    """
    w = validate_weights(weights)
    merged: dict[tuple[SegmentId, Criterion], list[Verdict]] = {}
    segments: set[SegmentId] = set()
    for r in results:
        sid = (r.path, r.qualname, r.start, r.end)  # r.segment_id, built once (a hot loop)
        segments.add(sid)
        merged.setdefault((sid, r.criterion), []).append(r.verdict)

    per: dict[Criterion, list[int]] = {c: [0, 0] for c in Criterion}
    unknown = 0
    weight_passed = 0.0
    weight_checked = 0.0
    for (_, criterion), verdicts in merged.items():
        verdict = combine_verdicts(verdicts)
        if verdict is Verdict.UNKNOWN:
            unknown += 1
            continue
        per[criterion][1] += 1
        weight_checked += w[criterion]
        if verdict is Verdict.PASS:
            per[criterion][0] += 1
            weight_passed += w[criterion]

    passed = sum(p for p, _ in per.values())
    checked = sum(c for _, c in per.values())
    value = weight_passed / weight_checked if weight_checked > 0 else None
    return Score(
        value=value,
        passed=passed,
        checked=checked,
        unknown=unknown,
        segments=len(segments),
        per_criterion={c: (p, n) for c, (p, n) in per.items()},
    )
