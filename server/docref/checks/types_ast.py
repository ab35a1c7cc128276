"""The whitelist walk shared by both type parsers: a type written as a Python expression,
parsed with :func:`ast.parse` (``mode="eval"``) and never evaluated, into a
:class:`TypeExpr`; any node that is not part of a type makes it ``None``.  Docstring text
reaches it after :mod:`docref.checks.types_parse` normalised its vocabulary."""

from __future__ import annotations

import ast
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .types_expr import (
    ELLIPSIS,
    LITERAL,
    NONE,
    PARAMS,
    TypeExpr,
    canonical_name,
    make_literal,
    make_union,
)
from .types_vocab import ARRAY_LIKE, DOC_WORDS, NDARRAY, NDARRAY_ALIAS, OF_CONTAINERS

__all__ = ["TypeContext", "aliased", "parse_expression"]

_MAX_DEPTH = 4  # string annotations inside string annotations


@dataclass(frozen=True, slots=True)
class TypeContext:
    """How a type text is read: the scope's import ``aliases``, whether it is a docstring's
    (``doc``: the NumPy/Google vocabulary applies), how deep in string annotations, and the
    scope's type aliases to ``expand``."""

    aliases: Mapping[str, str] | None
    doc: bool
    depth: int = 0
    # type aliases of the scope: name -> the aliased expression as written in code
    expand: Mapping[str, str] | None = None

    def inner(self, *, doc: bool | None = None) -> TypeContext:
        return TypeContext(
            self.aliases, self.doc if doc is None else doc, self.depth + 1, self.expand
        )


def aliased(text: str, ctx: TypeContext) -> bool:
    """Whether ``text`` is an import alias of the scope (not a docstring word then)."""
    return bool(ctx.aliases) and ctx.aliases is not None and text in ctx.aliases


def parse_expression(text: str, ctx: TypeContext) -> TypeExpr | None:
    """``text`` parsed as a Python expression (never evaluated) and walked into a
    :class:`TypeExpr`; ``None`` when a node is not part of a type.  Raises ``SyntaxError``
    on text that is no expression (the public parsers catch it)."""
    if ctx.depth > _MAX_DEPTH or not text.strip():
        return None
    tree = _tree(text.strip())
    if isinstance(tree, BaseException):
        raise type(tree)(*tree.args)  # a new one: a raised instance would grow its traceback
    return _convert(tree.body, ctx, top=True)


