"""A model's docstring text put back into the file the way the original was written, and the
checks it must pass before anyone sees it.

The model's text is never trusted for layout: :func:`frame_literal` re-applies the original
literal's prefix and quotes (or the Javadoc ``/**``, `` * `` and ``*/``), its indentation,
its line endings and where the text and the closing quotes sit.  :func:`candidate_problems`
then rejects a candidate that changes the docstring's style, drops or rewrites a sentence
that had no finding, or cannot be written into the literal at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from docref.core.findings import Finding
from docref.fixes.target import FixTarget, literal_frame
from docref.fixes.text import line_bounds, line_break
from docref.segments import segment_docstring

__all__ = ["candidate_problems", "frame_literal"]


def _indent_of(target: FixTarget) -> str:
    """The whitespace before the literal on its line (the docstring's margin)."""
    start, _, _ = line_bounds(target.source, target.start)
    before = target.source[start : target.start]
    return before if not before.strip() else before[: len(before) - len(before.lstrip())]


def frame_literal(target: FixTarget, text: str) -> str:
    """``text`` (a docstring without quotes, common indentation removed) as a literal
    laid out like ``target``'s."""
    eol = (
        line_break(target.literal)
        if any(c in target.literal for c in "\r\n")
        else (line_break(target.source))
    )
    indent = _indent_of(target)
    lines = text.split("\n")
    if target.language == "java":
        return _frame_javadoc(target, lines, indent, eol)
    prefix, quote = literal_frame(target.literal)
    body = target.source[target.parsed.body_start : target.parsed.body_end]
    opens_on_own_line = body[:1] in ("\r", "\n")
    last_line = body[body.rfind("\n") + 1 :] if "\n" in body else body
    closes_on_own_line = ("\n" in body or "\r" in body) and not last_line.strip()
    rendered = [lines[0]] + [indent + line if line else "" for line in lines[1:]]
    out = eol.join(rendered)
    if opens_on_own_line:
        out = eol + indent + out
    if closes_on_own_line or (len(lines) > 1 and not _multi(body)):
        out += eol + indent
    return f"{prefix}{quote}{out}{quote}"


def _multi(body: str) -> bool:
    return "\n" in body or "\r" in body


def _frame_javadoc(target: FixTarget, lines: list[str], indent: str, eol: str) -> str:
    literal = target.literal
    if len(lines) == 1 and not _multi(literal):
        return f"/** {lines[0]} */"
    star = indent + " * "
    for raw in literal.splitlines()[1:]:
        stripped = raw.lstrip()
        if stripped.startswith("*") and not stripped.startswith("*/"):
            lead = raw[: len(raw) - len(stripped)]
            star = lead + ("* " if stripped[1:2] in (" ", "") else "*")
            break
    closing = indent + " */"
    last = literal.splitlines()[-1] if literal.splitlines() else ""
    if last.strip() == "*/":
        closing = last[: len(last) - len(last.lstrip())] + "*/"
    rows = ["/**", *[(star + line) if line else star.rstrip() for line in lines], closing]
    return eol.join(rows)


def candidate_problems(target: FixTarget, literal: str, findings: Sequence[Finding]) -> list[str]:
    """Why ``literal`` may not replace the docstring of ``target`` (empty: it may)."""
    problems: list[str] = []
    if literal == target.literal:
        return ["it is the docstring unchanged"]
    if target.language == "java":
        if literal.count("*/") != 1 or not literal.endswith("*/"):
            problems.append("it would end the comment early")
    else:
        prefix, quote = literal_frame(target.literal)
        inner = literal[len(prefix) + len(quote) : len(literal) - len(quote)]
        if quote in inner or inner.endswith(quote[0]) or inner.endswith("\\"):
            problems.append("it holds the closing quotes")
    if problems:
        return problems
    source = target.with_literal(literal)
    parsed = segment_docstring(source, target.start, target.start + len(literal), target.language)
    if parsed.style != target.parsed.style:
        problems.append(
            f"it changes the docstring style from {target.parsed.style} to {parsed.style}"
        )
    flagged = {(f.start, f.end) for f in findings}
    kept = {s.text for s in parsed.segments}
    lost = [
        s.text
        for s in target.parsed.segments
        if (s.start, s.end) not in flagged and s.text not in kept
    ]
    if lost:
        shown = "; ".join(repr(text) for text in lost[:3])
        problems.append(f"it drops or rewrites sentences that had no finding: {shown}")
    return problems
