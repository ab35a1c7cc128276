"""Incremental static checking, for the editor: an edit re-checks only what it touched.

:class:`IncrementalStatic` keeps, per file, what the last check of it computed -- each
documented function's findings and each docstring's segments -- and on the next check of
that file reuses them for every function that is still *the same check*:

- its text (decorators through the end of its body) and start column are unchanged;
- the graph's change log (:mod:`docref.graph.changes`) names it as no dependent of a changed
  entity (the 1-hop context it reads did not change) and the file's surface (imports, entity
  names and headers) did not change;
- the project's set of names did not change (the change log's ``epoch``), and the rules are
  the same.

A reused function's findings and a reused docstring's segments are moved to where the
function now is (character offset and line; an unchanged text at an unchanged column moves
as a block).  Everything else -- changed functions, their dependents, the class checks, the
inline markers -- is computed as in a full check, so the result equals one
(``tests/test_incremental_static.py`` holds it to that over series of edits).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from weakref import WeakKeyDictionary

from docref.checks.static.base import Rule
from docref.checks.static.runner import FileReport, check_file
from docref.core.findings import Finding
from docref.graph.changes import ChangeLog
from docref.graph.model import Function
from docref.graph.project import ProjectGraph
from docref.segments import (
    DocstringLanguage,
    LineIndex,
    ParsedDocstring,
    Segment,
    segment_docstring,
)

__all__ = ["IncrementalStatic", "incremental_for"]

# (qualname, ordinal among the file's functions of that qualname)
_Key = tuple[str, int]
# (language, the docstring line's text before it, the docstring's text)
_DocKey = tuple[str, str, str]


@dataclass(slots=True)
class _Done:
    """One function's docstring and findings as last computed or moved, and where it was."""

    text: tuple[str, int]  # the graph's fingerprint of its qualname, its start column
    start_byte: int
    start: int  # character offset
    line: int
    parsed: ParsedDocstring
    findings: list[Finding]


@dataclass(slots=True)
class _FileMemo:
    rules: tuple[Rule, ...]
    epoch: int
    functions: dict[_Key, _Done] = field(default_factory=dict)
    docstrings: dict[_DocKey, tuple[int, int, ParsedDocstring]] = field(default_factory=dict)


