"""One member of a documented type, in the NumPy/Google/reST vocabulary (for
:mod:`docref.checks.types_parse`, which splits a type on ``,`` and ``or`` first).

``list of X`` / ``dict of str to int`` / ``tuple of (int, str)`` / ``tuple of int, str``;
plurals (``list of ints``); adjectives, ``X object``, ``of shape (n,)`` and value ranges
dropped; a parenthesised list of dimensions is a shape, not a type (``None``).
"""

from __future__ import annotations

import dataclasses
import re

from .types_ast import TypeContext, aliased, parse_expression
from .types_expr import BUILTIN_CLASSES, ELLIPSIS, NONE, TypeExpr, make_union
from .types_vocab import ARRAY_LIKE, DOC_WORDS, MAPPING_WORDS, OF_CONTAINERS

__all__ = [
    "fold_of",
    "has_tuple_items",
    "parse_member",
    "plural_tail",
    "singular",
    "split_top",
    "tuple_items",
]


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


def parse_member(text: str, ctx: TypeContext) -> TypeExpr | None:
    text = _NOUN_TAIL.sub("", _SHAPE_TAIL.sub("", _ADJECTIVES.sub("", text))).strip()
    text = _RANGE_TAIL.sub("", text).strip()
    if not text:
        return None
    if text.startswith("{") and text.endswith("}"):
        return parse_expression(text, ctx)
    if _is_shape(text):
        return None  # the shape of the array, not a tuple type: no type claim
    if text.startswith("[") and text.endswith("]") and len(split_top(text[1:-1], ",")) == 1:
        text = f"list{text}"  # ``[column]``: the list-of notation of older docstrings
    counted = _COUNTED_TUPLE.match(text)
    if counted:
        return _counted_tuple(int(counted.group(1)), counted.group(2).strip(), ctx)
    called = _CALLED_TUPLE.match(text)
    if called:
        return _called_tuple(called.group(1), ctx)
    match = _OF.match(text)
    if match:
        return _parse_of(match.group(1), match.group(2).strip(), ctx)
    if text in DOC_WORDS and not aliased(text, ctx):
        return DOC_WORDS[text]  # also the words ``ast`` cannot parse (``class``)
    return parse_expression(text, ctx)


# numpydoc's ``3-tuple of float`` (matplotlib, pyvista, napari): N items of one type
_COUNTED_TUPLE = re.compile(r"^(\d+)-tuple\s+of\s+(.+)$", re.IGNORECASE)
# ``tuple(int, int)`` / ``tuple (ndarray, str)`` -- the items' types in call-like parentheses;
# ``tuple(float)`` is a tuple of floats, as written beside ``origin : tuple(float), optional``
_CALLED_TUPLE = re.compile(r"^tuple\s*\((.+)\)$")
# more items than any documented fixed-size tuple has: read as a tuple of any length
_MAX_COUNTED = 9


def _counted_tuple(count: int, rest: str, ctx: TypeContext) -> TypeExpr | None:
    element = parse_member(singular(rest, ctx), ctx)
    if element is None or count < 1:
        return None
    if count > _MAX_COUNTED:
        return TypeExpr("tuple", (element, ELLIPSIS))
    return TypeExpr("tuple", (element,) * count)


def _called_tuple(inner: str, ctx: TypeContext) -> TypeExpr | None:
    """The items of ``tuple(int, str)``; ``None`` when one names a value instead of a type
    (``tuple (min_n, max_n)``, ``tuple(h, k, l)``, ``tuple (rows, columns)``: what each
    item means, no type claim)."""
    words = [w.strip() for w in split_top(inner, ",")]
    if not words or any(not w or _names_a_value(w) for w in words):
        return None
    items = [parse_member(w, ctx) for w in words]
    if any(item is None for item in items):
        return None
    kept = tuple(item for item in items if item is not None)
    return TypeExpr("tuple", (kept[0], ELLIPSIS) if len(kept) == 1 else kept)


def _names_a_value(word: str) -> bool:
    """A lower-case name that is no type word (``min_n``, ``x``): a value's role."""
    return (
        bool(_SHAPE_ITEM.match(word))
        and word not in BUILTIN_CLASSES
        and (word.lower() not in DOC_WORDS)
    )


