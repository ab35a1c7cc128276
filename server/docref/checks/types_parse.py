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

from .types_ast import TypeContext, parse_expression
from .types_expr import (
    ELLIPSIS,
    NONE,
    TypeExpr,
    make_union,
)
from .types_members import (
    fold_of,
    has_tuple_items,
    parse_member,
    plural_tail,
    singular,
    split_top,
    tuple_items,
)
from .types_vocab import (
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
# (Sphinx's ``!`` in the default role, `` `!int` ``, only turns the link off: psycopg's
# ``:type index: `!int```, session 36 recall; the role's own ``!`` is :data:`_ROLE`'s)
_BACKTICKS = re.compile(r"``?!?([^`]+)``?")
# reST/Markdown emphasis around a word of the type: the Hugging Face doc-builder's
# ``(`str`, *optional*, defaults to `None`)``; not ``*args`` nor ``**kwargs``
_EMPHASIS = re.compile(r"(?<![\w*])\*([A-Za-z][\w -]*?)\*(?![\w*])")
_LIKE = re.compile(r"\b([A-Za-z]+)[-_ ]like\b", re.IGNORECASE)
_DEFAULT = re.compile(
    r"^(?:by\s+)?defaults?(?:\s+(?:is|to|value\s+is|value))?\s*[:=]?\s*(.*)$", re.IGNORECASE
)
# ``tuple of (set, callable)``: a tuple whose items are (set, callable) pairs as often as the
# pair itself (round 47, skforecast's ``resets`` for ``tuple[tuple[set[str], Callable], ...]``)
_TUPLE_OF_GROUP = re.compile(r"^tuple\s+of\s+\(", re.IGNORECASE)
_PAREN_FLAG = re.compile(r"\s*\((optional|(?:by\s+)?defaults?\b[^()]*)\)\s*$", re.IGNORECASE)


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
    (``tuple of int, str``; round 19, pandas); when a parenthesised group follows ``tuple of``,
    a tuple of such groups too (``_TUPLE_OF_GROUP``)."""
    plain = readings[0]
    if plain is None:
        return readings
    if _TUPLE_OF_GROUP.match(_clean(text)) and plain.name == "tuple" and ELLIPSIS not in plain.args:
        pairs = TypeExpr("tuple", (dataclasses.replace(plain, optional=False), ELLIPSIS))
        readings = [*readings, dataclasses.replace(pairs, optional=plain.optional)]
    if not has_tuple_items(text):
        return readings
    items = _parse_doc(text, default_is_none, ctx, reading="tuple")
    return readings if items is None else [*readings, items]


# --------------------------------------------------------------------------- docstring text


# a type written as a string, the forward-reference habit of annotations (``:type tags: "list"``,
# ``'pkg.Model'``, ``"list[str]"``): the quotes are not part of the type.  Only a type's shape is
# unquoted -- a builtin type word, a capitalised or dotted name, a subscript -- so a quoted
# value (``'fast'``) stays the literal it documents
_QUOTED_TYPE = re.compile(
    r"""^(["'])((?:[A-Z][\w.]*|[A-Za-z_]\w*(?:\.\w+)+|int|str|float|bool|bytes|list|dict"""
    r"""|tuple|set|frozenset|complex|object|type|callable)(?:\[[^"']*\])?)\1$"""
)


def _clean(text: str) -> str:
    text = _QUOTED_TYPE.sub(r"\2", text.strip())
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
    for raw in split_top(text, ","):
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
    if reading != "tuple" and _repeated(kept):
        # ``float, float``: one type word said again for each item of a tuple, never a union
        # of a type with itself (round 63, moderngl-window's ``angles (float, float)`` for
        # ``tuple[float, float]``)
        item = parse_member(kept[0], ctx)
        if item is None:
            return None
        members.append(TypeExpr("tuple", (item,) * len(kept)))
        kept = []
    if reading == "tuple":
        items = tuple_items(kept, ctx)
        if items is None:
            return None
        members.append(items)
        kept = []
    for segment in kept:
        parts = [part.strip() for part in split_top(segment, " or ")]
        # ``list of X or Ys`` (see parse_doc_readings): "split" reads the plural alone,
        # singular, "fold" reads it as another item of the ``of`` phrase
        tail = reading is not None and plural_tail(parts, ctx)
        if tail and reading == "fold":
            folded = fold_of(parts, ctx)
            if folded is None:
                return None
            members.append(folded)
            continue
        for index, part in enumerate(parts):
            member = parse_member(singular(part, ctx) if tail and index else part, ctx)
            if member is None:
                return None
            members.append(member)
    if not members:
        return None
    if default_none or (optional and default_is_none):
        members.append(NONE)
    result = make_union(members)
    return dataclasses.replace(result, optional=True) if optional else result


def _repeated(kept: list[str]) -> bool:
    """Two or more segments, all the same single type word (``int, int, int``)."""
    return (
        len(kept) >= 2
        and re.fullmatch(r"[A-Za-z_][\w.]*", kept[0]) is not None
        and all(k.lower() == kept[0].lower() for k in kept[1:])
    )


def _is_default_none(flag: str) -> bool:
    match = _DEFAULT.match(flag.strip())
    return bool(match) and match is not None and match.group(1).strip("`'\" ") == "None"
