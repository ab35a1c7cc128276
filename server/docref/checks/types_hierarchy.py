"""The nominal subtype graph the type comparison knows: builtins, ``collections.abc``, the
numeric tower, ``numbers``, ``io``/``typing.IO``, ``pathlib``, ``datetime``, NumPy scalars and
the builtin exceptions.

Each edge maps a child's type arguments onto its parent's: ``dict[K, V]`` is a
``MutableMapping[K, V]``, ``str`` a ``Sequence[str]``, ``Counter[K]`` a ``dict[K, int]``.
"""

from __future__ import annotations

import builtins
from collections import deque

from .types_expr import BUILTIN_CLASSES, ELLIPSIS, TypeExpr, make_union

__all__ = ["ancestors", "is_known"]

_A = "collections.abc."
_INT = TypeExpr("int")
_STR = TypeExpr("str")
_BYTES = TypeExpr("bytes")
# A projection item: an index into the child's arguments, or a fixed argument.
_Projection = tuple[int | TypeExpr, ...]
_NONE: _Projection = ()
_FIRST: _Projection = (0,)
_BOTH: _Projection = (0, 1)


def _supports(*what: str) -> tuple[tuple[str, _Projection], ...]:
    """Edges to ``typing.SupportsX``, by both names it is read under (imported from
    ``typing``, or bare)."""
    return tuple((f"{prefix}Supports{w}", _NONE) for w in what for prefix in ("", "typing."))