@lru_cache(maxsize=4096)
def _tree(text: str) -> ast.Expression | Exception:
    """``text`` parsed, or why not.  A project writes the same few type texts over and over
    (``int``, ``str``, ``bool``, ``array_like``): each is parsed once (the walk only reads
    the tree), not once per docstring entry and annotation (~3% of a cold run's CPU)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # "1if", "'\\d'" in garbage input
            return ast.parse(text, mode="eval")
    except (SyntaxError, ValueError) as exc:  # ValueError: a null byte
        return exc


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value)
        return None if owner is None else owner + "." + node.attr
    return None


def _convert(node: ast.expr, ctx: TypeContext, *, top: bool = False) -> TypeExpr | None:
    if isinstance(node, ast.Constant):
        return _convert_constant(node.value, ctx, top=top)
    if isinstance(node, ast.Name | ast.Attribute):
        return _convert_name(node, ctx)
    if isinstance(node, ast.Subscript):
        return _convert_subscript(node, ctx)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_of([node.left, node.right], ctx)
    if isinstance(node, ast.List):
        return _all_of(PARAMS, node.elts, ctx)
    if isinstance(node, ast.Tuple) and ctx.doc and (top or _parenthesised(node)):
        if _names_none(node):
            # ``(int, str, None)``: the types a value may have, listed as ``isinstance``
            # takes them (round 102, mikeio's ``axis``) -- no tuple types an item ``None``
            return _union_of(node.elts, ctx)
        # ``(int, int)``, also as an argument: ``List[(str, str)]`` is a list of pairs in a
        # docstring's loose notation (round 20, dagster), not ``list[str, str]``
        return _all_of("tuple", node.elts, ctx)
    if isinstance(node, ast.Call) and _dotted(node.func) == "type" and len(node.args) == 1:
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and arg.value is None and not node.keywords:
            return NONE
        return None
    if isinstance(node, ast.Set) and ctx.doc:
        # numpydoc choices: values (``{'a', 'b'}``) or types (``{None, int}``), or both
        return _literal_of(node.elts) or _union_of(node.elts, ctx)
    if isinstance(node, ast.Dict) and ctx.doc and len(node.keys) == 1:
        key = node.keys[0]
        if key is None:
            return None
        return _all_of("dict", [key, node.values[0]], ctx)
    return None


def _convert_constant(value: object, ctx: TypeContext, *, top: bool) -> TypeExpr | None:
    if value is None:
        return NONE
    if value is Ellipsis:
        return ELLIPSIS
    if isinstance(value, str):
        if ctx.doc and top:
            return make_literal([repr(value)])  # NumPy: ``str, 'auto' or None``
        return parse_expression(" ".join(value.split()), ctx.inner())
    return None


def _convert_name(node: ast.Name | ast.Attribute, ctx: TypeContext) -> TypeExpr | None:
    dotted = _dotted(node)
    if dotted is None:
        return None
    if ctx.expand and dotted in ctx.expand:
        # a type alias of the scope stands for its expression (resolved before the typing
        # vocabulary); an expression that does not parse leaves the name as it is
        expanded = parse_expression(" ".join(ctx.expand[dotted].split()), ctx.inner(doc=False))
        if expanded is not None:
            return expanded
    lowered = dotted.lower()
    wordy = dotted.islower() or lowered == "any"
    if ctx.doc and wordy and lowered in DOC_WORDS and not aliased(dotted, ctx):
        return DOC_WORDS[lowered]
    name = canonical_name(dotted, ctx.aliases)
    if name in ("typing.Optional", "typing.Union", LITERAL, "typing.Literal"):
        return None
    return TypeExpr(name)


def _convert_subscript(node: ast.Subscript, ctx: TypeContext) -> TypeExpr | None:
    dotted = _dotted(node.value)
    if dotted is None:
        return None
    origin = canonical_name(dotted, ctx.aliases)
    if ctx.doc and "." not in dotted and dotted.islower() and dotted in OF_CONTAINERS:
        container = OF_CONTAINERS[dotted]
        origin = ARRAY_LIKE if container is None else container
    elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if origin == "typing.Literal":
        return _literal_of(elements)
    if origin == "typing.Optional":
        if len(elements) != 1:
            return None
        return _union_of([elements[0], ast.Constant(None)], ctx)
    if origin == "typing.Union":
        return _union_of(elements, ctx)
    if origin in (
        "typing.Annotated",
        "typing.Final",
        "typing.ClassVar",
        "typing.Required",
        "typing.NotRequired",
        "typing.ReadOnly",
        "dataclasses.InitVar",
    ):
        return _convert(elements[0], ctx) if elements else None
    if origin in ("typing.TypeGuard", "typing.TypeIs"):
        # a type predicate returns a plain bool to its caller; the argument is what a checker
        # narrows to, not part of the value
        return TypeExpr("bool")
    if origin == ARRAY_LIKE:
        return TypeExpr(ARRAY_LIKE)
    if ctx.doc and isinstance(node.slice, ast.Tuple) and _parenthesised(node.slice):
        elements = [node.slice]  # ``List[(str, str)]``: one argument, a tuple
    if (
        ctx.doc
        and origin == "collections.abc.Callable"
        and len(elements) >= 2
        and not isinstance(elements[0], ast.List | ast.Constant)
    ):
        # ``Callable[VectorLike[float], VectorLike[int]]`` in a docstring (round 14, pyvista):
        # the argument types written without their list, ``Callable[[A], R]`` meant
        elements = [ast.List(elts=elements[:-1], ctx=ast.Load()), elements[-1]]
    converted = _all_of(origin, elements, ctx)
    if converted is not None and origin == NDARRAY and len(converted.args) == 2:
        dtype = converted.args[1]
        if dtype.name == "numpy.dtype" and len(dtype.args) == 1:
            return TypeExpr(NDARRAY_ALIAS, dtype.args)
    return converted


def _names_none(node: ast.Tuple) -> bool:
    """Whether one item of ``(int, str, None)`` is the bare ``None``."""
    return any(isinstance(item, ast.Constant) and item.value is None for item in node.elts)


def _parenthesised(node: ast.Tuple) -> bool:
    """``(a, b)`` written with its parentheses (``x[(a, b)]``), not ``x[a, b]``: the AST gives
    both the same slice, but a parenthesised tuple starts before its first item."""
    return bool(node.elts) and (node.lineno, node.col_offset) < (
        node.elts[0].lineno,
        node.elts[0].col_offset,
    )


def _all_of(name: str, nodes: list[ast.expr], ctx: TypeContext) -> TypeExpr | None:
    args: list[TypeExpr] = []
    for node in nodes:
        arg = _convert(node, ctx)
        if arg is None:
            return None
        args.append(arg)
    return TypeExpr(name, tuple(args))


def _union_of(nodes: list[ast.expr], ctx: TypeContext) -> TypeExpr | None:
    members: list[TypeExpr] = []
    for node in nodes:
        if ctx.doc and isinstance(node, ast.List) and len(node.elts) == 1:
            # ``None|[str]``: the list-of notation of older docstrings (``[column]``, read so
            # alone by the member parser) as a union member too (round 35, pypsa), not a
            # ``Callable``'s parameter list
            item = _convert(node.elts[0], ctx)
            member = None if item is None else TypeExpr("list", (item,))
        else:
            member = _convert(node, ctx)
        if member is None:
            return None
        members.append(member)
    return make_union(members) if members else None


def _literal_of(nodes: list[ast.expr]) -> TypeExpr | None:
    values: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Constant) and (
            node.value is None or isinstance(node.value, str | bytes | bool | int)
        ):
            values.append(repr(node.value))
        elif (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and type(node.operand.value) is int
        ):
            values.append(repr(-node.operand.value))
        elif (dotted := _dotted(node)) is not None and "." in dotted:
            values.append(dotted)  # an enum member
        else:
            return None
    return make_literal(values) if values else None
