"""Class docstrings against the constructor (Python): the parameter rules on ``C(...)``.

A class docstring that documents parameters (Args, Parameters, ``:param``) describes the
call ``C(...)``; a ``:type x:`` entry without a ``:param x:`` is read as the type of an
``:ivar``/``:cvar`` and left out.  :func:`check_classes` finds that call's signature with
:class:`~docref.checks.static.class_constructors.ConstructorResolver` (own ``__init__``,
own ``__new__``, dataclass-like fields, a project base's constructor; unknown → silent)
and runs the parameter rules on the class docstring: ``C1-PARAM-UNKNOWN``,
``C2-PARAM-TYPE``, ``C2-DEFAULT-MISMATCH``, ``C2-OPTIONAL-FLAG`` and, when enabled,
``DOC-PARAM-MISSING`` and the opt-in parts ``C2-PARAM-PARTIAL``, ``C2-PARAM-TYPE-WEAK`` and
``C2-OPTIONAL-FLAG-WEAK`` (a class's body names every constructor parameter in the
``__init__`` header, so its optional flags all stay ``C2-OPTIONAL-FLAG``).

The rules take a :class:`StaticInput` of one function, so the class gets a synthetic
:class:`Function` record standing for the call: the class's name and qualname, the
constructor's parameters without ``self``/``cls``, its decorators, and the class docstring.
``@overload``\\ ed constructors become synthetic siblings of the same qualname in a copy of
the file record, which is how the rules find overloads.  :class:`ClassInput` shows the
constructor's signature (or the generated one) as the evidence.  Findings carry the class
qualname and sit on the class docstring's segments.

``DOC-PARAM-MISSING`` follows pydoclint's ``--allow-init-docstring``: a parameter
documented in the class docstring or in the constructor's own docstring counts as
documented for both, and the class reports what neither documents.  Where a class docstring
documents parameters, the ``DOC-PARAM-MISSING`` finding of its own ``__init__``/``__new__``
is dropped (:attr:`ClassCheck.merged_constructors`), so one omission is reported once.  A
class docstring with structured entries but no parameter entry is checked for that rule
too when the constructor has no docstring (all its parameters are then undocumented).
For generated constructors, an Attributes entry documents the field of that name, and
private fields (``_raw``) need no entry.  Java is not checked: a Javadoc constructor is a
method and checked as one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from docref.checks.static.base import Rule, StaticInput, run_rules
from docref.checks.static.class_abstract import without_backend_parameters
from docref.checks.static.class_constructors import Constructor, ConstructorResolver
from docref.checks.static.class_dict_keys import without_dict_keys
from docref.checks.static.class_forwarded_hook import without_forwarded_hook_parameters
from docref.checks.static.class_gates import (
    documented_names,
    misspelt_varargs_entries,
    renames_inherited_positionals,
    without_call_parameters,
    without_declared_fields,
    without_namedtuple_fields,
    without_new_parameters,
)
from docref.checks.static.class_methods import (
    cannot_be_built,
    documents_its_call,
    documents_its_items,
    documents_its_method,
    documents_its_value,
    without_hook_parameters,
)
from docref.checks.static.class_set_attributes import (
    without_class_attributes,
    without_declared_in_body,
    without_listed_attributes,
    without_option_keys,
)
from docref.checks.static.class_spelt_options import without_spelt_options
from docref.checks.static.completeness import COMPLETENESS_RULES, missing_finding
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.params import c1_param_unknown, split_names
from docref.checks.static.types_rules import c2_param_partial, c2_param_type, c2_param_weak
from docref.core.findings import Evidence, Finding
from docref.graph.model import Class, Docstring, FileExtract, Function, Param
from docref.graph.project import ProjectGraph
from docref.segments import ParsedDocstring, Segment, byte_to_char, segment_docstring

__all__ = [
    "PARAMETER_RULES",
    "ClassCheck",
    "ClassInput",
    "ClassReuse",
    "check_classes",
    "parse_docstring",
]

log = logging.getLogger(__name__)

PARAMETER_RULES: tuple[Rule, ...] = (
    c1_param_unknown,
    c2_param_type,
    c2_default_mismatch,
    c2_optional_flag,
    # the opt-in parts of the above: run only when enabled (``rules`` holds them then)
    c2_param_partial,
    c2_param_weak,
    c2_optional_flag_weak,
)
"""The rules a class docstring is checked with (besides the opt-in ``DOC-PARAM-MISSING``)."""

_STRUCTURED = frozenset({"param", "returns", "yields", "raises", "attribute"})
_TYPE_SECTIONS = frozenset({":type", "@type"})


@dataclass(frozen=True, slots=True)
class ClassInput(StaticInput):
    """A class docstring and its constructor; ``function`` is the synthetic call record."""

    evidence: Evidence

    def signature_evidence(self) -> Evidence:
        """The constructor's signature (or the generated one), where it is written."""
        return self.evidence


