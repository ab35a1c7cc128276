"""What the server knows about one open document: its findings per tier, scores, and the
diagnostics they make.

Static findings are published first; the model's follow and are merged into the same list by
:func:`docref.engine.results.merge_findings`, the rule ``docref check`` uses too.  Push
(``publishDiagnostics``) and pull (``textDocument/diagnostic``) serve the same list.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lsprotocol import types

from docref.core.findings import Criterion, Finding
from docref.core.score import CheckResult, Score
from docref.engine.results import function_score, merge_findings
from docref.lsp.checking import FunctionLines
from docref.lsp.diagnostics import client_range, to_diagnostic
from docref.lsp.hover import contains

__all__ = ["DocumentResult", "score_markdown"]


@dataclass(slots=True)
class DocumentResult:
    """The findings of one version of one document, as last published.

    ``published`` pairs every finding with its range in the client's position units (hovers
    and code actions read it); ``model`` names the model whose findings are included
    (``None``: static tier only so far); ``scores`` the ReFEree score per function the model
    judged; ``functions`` where the documented functions' headers and docstrings lie.
    """

    version: int
    static: list[Finding] = field(default_factory=list)
    model_findings: list[Finding] = field(default_factory=list)
    model: str | None = None
    scores: dict[str, Score] = field(default_factory=dict)
    functions: list[FunctionLines] = field(default_factory=list)
    published: list[tuple[Finding, types.Range]] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        """Static findings, then the model's (see :func:`merge_findings`)."""
        return merge_findings(self.static, self.model_findings)

    def place(
        self, lines: Sequence[str], encoding: types.PositionEncodingKind | str | None
    ) -> None:
        """Compute :attr:`published` for the document's ``lines`` in the client's units."""
        self.published = [(f, client_range(f.range, lines, encoding)) for f in self.findings]

    def diagnostics(self, severity: Mapping[str, str]) -> list[types.Diagnostic]:
        """One diagnostic per published finding (call :meth:`place` first)."""
        return [to_diagnostic(f, severity, rng) for f, rng in self.published]

    def result_id(self) -> str:
        """Names this exact list of findings, for pull diagnostics' ``unchanged`` answers."""
        digest = hashlib.sha256()
        for finding, rng in self.published:
            digest.update(finding.key().encode("utf-8", "surrogatepass"))
            digest.update(repr(rng).encode())
        return f"{self.version}:{digest.hexdigest()[:16]}"

    def add_scores(
        self, results: Mapping[str, Sequence[CheckResult]], weights: Mapping[str, float]
    ) -> None:
        """Score each function from its model results and its static findings (``weights``
        empty: equal weights)."""
        for qualname, answered in results.items():
            static = [f for f in self.static if f.qualname == qualname]
            self.scores[qualname] = function_score(static, answered, weights)

    def function_at(self, position: types.Position) -> str | None:
        """The documented function whose header or docstring holds ``position``."""
        line = position.line
        hits = [(last - first, q) for q, first, last in self.functions if first <= line <= last]
        return min(hits)[1] if hits else None

    def findings_at(self, position: types.Position) -> list[Finding]:
        """The published findings whose range holds ``position``."""
        return [f for f, rng in self.published if contains(rng, position)]


def score_markdown(result: DocumentResult, qualname: str) -> str:
    """The hover text of a function's docstring score: value, per-criterion table, segments."""
    mine = [f for f in result.findings if f.qualname == qualname]
    score = result.scores.get(qualname)
    if score is None:
        if result.model is None:
            head = f"**docref** `{qualname}`: static tier only (no model configured or asked)"
        else:
            head = f"**docref** `{qualname}`: not judged by `{result.model}` yet"
        count = f"{len(mine)} finding(s) in this docstring." if mine else "No findings."
        return f"{head}\n\n{count} The ReFEree score needs the model tier."
    lines = [
        f"**docref ReFEree score** `{qualname}`: **{score.describe()}**",
        "",
        "| criterion | pass / checked |",
        "|---|---|",
    ]
    for criterion in Criterion:
        passed, checked = score.per_criterion.get(criterion, (0, 0))
        shown = f"{passed} / {checked}" if checked else "not checked"
        lines.append(f"| {criterion.value} {criterion.display_name} | {shown} |")
    lines.append("")
    tiers = "static + " + (result.model or "model")
    lines.append(f"{score.segments} segment(s) checked · tiers: {tiers}")
    if score.unknown:
        lines.append(f"{score.unknown} check(s) unknown (no usable answer; not in the score)")
    return "\n".join(lines)
