"""Opt-in completeness rule ``DOC-PARAM-MISSING``: signature parameters a docstring leaves out.

Missing documentation is a completeness question, not an inconsistency: nothing the docstring
says is wrong.  So this rule is not among the default rules; :data:`COMPLETENESS_RULES` is
the opt-in set.  Its findings still need one of the four criteria and carry **C1** (name):
an undocumented parameter is most often the other half of a rename.

Conventions follow pydoclint's defaults (DOC101 with ``--skip-checking-short-docstrings``):

* A docstring with no structured entry at all (no parameter, return, yield, raise or
  attribute entry, just a summary and prose) is skipped; :func:`make_doc_param_missing`
  with ``skip_short_docstrings=False`` checks those too.
* ``*args``/``**kwargs`` must be documented, under any spelling (``*args``, ``args``,
  ``\\*args``); a ``:type x:`` entry alone counts as documenting ``x``, and so does a reST
  field misplaced in a Google ``Args:`` section (``:param x:``: malformed, not missing).
* The first parameter of a method (``self``, ``cls``; not of a ``@staticmethod``) and
  parameters named only with underscores (``_``) are exempt, as are ``@overload`` stubs
  and property setters/deleters.
* Java: every parameter needs an ``@param``, except in ``@Override`` methods (the javadoc
  tool inherits missing ``@param`` tags from the overridden method) and compact record
  constructors (the record documents its components).
"""

from __future__ import annotations

import re

from docref.checks.static.base import Rule, StaticInput
from docref.checks.static.class_fields import short_name
from docref.checks.static.params import signature_name, split_names, strip_name
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = [
    "COMPLETENESS_RULES",
    "RULE_PARAM_MISSING",
    "doc_param_missing",
    "make_doc_param_missing",
    "missing_finding",
    "missing_parameters",
]

RULE_PARAM_MISSING = "DOC-PARAM-MISSING"

_STRUCTURED = frozenset({"param", "returns", "yields", "raises", "attribute"})
# A reST/Epydoc field inside a Google ``Args:`` section (``:param x:``, ``:type x: int``,
# ``:param str x:``) is malformed, but it does document ``x``: the entry has no name only
# because the Google grammar cannot read it.
_MISPLACED_FIELD = re.compile(
    r"[:@](?:param|parameter|arg|argument|key|keyword|kwarg|type)\s+"
    r"(?:[^:]*\s)?(?P<name>(?:\\?\*){0,2}[A-Za-z_]\w*)\s*:"
)


def _exempt_function(inp: StaticInput) -> bool:
    fn = inp.function
    decorators = {short_name(d) for d in fn.decorators}
    if inp.file.language == "java":
        header = inp.code(fn.header_span.start_byte, fn.header_span.end_byte)
        return "Override" in decorators or "(" not in header
    # a property setter's value is the property itself, documented on the getter
    return bool(decorators & {"overload", "setter", "deleter"})


def missing_parameters(inp: StaticInput) -> list[str]:
    """Signature parameters of the function that no parameter entry documents, in order."""
    fn = inp.function
    params = list(fn.params)
    python = inp.file.language == "python"
    if python and params and fn.parent_class is not None:
        is_static = any(short_name(d) == "staticmethod" for d in fn.decorators)
        if not is_static and params[0].kind in ("positional", "positional_only"):
            params = params[1:]
    documented: set[str] = set()
    for seg in inp.docstring.segments:
        if seg.kind == "param" and seg.name:
            names = {p.name for p in params}
            documented.update(signature_name(n, names) for n in split_names(seg.name))
        elif seg.kind == "param" and (field := _MISPLACED_FIELD.match(seg.text)) is not None:
            documented.add(strip_name(field.group("name")))
    return [
        p.name
        for p in params
        if p.name not in documented and p.name.strip("_") and not (python and p.name == "self")
    ]


def _anchor(inp: StaticInput) -> Segment | None:
    """Where to report: the first parameter entry, else the first segment (the summary)."""
    segments = inp.docstring.segments
    return next((s for s in segments if s.kind == "param"), segments[0] if segments else None)


def _check(inp: StaticInput, *, skip_short_docstrings: bool) -> list[Finding]:
    if not inp.function.params or _exempt_function(inp):
        return []
    segments = inp.docstring.segments
    if skip_short_docstrings and not any(s.kind in _STRUCTURED for s in segments):
        return []
    tag = "@param" if inp.file.language == "java" else "a parameter entry"
    return missing_finding(inp, missing_parameters(inp), tag, "")


def missing_finding(inp: StaticInput, missing: list[str], tag: str, where: str) -> list[Finding]:
    """``DOC-PARAM-MISSING``'s one finding on the undocumented parameters ``missing`` (none
    when it is empty), at the first parameter entry, else at the summary: the hint says
    "add ``tag`` for ..." and then ``where`` (a class: its own docstring or its
    constructor's)."""
    anchor = _anchor(inp)
    if not missing or anchor is None:
        return []
    quoted = ", ".join(f'"{name}"' for name in missing)
    noun = "parameter" if len(missing) == 1 else "parameters"
    return [
        inp.finding(
            anchor,
            Criterion.C1,
            RULE_PARAM_MISSING,
            f"does not document {noun} {quoted} of {inp.function.name}()",
            f"add {tag} for {quoted}{where}",
        )
    ]


def doc_param_missing(inp: StaticInput) -> list[Finding]:
    """``DOC-PARAM-MISSING`` with pydoclint's default: summary-only docstrings are skipped."""
    return _check(inp, skip_short_docstrings=True)


def make_doc_param_missing(*, skip_short_docstrings: bool = True) -> Rule:
    """``DOC-PARAM-MISSING`` that, with ``skip_short_docstrings=False``, also reports
    docstrings with no structured entry at all."""
    if skip_short_docstrings:
        return doc_param_missing

    def doc_param_missing_all(inp: StaticInput) -> list[Finding]:
        """``DOC-PARAM-MISSING``, summary-only docstrings included."""
        return _check(inp, skip_short_docstrings=False)

    return doc_param_missing_all


COMPLETENESS_RULES: tuple[Rule, ...] = (doc_param_missing,)