@dataclass(slots=True)
class ClassCheck:
    """What checking the classes of one file gave.

    ``classes`` counts the class docstrings checked against a constructor (``names`` their
    qualnames, in source order); ``errors`` are
    rule failures (a docref bug, reported, not fatal); ``merged_constructors`` the
    qualnames of constructors whose ``DOC-PARAM-MISSING`` the class reports instead.
    """

    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    classes: int = 0
    names: list[str] = field(default_factory=list)
    merged_constructors: set[str] = field(default_factory=set)


class ClassReuse(Protocol):
    """What an incremental checker holds from an earlier check of the same file's classes."""

    def prior(self, cls: Class, ordinal: int) -> ClassCheck | None:
        """The check of ``cls`` (the ``ordinal``-th class of its qualname) if still valid."""

    def remember(
        self, cls: Class, ordinal: int, part: ClassCheck, read: list[tuple[str, str, int]]
    ) -> None:
        """The check just made of ``cls``, and the classes it read (path, qualname, line)."""


def parse_docstring(source: str, data: bytes, docstring: Docstring) -> ParsedDocstring:
    """A Python docstring of the file with text ``source`` (``data``: its UTF-8 bytes)."""
    span = docstring.span
    start, end = byte_to_char(data, span.start_byte), byte_to_char(data, span.end_byte)
    return segment_docstring(source, start, end, "python")


def _completeness(rules: tuple[Rule, ...]) -> bool:
    # make_doc_param_missing(skip_short_docstrings=False) builds a new function each time
    return any(
        r in COMPLETENESS_RULES or r.__qualname__.startswith("make_doc_param_missing.")
        for r in rules
    )


def check_classes(
    graph: ProjectGraph,
    fe: FileExtract,
    source: str,
    data: bytes,
    rules: tuple[Rule, ...],
    parse: Callable[[Docstring], ParsedDocstring] | None = None,
    reuse: ClassReuse | None = None,
) -> ClassCheck:
    """Check every documented class of ``fe`` against its constructor with those of
    ``rules`` that are parameter rules (see the module docstring).  ``parse`` segments a
    docstring of this file (default: :func:`parse_docstring`; the runner passes one that
    reuses stored results); ``reuse`` holds the classes' checks an earlier check of the
    file made (the editor's, :mod:`docref.engine.incremental`)."""
    if parse is None:

        def parse(docstring: Docstring) -> ParsedDocstring:
            return parse_docstring(source, data, docstring)

    result = ClassCheck()
    selected = [r for r in rules if r in PARAMETER_RULES]
    completeness = _completeness(rules)
    if fe.language != "python" or not (selected or completeness):
        return result
    resolver = ConstructorResolver(graph)
    ordinals: dict[str, int] = {}
    for cls in fe.classes:
        if cls.docstring is None:
            continue
        ordinal = ordinals[cls.qualname] = ordinals.get(cls.qualname, -1) + 1
        part = reuse.prior(cls, ordinal) if reuse is not None else None
        if part is None:
            part, resolver.read = ClassCheck(), []
            try:
                text = (source, data, parse)
                _check_class(graph, fe, cls, text, resolver, selected, completeness, part)
            except Exception as exc:  # one odd class must not hide the file's other findings
                message = f"{fe.path}::{cls.qualname}: class check failed: {exc!r}"
                log.warning("%s", message)
                part.errors.append(message)
            if reuse is not None and not part.errors:  # a failure is told each time
                reuse.remember(cls, ordinal, part, resolver.read)
        result.findings += part.findings
        result.errors += part.errors
        result.classes += part.classes
        result.names += part.names
        result.merged_constructors |= part.merged_constructors
    return result


