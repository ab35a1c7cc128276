"""Hover text for a flagged sentence, built from the findings last published for it.

Only stored findings are shown: a hover never runs a check and never asks a model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lsprotocol import types

from docref.core.findings import Evidence, Finding, Tier

__all__ = ["contains", "finding_markdown", "hover_for"]


def contains(rng: types.Range, position: types.Position) -> bool:
    """Whether ``position`` lies within ``rng`` (both ends included: the cursor may sit just
    after the last character)."""
    start = (rng.start.line, rng.start.character)
    end = (rng.end.line, rng.end.character)
    return start <= (position.line, position.character) <= end


def _evidence_line(evidence: Evidence, root: str | None) -> str:
    where = f"`{evidence.path or 'external documentation'}`"
    if evidence.path is not None and evidence.line is not None:
        where = f"`{evidence.path}:{evidence.line}`"
    if evidence.path is not None and root is not None:
        # a link the editor opens at the line (VS Code reads the #L fragment)
        target = Path(root, evidence.path).as_uri()
        where = f"[{where}]({target}{'' if evidence.line is None else f'#L{evidence.line}'})"
    text = evidence.text.strip()
    if "\n" in text:
        return f"- {where}\n\n  ```\n  " + text.replace("\n", "\n  ") + "\n  ```"
    return f"- {where}: `{text}`" if text else f"- {where}"


def finding_markdown(finding: Finding, model: str | None = None, root: str | None = None) -> str:
    """Criterion name and definition, explanation, evidence (linked to the file and line
    under the workspace folder ``root``), the fix hint, tier (with the model's name for the
    model tier, ``model``) and rule, and whether the answer came from cache.

    The message is left out: the editor shows the diagnostic's own message next to the hover
    already, and saying it twice pushes the evidence out of the hover's first lines.
    """
    criterion = finding.criterion
    parts = [f"**{criterion.value} {criterion.display_name}**: {criterion.definition}"]
    if finding.explanation:
        parts.append(finding.explanation)
    if finding.evidence:
        parts.append("Evidence:\n\n" + "\n".join(_evidence_line(e, root) for e in finding.evidence))
    if finding.fix_hint:
        parts.append(f"**Fix**: {finding.fix_hint}")
    tier = finding.tier.value
    if finding.tier is Tier.LLM and model:
        tier = f"model `{model}`"
    cached = " · from cache" if finding.from_cache else ""
    parts.append(f"Tier: {tier} · rule `{finding.rule}`{cached}")
    return "\n\n".join(parts)


def hover_for(
    published: Sequence[tuple[Finding, types.Range]],
    position: types.Position,
    model: str | None = None,
    root: str | None = None,
) -> types.Hover | None:
    """The hover at ``position``: every published finding whose range holds it, or ``None``."""
    hits = [(finding, rng) for finding, rng in published if contains(rng, position)]
    if not hits:
        return None
    text = "\n\n---\n\n".join(finding_markdown(finding, model, root) for finding, _ in hits)
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
        range=hits[0][1],
    )
