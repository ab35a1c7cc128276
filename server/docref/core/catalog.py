"""The static rules docref knows: id, criterion, one-line summary, on by default or opt-in.

One table for everything that names rules -- SARIF rule metadata, suppression codes, the
``severity`` setting and the README -- so a rule added in one place cannot be unknown in another
(a test checks that every ``RULE_*`` id declared by a rule module is listed here).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from docref.core.findings import Criterion


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """What a rule id means: its criterion, a one-line summary, and whether it is opt-in."""

    id: str
    criterion: Criterion
    summary: str
    opt_in: bool = False


MODEL_RULE = "referee"
"""The rule id of every model-tier finding (the ReFEree judge; its criterion is the question's)."""


_RULES = (
    RuleInfo(
        "C1-PARAM-UNKNOWN",
        Criterion.C1,
        "A documented parameter is not in the signature.",
    ),
    RuleInfo(
        "C1-XREF-UNRESOLVED",
        Criterion.C1,
        "A cross-reference (:func:, :class:, {@link}, @see) names nothing in scope.",
    ),
    RuleInfo(
        "C1-NAME-UNRESOLVED",
        Criterion.C1,
        "An identifier the prose names in code markup or call syntax names nothing in scope.",
    ),
    RuleInfo(
        "C1-NAME-DERIVED",
        Criterion.C1,
        "A name in prose that names nothing and is a variable of the function plus a word "
        "(`x_hat` beside a local `x`, `x_chunk` beside a parameter `chunk`; opt-in: derived "
        "values, maths notation and other libraries' names, first-pass precision 1 of 17).",
        opt_in=True,
    ),
    RuleInfo(
        "C1-NAME-IN-TESTS",
        Criterion.C1,
        "A module member that names nothing, with no did-you-mean, in a test or benchmark "
        "file (opt-in: scenario narratives and shorthand, 0 of 8 TRUE on rounds 13-26).",
        opt_in=True,
    ),
    RuleInfo(
        "C1-XREF-UNCORROBORATED",
        Criterion.C1,
        "A cross-reference that names nothing, with no second signal that it is this code's "
        "(no did-you-mean, no class that lacks it, no path from the project's package; "
        "opt-in: first-pass precision 18% on rounds 0-16).",
        opt_in=True,
    ),
    RuleInfo(
        "C1-PROSE-NAME-STALE",
        Criterion.C1,
        "A code-marked name in prose names nothing (or only other code of the file uses it), "
        "and one parameter or name in scope is its renamed twin (abbreviated, extended or one "
        "word changed). In Javadoc, {@code x} also counts when only other methods of the file "
        "declare a variable x and the twin is one of the method's own parameters.",
    ),
    RuleInfo(
        "C1-PROSE-NAME-ELSEWHERE",
        Criterion.C1,
        "A code-marked name in prose that only other code uses: of the file, with a renamed "
        "twin among the parameters, or of another project file (opt-in: other code's names, "
        "as often as old ones).",
        opt_in=True,
    ),
    RuleInfo(
        "C1-PROSE-NAME-WORD",
        Criterion.C1,
        "A word in a Python docstring's code markup (`last`, `PrefectFutures`) that names "
        "nothing, with a renamed twin in scope (opt-in: values, packages and other libraries' "
        "names, as often as old ones).",
        opt_in=True,
    ),
    RuleInfo(
        "C1-DOCTYPE-UNRESOLVED",
        Criterion.C1,
        "A class named as a documented type (or a Javadoc @throws) names nothing in scope, "
        "and a class in scope is one edit or a case change away.",
    ),
    RuleInfo(
        "C2-PARAM-TYPE",
        Criterion.C2,
        "A documented parameter type is incompatible with its annotation, both sides "
        "builtin or standard-library types (bool documented for a number counts: bool "
        "subclasses int only by history; the rest: C2-PARAM-TYPE-WEAK, opt-in).",
    ),
    RuleInfo(
        "C2-RETURN-TYPE",
        Criterion.C2,
        "The documented return type is incompatible with the annotation "
        "(bool documented for a number counts).",
    ),
    RuleInfo(
        "C2-RETURN-TYPE-WEAK",
        Criterion.C2,
        "C2-RETURN-TYPE's finding when the code does not corroborate it: a top-level type that "
        "resolves nowhere, a class documented for a Callable, type[X] for X "
        "(opt-in: session 14's corroboration of the return rules).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-PARAM-PARTIAL",
        Criterion.C2,
        "A documented parameter type union that shares a member with the annotation, each "
        "naming a type the other lacks (opt-in: judged 0 of 9 true on projects seen for the "
        "first time).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-PARAM-TYPE-WEAK",
        Criterion.C2,
        "A documented parameter type incompatible with the annotation without corroboration: "
        "a side that is not a builtin or standard-library type (a project, NumPy or other "
        "library class), a collection's kind only (list for tuple), a callable for a class, "
        "or a body using a documented type as a class (opt-in: judged 19 of 81 true on "
        "projects seen for the first time).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-NUMPY-SCALAR",
        Criterion.C2,
        "A documented parameter or return type that is a number where the annotation is a "
        "numpy array (opt-in: numpy returns scalars where its annotations say ndarray; "
        "first-pass precision 0 of 4).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-YIELD-TYPE",
        Criterion.C2,
        "The documented yield type is incompatible with the annotation.",
    ),
    RuleInfo(
        "C2-JAVADOC-RETURN-TYPE",
        Criterion.C2,
        "A Javadoc @return names a type the method does not return.",
    ),
    RuleInfo(
        "C2-PROSE-RETURN-TYPE",
        Criterion.C2,
        'A return claim in prose ("Return True if ..., False otherwise", "a string", '
        '"a list of", "the number of") contradicts the declared return type.',
    ),
    RuleInfo(
        "C2-PROSE-RETURN-WEAK",
        Criterion.C2,
        "C2-PROSE-RETURN-TYPE's finding on a constructor (opt-in: its summary describes the "
        "object the class call makes).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-PROSE-RETURN-INFERRED",
        Criterion.C2,
        "Without a return annotation, a prose return claim or a typed Returns entry that every "
        "returned value contradicts (opt-in: first-pass precision 3 of 11).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-PROSE-RETURN-ITEMS",
        Criterion.C2,
        'A count in a return claim ("the number of batches") on a function annotated to '
        "return a list or set (opt-in: the count is often each item's; first pass 0 TRUE "
        "of 5).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-PROSE-PARAM-TYPE",
        Criterion.C2,
        'A parameter described in prose as a kind of value ("a list of", "a string", '
        '"the number of", an entry starting "Whether" or "If True") that its annotation '
        "contradicts on any reading (a container for a scalar, a string for a number, a flag "
        "under an int without a 0/1 default).",
    ),
    RuleInfo(
        "C2-PROSE-PARAM-LOOSE",
        Criterion.C2,
        'The prose parameter claims C2-PROSE-PARAM-TYPE leaves out: "a string" for bytes, '
        '"a list of" for a mapping, "as an integer", a flag said of a string, a claim '
        "whose docstring types or defaults the value as annotated (opt-in: first-pass "
        "precision 2 of 15 in rounds 9-12 before the split).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-DEFAULT-MISMATCH",
        Criterion.C2,
        "The documented default value differs from the signature's default.",
    ),
    RuleInfo(
        "C2-OPTIONAL-FLAG",
        Criterion.C2,
        "A parameter documented as optional has no default (and the body reads it; opt-in: "
        "first-pass precision 57 of 89 in rounds 29-45, the rest debatable -- a required "
        "positional the code accepts as None, a private helper's copied entry).",
        opt_in=True,
    ),
    RuleInfo(
        "C2-OPTIONAL-FLAG-WEAK",
        Criterion.C2,
        "A parameter documented as optional has no default, and the body never reads it: a "
        "stub or a callback the framework calls with every argument; or a record's field the "
        "constructor only stores, described optional (opt-in: judged 0 of 5 true on projects "
        "seen for the first time).",
        opt_in=True,
    ),
    RuleInfo(
        "C3-RETURNS-YIELDS",
        Criterion.C3,
        "A Returns or Yields section contradicts what the code returns or yields.",
    ),
    RuleInfo(
        "C3-RETURNS-WEAK",
        Criterion.C3,
        "C3-RETURNS-YIELDS's finding on a generator documented under Returns whose docstring "
        "says it yields (opt-in: only the section's name is off).",
        opt_in=True,
    ),
    RuleInfo(
        "C3-RAISES",
        Criterion.C3,
        "A documented exception that nothing in the code can raise.",
    ),
    RuleInfo(
        "C3-RAISES-GENERIC",
        Criterion.C3,
        "A Python ValueError or TypeError documented under Raises that nothing in the code "
        "visibly raises (opt-in: numpy, properties, conversions and C code raise these "
        "implicitly; first-pass precision 2 of 14).",
        opt_in=True,
    ),
    RuleInfo(
        "DOC-PARAM-MISSING",
        Criterion.C1,
        "A parameter of the signature is not documented (completeness; opt-in).",
        opt_in=True,
    ),
)

STATIC_RULES: MappingProxyType[str, RuleInfo] = MappingProxyType({r.id: r for r in _RULES})
"""Every static rule by id, in documentation order."""


def rule_summary(rule: str) -> str | None:
    """The one-line summary of a static rule id, ``None`` when it is not a static rule."""
    info = STATIC_RULES.get(rule.upper())
    return info.summary if info is not None else None
