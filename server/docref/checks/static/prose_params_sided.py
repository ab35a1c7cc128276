"""When a contradicted prose parameter claim is loose rather than a stale type (session 39).

C2-PROSE-PARAM-TYPE keeps the claims that no reading reconciles with the annotation; what a
reading does reconcile goes to the opt-in C2-PROSE-PARAM-LOOSE (:mod:`.prose_params`).  The
readings here are those where something besides the claim sides with the annotation, so the
claim's words are a loose gloss over a value the docstring or the code states right:

- the docstring types the parameter itself (reST ``:type avoid_turns: str``, Epytext ``@type``)
  as the annotation does, and no type field of it agrees with the claim ("List of turn types"
  over ``:type avoid_turns: str``: round 77, routingpy's HERE API string);
- the entry states a default of the annotation's kind that is not the claim's ("The list of
  variables ... This is ``True`` by default" on ``bool``, round 52 dowhy; "Whether to require
  verification. This defaults to ``ssl.CERT_REQUIRED``" on ``int | None``, round 11 urllib3);
- a count said of a collection whose items are numbers (``list[int]``, Java's ``int[]``, a bare
  ``tuple`` defaulting to ``(256, 128, 64)``: round 50 monai) or named for counts
  (``available_ip_counts``) is each item's;
- ``*props: tuple`` / ``**options: dict`` annotate the pack, not each item as Python reads it
  (round 80 neomodel's "dict of properties" on ``*props: tuple``): the annotation says nothing
  a claim can contradict.

A recall mutation changes the annotation alone, so none of these holds for it: the docstring's
own type field, its stated default and the items' default all keep the old kind.
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.returns_annotation import annotation_kinds
from docref.core.segment import Segment

__all__ = ["counted_items", "sided_with_annotation"]

_NUMBER_TYPES = frozenset(
    {"int", "float", "complex", "Integer", "Long", "Short", "Double", "Float", "Number"}
    | {"long", "short", "double"}  # Java's primitives (``float``/``int`` are above)
)
# a Java array, its element type before the brackets (``int[]``, ``int []``, ``long[][]``)
_JAVA_ARRAY = re.compile(r"([A-Za-z_][\w.]*)\s*(?:\[\s*\]\s*)+")
# the last word of a parameter's name saying its items are counts (``available_ip_counts``)
_COUNTS_NAME = re.compile(r"(?:^|_)(?:counts|numbers|nums|sizes|lengths|totals)$", re.I)


def _of_numbers(annotation: str) -> bool:
    """Every type argument of ``annotation`` is a number (``list[int] | None``,
    ``tuple[int, ...]``, Java's ``int[]``; not ``List<String>``, ``String[]``, nor a bare
    ``list``)."""
    array = _JAVA_ARRAY.fullmatch(annotation.strip())
    if array is not None:
        return array[1] in _NUMBER_TYPES
    inner = " ".join(re.findall(r"[\[<]([^\[\]<>]*)[\]>]", annotation))
    words = set(re.findall(r"[A-Za-z_][\w.]*", inner))
    return bool(words) and words <= _NUMBER_TYPES


def _numbers_literal(default: str | None) -> bool:
    """``default`` spells a non-empty tuple or list of numbers (``(256, 128, 64)``)."""
    try:
        value = ast.literal_eval(default or "")
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return (
        isinstance(value, (tuple, list))
        and bool(value)
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    )


def counted_items(annotation: str, name: str, default: str | None) -> bool:
    """A count said of a collection is each item's: its type arguments are numbers ("Number
    of pixels in Y and X directions" on ``list[int]``, round 27 pystac; zxing's ``int[]
    stateCount``, round 62j), its default is a literal of numbers ("number of output channels
    for all feature maps in decoder" on ``decoder_channels: tuple = (256, 128, 64, 32, 16)``,
    round 50 monai), or its name says it holds counts (``available_ip_counts``, round 43)."""
    return _of_numbers(annotation) or _numbers_literal(default) or bool(_COUNTS_NAME.search(name))


def _pack_annotation(kinds: set[str], vararg: bool, kwarg: bool) -> bool:
    """``*props: tuple`` or ``**options: dict``: an annotation naming the pack itself, which
    Python reads as each item's type -- the author's slip or the words', no telling which."""
    return (vararg and bool(kinds) and kinds <= {"tuple", "list"}) or (
        kwarg and bool(kinds) and kinds <= {"dict"}
    )