_PARENTS: dict[str, tuple[tuple[str, _Projection], ...]] = {
    # numbers (PEP 484 promotions: int is accepted for float, float for complex)
    "bool": (("int", _NONE),),
    "int": (("float", _NONE), ("numbers.Integral", _NONE)),
    "float": (("complex", _NONE), ("numbers.Real", _NONE)),
    "complex": (("numbers.Complex", _NONE),),
    # ... and the typing protocols they implement (``__int__``/``__index__``, ``__float__``,
    # ``__complex__``/``__abs__``): documented ``Union[float, int, np.ndarray]`` is a
    # ``SupportsFloat`` (round 14, gymnasium's ``TransformReward.reward``)
    "numbers.Integral": (("numbers.Rational", _NONE), *_supports("Int", "Index")),
    "numbers.Rational": (("numbers.Real", _NONE),),
    "numbers.Real": (("numbers.Complex", _NONE), *_supports("Float")),
    "numbers.Complex": (("numbers.Number", _NONE), *_supports("Complex", "Abs")),
    "numpy.ndarray": _supports("Float", "Int"),
    "numbers.Number": (("scalar", _NONE),),
    # numpydoc's "scalar" (a number, a string, a NumPy scalar) is hashable
    "scalar": ((_A + "Hashable", _NONE),),
    # text and bytes
    "str": ((_A + "Sequence", (_STR,)), ("scalar", _NONE)),
    "typing.LiteralString": (("str", _NONE),),
    # ... and the byte strings: ``ByteString`` (deprecated, what type checkers read as
    # ``bytes | bytearray | memoryview``) and PEP 688's ``Buffer``: "bytes or bytearray" is
    # a narrower documented ``ByteString`` (round 24, pydicom's ``expand_ybr422``)
    "bytes": ((_A + "Sequence", (_INT,)), ("scalar", _NONE), (_A + "ByteString", _NONE)),
    "bytearray": ((_A + "MutableSequence", (_INT,)), (_A + "ByteString", _NONE)),
    "memoryview": ((_A + "Sequence", (_INT,)), (_A + "ByteString", _NONE)),
    _A + "ByteString": ((_A + "Sequence", (_INT,)), (_A + "Buffer", _NONE)),
    "range": ((_A + "Sequence", (_INT,)),),
    # collections
    "list": ((_A + "MutableSequence", _FIRST),),
    "collections.deque": ((_A + "MutableSequence", _FIRST),),
    _A + "MutableSequence": ((_A + "Sequence", _FIRST),),
    _A + "Sequence": ((_A + "Reversible", _FIRST), (_A + "Collection", _FIRST)),
    _A + "Reversible": ((_A + "Iterable", _FIRST),),
    _A + "Collection": (
        (_A + "Iterable", _FIRST),
        (_A + "Container", _FIRST),
        (_A + "Sized", _NONE),
    ),
    "set": ((_A + "MutableSet", _FIRST),),
    "frozenset": ((_A + "Set", _FIRST),),
    _A + "MutableSet": ((_A + "Set", _FIRST),),
    _A + "Set": ((_A + "Collection", _FIRST),),
    _A + "KeysView": ((_A + "Set", _FIRST), (_A + "MappingView", _NONE)),
    _A + "ValuesView": ((_A + "Collection", _FIRST), (_A + "MappingView", _NONE)),
    _A + "ItemsView": ((_A + "Collection", _NONE), (_A + "MappingView", _NONE)),
    "dict": ((_A + "MutableMapping", _BOTH),),
    "collections.defaultdict": (("dict", _BOTH),),
    "collections.OrderedDict": (("dict", _BOTH),),
    "collections.Counter": (("dict", (0, _INT)),),
    "collections.ChainMap": ((_A + "MutableMapping", _BOTH),),
    _A + "MutableMapping": ((_A + "Mapping", _BOTH),),
    _A + "Mapping": ((_A + "Collection", _FIRST),),
    # iteration
    _A + "Generator": ((_A + "Iterator", _FIRST),),
    _A + "Iterator": ((_A + "Iterable", _FIRST),),
    _A + "AsyncGenerator": ((_A + "AsyncIterator", _FIRST),),
    _A + "AsyncIterator": ((_A + "AsyncIterable", _FIRST),),
    _A + "Coroutine": ((_A + "Awaitable", (2,)),),
    # files and paths
    "typing.TextIO": (("typing.IO", (_STR,)),),
    "typing.BinaryIO": (("typing.IO", (_BYTES,)),),
    "io.IOBase": (("typing.IO", _NONE),),
    "io.TextIOBase": (("io.IOBase", _NONE), ("typing.TextIO", _NONE)),
    "io.TextIOWrapper": (("io.TextIOBase", _NONE),),
    "io.StringIO": (("io.TextIOBase", _NONE),),
    "io.BufferedIOBase": (("io.IOBase", _NONE), ("typing.BinaryIO", _NONE)),
    "io.BytesIO": (("io.BufferedIOBase", _NONE),),
    "io.BufferedReader": (("io.BufferedIOBase", _NONE),),
    "io.BufferedWriter": (("io.BufferedIOBase", _NONE),),
    "io.RawIOBase": (("io.IOBase", _NONE),),
    "io.FileIO": (("io.RawIOBase", _NONE),),
    "pathlib.Path": (("pathlib.PurePath", _NONE),),
    "pathlib.PosixPath": (("pathlib.Path", _NONE), ("pathlib.PurePosixPath", _NONE)),
    "pathlib.WindowsPath": (("pathlib.Path", _NONE), ("pathlib.PureWindowsPath", _NONE)),
    "pathlib.PurePosixPath": (("pathlib.PurePath", _NONE),),
    "pathlib.PureWindowsPath": (("pathlib.PurePath", _NONE),),
    "pathlib.PurePath": (("os.PathLike", (_STR,)),),
    "datetime.datetime": (("datetime.date", _NONE),),
    # NumPy scalars
    "numpy.float64": (("float", _NONE), ("numpy.floating", _NONE)),
    "numpy.float32": (("numpy.floating", _NONE),),
    "numpy.float16": (("numpy.floating", _NONE),),
    "numpy.longdouble": (("numpy.floating", _NONE),),
    "numpy.floating": (("numpy.inexact", _NONE), ("numbers.Real", _NONE)),
    "numpy.complex128": (("complex", _NONE), ("numpy.complexfloating", _NONE)),
    "numpy.complex64": (("numpy.complexfloating", _NONE),),
    "numpy.complexfloating": (("numpy.inexact", _NONE), ("numbers.Complex", _NONE)),
    "numpy.inexact": (("numpy.number", _NONE),),
    "numpy.int64": (("numpy.signedinteger", _NONE),),
    "numpy.int32": (("numpy.signedinteger", _NONE),),
    "numpy.int16": (("numpy.signedinteger", _NONE),),
    "numpy.int8": (("numpy.signedinteger", _NONE),),
    "numpy.intp": (("numpy.signedinteger", _NONE),),
    "numpy.uint64": (("numpy.unsignedinteger", _NONE),),
    "numpy.uint32": (("numpy.unsignedinteger", _NONE),),
    "numpy.uint16": (("numpy.unsignedinteger", _NONE),),
    "numpy.uint8": (("numpy.unsignedinteger", _NONE),),
    "numpy.signedinteger": (("numpy.integer", _NONE),),
    "numpy.unsignedinteger": (("numpy.integer", _NONE),),
    "numpy.integer": (("numpy.number", _NONE), ("numbers.Integral", _NONE)),
    "numpy.number": (("numpy.generic", _NONE),),
    "numpy.bool_": (("numpy.generic", _NONE),),
    "numpy.str_": (("str", _NONE), ("numpy.generic", _NONE)),
    "numpy.bytes_": (("bytes", _NONE), ("numpy.generic", _NONE)),
    "numpy.object_": (("numpy.generic", _NONE),),
    "numpy.generic": (("scalar", _NONE),),
}


