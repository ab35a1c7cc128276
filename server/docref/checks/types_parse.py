"""Parse docstring types and code annotations into :class:`TypeExpr`, never raising.

Both parsers end in :func:`ast.parse` (``mode="eval"``) and a whitelist walk over the tree
(:mod:`docref.checks.types_ast`); nothing is ever evaluated. Docstring text first goes
through a textual normalisation of the NumPy/Google/reST vocabulary (``X or Y``, ``list of
X``, ``{'a', 'b'}``, ``array_like``, ``, optional``, ``, default ...``). Text that does not
come out as a type is prose: ``None``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from .types_ast import TypeContext, aliased, parse_expression
from .types_expr import (
    BUILTIN_CLASSES,
    ELLIPSIS,
    NONE,
    TypeExpr,
    make_union,
)
from .types_vocab import (
    ARRAY_LIKE,
    DOC_WORDS,
    MAPPING_WORDS,
    OF_CONTAINERS,
    QUALIFIERS,
)

__all__ = [
    "parse_annotation",
    "parse_doc_readings",
    "parse_doc_type",
    "parse_doc_type_and_readings",
]

_MAX_DOC_CHARS = 300
_MAX_ANNOTATION_CHARS = 2000

_ROLE = re.compile(r":(?:[\w-]+:)*[\w-]+:`(?:[^`<]*<)?[~!.]*([^`>]*)>?`")
_BACKTICKS = re.compile(r"``?([^`]+)``?")
# reST/Markdown emphasis around a word of the type: the Hugging Face doc-builder's
# ``(`str`, *optional*, defaults to `None`)``; not ``*args`` nor ``**kwargs``
_EMPHASIS = re.compile(r"(?<![\w*])\*([A-Za-z][\w -]*?)\*(?![\w*])")
_LIKE = re.compile(r"\b([A-Za-z]+)[-_ ]like\b", re.IGNORECASE)
_DEFAULT = re.compile(
    r"^(?:by\s+)?defaults?(?:\s+(?:is|to|value\s+is|value))?\s*[:=]?\s*(.*)$", re.IGNORECASE
)
_PAREN_FLAG = re.compile(r"\s*\((optional|(?:by\s+)?defaults?\b[^()]*)\)\s*$", re.IGNORECASE)
_SHAPE_TAIL = re.compile(r"\s+(?:of|with)\s+(?:shape|length|size)\b.*$", re.IGNORECASE)
_ADJECTIVES = re.compile(
    r"^(?:(?:strictly\s+)?positive|negative|non-?negative|non-?zero|non-?empty)\s+",
    re.IGNORECASE,
)
_NOUN_TAIL = re.compile(r"\s+(?:object|instance)s?$")
# A value range after the type: ``float in [0, 1]``, ``int >= 0``, ``int between 1 and 9``.
_RANGE_TAIL = re.compile(
    r"\s*(?:\s(?:in|within)\s+[\[(].*|\sbetween\s.*|[<>]=?\s*[-+]?[\w.]+.*)$", re.IGNORECASE
)
_PLURAL = re.compile(r"^([a-z_]+?)(ies|s)$")
_OF = re.compile(r"^([A-Za-z_][\w.]*)\s+of\s+(.+)$")
# One dimension of a NumPy shape written as the type (``result : (t.size, D)``): a number,
# ``...``, one letter, a lower-case name or attribute (``n_samples``, ``t.size``), arithmetic.
_SHAPE_ITEM = re.compile(r"^(?:\d+|\.\.\.|[A-Za-z]|[a-z_]\w*(?:\.\w+)*|[\w.]+\s*[-+*/]\s*[\w.]+)$")


# --------------------------------------------------------------------------- public API


def parse_annotation(
    text: str,
    *,
    aliases: Mapping[str, str] | None = None,
    type_aliases: Mapping[str, str] | None = None,
) -> TypeExpr | None:
    """Parse an annotation as written in code (``Optional[int]``, ``"Foo"``, ``npt.NDArray[X]``).

    ``aliases`` maps local import names to qualified names (``{"dt": "datetime"}``);
    ``type_aliases`` maps type alias names to the aliased expression (``{"KeyFunc":
    "Optional[Callable[[str], int]]"}``), expanded where the name is used bare.
    Returns ``None`` when the text is not a type expression. Never raises.
    """
    try:
        if not isinstance(text, str) or len(text) > _MAX_ANNOTATION_CHARS:
            return None
        ctx = TypeContext(aliases, doc=False, expand=type_aliases)
        return parse_expression(" ".join(text.split()), ctx)
    except Exception:
        return None


_MD_LINK = re.compile(r"\[`([^`\[\]]+)`\](?:\[[^\[\]]*\])?|\[([^`\[\]]+)\]\[[^\[\]]*\]")


def parse_doc_type(
    text: str,
    *,
    default_is_none: bool = False,
    aliases: Mapping[str, str] | None = None,
    type_aliases: Mapping[str, str] | None = None,
) -> TypeExpr | None:
    """Parse a type as written in a docstring (Google ``(int)``, NumPy ``list of int,
    optional``, reST ``:type x: Optional[int]``).

    ``, optional`` makes the type ``X | None`` when ``default_is_none`` (the signature default
    is ``None``) or when the text itself says ``default None``; otherwise the type stays ``X``
    with :attr:`TypeExpr.optional` set. ``aliases`` and ``type_aliases`` as for
    :func:`parse_annotation`. Returns ``None`` for prose ("the number of items").
    Never raises.
    """
    try:
        if not isinstance(text, str):
            return None
        return _parse_doc(
            text, default_is_none, TypeContext(aliases, doc=True, expand=type_aliases)
        )
    except Exception:
        return None


def parse_doc_readings(
    text: str,
    *,
    default_is_none: bool = False,
    aliases: Mapping[str, str] | None = None,
    type_aliases: Mapping[str, str] | None = None,
) -> list[TypeExpr | None]:
    """The readings of a docstring type (:func:`parse_doc_type`): one, or two when a plural
    type word follows an ``of`` phrase's ``or`` -- ``list of string or tuples`` is a list of
    strings or tuples (seaborn's markers) as often as a list of strings, or a tuple; and
    ``tuple of int, str`` is numpydoc for ``tuple[int, str]`` as well as a tuple of ints or a
    string.  A contradiction holds only when every reading is contradicted.  Never raises."""
    try:
        ctx = TypeContext(aliases, doc=True, expand=type_aliases)
        split = _parse_doc(text, default_is_none, ctx, reading="split")
        plain = _parse_doc(text, default_is_none, ctx)
        if split is None or (plain is not None and split.render() == plain.render()):
            return _with_tuple_items([plain], text, default_is_none, ctx)
        return [split, _parse_doc(text, default_is_none, ctx, reading="fold")]
    except Exception:
        return [None]


def parse_doc_type_and_readings(
    text: str,
    *,
    default_is_none: bool = False,
    aliases: Mapping[str, str] | None = None,
    type_aliases: Mapping[str, str] | None = None,
) -> tuple[TypeExpr | None, list[TypeExpr | None]]:
    """``(parse_doc_type(text), parse_doc_readings(text))`` for a ``text`` without
    surrounding whitespace, parsing the plain reading both make once (a third of their work;
    the type rules ask both of every documented type).  Never raises."""
    ctx = TypeContext(aliases, doc=True, expand=type_aliases)
    try:
        plain = _parse_doc(text, default_is_none, ctx)
    except Exception:
        return None, [None]
    try:
        split = _parse_doc(text, default_is_none, ctx, reading="split")
        if split is None or (plain is not None and split.render() == plain.render()):
            return plain, _with_tuple_items([plain], text, default_is_none, ctx)
        return plain, [split, _parse_doc(text, default_is_none, ctx, reading="fold")]
    except Exception:
        return plain, [None]


def _with_tuple_items(
    readings: list[TypeExpr | None], text: str, default_is_none: bool, ctx: TypeContext
) -> list[TypeExpr | None]:
    """``readings`` and, when the text lists a tuple's items after ``of``, that reading too
    (``tuple of int, str``; round 19, pandas)."""
    if readings[0] is None or not _has_tuple_items(text):
        return readings
    items = _parse_doc(text, default_is_none, ctx, reading="tuple")
    return readings if items is None else [*readings, items]


# --------------------------------------------------------------------------- docstring text


def _clean(text: str) -> str:
    # Markdown autoref links (mkdocs-autorefs, the Hugging Face doc-builder): ``[`Info`]`` or
    # ``[Info][pkg.Info]`` inside a type stand for the name, not for a list or a parameter list
    text = _MD_LINK.sub(lambda m: m.group(1) or m.group(2), text)
    text = _ROLE.sub(r"\1", text)
    text = _BACKTICKS.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = " ".join(text.split()).strip().rstrip(".:;").strip()
    return _LIKE.sub(lambda m: m.group(1).lower() + "_like", text)


def _parse_doc(
    text: str, default_is_none: bool, ctx: TypeContext, reading: str | None = None
) -> TypeExpr | None:
    text = _clean(text)
    if not text or len(text) > _MAX_DOC_CHARS:
        return None
    optional = False
    default_none = False
    kept: list[str] = []
    for raw in _split_top(text, ","):
        segment = raw.strip()
        while match := _PAREN_FLAG.search(segment):
            flag = match.group(1)
            optional = optional or flag.lower() == "optional"
            default_none = default_none or _is_default_none(flag)
            segment = segment[: match.start()].strip()
        lowered = segment.lower()
        if not segment or lowered in QUALIFIERS:
            continue
        if lowered == "optional":
            optional = True
        elif lowered.startswith(("default", "by default")):
            default_none = default_none or _is_default_none(segment)
        elif lowered.startswith(("shape", "of shape", "length ", "dtype")):
            continue
        else:
            kept.append(re.sub(r"^or\s+", "", segment))
    members: list[TypeExpr] = []
    if reading == "tuple":
        items = _tuple_items(kept, ctx)
        if items is None:
            return None
        members.append(items)
        kept = []
    for segment in kept:
        parts = [part.strip() for part in _split_top(segment, " or ")]
        # ``list of X or Ys`` (see parse_doc_readings): "split" reads the plural alone,
        # singular, "fold" reads it as another item of the ``of`` phrase
        tail = reading is not None and _plural_tail(parts, ctx)
        if tail and reading == "fold":
            folded = _fold_of(parts, ctx)
            if folded is None:
                return None
            members.append(folded)
            continue
        for index, part in enumerate(parts):
            member = _parse_member(_singular(part, ctx) if tail and index else part, ctx)
            if member is None:
                return None
            members.append(member)
    if not members:
        return None
    if default_none or (optional and default_is_none):
        members.append(NONE)
    result = make_union(members)
    return dataclasses.replace(result, optional=True) if optional else result


def _is_default_none(flag: str) -> bool:
    match = _DEFAULT.match(flag.strip())
    return bool(match) and match is not None and match.group(1).strip("`'\" ") == "None"


def _parse_member(text: str, ctx: TypeContext) -> TypeExpr | None:
    text = _NOUN_TAIL.sub("", _SHAPE_TAIL.sub("", _ADJECTIVES.sub("", text))).strip()
    text = _RANGE_TAIL.sub("", text).strip()
    if not text:
        return None
    if text.startswith("{") and text.endswith("}"):
        return parse_expression(text, ctx)
    if _is_shape(text):
        return None  # the shape of the array, not a tuple type: no type claim
    if text.startswith("[") and text.endswith("]") and len(_split_top(text[1:-1], ",")) == 1:
        text = f"list{text}"  # ``[column]``: the list-of notation of older docstrings
    match = _OF.match(text)
    if match:
        return _parse_of(match.group(1), match.group(2).strip(), ctx)
    if text in DOC_WORDS and not aliased(text, ctx):
        return DOC_WORDS[text]  # also the words ``ast`` cannot parse (``class``)
    return parse_expression(text, ctx)


def _is_shape(text: str) -> bool:
    """``(t.size, D)``, ``(n_samples, n_features)``, ``(N,)``: a parenthesised list of
    dimensions, none of them a type word (``(int, str)`` is a tuple type)."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    items = [i.strip() for i in _split_top(text[1:-1], ",")]
    items = items[:-1] if len(items) > 1 and not items[-1] else items
    return all(
        _SHAPE_ITEM.match(i) and i not in BUILTIN_CLASSES and i.lower() not in DOC_WORDS
        for i in items
    )


def _parse_of(word: str, rest: str, ctx: TypeContext) -> TypeExpr | None:
    lowered = word.lower()
    if lowered in MAPPING_WORDS:
        pair = _parse_mapping_args(rest, ctx)
        if pair is None:
            return None
        return TypeExpr(MAPPING_WORDS[lowered], pair)
    if lowered == "tuple":
        if rest.startswith("(") and rest.endswith(")"):
            items = [_parse_member(p.strip(), ctx) for p in _split_top(rest[1:-1], ",")]
            if not items or any(item is None for item in items):
                return None
            return TypeExpr("tuple", tuple(item for item in items if item is not None))
        element = _parse_member(_singular(rest, ctx), ctx)
        return None if element is None else TypeExpr("tuple", (element, ELLIPSIS))
    if lowered not in OF_CONTAINERS:
        return None
    element = _parse_member(_singular(rest, ctx), ctx)
    if element is None:
        return None
    container = OF_CONTAINERS[lowered]
    if container is None:
        return TypeExpr(ARRAY_LIKE)
    return TypeExpr(container, (element,))


def _tuple_items(kept: list[str], ctx: TypeContext) -> TypeExpr | None:
    """``tuple of int, str``: numpydoc's words for ``tuple[int, str]``, the items of a tuple
    listed after ``of`` (the plain reading takes the comma for ``or``: a tuple of ints, or a
    string).  ``None`` unless every item is one type word."""
    if len(kept) < 2:
        return None
    match = _OF.match(kept[0])
    if match is None or match.group(1).lower() != "tuple":
        return None
    words = [match.group(2).strip(), *kept[1:]]
    if any(not word or " " in word for word in words):
        return None
    items = [_parse_member(word, ctx) for word in words]
    if any(item is None for item in items):
        return None
    return TypeExpr("tuple", tuple(item for item in items if item is not None))


def _has_tuple_items(text: str) -> bool:
    """Whether ``text`` may list a tuple's items after ``of`` (:func:`_tuple_items`): a cheap
    test before a third parse."""
    lowered = text.lower()
    return "tuple of" in lowered and "," in lowered


def _plural_tail(parts: list[str], ctx: TypeContext) -> bool:
    """``list of X`` then plural type words only (``tuples``, ``ints``)."""
    if len(parts) < 2 or _OF.match(parts[0]) is None:
        return False
    return all(" " not in p and _singular(p, ctx) != p for p in parts[1:])


def _fold_of(parts: list[str], ctx: TypeContext) -> TypeExpr | None:
    """``list of X or Ys`` read as ``list[X | Y]``: ``None`` unless the head has one item."""
    head = _parse_member(parts[0], ctx)
    tail = [_parse_member(_singular(p, ctx), ctx) for p in parts[1:]]
    if head is None or len(head.args) != 1 or any(t is None for t in tail):
        return None
    items = [head.args[0], *(t for t in tail if t is not None)]
    return dataclasses.replace(head, args=(make_union(items),))


def _singular(word: str, ctx: TypeContext) -> str:
    """An element word of an ``of`` phrase in the singular when that is a type word
    (``ints`` -> ``int``, ``strings`` -> ``string``, ``dictionaries`` -> ``dictionary``)."""
    match = _PLURAL.match(word)
    if match is None or aliased(word, ctx):
        return word
    stem = match.group(1)
    for candidate in (stem + "y",) if match.group(2) == "ies" else (stem,):
        if candidate in DOC_WORDS or candidate in BUILTIN_CLASSES or candidate in OF_CONTAINERS:
            return candidate
    return word


def _parse_mapping_args(rest: str, ctx: TypeContext) -> tuple[TypeExpr, ...] | None:
    if rest.startswith("{") and rest.endswith("}"):
        parsed = parse_expression(rest, ctx)
        return parsed.args if parsed is not None and parsed.name == "dict" else None
    if rest.startswith("(") and rest.endswith(")"):
        parts = _split_top(rest[1:-1], ",")
    else:
        parts = _split_top(rest, " to ")
        if len(parts) == 1:
            parts = _split_top(rest, ":")
    if len(parts) != 2:
        return None
    key, value = (_parse_member(part.strip(), ctx) for part in parts)
    if key is None or value is None:
        return None
    return (key, value)


def _split_top(text: str, separator: str) -> list[str]:
    """Split on ``separator`` outside brackets and quotes (case-insensitive for words)."""
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    index = 0
    lowered = text.lower()
    while index < len(text):
        char = text[index]
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and lowered.startswith(separator, index):
            parts.append(text[start:index])
            index += len(separator)
            start = index
            continue
        index += 1
    parts.append(text[start:])
    return parts