def _check_class(
    graph: ProjectGraph,
    fe: FileExtract,
    cls: Class,
    text: tuple[str, bytes, Callable[[Docstring], ParsedDocstring]],
    resolver: ConstructorResolver,
    selected: list[Rule],
    completeness: bool,
    result: ClassCheck,
) -> None:
    assert cls.docstring is not None
    source, data, parse = text
    parsed = _without_attribute_types(parse(cls.docstring))
    kinds = {s.kind for s in parsed.segments}
    documents = "param" in kinds
    if not documents and not (completeness and kinds & _STRUCTURED):
        return
    ctor = resolver.constructor(fe, cls)
    if ctor is None or (not documents and ctor.documented is not None):
        return
    if documents and cannot_be_built(fe, ctor, data):
        return
    if ctor.slots:
        parsed = misspelt_varargs_entries(parsed, ctor.params[0].name)
        documents = any(s.kind == "param" for s in parsed.segments)
        if not documents:
            return
    params = {p.name for p in ctor.params}
    parsed = _without_own_methods(fe, cls, parsed, params)
    generated = ctor.model is not None
    parsed = without_declared_fields(
        fe, cls, parsed, params, generated=generated, resolver=resolver
    )
    parsed = without_call_parameters(fe, cls, parsed, params, resolver)
    parsed = without_new_parameters(fe, cls, ctor, parsed)
    parsed = without_namedtuple_fields(cls, ctor, parsed)
    parsed = without_class_attributes(fe, cls, ctor, parsed)
    parsed = without_declared_in_body(fe, cls, ctor, data, parsed)
    parsed = without_option_keys(fe, cls, ctor, data, parsed, resolver)
    parsed = without_dict_keys(fe, cls, ctor, data, parsed, resolver)
    parsed = without_hook_parameters(fe, cls, ctor, parsed)
    parsed = without_forwarded_hook_parameters(fe, cls, ctor, parsed, resolver)
    parsed = without_backend_parameters(fe, cls, data, parsed, params, resolver)
    parsed = without_spelt_options(cls, ctor, data, parsed)
    parsed = without_listed_attributes(fe, cls, ctor, data, parsed)

    def parse_in(path: str, docstring: Docstring) -> ParsedDocstring:
        if path == fe.path:
            return parse(docstring)
        other = graph.source(path)
        return parse_docstring(other, other.encode("utf-8", "surrogatepass"), docstring)

    if documents and (
        renames_inherited_positionals(fe, cls, ctor, parsed, resolver, parse_in)
        or documents_its_call(fe, cls, ctor, parsed)
        or documents_its_items(graph, fe, cls, ctor, parsed, data)
        or documents_its_value(fe, cls, ctor, parsed)
        or documents_its_method(fe, cls, ctor, parsed)
    ):
        return
    result.classes += 1
    result.names.append(cls.qualname)
    inp = _class_input(graph, fe, cls, ctor, parsed, source, data)
    if documents:
        result.findings.extend(run_rules(inp, selected, result.errors))
    if completeness:
        result.findings.extend(_missing(graph, inp, ctor))
        if documents and ctor.own_method is not None:
            result.merged_constructors.add(ctor.own_method)