def _exception_edges() -> dict[str, tuple[tuple[str, _Projection], ...]]:
    """The builtin exception classes under their direct bases, as Python has them
    (``Exception`` is a ``BaseException``: round 16, azure-core's ``__exit__`` documenting
    ``exception_value`` as ``Exception`` for ``BaseException | None``)."""
    edges: dict[str, tuple[tuple[str, _Projection], ...]] = {}
    for name in BUILTIN_CLASSES:
        value = getattr(builtins, name)
        if isinstance(value, type) and issubclass(value, BaseException):
            bases = [b.__name__ for b in value.__bases__ if b.__name__ in BUILTIN_CLASSES]
            if bases and value is not BaseException:
                edges[name] = tuple((base, _NONE) for base in bases)
    return edges


_PARENTS.update(_exception_edges())
_LEAVES = frozenset(
    {
        "typing.Any",
        "typing.Never",
        "typing.Self",
        "typing.IO",
        "None",
        _A + "Callable",
        _A + "Hashable",
        _A + "Awaitable",
        _A + "AsyncIterable",
        _A + "Buffer",
        "os.PathLike",
        "re.Pattern",
        "re.Match",
        "numpy.ndarray",
        "numpy.typing.NDArray",
        "numpy.typing.ArrayLike",
        "numpy.dtype",
        "datetime.time",
        "datetime.timedelta",
        "decimal.Decimal",
        "fractions.Fraction",
        "uuid.UUID",
        "enum.Enum",
    }
)
_KNOWN = (
    frozenset(_PARENTS)
    | frozenset(parent for edges in _PARENTS.values() for parent, _ in edges)
    | _LEAVES
    | BUILTIN_CLASSES
)


def is_known(name: str) -> bool:
    """Whether the comparison knows this canonical name's place in the type graph."""
    return name in _KNOWN or name.startswith(("typing.", _A))


def _project(child: TypeExpr, projection: _Projection) -> tuple[TypeExpr, ...]:
    if not child.args:
        return ()
    if child.name == "tuple":  # tuple[X, ...] -> Sequence[X]; tuple[A, B] -> Sequence[A | B]
        if len(child.args) == 2 and child.args[1] == ELLIPSIS:
            return (child.args[0],)
        return (make_union(child.args),)
    args: list[TypeExpr] = []
    for item in projection:
        if isinstance(item, TypeExpr):
            args.append(item)
        elif item < len(child.args):
            args.append(child.args[item])
        else:
            return ()
    return tuple(args)


def ancestors(expr: TypeExpr) -> dict[str, TypeExpr]:
    """Every known supertype of ``expr`` by canonical name (``expr`` itself included), each
    with ``expr``'s arguments projected onto it (the nearest path wins)."""
    found: dict[str, TypeExpr] = {expr.name: expr}
    queue = deque([expr])
    while queue:
        current = queue.popleft()
        edges = _PARENTS.get(current.name, ())
        if current.name == "tuple":
            edges = ((_A + "Sequence", _FIRST),)
        for parent, projection in edges:
            if parent not in found:
                projected = TypeExpr(parent, _project(current, projection))
                found[parent] = projected
                queue.append(projected)
    return found
