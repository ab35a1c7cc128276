"""The pairing fix of ``C1-PARAM-UNKNOWN``: a documented name that is no parameter, when it
can only mean one parameter.

The commonest stale entry is a parameter renamed in the code and not in the docstring
(``filename`` documented, ``path`` in the signature) -- too far apart for a did-you-mean.  It is
settled without guessing when the docstring documents exactly one name the signature lacks,
the signature has exactly one parameter the docstring leaves out, and the entry's documented
type (when it has one) agrees with that parameter's annotation (when it has one): the entry is
renamed.  Two unknown names, two undocumented parameters, or types that disagree leave the
finding to the user.
"""

from __future__ import annotations

from docref.checks.static.params import signature_name, split_names
from docref.checks.types import compare
from docref.checks.types_parse import parse_annotation, parse_doc_type
from docref.checks.types_relation import COMPATIBLE, EQUAL, EQUIVALENT
from docref.fixes.target import FixTarget
from docref.graph.model import RECEIVER_NAMES

__all__ = ["paired_parameter"]

_AGREE = (EQUAL, EQUIVALENT, COMPATIBLE)


def paired_parameter(target: FixTarget, unknown: str) -> tuple[str | None, str]:
    """The parameter the documented name ``unknown`` stands for, or ``None`` and why not."""
    function = target.function
    if function is None:
        return None, "a class docstring's parameters are not paired"
    params = [p for i, p in enumerate(function.params) if not (i == 0 and p.name in RECEIVER_NAMES)]
    names = {p.name for p in params}
    entries = [s for s in target.parsed.segments if s.kind == "param" and s.name]
    # ``:param class:`` documents ``class_`` (PEP 8's trailing underscore), as the rule reads it
    documented = {signature_name(n, names) for s in entries for n in split_names(s.name or "")}
    strays = sorted(n for n in documented - names if not n.startswith("<"))
    missing = [p for p in params if p.name not in documented]
    if strays != [unknown]:
        return None, (
            f"{len(strays)} documented names are not parameters ({', '.join(strays)}); "
            "which is which is not settled"
        )
    if len(missing) != 1:
        listed = ", ".join(p.name for p in missing) or "none"
        return None, (f"no single undocumented parameter to pair it with (undocumented: {listed})")
    [param] = missing
    documented_type = next(
        (s.type for s in entries if s.type and unknown in split_names(s.name or "")), None
    )
    if documented_type is None or param.annotation is None:
        return param.name, ""
    doc = parse_doc_type(documented_type, default_is_none=param.default == "None")
    annotation = parse_annotation(param.annotation)
    if doc is None or annotation is None:
        return param.name, ""  # prose or an unreadable annotation: nothing contradicts
    if compare(doc, annotation) in _AGREE:
        return param.name, ""
    return None, (
        f'the documented type "{documented_type}" does not agree with {param.name}: '
        f"{param.annotation}"
    )
