"""Running the static rules over functions, classes and files of an indexed project.

Functions get every rule; documented Python classes get the parameter rules against their
constructor (:mod:`docref.checks.static.class_docstrings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from docref.checks.static.base import Rule, StaticInput, run_rules
from docref.checks.static.class_docstrings import check_classes
from docref.checks.static.completeness import COMPLETENESS_RULES, RULE_PARAM_MISSING
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.javadoc_rules import c2_javadoc_return_type
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.optional_flag import c2_optional_flag
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import (
    c3_raises_unraised,
    c3_returns_vs_yields,
    c3_returns_without_value,
)
from docref.checks.static.types_rules import c2_param_type, c2_return_type, c2_yield_type
from docref.core.findings import Finding
from docref.graph.model import Docstring, Language
from docref.graph.project import ProjectGraph
from docref.segments import DocstringLanguage, ParsedDocstring, line_index, segment_docstring
from docref.segments.store import ParsedDocstringStore
from docref.segments.whole_file import docstring_chars

if TYPE_CHECKING:
    from docref.checks.suppress import Suppressions
    from docref.core.codes import IgnoreList

RULES: tuple[Rule, ...] = (
    c1_param_unknown,
    c1_xref_unresolved,
    c1_name_unresolved,
    c2_param_type,
    c2_return_type,
    c2_yield_type,
    c2_javadoc_return_type,
    c2_prose_return_type,
    c2_prose_param_type,
    c2_default_mismatch,
    c2_optional_flag,
    c3_returns_without_value,
    c3_returns_vs_yields,
    c3_raises_unraised,
)

OPT_IN_RULES: dict[str, tuple[Rule, ...]] = {"DOC-PARAM-MISSING": COMPLETENESS_RULES}
"""Rules that are off unless named in the ``enable`` setting (completeness, not consistency)."""


def rules_for(enable: tuple[str, ...] = ()) -> tuple[Rule, ...]:
    """The default rules plus the opt-in rules named in ``enable`` (ids as in OPT_IN_RULES)."""
    extra = [rule for name in enable for rule in OPT_IN_RULES.get(name.upper(), ())]
    return RULES + tuple(dict.fromkeys(extra))


@dataclass(slots=True)
class FileReport:
    """Findings of one file; ``errors`` are rule failures (a docref bug, reported, not fatal).

    ``functions`` counts the documented functions checked, ``classes`` the class docstrings
    checked against a constructor.  ``docstrings`` keeps each documented function's qualname
    and parsed docstring (in source order) for later tiers (classes are not among them);
    ``language`` is the file's language; ``suppressions`` the file's inline
    ``docref: ignore`` markers once read.
    """

    path: str
    functions: int = 0
    classes: int = 0
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    language: Language = "python"
    docstrings: list[tuple[str, ParsedDocstring]] = field(default_factory=list)
    suppressions: Suppressions | None = None


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


def check_file(graph: ProjectGraph, path: str, rules: tuple[Rule, ...] = RULES) -> FileReport:
    """Run ``rules`` on every documented function of ``path`` (already indexed), and its
    parameter rules on every documented class against the class's constructor."""
    fe = graph.get(path)
    report = FileReport(graph.relpath(path))
    if fe is None:
        return report
    source = graph.source(fe.path)
    data = source.encode("utf-8", "surrogatepass")
    language: DocstringLanguage = "java" if fe.language == "java" else "python"
    report.language = language
    store = docstring_store(graph)
    known = store.load(language, fe.content_hash)
    fresh: dict[tuple[int, int], ParsedDocstring] = {}
    index = line_index(source)

    def parse(docstring: Docstring) -> ParsedDocstring:
        where = docstring_chars(index, docstring)
        parsed = known.get(where) or fresh.get(where)
        if parsed is None:
            parsed = fresh[where] = segment_docstring(source, *where, language, index=index)
        return parsed

    for fn in fe.functions:
        if fn.docstring is None:
            continue
        report.functions += 1
        parsed = parse(fn.docstring)
        report.docstrings.append((fn.qualname, parsed))
        inp = StaticInput(graph, fe, fn, parsed, source, data)
        report.findings.extend(run_rules(inp, rules, report.errors))
    classes = check_classes(graph, fe, source, data, rules, parse)
    if fresh:
        store.save(language, fe.content_hash, {**known, **fresh})
    report.classes = classes.classes
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
    return [str(w) for w in marks.warnings]
