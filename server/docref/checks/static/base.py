"""What a static rule sees for one documented function, and how rules are declared."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Concatenate, ParamSpec

from docref.core.findings import Criterion, Evidence, Finding, Tier
from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph
from docref.segments import ParsedDocstring, Segment

if TYPE_CHECKING:  # only annotations: those modules import this one
    from docref.checks.static.names_mentions import Mention
    from docref.checks.static.names_python import PythonScope

_EVIDENCE_CHARS = 200

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Shared:
    """What several rules work out for the same function, worked out once: the name scope
    (``C1-*`` rules, doctypes, raises), the mentions of each segment and the docstring's
    example words (the two ``C1`` name rules scan the same segments), and the candidate
    findings of each rule family whose ids split one pass (:func:`per_function`: a default
    rule and its opt-in twin, C2-PROSE-PARAM-TYPE and -LOOSE).  It lives in one
    :class:`StaticInput`, which a check builds afresh, so nothing here outlives the graph
    and file versions it was computed from."""

    python_scope: PythonScope | None = None
    mentions: dict[int, list[Mention]] = field(default_factory=dict)
    examples: set[str] | None = None
    # keywords the docstring's example passes to the function, which it does not take
    passed: set[str] = field(default_factory=set)
    # (family function, function and docstring ids, arguments) -> the family's findings
    families: dict[Hashable, tuple[Function, ParsedDocstring, list[Finding]]] = field(
        default_factory=dict
    )


@dataclass(frozen=True, slots=True)
class StaticInput:
    """One documented function: its records, its parsed docstring and the file's text.

    ``source`` is the file's text (character offsets of segments index into it); ``data``
    the same text as UTF-8 (byte spans of the graph index into it).  ``graph`` answers 1-hop
    questions (a project callee's ``raise`` statements, an imported class).
    """

    graph: ProjectGraph
    file: FileExtract
    function: Function
    docstring: ParsedDocstring
    source: str
    data: bytes
    # keyword-only: subclasses add positional fields after the base ones
    shared: Shared = field(default_factory=Shared, compare=False, repr=False, kw_only=True)

    @property
    def path(self) -> str:
        return self.file.path

    def code(self, start_byte: int, end_byte: int) -> str:
        return self.data[start_byte:end_byte].decode("utf-8", "replace")

    def body_code(self) -> str:
        """The function's code after its header and its docstring: what the body does, not
        what the docstring says of it."""
        fn = self.function
        start = fn.header_span.end_byte
        if fn.docstring is not None and fn.docstring.span.start_byte >= start:
            start = fn.docstring.span.end_byte
        return self.code(start, fn.span.end_byte)

    def signature_evidence(self) -> Evidence:
        """The function's signature, collapsed to one line, with its path and 1-based line."""
        span = self.function.header_span
        text = " ".join(self.code(span.start_byte, span.end_byte).split())
        if len(text) > _EVIDENCE_CHARS:
            text = text[: _EVIDENCE_CHARS - 1] + "…"
        return Evidence(text=text, path=self.path, line=span.start_line + 1)

    def finding(
        self,
        segment: Segment,
        criterion: Criterion,
        rule: str,
        message: str,
        fix_hint: str | None = None,
    ) -> Finding:
        """A static finding on ``segment``, with the signature as its evidence."""
        return Finding.from_segment(
            segment,
            path=self.path,
            qualname=self.function.qualname,
            criterion=criterion,
            tier=Tier.STATIC,
            rule=rule,
            message=message,
            evidence=[self.signature_evidence()],
            fix_hint=fix_hint,
        )


Rule = Callable[[StaticInput], list[Finding]]

_P = ParamSpec("_P")


def per_function(
    family: Callable[Concatenate[StaticInput, _P], list[Finding]],
) -> Callable[Concatenate[StaticInput, _P], list[Finding]]:
    """``family`` (the one pass whose findings several rule ids filter by their ``rule``:
    a default rule and its opt-in twin) run once per function and arguments: each id's
    rule then filters the same candidates instead of doing the work again.  The findings
    live in the input's :class:`Shared` (an input made from it by ``dataclasses.replace``
    for another function shares it, and computes its own); every caller gets its own list."""

    def once(inp: StaticInput, /, *args: _P.args, **kwargs: _P.kwargs) -> list[Finding]:
        # the function's and docstring's identity too: ``dataclasses.replace(inp,
        # function=...)`` (a property's setter, raises_callees) keeps the same Shared; the
        # entry holds both, so their ids are not reused while it lives
        fn, doc = inp.function, inp.docstring
        key = (family, id(fn), id(doc), args, tuple(sorted(kwargs.items())))
        entry = inp.shared.families.get(key)
        if entry is None:
            entry = inp.shared.families[key] = (fn, doc, family(inp, *args, **kwargs))
        return list(entry[2])

    functools.update_wrapper(once, family)  # its name in tracebacks and profiles
    return once


def run_rules(inp: StaticInput, rules: Iterable[Rule], errors: list[str]) -> list[Finding]:
    """The findings of every rule on ``inp``; a rule that raises is reported in ``errors``
    (a docref bug) and does not hide the other rules' findings."""
    findings: list[Finding] = []
    for rule in rules:
        try:
            findings.extend(rule(inp))
        except Exception as exc:
            message = f"{inp.path}::{inp.function.qualname}: rule {rule.__name__} failed: {exc!r}"
            log.warning("%s", message)
            errors.append(message)
    return findings
