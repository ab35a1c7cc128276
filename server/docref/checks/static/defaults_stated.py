"""The default a parameter entry states, read as a Python literal (for ``C2-DEFAULT-MISMATCH``,
:mod:`.defaults`).

:func:`documented_default` finds "Defaults to 5.", "default 5", "default=5", "(default: 5)"
and NumPy's ``x : int, default 5``; a statement hedged by a condition ("5 if verbose",
"5, unless…"), one inside a clause about something else ("its default is 5", "but the default
is 5"), a value that is no literal, or two stated defaults that disagree give ``None``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from docref.segments import Segment

__all__ = [
    "UNSET",
    "DocumentedDefault",
    "description",
    "documented_default",
    "literal",
    "parenthesised_defaults",
    "same_value",
]


UNSET = object()
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
# "which default to False" -- the verb in the plural: its subject is several other things
# ("except from cas, incr, and decr, which default to False", round 30, pymemcache); the
# parameter's own default is singular ("which defaults to", "will default to")
_PLURAL_VERB = re.compile(r"default\s+to\b", re.I)
_PLURAL_SUBJECTS = frozenset({"which", "that", "they", "these", "those", "both", "all", "others"})
_CLAUSE_START = re.compile(r"[.;:(,\n]")
_SENTENCE_END = re.compile(r"[.;](?:\s|$)|\n\s*\n")
# "Otherwise, it defaults to True" after "If n_samples=1, defaults to False" (round 52,
# scvi-tools' ``return_numpy``): the other branch of the condition, a condition too
_CONDITION = re.compile(r"\s*(?:if|when|whenever|unless|in case|otherwise|else)\b", re.I)
# a condition on the argument's absence: what such a sentence states is the default itself
_ABSENCE = re.compile(
    r"\b(?:not|no|none|null|nothing|omitted|unset|missing|absent|unspecified|empty|default)\b",
    re.I,
)
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


@dataclass(frozen=True, slots=True)
class DocumentedDefault:
    """A default stated in a parameter entry: its text as written and its literal value."""

    text: str
    value: object
    unit: str = ""  # "1 hour": the unit word after a number, lower case


def literal(text: str) -> object:
    """The value of ``text`` as a Python literal, or ``UNSET``."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
        return ast.literal_eval(tree)
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        return UNSET


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


def _under_condition(before: str) -> bool:
    """The sentence before a default cue opens with a condition that is not the argument's
    absence: "If the cloud has disabled direct uploads, this will default to true" (round 32,
    openstacksdk, after "This defaults to false ..."): when the entry states a default outside
    a condition too, a value under that condition, not the default (alone, the condition
    describes the parameter: "If the operation should be retried once, defaults to None",
    round 8 pymongo, TRUE).  "If not given, defaults to 5" / "When None, defaults to ..."
    state the default, and so does a default after the condition's clause, in parentheses
    ("If True, raise an exception ... (defaults to False)", round 29 pyomo, TRUE)."""
    sentence = _SENTENCE_END.split(before)[-1]
    marks = _CLAUSE_START.findall(sentence)
    if not marks or marks[-1] != ",":
        return False  # "If True, raise ... (defaults to False)": a statement of its own
    return bool(_CONDITION.match(sentence)) and not _ABSENCE.search(sentence)


def _from_prose(text: str) -> Iterator[DocumentedDefault]:
    cues = [c for c in _PROSE_CUE.finditer(text) if _opens_clause(text[: c.start()])]
    conditional = [c for c in cues if _under_condition(text[: c.start()])]
    for cue in cues:
        before = text[: cue.start()].split()
        if _PLURAL_VERB.match(cue.group(0)) and before and before[-1].lower() in _PLURAL_SUBJECTS:
            continue
        if cue in conditional and len(conditional) < len(cues):
            continue  # another default stated outside the condition: this one is behaviour
        found = _value_at(text[cue.end() :])
        if found is None:
            continue
        token, end = found
        plain = _PLAIN_END.match(text[cue.end() + end :])
        if not plain:
            continue  # "5 if verbose", "1/2", "5, unless …": not a plain statement
        lowered = token.lower()
        value = (lowered == "true") if lowered in ("true", "false") else literal(token)
        if value is not UNSET:
            yield DocumentedDefault(token, value, (plain.group("unit") or "").lower())


def _from_type(type_text: str) -> DocumentedDefault | None:
    match = _TYPE_DEFAULT.search(type_text)
    if match is None:
        return None
    rest = match.group("rest").strip()
    found = _value_at(rest)
    if found is None or rest[found[1] :].strip():
        return None
    value = literal(found[0])
    return None if value is UNSET else DocumentedDefault(found[0], value)


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


# a bulleted sub-entry of a mapping's keys, typed like an entry of its own: "* ``degen_atol``
# (``float`` or None): ... (default: None)" inside ``bck_options: dict`` (round 75, deepchem's
# ``symeig``/``svd``, 2 FALSE) -- its default is the key's, not the parameter's
_SUB_ENTRY = re.compile(
    r"(?:^|\s)[*+-]\s+(?:``?)?[A-Za-z_]\w*(?:``?)?\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*:"
)


def _before_sub_entries(text: str) -> str:
    sub = _SUB_ENTRY.search(text)
    return text if sub is None else text[: sub.start()]


def documented_default(seg: Segment) -> DocumentedDefault | None:
    """The one default a parameter entry states, or None (none, several that disagree, or
    none that is a literal)."""
    found: list[DocumentedDefault] = []
    if seg.type:
        # ``int, default 5`` must be all literal; ``int (default: 5)`` reads like prose
        from_type = _from_type(seg.type)
        found.extend([from_type] if from_type is not None else _from_prose(seg.type))
    found.extend(_from_prose(_before_sub_entries(description(seg))))
    if not found or any(not same_value(found[0].value, d.value) for d in found[1:]):
        return None
    return found[0]


# "(default "uparea")" and the bare "("flwdir")" that follow it: one parenthesised literal each
_PARENTHESISED = re.compile(r"\((?P<cue>\s*defaults?(?:\s*[:=]\s*|\s+(?:is|to)\s+|\s+))?")


def parenthesised_defaults(seg: Segment) -> list[DocumentedDefault]:
    """The parenthesised literals of an entry's text from its first "(default X)" on, in order:
    "Name of upstream area (default "uparea") and flow direction ("flwdir") variables" gives
    ``"uparea"``, ``"flwdir"`` (round 96, hydromt: an entry naming two parameters gives each
    its default in prose order).  Empty when no "(default X)" opens the run or a parenthesis
    after it holds anything but one literal."""
    out: list[DocumentedDefault] = []
    text = description(seg)
    for opening in _PARENTHESISED.finditer(text):
        if not out and not opening.group("cue"):
            continue
        found = _value_at(text[opening.end() :])
        if found is None or not text[opening.end() + found[1] :].lstrip().startswith(")"):
            return []
        value = literal(found[0])
        if value is UNSET:
            return []
        out.append(DocumentedDefault(found[0], value))
    return out


def same_value(a: object, b: object) -> bool:
    try:
        return bool(a == b)
    except Exception:  # a literal's comparison cannot fail, but stay silent if it does
        return True