def _is_shape(text: str) -> bool:
    """``(t.size, D)``, ``(n_samples, n_features)``, ``(N,)``: a parenthesised list of
    dimensions, none of them a type word (``(int, str)`` is a tuple type)."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    items = [i.strip() for i in split_top(text[1:-1], ",")]
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
            items = [parse_member(p.strip(), ctx) for p in split_top(rest[1:-1], ",")]
            if not items or any(item is None for item in items):
                return None
            return TypeExpr("tuple", tuple(item for item in items if item is not None))
        element = parse_member(singular(rest, ctx), ctx)
        return None if element is None else TypeExpr("tuple", (element, ELLIPSIS))
    if lowered not in OF_CONTAINERS:
        return None
    element = parse_member(singular(rest, ctx), ctx)
    if element is None:
        return None
    container = OF_CONTAINERS[lowered]
    if container is None:
        return TypeExpr(ARRAY_LIKE)
    return TypeExpr(container, (element,))


def tuple_items(kept: list[str], ctx: TypeContext) -> TypeExpr | None:
    """``tuple of int, str``: numpydoc's words for ``tuple[int, str]``, the items of a tuple
    listed after ``of`` (the plain reading takes the comma for ``or``: a tuple of ints, or a
    string).  The items may close a chain of ``of`` phrases -- ``list of list of float, str``
    is numpydoc for lists of ``(value, label)`` pairs, ``list[list[tuple[float, str]]]``
    (round 24, pyqtgraph's ``setTicks``) -- and the last may add ``or None``.  ``None`` unless
    every item is one type word."""
    if len(kept) < 2:
        return None
    chain = re.split(r"\s+of\s+", kept[0])
    if len(chain) < 2 or not all(_OF.match(f"{word} of x") for word in chain[:-1]):
        return None
    inner = chain[-2].lower()
    if inner != "tuple" and (inner not in OF_CONTAINERS or OF_CONTAINERS[inner] is None):
        return None  # items of a mapping or an array: no tuple to fill
    words = [chain[-1].strip(), *kept[1:]]
    maybe_none = re.match(r"^(\S+)\s+or\s+None$", words[-1])
    if maybe_none:
        words[-1] = maybe_none.group(1)
    if any(not word or " " in word or word == "None" for word in words):
        return None
    if any(parse_member(word, ctx) is None for word in words):
        return None
    # ``tuple of (int, str)`` is already ``tuple[int, str]``; ``list of (float, str)`` a list
    # of such tuples: the parenthesised form says what the comma meant
    head = " of ".join(chain[:-1])
    result = parse_member(f"{head} of ({', '.join(words)})", ctx)
    if result is None or not maybe_none:
        return result
    return make_union([result, NONE])


def has_tuple_items(text: str) -> bool:
    """Whether ``text`` may list a tuple's items after ``of`` (:func:`tuple_items`): a cheap
    test before a third parse."""
    lowered = text.lower()
    return " of " in lowered and "," in lowered


def plural_tail(parts: list[str], ctx: TypeContext) -> bool:
    """``list of X`` then plural type words only (``tuples``, ``ints``)."""
    if len(parts) < 2 or _OF.match(parts[0]) is None:
        return False
    return all(" " not in p and singular(p, ctx) != p for p in parts[1:])


def fold_of(parts: list[str], ctx: TypeContext) -> TypeExpr | None:
    """``list of X or Ys`` read as ``list[X | Y]``: ``None`` unless the head has one item."""
    head = parse_member(parts[0], ctx)
    tail = [parse_member(singular(p, ctx), ctx) for p in parts[1:]]
    if head is None or len(head.args) != 1 or any(t is None for t in tail):
        return None
    items = [head.args[0], *(t for t in tail if t is not None)]
    return dataclasses.replace(head, args=(make_union(items),))


def singular(word: str, ctx: TypeContext) -> str:
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
        parts = split_top(rest[1:-1], ",")
    else:
        parts = split_top(rest, " to ")
        if len(parts) == 1:
            parts = split_top(rest, ":")
    if len(parts) != 2:
        return None
    key, value = (parse_member(part.strip(), ctx) for part in parts)
    if key is None or value is None:
        return None
    return (key, value)


def split_top(text: str, separator: str) -> list[str]:
    """Split on ``separator`` outside brackets and quotes (case-insensitive for words)."""
    lowered = text.lower()
    if _NESTING.search(text) is None:
        # no bracket or quote: every occurrence splits (most type texts; the
        # character walk below was ~1% of a cold astropy run's CPU)
        return _split_flat(text, lowered, separator)
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    index = 0
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


_NESTING = re.compile(r"[()\[\]{}'\"]")


def _split_flat(text: str, lowered: str, separator: str) -> list[str]:
    """``split_top`` of a text with nothing nested: C-level finds over ``lowered``, the
    positions read on ``text`` as the walk reads them (``lower()`` may lengthen a text)."""
    parts: list[str] = []
    start = 0
    found = lowered.find(separator)
    while 0 <= found < len(text):
        parts.append(text[start:found])
        start = found + len(separator)
        found = lowered.find(separator, start)
    parts.append(text[start:])
    return parts
