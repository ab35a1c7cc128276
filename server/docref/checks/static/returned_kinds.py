"""The kinds of value an unannotated Python function returns, when every ``return`` is certain:
literals, f-strings, displays and comprehensions, comparisons, ``not``, calls of builtins that
make one kind (``str(...)``, ``len(...)``), and methods of a value whose kind is certain
(``", ".join(...)`` a ``str``, ``str(x).encode()`` ``bytes``)."""

from __future__ import annotations

import ast

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_raises_ast import function_node, own_nodes

__all__ = ["expr_kind", "returned_kinds", "returns_serialized"]

_STR_TO_STR = (
    "join",
    "format",
    "lower",
    "upper",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "title",
    "capitalize",
    "casefold",
    "center",
    "ljust",
    "rjust",
    "zfill",
    "expandtabs",
    "swapcase",
    "removeprefix",
    "removesuffix",
    "format_map",
)
_METHOD_KINDS: dict[str, dict[str, str]] = {
    "str": {
        **dict.fromkeys(_STR_TO_STR, "str"),
        "encode": "bytes",
        **dict.fromkeys(("split", "rsplit", "splitlines"), "list"),
        **dict.fromkeys(("startswith", "endswith", "isdigit", "isalpha", "isspace"), "bool"),
        **dict.fromkeys(("find", "rfind", "index", "rindex", "count"), "int"),
    },
    "bytes": {
        "decode": "str",
        "hex": "str",
        **dict.fromkeys(("join", "strip", "replace"), "bytes"),
    },
}

_CALL_KINDS = {"str": "str", "repr": "str", "format": "str", "bool": "bool", "isinstance": "bool"}
_CALL_KINDS |= {"bytes": "bytes", "list": "list", "sorted": "list", "tuple": "tuple"}
_CALL_KINDS |= {"dict": "dict", "int": "int", "len": "int", "float": "float", "hash": "int"}


def expr_kind(node: ast.expr | None) -> str:
    """The certain kind of a returned expression; "None" for nothing, "?" when unsure."""
    if node is None:
        return "None"
    if isinstance(node, ast.Constant):
        value = node.value
        if value is None:
            return "None"
        if isinstance(value, bool):
            return "bool"
        kinds = {str: "str", bytes: "bytes", int: "int", float: "float"}
        return kinds.get(type(value), "?")
    if isinstance(node, ast.JoinedStr):
        return "str"
    if isinstance(node, ast.Compare) or (
        isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
    ):
        return "bool"
    displays: dict[type[ast.expr], str] = {
        ast.List: "list",
        ast.ListComp: "list",
        ast.Tuple: "tuple",
        ast.Dict: "dict",
        ast.DictComp: "dict",
        ast.Set: "set",
        ast.SetComp: "set",
    }
    for cls, kind in displays.items():
        if isinstance(node, cls):
            return kind
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _CALL_KINDS.get(node.func.id, "?")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        # a method of a value whose kind is certain: ``", ".join(...)``, ``str(x).encode()``,
        # ``f"{x}".split()``, ``b"x".decode()``
        receiver = expr_kind(node.func.value)
        return _METHOD_KINDS.get(receiver, {}).get(node.func.attr, "?")
    return "?"


def returned_kinds(inp: StaticInput) -> set[str] | None:
    """The kinds every ``return`` of an unannotated Python function gives, ``None`` unless
    each is certain and at least one is not ``None``."""
    node = function_node(inp.data, inp.function)
    if node is None:
        return None
    kinds: set[str] = set()
    for sub in own_nodes(node):
        if isinstance(sub, ast.Yield | ast.YieldFrom):
            return None
        if isinstance(sub, ast.Return):
            kind = expr_kind(sub.value)
            if kind is None or kind == "?":
                return None
            kinds.add(kind)
    kinds.discard("None")
    return kinds or None


# serializers whose text holds a structure: ``json.dumps`` (also orjson's, simplejson's),
# ``yaml.safe_dump``, a model's ``to_json()``/``to_yaml()``
_SERIALIZERS = frozenset({"dumps", "safe_dump", "to_json", "to_yaml"})


# where the bytes of a payload received come from: ``response.data``, ``resp.content``,
# ``stream.read()``, ``buffer.getvalue()``
_RECEIVED = frozenset({"data", "content", "body", "payload", "read", "getvalue"})


def returns_serialized(inp: StaticInput) -> bool:
    """Whether every ``return`` gives a serializer's text (``return json.dumps(response)``) or
    the decoded body of a payload received (``return response.data.decode()``): the value is
    the text of a structure, which the docstring may describe by its payload ("Returns list of
    all Resolver rules", round 60, moto's API handlers; "Get a list of the 10 oldest locks",
    round 97, minio's admin calls returning the server's JSON text)."""
    node = function_node(inp.data, inp.function)
    if node is None:
        return False
    returns = [sub for sub in own_nodes(node) if isinstance(sub, ast.Return)]
    return bool(returns) and all(
        isinstance(ret.value, ast.Call)
        and (_callee(ret.value.func) in _SERIALIZERS or _decodes_received(ret.value))
        for ret in returns
    )


def _decodes_received(call: ast.Call) -> bool:
    """``response.data.decode()``, ``stream.read().decode("utf-8")``: a payload's bytes as text
    (``data.decode()`` of a parameter, ``b"x".decode()``, is not one)."""
    if not isinstance(call.func, ast.Attribute) or call.func.attr != "decode":
        return False
    received = call.func.value
    if isinstance(received, ast.Call):
        received = received.func
    return isinstance(received, ast.Attribute) and received.attr in _RECEIVED


def _callee(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None
