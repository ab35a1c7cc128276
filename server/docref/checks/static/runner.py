"""Running the static rules over functions, classes and files of an indexed project.

Functions get every rule; documented Python classes get the parameter rules against their
constructor (:mod:`docref.checks.static.class_docstrings`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol
from weakref import WeakKeyDictionary

from docref.checks.static.base import Rule, StaticInput, run_rules
from docref.checks.static.class_docstrings import ClassReuse, check_classes
from docref.checks.static.completeness import COMPLETENESS_RULES, RULE_PARAM_MISSING
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.doctypes import c1_doctype_unresolved
from docref.checks.static.javadoc_rules import c2_javadoc_return_type
from docref.checks.static.names import (
    c1_name_derived,
    c1_name_in_tests,
    c1_name_unresolved,
    c1_prose_name_elsewhere,
    c1_prose_name_word,
    c1_xref_uncorroborated,
    c1_xref_unresolved,
)
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type
from docref.checks.static.prose_returns import (
    c2_prose_return_inferred,
    c2_prose_return_items,
    c2_prose_return_type,
)
from docref.checks.static.report import FileReport as FileReport  # re-exported: its old home
from docref.checks.static.return_weak import (
    c2_prose_return_weak,
    c2_return_type_weak,
    c3_returns_weak,
)
from docref.checks.static.returns_raises import (
    c3_raises_generic,
    c3_raises_unraised,
    c3_returns_vs_yields,
    c3_returns_without_value,
)
from docref.checks.static.types_returns import c2_return_type, c2_yield_type
from docref.checks.static.types_rules import (
    c2_numpy_scalar,
    c2_param_partial,
    c2_param_type,
    c2_param_weak,
)
from docref.core.findings import Finding
from docref.graph.model import Docstring, Function
from docref.graph.project import ProjectGraph
from docref.segments import (
    DocstringLanguage,
    LineIndex,
    ParsedDocstring,
    line_index,
    segment_docstring,
)
from docref.segments.store import ParsedDocstringStore
from docref.segments.whole_file import docstring_chars

if TYPE_CHECKING:
    from docref.core.codes import IgnoreList

RULES: tuple[Rule, ...] = (
    c1_param_unknown,
    c1_xref_unresolved,
    c1_name_unresolved,
    c1_doctype_unresolved,
    c2_param_type,
    c2_return_type,
    c2_yield_type,
    c2_javadoc_return_type,
    c2_prose_return_type,
    c2_prose_param_type,
    c2_default_mismatch,
    c3_returns_without_value,
    c3_returns_vs_yields,
    c3_raises_unraised,
)

OPT_IN_RULES: dict[str, tuple[Rule, ...]] = {
    "DOC-PARAM-MISSING": COMPLETENESS_RULES,
    "C1-PROSE-NAME-ELSEWHERE": (c1_prose_name_elsewhere,),
    "C1-PROSE-NAME-WORD": (c1_prose_name_word,),
    "C1-NAME-DERIVED": (c1_name_derived,),
    "C1-NAME-IN-TESTS": (c1_name_in_tests,),
    "C1-XREF-UNCORROBORATED": (c1_xref_uncorroborated,),
    "C2-PROSE-PARAM-LOOSE": (c2_prose_param_loose,),
    "C2-PROSE-RETURN-INFERRED": (c2_prose_return_inferred,),
    "C2-PROSE-RETURN-ITEMS": (c2_prose_return_items,),
    "C2-NUMPY-SCALAR": (c2_numpy_scalar,),
    "C2-PARAM-PARTIAL": (c2_param_partial,),
    "C2-PARAM-TYPE-WEAK": (c2_param_weak,),
    "C2-OPTIONAL-FLAG": (c2_optional_flag,),
    "C2-OPTIONAL-FLAG-WEAK": (c2_optional_flag_weak,),
    "C2-RETURN-TYPE-WEAK": (c2_return_type_weak,),
    "C2-PROSE-RETURN-WEAK": (c2_prose_return_weak,),
    "C3-RETURNS-WEAK": (c3_returns_weak,),
    "C3-RAISES-GENERIC": (c3_raises_generic,),
}
"""Rules that are off unless named in the ``enable`` setting: completeness, not consistency,
and rules whose findings were too often wrong on projects seen for the first time."""


def rules_for(enable: tuple[str, ...] = ()) -> tuple[Rule, ...]:
    """The default rules plus the opt-in rules named in ``enable`` (ids as in OPT_IN_RULES)."""
    extra = [rule for name in enable for rule in OPT_IN_RULES.get(name.upper(), ())]
    return RULES + tuple(dict.fromkeys(extra))


_stores: WeakKeyDictionary[ProjectGraph, ParsedDocstringStore] = WeakKeyDictionary()


def docstring_store(graph: ProjectGraph) -> ParsedDocstringStore:
    """The parsed-docstring store next to ``graph``'s index cache (memory only when it has
    none), the one :func:`check_file` reads."""
    store = _stores.get(graph)
    if store is None:
        if graph.uses_cache:
            store = ParsedDocstringStore.open(graph.cache_directory)
        else:
            store = ParsedDocstringStore(None)
        _stores[graph] = store
    return store


def use_docstring_store(graph: ProjectGraph, store: ParsedDocstringStore) -> None:
    """Make ``store`` the one :func:`check_file` reads and writes for ``graph`` (a cold run's
    check worker, whose graph has no cache of its own but whose run may)."""
    _stores[graph] = store


class Reuse(Protocol):
    """What an incremental checker (:mod:`docref.engine.incremental`) already holds from an
    earlier check of the same file: segmented docstrings and functions' findings, moved to
    where they are now.  :func:`check_file` asks it instead of segmenting and running the
    rules, and tells it what it had to compute."""

    def begin(self, source: str, data: bytes, index: LineIndex) -> None:
        """The file's text (also as UTF-8) and line index, before any other call."""

    def segment(
        self, source: str, where: tuple[int, int], index: LineIndex, language: DocstringLanguage
    ) -> ParsedDocstring:
        """The docstring at character span ``where``, parsed (reused or segmented now)."""

    def prior(self, fn: Function, ordinal: int) -> tuple[ParsedDocstring, list[Finding]] | None:
        """The parsed docstring and findings of ``fn`` (the ``ordinal``-th function of its
        qualname) if still valid, else ``None``."""

    def remember(
        self, fn: Function, ordinal: int, parsed: ParsedDocstring, findings: list[Finding]
    ) -> None:
        """The docstring and findings just computed for ``fn``."""

    @property
    def class_reuse(self) -> ClassReuse:
        """The same for the file's class checks."""


