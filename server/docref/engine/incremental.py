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
from docref.checks.static.class_docstrings import ClassCheck, ClassReuse
from docref.checks.static.runner import FileReport, check_file
from docref.core.findings import Finding
from docref.graph.changes import ChangeLog
from docref.graph.model import Class, Function
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
class _ClassDone:
    """One class's check as last made or moved: its text, where it was, the classes it read
    (path, qualname, first line, fingerprint; itself first) and what it gave."""

    text: tuple[str, int]
    start_byte: int
    start: int
    line: int
    read: list[tuple[str, str, int, str]]
    part: ClassCheck


@dataclass(slots=True)
class _FileMemo:
    rules: tuple[Rule, ...]
    epoch: int
    functions: dict[_Key, _Done] = field(default_factory=dict)
    docstrings: dict[_DocKey, tuple[int, int, ParsedDocstring]] = field(default_factory=dict)
    classes: dict[_Key, _ClassDone] = field(default_factory=dict)
    surfaces: int = -1  # the graph's surface generation the class checks were made under


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
    """One check of one file: the :class:`~docref.checks.static.runner.Reuse` it is given.

    A class's check (its docstring against its constructor) is reused when its text and
    that of every class it read (its bases, their constructors' docstrings included) are
    unchanged and moved with it (or, in other files, not at all), and no code changed in the
    file or in a file it imports, nor any file's surface, since it was made."""

    def __init__(
        self,
        graph: ProjectGraph,
        path: str,
        memo: _FileMemo,
        stale: set[str],
        fingerprints: dict[str, str],
        classes_valid: bool,
    ) -> None:
        self.graph, self.path = graph, path  # the file's path relative to the graph's root
        self.memo = memo
        self.stale = stale
        self.fingerprints = fingerprints
        self.classes_valid = classes_valid
        self.functions: dict[_Key, _Done] = {}
        self.docstrings: dict[_DocKey, tuple[int, int, ParsedDocstring]] = {}
        self.classes: dict[_Key, _ClassDone] = {}
        self.data = b""
        self.index: LineIndex | None = None
        self.reused = 0
        self.reused_classes = 0
        self.class_reuse: ClassReuse = _ClassPass(self)

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

    def _text(self, ent: Function | Class) -> tuple[str, int]:
        # the graph's fingerprint covers the text of every entity of that qualname (an
        # overload's change re-checks its siblings too, which read it)
        return self.fingerprints.get(ent.qualname, ""), ent.span.start_col

    def _where(self, path: str, qualname: str) -> tuple[int, str] | None:
        """The first line and fingerprint of the class ``qualname`` of ``path`` now."""
        entry, fe = self.graph.entries.get(path), self.graph.get(path)
        found = (
            None if fe is None else next((c for c in fe.classes if c.qualname == qualname), None)
        )
        if entry is None or found is None:
            return None
        return found.span.start_line, entry.fingerprints.get(qualname, "")

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


class _ClassPass:
    """The :class:`~docref.checks.static.class_docstrings.ClassReuse` of one :class:`_Pass`."""

    def __init__(self, check: _Pass) -> None:
        self.check = check

    def prior(self, cls: Class, ordinal: int) -> ClassCheck | None:
        check = self.check
        done = check.memo.classes.get((cls.qualname, ordinal))
        if not check.classes_valid or done is None or done.text != check._text(cls):
            return None
        path, lines = check.path, cls.span.start_line - done.line
        for other, qualname, line, fingerprint in done.read:
            # a class of this file moved with it; one of another file did not move
            if check._where(other, qualname) != (
                line + (lines if other == path else 0),
                fingerprint,
            ):
                return None
        if cls.span.start_byte != done.start_byte or lines:
            assert check.index is not None
            start = check.index.byte_to_char(cls.span.start_byte)
            chars = start - done.start
            read = [(o, q, line + lines if o == path else line, f) for o, q, line, f in done.read]
            part = replace(
                done.part, findings=[_shift_finding(f, chars, lines) for f in done.part.findings]
            )
            done = _ClassDone(
                done.text, cls.span.start_byte, start, cls.span.start_line, read, part
            )
        check.classes[(cls.qualname, ordinal)] = done
        check.reused_classes += 1
        return done.part

    def remember(
        self, cls: Class, ordinal: int, part: ClassCheck, read: list[tuple[str, str, int]]
    ) -> None:
        check = self.check
        assert check.index is not None
        prints = [(p, q, line, check._where(p, q)) for p, q, line in read]
        if any(where is None for *_, where in prints):
            return  # a class it read is gone already: nothing to compare with next time
        kept = [(p, q, line, where[1]) for p, q, line, where in prints if where is not None]
        start = check.index.byte_to_char(cls.span.start_byte)
        line = cls.span.start_line
        done = _ClassDone(check._text(cls), cls.span.start_byte, start, line, kept, part)
        check.classes[(cls.qualname, ordinal)] = done


class IncrementalStatic:
    """The static tier over one graph's files, reusing what earlier checks of a file computed
    (see the module docstring).  Not thread-safe: like the graph, used by one thread at a
    time (the language server's folder turn)."""

    def __init__(self, graph: ProjectGraph) -> None:
        self.graph = graph
        self.log: ChangeLog = graph.changes.watch()
        self.files: dict[str, _FileMemo] = {}
        self.last_reused = 0  # functions whose findings the last check reused (for tests)
        self.last_reused_classes = 0  # and classes whose check it reused

    def check(self, path: str, rules: tuple[Rule, ...]) -> FileReport:
        """The static report of ``path`` (indexed; its buffer already given to the graph),
        equal to :func:`~docref.checks.static.runner.check_file`'s."""
        rel = self.graph.relpath(path)
        entry = self.graph.entries.get(rel)
        if entry is None:
            whole, stale, reached = self.log.take(rel, dict)
        else:
            whole, stale, reached = self.log.take(rel, entry.users_by_name, entry.fingerprints)
        memo = self.files.get(rel)
        if memo is None or memo.epoch != self.log.epoch or memo.rules != rules:
            memo = _FileMemo(rules, self.log.epoch, {}, memo.docstrings if memo else {})
        elif whole:  # the file's surface changed: every function may read it
            memo = _FileMemo(rules, self.log.epoch, {}, memo.docstrings)
        surfaces = self.graph.changes.surface_generation
        classes_valid = not reached and memo.surfaces == surfaces
        prints = entry.fingerprints if entry is not None else {}
        current = _Pass(self.graph, rel, memo, stale, prints, classes_valid)
        report = check_file(self.graph, rel, rules, reuse=current)
        fe = self.graph.get(rel)
        if fe is not None:
            self.graph.changes.keep_surface(rel, fe, current.data)
        # only this version's functions and docstrings are kept: the memo never outgrows it
        memo.functions = current.functions
        memo.docstrings = current.docstrings
        memo.classes, memo.surfaces = current.classes, surfaces
        self.files[rel] = memo
        self.last_reused = current.reused
        self.last_reused_classes = current.reused_classes
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
