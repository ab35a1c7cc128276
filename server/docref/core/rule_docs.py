"""The documentation of every rule: why it matters, an example, its fix, how to silence it.

``docref rule ID`` and ``docref rules`` print it (:func:`rule_text`); the shipped
``docs/rules.md`` is the same text for every rule (:func:`rules_markdown`, kept in sync by a
test) and is where an editor's diagnostic code links (:func:`rule_anchor`).  The one-line
summaries stay in :mod:`docref.core.catalog` and the longer text in
:mod:`docref.core.rule_texts` (only data); this module puts them together, so the catalog
stays the short table every other module reads.
"""

from __future__ import annotations

from docref.core.catalog import MODEL_RULE, STATIC_RULES
from docref.core.findings import Criterion
from docref.core.rule_texts import RULE_DOCS, RuleDoc

__all__ = ["RULE_DOCS", "RuleDoc", "rule_anchor", "rule_text", "rules_markdown"]


def rule_anchor(code: str) -> str:
    """The anchor of ``code``'s section in ``docs/rules.md``: the GitHub/mkdocs slug of its
    heading (``c2-param-type``; a criterion's heading has its name: ``c2-type-inconsistency``)."""
    key = code.strip().upper()
    if key in Criterion.__members__:
        key = f"{key} {Criterion(key).display_name}"
    return key.lower().replace(" ", "-")


def _suppress(code: str) -> str:
    return (
        f"On the flagged line, the docstring's closing line or the def/class header: "
        f"`# docref: ignore[{code}]` (Java: `// docref: ignore[{code}]`). For a whole "
        f'project or path: `ignore = ["{code}"]` or `ignore = ["tests/**:{code}"]` in '
        f"[tool.docref], or `docref check --ignore {code}`."
    )


def _indent(text: str) -> str:
    return "\n".join("    " + line if line else "" for line in text.splitlines())


def rule_text(code: str) -> str | None:
    """The documentation of a rule id or criterion (case-insensitive) as Markdown;
    ``None`` when ``code`` names neither."""
    key = code.strip().upper()
    if key in Criterion.__members__:
        criterion = Criterion(key)
        rules = _rules_of(criterion)
        static = (
            f"the static rules of this criterion: {', '.join(rules)}"
            if rules
            else "no static rule proves it; only the model judges it"
        )
        return (
            f"# {criterion.value} {criterion.display_name}\n\n{criterion.definition}\n\n"
            f"The model tier (ReFEree judge) reports its findings under this code; {static}. "
            f"A code names every rule it starts: `{key}` selects or ignores them all.\n\n"
            f"## How to suppress\n\n{_suppress(key)}\n"
        )
    info = STATIC_RULES.get(key)
    if info is None:
        return None
    doc = RULE_DOCS[key]
    opt_in = " Opt-in: turn it on with `enable` or `--enable`." if info.opt_in else ""
    return (
        f"# {info.id}\n\nCriterion: {info.criterion.label}. Tier: static (proven from the "
        f"code; severity error by default).{opt_in}\n\n"
        f"## What it flags\n\n{info.summary}\n\n## Why\n\n{doc.why}\n\n"
        f"## Example\n\n{_indent(doc.example)}\n\nFixed:\n\n{_indent(doc.fixed)}\n\n"
        f"## Fix\n\n{doc.fix}\n\n## How to suppress\n\n{_suppress(info.id)}\n"
    )


def _rules_of(criterion: Criterion) -> list[str]:
    return [r.id for r in STATIC_RULES.values() if r.criterion is criterion]


def rules_markdown() -> str:
    """``docs/rules.md``: every criterion, then every static rule (the ``docref rule`` text
    with headings one level down)."""
    parts = [
        "# docref rules\n\n"
        "Generated from the rule catalog (`docref rules` prints the same text; "
        "`python -m docref.core.rule_docs > server/docref/docs/rules.md` regenerates it). "
        "Editor diagnostics link to the section of their code. Model (ReFEree judge) "
        f"findings carry the criterion code (C1..C4; rule id `{MODEL_RULE}` in JSON).\n"
    ]
    codes = [c.value for c in Criterion] + list(STATIC_RULES)
    for code in codes:
        text = rule_text(code)
        assert text is not None
        lines = ("#" + line if line.startswith("#") else line for line in text.splitlines())
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(rules_markdown(), end="")