def _class_input(
    graph: ProjectGraph,
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    parsed: ParsedDocstring,
    source: str,
    data: bytes,
) -> ClassInput:
    def record(params: list[Param], decorators: list[str]) -> Function:
        return Function(
            name=cls.name,
            qualname=cls.qualname,
            span=cls.span,
            header_span=cls.header_span,
            params=params,
            decorators=decorators,
            docstring=cls.docstring,
            parent_class=cls.qualname,
        )

    primary = record(ctor.params, ctor.decorators)
    siblings = [record(params, ["overload"]) for params in ctor.overloads]
    # the constructor may be written in a base's file: its imports explain its annotations,
    # but the class's own imports win for the names both bind (the docstring is written here)
    bound = {i.bound_name for i in fe.imports if not i.scope}
    foreign = {i.bound_name: i for i in ctor.imports if i.bound_name not in bound}
    imports = [*fe.imports, *foreign.values()]
    view = replace(fe, functions=[primary, *siblings], imports=imports)
    return ClassInput(graph, view, primary, parsed, source, data, ctor.evidence)


def _without_attribute_types(parsed: ParsedDocstring) -> ParsedDocstring:
    """The docstring without ``:type x:``/``@type x:`` entries that no ``:param x:`` entry
    pairs with: in a class docstring those mostly type an ``:ivar``/``:cvar``."""
    params = {
        name
        for s in parsed.segments
        if s.kind == "param" and s.name and s.section not in _TYPE_SECTIONS
        for name in split_names(s.name)
    }

    def kept(segment: Segment) -> bool:
        if segment.kind != "param" or segment.section not in _TYPE_SECTIONS:
            return True
        return any(name in params for name in split_names(segment.name or ""))

    segments = [s for s in parsed.segments if kept(s)]
    return parsed if len(segments) == len(parsed.segments) else replace(parsed, segments=segments)


def _without_own_methods(
    fe: FileExtract, cls: Class, parsed: ParsedDocstring, params: set[str]
) -> ParsedDocstring:
    """The docstring without the parameter entries that name methods of the class itself and
    no parameter of its constructor (``params``): an abstract base listing the hooks its
    subclasses implement (astropy's ``_BoundingDomain``: ``prepare_inputs``, ``evaluate``)
    documents its interface there, not its call."""
    prefix = cls.qualname + "."
    methods = {
        f.qualname[len(prefix) :]
        for f in fe.functions
        if f.qualname.startswith(prefix) and "." not in f.qualname[len(prefix) :]
    }
    methods = {m for m in methods if not m.startswith("__") and m not in params}

    def kept(segment: Segment) -> bool:
        names = split_names(segment.name or "")
        return segment.kind != "param" or not names or not all(n in methods for n in names)

    segments = [s for s in parsed.segments if kept(s)]
    return parsed if len(segments) == len(parsed.segments) else replace(parsed, segments=segments)


def _missing(graph: ProjectGraph, inp: ClassInput, ctor: Constructor) -> list[Finding]:
    """``DOC-PARAM-MISSING`` on the class: parameters neither docstring documents."""
    documented = documented_names(inp.docstring, attributes=ctor.model is not None)
    if ctor.documented is not None and ctor.documented.docstring is not None:
        path = ctor.documented_path or inp.path
        text = graph.source(path)
        other = parse_docstring(
            text, text.encode("utf-8", "surrogatepass"), ctor.documented.docstring
        )
        documented |= documented_names(other, attributes=False)
    # a private field (``_raw``) of a generated constructor is internal, seldom documented
    for alias, name in ctor.aliases.items():  # either name documents a pydantic field
        if alias in documented or name in documented:
            documented |= {alias, name}
    generated = ctor.model is not None
    missing = [
        p.name
        for p in ctor.params
        if p.name.strip("_")
        and p.name not in documented
        and p.name not in ctor.aliases
        and not (generated and p.name.startswith("_"))
    ]
    return missing_finding(inp, missing, "a parameter entry", " (class or constructor docstring)")
