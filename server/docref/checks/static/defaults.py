"""C2 rule on documented defaults (Python): ``C2-DEFAULT-MISMATCH``.

* :func:`c2_default_mismatch` -- a parameter entry states a default ("Defaults to 5.",
  "default 5", "default=5", "(default: 5)", NumPy ``x : int, default 5``) that differs from
  the signature default.  Both sides are compared as Python literals (``ast.literal_eval``):
  either side not a literal (a constant's name, "the current directory"), a signature
  default of ``None`` (the usual sentinel for a computed default), a statement hedged by a
  condition ("5 if verbose", "5, unless…") or inside a clause about something else ("its
  default is 5", "but the default is 5") leaves the rule silent, and so do two documented
  defaults that disagree with each other and values that :func:`contradicts` does not
  consider comparable.  An entry naming several parameters may list one default per name
  (``theta1, theta2 : float, default: 0, 360``): each name is compared with its own.

:mod:`.optional_flag` holds ``C2-OPTIONAL-FLAG``, on the same entries.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from docref.checks.static.base import StaticInput
from docref.checks.static.params import signature_name, signatures, split_names
from docref.core.findings import Criterion, Finding
from docref.graph.model import Param
from docref.segments import Segment

__all__ = [
    "RULE_DEFAULT_MISMATCH",
    "c2_default_mismatch",
    "contradicts",
    "description",
    "documented_default",
    "param_entries",
    "signature_params",
]

RULE_DEFAULT_MISMATCH = "C2-DEFAULT-MISMATCH"

_UNSET = object()
# In a type field: ``int, default 5`` / ``default=5`` / ``default: 5`` / ``default is 5``.
_TYPE_DEFAULT = re.compile(r"(?:^|,)\s*default(?:\s*[:=]\s*|\s+(?:is\s+)?)(?P<rest>.+)$", re.I)
# In prose: "Defaults to", "Default is", "default value is", "default:", "default=", "default".
_PROSE_CUE = re.compile(
    r"\bdefaults?(?:\s+value)?(?:\s*[:=]\s*|\s+(?:is|to|of|is\s+set\s+to|being)\s+|\s+)", re.I
)
# Words that may open the clause of a default statement ("The default is", "Will default
# to", "which defaults to"); anything else ("but the default is", "its default",
# "whose default") likely speaks of some other default.
_LEAD_WORDS = frozenset({"the", "will", "it", "this", "that", "value"})
_CLAUSE_START = re.compile(r"[.;:(,\n]")
_NUMBER = re.compile(
    r"[-+]?(?:0[xXoObB][\da-fA-F_]+|(?:\d[\d_]*(?:\.\d+|\.(?=[eE]))?|\.\d+)(?:[eE][-+]?\d+)?j?)"
)
_THOUSANDS = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?!\d|\.\d)")  # "10,000": one number
_STRING = re.compile(r"""[rRbBuU]{0,2}(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")
_WORD = re.compile(r"[A-Za-z_]\w*")
_ROLE = re.compile(r":(?:py:)?(?:data|obj|const|attr|class|func):")
_UNITS = (
    "seconds?|secs?|s|ms|milliseconds?|minutes?|hours?|days?|bytes?|[kmg]i?b|items?|"
    "retries|times|characters?|chars?|lines?|pixels?|px|percent|%|elements?|entries|steps?"
)
# What may follow a documented default for the statement to be a plain one.
_PLAIN_END = re.compile(
    rf"^(?:\s*$|\s*[.;)\]]|\s*,(?!\d|\s*(?:or|if|unless|when|otherwise|else|but|except|depending)\b)"
    rf"|\s+(?P<unit>{_UNITS})(?!\w)|\s+(?:is|are)\s+(?:used|assumed)\b)",
    re.I,
)


# Units a quantity may be stated in while the code holds it in another of the same dimension
# ("Defaults to 1 hour (3600 seconds)" for ``timeout=3600``): each unit's size in a base unit.
_SCALES: tuple[dict[str, float], ...] = (
    {"ms": 1e-3, "millisecond": 1e-3, "s": 1, "sec": 1, "second": 1, "minute": 60}
    | {"hour": 3600, "day": 86400},
    {"byte": 1, "kb": 1e3, "kib": 1024, "mb": 1e6, "mib": 1024**2, "gb": 1e9, "gib": 1024**3},
)


def _unit_scale(unit: str) -> tuple[dict[str, float], float] | None:
    unit = unit.lower()
    for scale in _SCALES:
        for name in (unit, unit[:-1] if unit.endswith("s") else unit):
            if name in scale:
                return scale, scale[name]
    return None


def same_quantity(documented: object, unit: str, signature: object) -> bool:
    """Whether ``documented`` in ``unit`` is ``signature`` in some unit of the same dimension
    (1 hour is 3600 seconds, 60 minutes; 2 MB is 2000000 or 2097152 bytes)."""
    numbers = (int, float)
    if not unit or isinstance(documented, bool) or isinstance(signature, bool):
        return False
    if not isinstance(documented, numbers) or not isinstance(signature, numbers):
        return False
    found = _unit_scale(unit)
    if found is None:
        return False
    scale, size = found
    return any(
        abs(documented * size / base - signature) <= 1e-9 * max(1.0, abs(signature))
        for base in scale.values()
    )


# String defaults that mark a parameter in a deprecation cycle (scikit-learn's "warn" and
# "deprecated"): the code swaps in the effective default, which is what the docstring states.
_CYCLE_SENTINELS = frozenset({"warn", "deprecated"})


@dataclass(frozen=True, slots=True)
class DocumentedDefault:
    """A default stated in a parameter entry: its text as written and its literal value."""

    text: str
    value: object
    unit: str = ""  # "1 hour": the unit word after a number, lower case


def _literal(text: str) -> object:
    """The value of ``text`` as a Python literal, or ``_UNSET``."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
        return ast.literal_eval(tree)
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        return _UNSET


def _bracketed(text: str) -> int:
    """The end of the balanced bracket group at the start of ``text``, or 0."""
    depth = 0
    quote = ""
    for i, ch in enumerate(text[:200]):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return 0


def _value_at(text: str) -> tuple[str, int] | None:
    """The literal-shaped token at the start of ``text`` and where it ends, unwrapped from a
    role (``:data:``) and backticks; None when nothing literal-shaped is there."""
    role = _ROLE.match(text)
    offset = role.end() if role else 0
    rest = text[offset:]
    ticks = len(rest) - len(rest.lstrip("`"))
    if ticks:
        close = rest.find("`" * ticks, ticks)
        if close < 0:
            return None
        return rest[ticks:close], offset + close + ticks
    if rest and rest[0] in "([{":
        end = _bracketed(rest)
        return (rest[:end], offset + end) if end else None
    thousands = _THOUSANDS.match(rest)
    if thousands:
        return thousands.group(0).replace(",", ""), offset + thousands.end()
    for pattern in (_STRING, _NUMBER, _WORD):
        match = pattern.match(rest)
        if match:
            return match.group(0), offset + match.end()
    return None


def _opens_clause(before: str) -> bool:
    """Whether a default cue preceded by ``before`` opens its clause ("…, and the default")."""
    words = _CLAUSE_START.split(before)[-1].lower().split()
    for joiner in ("and", "which"):
        if joiner in words:
            words = words[len(words) - words[::-1].index(joiner) :]
    return len(words) <= 2 and all(word in _LEAD_WORDS for word in words)


def _from_prose(text: str) -> Iterator[DocumentedDefault]:
    for cue in _PROSE_CUE.finditer(text):
        if not _opens_clause(text[: cue.start()]):
            continue
        found = _value_at(text[cue.end() :])
        if found is None:
            continue
        token, end = found
        plain = _PLAIN_END.match(text[cue.end() + end :])
        if not plain:
            continue  # "5 if verbose", "1/2", "5, unless …": not a plain statement
        lowered = token.lower()
        value = (lowered == "true") if lowered in ("true", "false") else _literal(token)
        if value is not _UNSET:
            yield DocumentedDefault(token, value, (plain.group("unit") or "").lower())


def _from_type(type_text: str) -> DocumentedDefault | None:
    match = _TYPE_DEFAULT.search(type_text)
    if match is None:
        return None
    rest = match.group("rest").strip()
    found = _value_at(rest)
    if found is None or rest[found[1] :].strip():
        return None
    value = _literal(found[0])
    return None if value is _UNSET else DocumentedDefault(found[0], value)


def _word_char(ch: str) -> bool:
    """Whether ``ch`` is what ``\\w`` matches in a ``str`` pattern (alphanumeric or ``_``)."""
    return ch.isalnum() or ch == "_"


def _name_end(text: str, name: str) -> int:
    r"""Where the first whole-word ``name`` of ``text`` ends (not after a word character or
    ``*``, not before a word character); 0 if none.

    What ``re.search(rf"(?<![\w*]){re.escape(name)}(?!\w)", text)`` finds, without a
    pattern per name: compiling one for each parameter name was ~1,100 compilations on
    astropy (each worker its own), more than the searches cost."""
    size = len(name)
    at = text.find(name)
    while at >= 0:
        after = at + size
        if not (at and (text[at - 1] == "*" or _word_char(text[at - 1]))) and not (
            after < len(text) and _word_char(text[after])
        ):
            return after
        at = text.find(name, at + 1)
    return 0


def description(seg: Segment) -> str:
    """The entry's text after its marker, name and type."""
    text = seg.text
    end = 0
    if seg.name:
        end = _name_end(text, seg.name)
    if seg.type:
        at = text.find(seg.type)
        end = max(end, at + len(seg.type)) if at >= 0 else end
    return re.sub(r"^\s*[)\]]?\s*:?\s*", "", text[end:])


def documented_default(seg: Segment) -> DocumentedDefault | None:
    """The one default a parameter entry states, or None (none, several that disagree, or
    none that is a literal)."""
    found: list[DocumentedDefault] = []
    if seg.type:
        # ``int, default 5`` must be all literal; ``int (default: 5)`` reads like prose
        from_type = _from_type(seg.type)
        found.extend([from_type] if from_type is not None else _from_prose(seg.type))
    found.extend(_from_prose(description(seg)))
    if not found or any(not _same(found[0].value, d.value) for d in found[1:]):
        return None
    return found[0]


def _same(a: object, b: object) -> bool:
    try:
        return bool(a == b)
    except Exception:  # a literal's comparison cannot fail, but stay silent if it does
        return True


def _family(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, str | bytes):
        return "text"
    if isinstance(value, bool | int | float | complex):
        return "number"
    if isinstance(value, list | tuple):
        return "sequence"
    return type(value).__name__


def contradicts(documented: object, signature: object) -> bool:
    """Whether a documented default provably differs from the signature's.

    Values of different kinds (``'psd'`` vs ``-1``, ``[1]`` vs ``1``) are more likely a
    misread entry or broadcasting than a stale default: silent, except for a documented
    ``None``.  ``[1, 2]`` and ``(1, 2)`` are the same default written two ways, and so are
    strings where one is a prefix of the other (``'low'``/``'lowpass'``: aliases) or that
    differ only in case or whitespace (``'2*n_jobs'``/``'2 * n_jobs'``), and ``None`` for
    the string ``"none"`` (statsmodels' ``cov_type="none"`` documented "Default is None").
    """
    kind = _family(documented)
    if kind != _family(signature):
        # ``None`` documented for the string sentinel ``"none"`` names the same choice
        spelled = isinstance(signature, str) and signature.strip().lower() == "none"
        return kind == "none" and not spelled
    if isinstance(documented, list | tuple) and isinstance(signature, list | tuple):
        return not _same(list(documented), list(signature))
    if isinstance(documented, str) and isinstance(signature, str):
        a, b = ("".join(s.lower().split()) for s in (documented, signature))
        return not (a.startswith(b) or b.startswith(a))
    return not _same(documented, signature)


_LISTED = re.compile(r"\bdefaults?(?:\s*[:=]\s*|\s+(?:is|are)\s+|\s+)(?P<rest>.+)$", re.I)


def _listed_defaults(seg: Segment) -> tuple[object, ...] | None:
    """The defaults of an entry naming several parameters, one per name in order
    (``half, full, flag : float, defaults: 5, 10, 50``); None when it lists fewer than two."""
    match = _LISTED.search(seg.type or "")
    if match is None:
        return None
    value = _literal("(" + match.group("rest").strip().rstrip(".") + ",)")
    return value if isinstance(value, tuple) and len(value) > 1 else None


def _documented_for(seg: Segment, name: str, names: set[str]) -> DocumentedDefault | None:
    """The default ``seg`` documents for ``name``: its own item when the entry lists one
    default per name, None when the list and the names do not pair up."""
    entry_names = [signature_name(n, names) for n in split_names(seg.name or "")]
    listed = _listed_defaults(seg) if len(entry_names) > 1 else None
    if listed is None:
        return documented_default(seg)
    if len(listed) != len(entry_names):
        return None
    value = listed[entry_names.index(name)]
    return DocumentedDefault(repr(value), value)


# reST's escape: a backslash before a punctuation character stands for the character itself
_REST_ESCAPE = re.compile(r"\\([^\w\s])")


def _escaped_same(text: str, signature: object) -> bool:
    r"""Whether a documented default with backslashes is the signature's once unescaped:
    ``\\b`` in the source of a plain docstring is ``\b`` in its text, and in a raw one the
    ``r"..."`` default escaped once more for display, as readers take it; ``'./\*'`` is
    reST's escape of ``'./*'`` (pandas ``read_xml``: a bare ``*`` would open emphasis)."""
    for unescaped in (text.replace("\\\\", "\\"), _REST_ESCAPE.sub(r"\1", text)):
        value = _literal(unescaped)
        if value is not _UNSET and not contradicts(value, signature):
            return True
    return False


def param_entries(inp: StaticInput) -> Iterator[tuple[Segment, str]]:
    """Each documented parameter entry with the signature name it stands for."""
    names = {p.name for fn in signatures(inp) for p in fn.params}
    for seg in inp.docstring.segments:
        if seg.kind == "param" and seg.name:
            for name in split_names(seg.name):
                yield seg, signature_name(name, names)


def signature_params(inp: StaticInput) -> dict[str, list[Param]]:
    """Each parameter name with its records across the function and its ``@overload``s."""
    out: dict[str, list[Param]] = {}
    for function in signatures(inp):
        for param in function.params:
            out.setdefault(param.name, []).append(param)
    return out


def c2_default_mismatch(inp: StaticInput) -> list[Finding]:
    """``C2-DEFAULT-MISMATCH``: a documented default that is not the signature's default."""
    if inp.file.language != "python":
        return []
    params = signature_params(inp)
    out: list[Finding] = []
    reported: set[str] = set()
    for seg, name in param_entries(inp):
        records = params.get(name)
        if not records or name in reported or len({p.default for p in records}) != 1:
            continue
        signature_text = records[0].default
        if signature_text is None or records[0].kind in ("vararg", "kwarg"):
            continue
        signature_value = _literal(signature_text)
        if signature_value is _UNSET or signature_value is None:
            continue  # a sentinel, a constant, a call: what it stands for is not visible
        if isinstance(signature_value, str) and signature_value.lower() in _CYCLE_SENTINELS:
            continue  # a deprecation cycle: the documented default is the effective one
        doc = _documented_for(seg, name, set(params))
        if doc is None or not contradicts(doc.value, signature_value):
            continue
        if same_quantity(doc.value, doc.unit, signature_value):
            continue  # the same amount in another unit of the same dimension
        if "\\" in doc.text and _escaped_same(doc.text, signature_value):
            continue
        reported.add(name)
        out.append(
            inp.finding(
                seg,
                Criterion.C2,
                RULE_DEFAULT_MISMATCH,
                f'documents default {doc.text} for "{name}", but the signature default is '
                f"{signature_text}",
                f"document the default as {signature_text}",
            )
        )
    return out