def check_file(
    graph: ProjectGraph,
    path: str,
    rules: tuple[Rule, ...] = RULES,
    reuse: Reuse | None = None,
) -> FileReport:
    """Run ``rules`` on every documented function of ``path`` (already indexed), and its
    parameter rules on every documented class against the class's constructor.

    With ``reuse``, the functions and docstrings it still holds are not checked again and
    nothing is read from or written to the parsed-docstring store (the editor's path: a
    store entry is a whole file version, and every keystroke makes a new one).  The other
    files the check read are left in ``deps`` (what the results cache keys the report by)."""
    outer, graph.touched = graph.touched, set()
    outer_asked, graph.asked = graph.asked, {}
    try:
        report = _check_file(graph, path, rules, reuse)
        report.deps = sorted(graph.touched - {report.path})
        report.asked = dict(sorted(graph.asked.items()))
    finally:
        if outer is not None:
            outer.update(graph.touched)
        if outer_asked is not None:
            outer_asked.update(graph.asked)
        graph.touched, graph.asked = outer, outer_asked
    return report


def _check_file(
    graph: ProjectGraph, path: str, rules: tuple[Rule, ...], reuse: Reuse | None
) -> FileReport:
    fe = graph.get(path)
    report = FileReport(graph.relpath(path))
    if fe is None:
        return report
    source = graph.source(fe.path)
    data = source.encode("utf-8", "surrogatepass")
    language: DocstringLanguage = "java" if fe.language == "java" else "python"
    report.language = language
    store = docstring_store(graph) if reuse is None else None
    known = store.load(language, fe.content_hash) if store is not None else {}
    fresh: dict[tuple[int, int], ParsedDocstring] = {}
    index = line_index(source)
    if reuse is not None:
        reuse.begin(source, data, index)

    def parse(docstring: Docstring) -> ParsedDocstring:
        where = docstring_chars(index, docstring)
        parsed = known.get(where) or fresh.get(where)
        if parsed is None:
            if reuse is not None:
                parsed = fresh[where] = reuse.segment(source, where, index, language)
            else:
                parsed = fresh[where] = segment_docstring(source, *where, language, index=index)
        return parsed

    ordinals: dict[str, int] = {}
    for fn in fe.functions:
        if fn.docstring is None:
            continue
        report.functions += 1
        ordinal = ordinals[fn.qualname] = ordinals.get(fn.qualname, -1) + 1
        prior = reuse.prior(fn, ordinal) if reuse is not None else None
        if prior is not None:
            report.docstrings.append((fn.qualname, prior[0]))
            report.findings.extend(prior[1])
            continue
        parsed = parse(fn.docstring)
        report.docstrings.append((fn.qualname, parsed))
        failed = len(report.errors)
        found = run_rules(StaticInput(graph, fe, fn, parsed, source, data), rules, report.errors)
        report.findings.extend(found)
        if reuse is not None and len(report.errors) == failed:  # a failure is told each time
            reuse.remember(fn, ordinal, parsed, found)
    class_reuse = reuse.class_reuse if reuse is not None else None
    classes = check_classes(graph, fe, source, data, rules, parse, class_reuse)
    if fresh and store is not None:
        store.save(language, fe.content_hash, {**known, **fresh})
    report.classes = classes.classes
    report.class_names = classes.names
    report.errors.extend(classes.errors)
    merged = classes.merged_constructors
    # the class reports what neither its docstring nor its constructor's documents
    report.findings = [
        f for f in report.findings if not (f.rule == RULE_PARAM_MISSING and f.qualname in merged)
    ]
    report.findings.extend(classes.findings)
    report.findings.sort(key=lambda f: (f.start, f.criterion, f.rule))
    return report


def apply_suppressions(graph: ProjectGraph, report: FileReport, ignore: IgnoreList) -> list[str]:
    """Drop the report's findings silenced by the file's inline ``docref: ignore`` markers or
    by ``ignore``; keep the markers on the report (later tiers' findings pass through them
    too) and return their warnings (malformed markers) as text."""
    from docref.checks.suppress import inline_suppressions

    fe = graph.get(report.path)
    if fe is None:
        return []
    marks = inline_suppressions(fe, graph.source(fe.path))
    report.suppressions = marks
    report.findings = [f for f in report.findings if not marks.covers(f) and not ignore.covers(f)]
    report.warnings = [str(w) for w in marks.warnings]
    return list(report.warnings)