def _shift_range(
    rng: tuple[tuple[int, int], tuple[int, int]], lines: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    (l0, c0), (l1, c1) = rng
    return (l0 + lines, c0), (l1 + lines, c1)


def _shift_finding(finding: Finding, chars: int, lines: int) -> Finding:
    evidence = tuple(
        replace(e, line=e.line + lines) if e.path == finding.path and e.line is not None else e
        for e in finding.evidence
    )
    return replace(
        finding,
        start=finding.start + chars,
        end=finding.end + chars,
        range=_shift_range(finding.range, lines),
        evidence=evidence,
    )


def _shift_span(span: tuple[int, int] | None, chars: int) -> tuple[int, int] | None:
    return None if span is None else (span[0] + chars, span[1] + chars)


def _shift_segment(segment: Segment, chars: int, lines: int) -> Segment:
    return replace(
        segment,
        start=segment.start + chars,
        end=segment.end + chars,
        range=_shift_range(segment.range, lines),
        name_span=_shift_span(segment.name_span, chars),
        type_span=_shift_span(segment.type_span, chars),
    )


def _shift_docstring(parsed: ParsedDocstring, chars: int, lines: int) -> ParsedDocstring:
    return replace(
        parsed,
        body_start=parsed.body_start + chars,
        body_end=parsed.body_end + chars,
        segments=[_shift_segment(s, chars, lines) for s in parsed.segments],
    )


class _Pass:
    """One check of one file: the :class:`~docref.checks.static.runner.Reuse` it is given."""

    def __init__(self, memo: _FileMemo, stale: set[str], fingerprints: dict[str, str]) -> None:
        self.memo = memo
        self.stale = stale
        self.fingerprints = fingerprints
        self.functions: dict[_Key, _Done] = {}
        self.docstrings: dict[_DocKey, tuple[int, int, ParsedDocstring]] = {}
        self.data = b""
        self.index: LineIndex | None = None
        self.reused = 0

    def begin(self, source: str, data: bytes, index: LineIndex) -> None:
        self.data, self.index = data, index

    def segment(
        self, source: str, where: tuple[int, int], index: LineIndex, language: DocstringLanguage
    ) -> ParsedDocstring:
        start, end = where
        line = index.line_of(start)
        key = (language, source[index.line_start(line) : start], source[start:end])
        known = self.docstrings.get(key) or self.memo.docstrings.get(key)
        if known is not None:
            was_start, was_line, parsed = known
            if was_start != start:
                parsed = _shift_docstring(parsed, start - was_start, line - was_line)
        else:
            parsed = segment_docstring(source, start, end, language, index=index)
        if not parsed.warnings:  # a warning may quote an offset: never moved, made again
            self.docstrings[key] = (start, line, parsed)
        return parsed

    def _text(self, fn: Function) -> tuple[str, int]:
        # the graph's fingerprint covers the text of every function of that qualname (an
        # overload's change re-checks its siblings too, which read it)
        return self.fingerprints.get(fn.qualname, ""), fn.span.start_col

    def prior(self, fn: Function, ordinal: int) -> tuple[ParsedDocstring, list[Finding]] | None:
        done = self.memo.functions.get((fn.qualname, ordinal))
        if done is None or fn.qualname in self.stale or done.text != self._text(fn):
            return None
        span = fn.span
        if span.start_byte != done.start_byte or span.start_line != done.line:
            assert self.index is not None
            start = self.index.byte_to_char(span.start_byte)
            chars, lines = start - done.start, span.start_line - done.line
            done = _Done(
                done.text,
                span.start_byte,
                start,
                span.start_line,
                _shift_docstring(done.parsed, chars, lines),
                [_shift_finding(f, chars, lines) for f in done.findings],
            )
        self.functions[(fn.qualname, ordinal)] = done
        self.reused += 1
        return done.parsed, done.findings

    def remember(
        self, fn: Function, ordinal: int, parsed: ParsedDocstring, findings: list[Finding]
    ) -> None:
        assert self.index is not None
        span = fn.span
        start = self.index.byte_to_char(span.start_byte)
        done = _Done(self._text(fn), span.start_byte, start, span.start_line, parsed, findings)
        self.functions[(fn.qualname, ordinal)] = done


class IncrementalStatic:
    """The static tier over one graph's files, reusing what earlier checks of a file computed
    (see the module docstring).  Not thread-safe: like the graph, used by one thread at a
    time (the language server's folder turn)."""

    def __init__(self, graph: ProjectGraph) -> None:
        self.graph = graph
        self.log: ChangeLog = graph.changes.watch()
        self.files: dict[str, _FileMemo] = {}
        self.last_reused = 0  # functions whose findings the last check reused (for tests)

    def check(self, path: str, rules: tuple[Rule, ...]) -> FileReport:
        """The static report of ``path`` (indexed; its buffer already given to the graph),
        equal to :func:`~docref.checks.static.runner.check_file`'s."""
        rel = self.graph.relpath(path)
        entry = self.graph.entries.get(rel)
        if entry is None:
            whole, stale = self.log.take(rel, dict)
        else:
            whole, stale = self.log.take(rel, entry.users_by_name, entry.fingerprints)
        memo = self.files.get(rel)
        if memo is None or memo.epoch != self.log.epoch or memo.rules != rules:
            memo = _FileMemo(rules, self.log.epoch, {}, memo.docstrings if memo else {})
        elif whole:  # the file's surface changed: every function may read it
            memo = _FileMemo(rules, self.log.epoch, {}, memo.docstrings)
        current = _Pass(memo, stale, entry.fingerprints if entry is not None else {})
        report = check_file(self.graph, rel, rules, reuse=current)
        fe = self.graph.get(rel)
        if fe is not None:
            self.graph.changes.keep_surface(rel, fe, current.data)
        # only this version's functions and docstrings are kept: the memo never outgrows it
        memo.functions = current.functions
        memo.docstrings = current.docstrings
        self.files[rel] = memo
        self.last_reused = current.reused
        return report

    def forget(self, path: str) -> None:
        """Drop what is kept for ``path`` (its document was closed)."""
        self.files.pop(self.graph.relpath(path), None)


_checkers: WeakKeyDictionary[ProjectGraph, IncrementalStatic] = WeakKeyDictionary()


def incremental_for(graph: ProjectGraph) -> IncrementalStatic:
    """The incremental checker of ``graph`` (made on first use, lives as long as it)."""
    checker = _checkers.get(graph)
    if checker is None:
        checker = _checkers[graph] = IncrementalStatic(graph)
    return checker
