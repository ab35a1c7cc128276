"""Deterministic docstring fixes for static findings: no model, nothing guessed.

:func:`static_fix` turns the static findings of one docstring into a new docstring literal,
changing only the tokens or lines a finding is about; every other byte (quotes, prefix,
indentation, line endings, untouched sentences) stays as it was.  What it fixes:

* ``C1-PARAM-UNKNOWN`` with a did-you-mean, or pairing with the one undocumented parameter
  (:mod:`docref.fixes.pairing`): the name is renamed in every entry documenting it
  (``:param x:`` and ``:type x:`` alike); name and type written the other way round
  (``int (size):``) are swapped back.
* ``C1-PROSE-NAME-STALE``: the old name becomes the renamed one wherever the flagged sentence
  writes it as a whole word (the markup around it stays); ``C1-DOCTYPE-UNRESOLVED`` likewise
  in the flagged entry (the class in scope it was meant to be).
* ``C3-RAISES``: an exception the function never raises loses its entry (continuation lines
  included; an emptied Google/NumPy section loses its header too); a misspelt exception name
  with a did-you-mean is renamed.  Java ``@throws`` tags likewise.
* ``C2-PARAM-TYPE``/``C2-RETURN-TYPE``/``C2-YIELD-TYPE``: the documented type becomes the
  annotation, in the entry's own place (Google ``x (int):``, NumPy ``x : int``, reST
  ``:type x: int``/``:rtype:``), keeping a ``, optional``/``, default …`` qualifier.
* ``C3-RETURNS-YIELDS``: ``Returns`` ↔ ``Yields`` renamed where the rule says which one
  holds (``:returns:``/``:rtype:`` ↔ ``:yields:``/``:ytype:`` in reST); a Yields section of a
  function that neither yields nor returns, or a Javadoc ``@return`` on a ``void`` method,
  is removed.

Anything else (a parameter with no close match, a default value, prose) is left alone and
reported in :attr:`StaticFix.skipped` with the reason.  What a fix does to whole entries and
sections (removals, Returns renamed to Yields) is in :mod:`docref.fixes.static_sections`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from docref.checks.static.params import split_names, strip_name
from docref.core.findings import Finding, Tier
from docref.core.segment import Segment
from docref.fixes.layout import DocLayout
from docref.fixes.pairing import paired_parameter
from docref.fixes.static_sections import removal_edits, swap_section
from docref.fixes.target import FixTarget, literal_frame
from docref.fixes.text import Edit, apply_edits, one_line

__all__ = ["FIXABLE_RULES", "StaticFix", "static_fix"]

FIXABLE_RULES = frozenset(
    {"C1-PARAM-UNKNOWN", "C3-RAISES", "C2-PARAM-TYPE", "C2-RETURN-TYPE", "C2-YIELD-TYPE"}
    | {"C3-RETURNS-YIELDS", "C1-PROSE-NAME-STALE", "C1-DOCTYPE-UNRESOLVED"}
    | {"C1-PROSE-NAME-WORD", "C3-RAISES-GENERIC"}
)

_RENAME_PARAM = re.compile(r'rename "(?P<old>[^"]+)" to "(?P<new>[^"]+)"')
_REMOVE_PARAM = re.compile(r'remove "(?P<old>[^"]+)" or add it to the signature')
_SWAP = re.compile(r'document "(?P<name>[^"]+)" as the name and "(?P<type>[^"]+)" as its type')
_RENAME_STALE = re.compile(r"rename `(?P<old>[\w$]+)` to `(?P<new>[\w$]+)` in this sentence$")
_RENAME_EXC = re.compile(r"rename (?P<old>[\w.]+) to (?P<new>[\w.]+)$")
_REMOVE_EXC = re.compile(r"remove (?P<name>[\w.]+) from the Raises entries$")
_REMOVE_TAG = re.compile(r"remove the (?P<tag>@\w+)( (?P<name>[\w.]+))? tag$")
_PARAM_TYPE = re.compile(r'document (?P<name>\S+) as "(?P<type>.+)" or change the annotation$')
_RETURN_TYPE = re.compile(
    r'document (the return type|the generator\'s return value|the yielded type) as "(?P<type>.+)"'
)
_QUALIFIER = re.compile(r"(?P<core>.*?)(?P<rest>\s*,\s*(optional|defaults?\b).*)", re.S | re.I)


@dataclass(slots=True)
class StaticFix:
    """The new docstring literal for ``target.source[start:end]`` and what it fixes."""

    start: int
    end: int
    old: str
    text: str
    fixed: list[Finding] = field(default_factory=list)
    skipped: list[tuple[Finding, str]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.text != self.old


class _Planner:
    def __init__(self, target: FixTarget) -> None:
        self.target = target
        self.source = target.source
        parsed = target.parsed
        self.layout = DocLayout(
            target.source,
            target.start,
            target.end,
            parsed.body_start,
            parsed.body_end,
            target.language,
        )
        self.prefix, self.quote = literal_frame(target.literal)
        self.edits: list[Edit] = []
        self.removed: list[Segment] = []
        self.touched: set[tuple[int, int]] = set()

    # ---- helpers --------------------------------------------------------------------------

    def segment_of(self, finding: Finding) -> Segment | None:
        return next(
            (
                s
                for s in self.target.parsed.segments
                if s.start == finding.start and s.end == finding.end
            ),
            None,
        )

    def writable(self, text: str) -> str | None:
        """Why ``text`` cannot go into the literal as it is, or ``None`` when it can."""
        if self.target.language == "java":
            return "it would end the comment" if "*/" in text else None
        if "\\" in text and "r" not in self.prefix.lower():
            return "it holds a backslash, which this (non-raw) literal would read as an escape"
        if self.quote and (self.quote in text or (len(self.quote) == 1 and "\n" in text)):
            return "it would end the string literal"
        return None

    def replace(self, start: int, end: int, new: str) -> str | None:
        if (start, end) in self.touched:
            return None  # a second finding asking for the same change
        problem = self.writable(new)
        if problem is not None:
            return f"the replacement {new!r} cannot be written: {problem}"
        self.touched.add((start, end))
        self.edits.append(Edit(start, end, new))
        return None

    # ---- rules ----------------------------------------------------------------------------

    def plan(self, finding: Finding) -> str | None:
        """Plan the fix of ``finding``; the reason it is not fixed, or ``None``."""
        if finding.tier is not Tier.STATIC:
            return "only static findings have deterministic fixes"
        if finding.rule not in FIXABLE_RULES:
            return f"{finding.rule} has no deterministic fix"
        segment = self.segment_of(finding)
        if segment is None:
            return "the flagged entry is no longer in the docstring"
        hint = finding.fix_hint or ""
        if finding.rule == "C1-PARAM-UNKNOWN":
            return self.param_name(segment, hint)
        if finding.rule in ("C3-RAISES", "C3-RAISES-GENERIC"):
            return self.raises(segment, hint)
        if finding.rule in ("C1-PROSE-NAME-STALE", "C1-PROSE-NAME-WORD", "C1-DOCTYPE-UNRESOLVED"):
            return self.stale_name(segment, hint)
        if finding.rule == "C3-RETURNS-YIELDS":
            return self.returns_yields(segment, hint)
        return self.type_of(finding, segment, hint)

    def param_name(self, segment: Segment, hint: str) -> str | None:
        swap = _SWAP.fullmatch(hint)
        if swap is not None:
            if segment.name_span is None or segment.type_span is None:
                return "the entry's name and type cannot be located"
            (ns, ne), (ts, te) = segment.name_span, segment.type_span
            first = self.replace(ns, ne, self.source[ts:te])
            return first or self.replace(ts, te, self.source[ns:ne])
        match = _RENAME_PARAM.fullmatch(hint) or _REMOVE_PARAM.match(hint)
        if match is None:
            return "the finding names no parameter to rename"
        old, new = strip_name(match["old"]), match.groupdict().get("new")
        if new is None:  # no did-you-mean: the pairing fix (fixes/pairing.py)
            new, why = paired_parameter(self.target, old)
            if new is None:
                return f"no close match, and {why}"
        word = re.compile(rf"(?<![\w]){re.escape(old)}(?![\w])")
        renamed = False
        for other in self.target.parsed.segments:
            if other.kind != "param" or other.name_span is None or not other.name:
                continue
            if old not in split_names(other.name):
                continue
            start, end = other.name_span
            hit = word.search(self.source, start, end)
            if hit is None:
                continue
            problem = self.replace(hit.start(), hit.end(), new)
            if problem is not None:
                return problem
            renamed = True
        return None if renamed else f'"{old}" was not found in the entry'

    def stale_name(self, segment: Segment, hint: str) -> str | None:
        """The renamed name, wherever the sentence writes the old one as a whole word."""
        match = _RENAME_STALE.fullmatch(hint)
        if match is None:
            return "the finding names no single new name"
        word = re.compile(rf"(?<![\w$]){re.escape(match['old'])}(?![\w$])")
        hits = list(word.finditer(self.source, segment.start, segment.end))
        if not hits:
            return f"{match['old']} was not found in the sentence"
        for hit in hits:
            problem = self.replace(hit.start(), hit.end(), match["new"])
            if problem is not None:
                return problem
        return None

    def raises(self, segment: Segment, hint: str) -> str | None:
        match = _RENAME_EXC.fullmatch(hint)
        if match is not None:
            if segment.name_span is None:
                return "the exception name cannot be located"
            start, end = segment.name_span
            old = match["old"]
            hit = re.compile(rf"(?<![\w]){re.escape(old)}(?![\w])").search(self.source, start, end)
            if hit is None:
                return f"{old} was not found in the entry"
            return self.replace(hit.start(), hit.end(), match["new"])
        if _REMOVE_EXC.fullmatch(hint) or _REMOVE_TAG.fullmatch(hint):
            self.removed.append(segment)
            return None
        return "the rule names no exception to rename or remove"

    def returns_yields(self, segment: Segment, hint: str) -> str | None:
        segments = self.target.parsed.segments
        if hint == "document it under Yields":
            return swap_section(
                self.layout, self.source, self.replace, [s for s in segments if s.kind == "returns"]
            )
        if hint == "remove the Yields entry or document the value under Returns":
            if any(s.kind == "returns" for s in segments):
                return "the docstring has a Returns entry already"
            return swap_section(
                self.layout, self.source, self.replace, [s for s in segments if s.kind == "yields"]
            )
        if hint == "remove the Yields entry":
            self.removed.extend(s for s in segments if s.kind == "yields")
            return None
        if _REMOVE_TAG.fullmatch(hint):
            self.removed.append(segment)
            return None
        return "whether the code or the docstring is wrong is not settled"

    def type_of(self, finding: Finding, segment: Segment, hint: str) -> str | None:
        if hint.startswith(("change the annotation", "change the return annotation")):
            # the rule found the body on the docstring's side: rewriting the entry to the
            # annotation would make a true docstring false
            return "the docstring agrees with the body; the annotation is the side to fix"
        if segment.type_span is None:
            return "the documented type cannot be located"
        new = self.annotation(finding, segment, hint)
        if new is None:
            return "the annotation to document cannot be read from the finding"
        start, end = segment.type_span
        qualifier = _QUALIFIER.fullmatch(self.source[start:end])
        if qualifier is not None:
            end = start + len(qualifier["core"])
        return self.replace(start, end, new)

    def annotation(self, finding: Finding, segment: Segment, hint: str) -> str | None:
        """The annotation as written in the signature (the rule's rendering as fallback)."""
        function = self.target.function
        written: str | None = None
        if finding.rule == "C2-PARAM-TYPE":
            match = _PARAM_TYPE.fullmatch(hint)
            if match is None or len(split_names(segment.name or "")) != 1:
                return None
            if function is not None:
                param = next((p for p in function.params if p.name == match["name"]), None)
                written = param.annotation if param is not None else None
            return one_line(written) if written else match["type"]
        match = _RETURN_TYPE.match(hint)
        if match is None:
            return None
        plain = finding.rule == "C2-RETURN-TYPE" and hint.startswith("document the return type")
        if plain and function is not None and function.returns:
            return one_line(function.returns)
        return match["type"]


def static_fix(target: FixTarget, findings: Sequence[Finding]) -> StaticFix:
    """The deterministic fix of ``findings`` (those on ``target``'s docstring; others are
    skipped) as a new literal for ``target.source[target.start:target.end]``."""
    planner = _Planner(target)
    fix = StaticFix(target.start, target.end, target.literal, target.literal)
    for finding in findings:
        if finding.qualname != target.qualname or not target.start <= finding.start < target.end:
            fix.skipped.append((finding, "not on this docstring"))
            continue
        reason = planner.plan(finding)
        if reason is None:
            fix.fixed.append(finding)
        else:
            fix.skipped.append((finding, reason))
    removals = removal_edits(
        planner.layout, target.source, target.parsed.segments, planner.removed, target.end
    )
    # an entry that goes takes the other changes planned inside it along
    kept = [
        e for e in planner.edits if not any(r.start <= e.start and e.end <= r.end for r in removals)
    ]
    edits = kept + removals
    if not edits:
        return fix
    try:
        new_source = apply_edits(target.source, edits)
    except ValueError as exc:  # two fixes touching the same text: fix nothing rather
        fix.skipped.extend((f, f"conflicting edits ({exc})") for f in fix.fixed)
        fix.fixed = []
        return fix
    tail = len(target.source) - target.end
    fix.text = new_source[target.start : len(new_source) - tail]
    return fix