def _kinds_of_written(type_text: str) -> set[str] | None:
    # ``list`` of ``str``, ``str`` -- the markup removed, "X of Y" read as its container X
    cleaned = re.sub(r"[`!~]", "", type_text).strip()
    cleaned = re.sub(r"\s+of\s+.*$", "", cleaned)
    return annotation_kinds(cleaned) if cleaned else None


def _type_field_sides(
    segments: tuple[Segment, ...] | list[Segment], seg: Segment, claim: str, kinds: set[str]
) -> bool:
    """The docstring types the parameter in a field of its own (reST ``:type name: str``,
    Epytext ``@type``) as the annotation does, and none of its type fields says the claim's
    kind: the claim is the description's gloss, the docstring's type is right (a Google
    ``name (type):`` entry is not this rule's at all)."""
    written = [
        s.type for s in segments if s is not seg and s.kind == "param" and s.name == seg.name
    ]
    said = [_kinds_of_written(t) for t in written if t]
    if not said or any(k is None for k in said):
        return False
    known = [k - {"None"} for k in said if k is not None]
    return all(k and k <= kinds for k in known) and not any(
        claim in k or (claim == "list" and k & {"tuple", "set"}) for k in known
    )


_MARKS = r"(?:``|`|\*)?"
# "defaults to X", "This defaults to X", "default is X", "default: X", "X by default"
_STATED = re.compile(
    rf"\bdefaults?\s*(?:to|is|=|:)\s*{_MARKS}(?P<after>[\w.\"'-]+){_MARKS}"
    rf"|(?:\bis\s+){_MARKS}(?P<before>[\w.\"'-]+){_MARKS}\s+by\s+default\b",
    re.I,
)
_CONSTANT = re.compile(r"(?:[A-Za-z_]\w*\.)+[A-Z][A-Z0-9_]*$")


def _stated_kind(value: str) -> str | None:
    if value in ("True", "False"):
        return "bool"
    if re.fullmatch(r"-?\d+", value):
        return "int" if value not in ("0", "1") else None  # 0/1: a C-style flag or a count
    if re.fullmatch(r"-?\d*\.\d+", value):
        return "float"
    if re.fullmatch(r"""(["']).*\1""", value):
        return "str"
    if _CONSTANT.match(value):
        return "constant"
    return None


def _stated_default_sides(text: str, claim: str, kinds: set[str]) -> bool:
    """The entry states a default of the annotation's kind, or a module's or class's constant,
    that is not of the claim's kind: the entry itself says what the value is."""
    for match in _STATED.finditer(text):
        stated = _stated_kind((match["after"] or match["before"]).rstrip("."))
        if stated is None or stated == claim or (claim == "int" and stated == "float"):
            continue
        if stated == "constant" or stated in kinds or (stated == "float" and "float" in kinds):
            return True
    return False


def sided_with_annotation(
    segments: tuple[Segment, ...] | list[Segment],
    seg: Segment,
    claim: str,
    kinds: set[str],
    text: str,
    pack: tuple[bool, bool],
) -> bool:
    """Whether something besides the claim sides with the annotation (the module's list):
    the claim ``seg``'s ``text`` makes is then loose, not a stale type.  ``pack``: whether the
    parameter is ``*args``, whether it is ``**kwargs``."""
    kinds = kinds - {"None"}
    return (
        _pack_annotation(kinds, *pack)
        or _type_field_sides(segments, seg, claim, kinds)
        or _stated_default_sides(text, claim, kinds)
    )
