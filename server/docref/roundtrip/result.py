"""What a round-trip run reports: per-candidate outcomes, pass@k, forward lift, JSON and text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Candidate", "RoundtripError", "RoundtripResult", "VariantScore"]


class RoundtripError(Exception):
    """A run that cannot produce a score; the message says why (exit code 2 in the CLI).

    ``suggestions`` lists close qualnames when the function was not found.
    """

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.suggestions = suggestions or []


@dataclass(slots=True)
class Candidate:
    """One sample: ``status`` is ``passed``, ``failed``, ``timeout``, ``error``, ``rejected``
    (the answer is not a body) or ``model_error`` (no usable answer; not counted)."""

    variant: str
    index: int
    status: str
    reason: str = ""
    notes: list[str] = field(default_factory=list)
    cached: bool = False
    code: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The candidate as a JSON object.

        Returns:
            dict[str, Any]: ``variant``, ``index``, ``status``, ``reason``, ``notes``,
            ``cached``, ``code``.
        """
        return {
            "variant": self.variant,
            "index": self.index,
            "status": self.status,
            "reason": self.reason,
            "notes": self.notes,
            "cached": self.cached,
            "code": self.code,
        }


@dataclass(slots=True)
class VariantScore:
    """c out of m and pass@k for one docstring variant."""

    samples: int = 0
    passed: int = 0
    pass_at_k: dict[str, float | None] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"samples", "passed", "pass_at_k"}``.

        Returns:
            dict[str, Any]: The score.
        """
        return {"samples": self.samples, "passed": self.passed, "pass_at_k": self.pass_at_k}


@dataclass(slots=True)
class RoundtripResult:
    """The outcome of `run_roundtrip`; ``error`` is set when no score could be given."""

    qualname: str
    path: str
    requested_samples: int
    ks: list[int]
    doc: VariantScore = field(default_factory=VariantScore)
    lift: VariantScore = field(default_factory=VariantScore)
    baseline_passed: bool = False
    tests: list[str] = field(default_factory=list)
    tests_how: str = ""
    seconds: float = 0.0
    candidates: list[Candidate] = field(default_factory=list)
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    model: str = ""
    endpoint: str = ""
    python: str = ""
    network_namespace: bool = False
    model_calls: int = 0
    cache_hits: int = 0

    @property
    def forward_lift(self) -> dict[str, float | None]:
        """pass@k with the docstring minus pass@k with "TODO: Implement.", per k."""
        out: dict[str, float | None] = {}
        for k, value in self.doc.pass_at_k.items():
            other = self.lift.pass_at_k.get(k)
            out[k] = None if value is None or other is None else round(value - other, 6)
        return out

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object (the issue's contract, plus extra keys).

        Returns:
            dict[str, Any]: ``qualname``, ``samples``, ``passed``, ``pass_at_k``, ``lift``,
            ``baseline_passed``, ``tests``, ``seconds``, then ``forward_lift``, ``path``,
            ``error``, ``warnings``, ``candidates`` and run details.
        """
        return {
            "qualname": self.qualname,
            "samples": self.doc.samples,
            "passed": self.doc.passed,
            "pass_at_k": self.doc.pass_at_k,
            "lift": self.lift.to_json(),
            "baseline_passed": self.baseline_passed,
            "tests": self.tests,
            "seconds": round(self.seconds, 3),
            "forward_lift": self.forward_lift,
            "path": self.path,
            "error": self.error,
            "warnings": self.warnings,
            "requested_samples": self.requested_samples,
            "tests_selected_by": self.tests_how,
            "model": self.model,
            "endpoint": self.endpoint,
            "model_calls": self.model_calls,
            "cache_hits": self.cache_hits,
            "sandbox": {"python": self.python, "network_namespace": self.network_namespace},
            "candidates": [c.to_json() for c in self.candidates],
        }

    def render_text(self) -> str:
        """A human-readable report (what the CLI prints without ``--json``).

        Returns:
            str: Several lines, ending in a newline.
        """
        lines = [f"{self.path}::{self.qualname}"]
        if self.tests:
            lines.append(f"tests ({self.tests_how}): " + ", ".join(self.tests))
        if self.error is not None:
            lines.append(f"no score: {self.error}")
            return "\n".join(lines) + "\n"
        lines.append("baseline: the tests pass on the original code")
        lines.append(_score_line("with the docstring:      ", self.doc))
        lines.append(_score_line('with "TODO: Implement.":', self.lift))
        lift = ", ".join(
            f"pass@{k} {'n/a' if v is None else f'{v:+.3f}'}" for k, v in self.forward_lift.items()
        )
        lines.append(f"forward lift: {lift}")
        for cand in self.candidates:
            label = "docstring" if cand.variant == "doc" else "TODO     "
            why = f": {cand.reason}" if cand.reason else ""
            cached = " (cached)" if cand.cached else ""
            lines.append(f"  {label} #{cand.index + 1} {cand.status}{why}{cached}")
        lines.extend(f"warning: {w}" for w in self.warnings)
        lines.append(
            f"model {self.model}: {self.model_calls} call(s), {self.cache_hits} from cache; "
            f"{self.seconds:.1f}s"
        )
        return "\n".join(lines) + "\n"


def _score_line(label: str, score: VariantScore) -> str:
    ks = "  ".join(
        f"pass@{k} {'n/a' if v is None else f'{v:.3f}'}" for k, v in score.pass_at_k.items()
    )
    return f"{label} {score.passed}/{score.samples} pass  {ks}"
