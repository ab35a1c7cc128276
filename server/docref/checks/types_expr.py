"""The canonical type expression shared by the C2 rules, and qualified-name canonicalisation.

A :class:`TypeExpr` is ``name`` plus ``args``. Names are canonical qualified names: builtins
bare (``int``, ``list``), ``typing`` containers folded onto the builtins or
``collections.abc`` (``typing.List`` -> ``list``, ``typing.Iterator`` ->
``collections.abc.Iterator``), import aliases resolved (``np.ndarray`` -> ``numpy.ndarray``),
``None`` and ``NoneType`` as ``None``. Three names are structural: ``Union`` (members sorted
and de-duplicated, ``None`` last, never nested, never of one member), ``Literal`` (values as
their ``repr`` in ``name``, sorted) and ``[]`` (the parameter list of ``Callable[[...], R]``).
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from docref.core.frozen_init import fast_init

__all__ = [
    "ANY",
    "ELLIPSIS",
    "LITERAL",
    "NONE",
    "PARAMS",
    "UNION",
    "TypeExpr",
    "canonical_name",
    "make_literal",
    "make_union",
]

UNION = "Union"
LITERAL = "Literal"
PARAMS = "[]"
NONE_NAME = "None"
ELLIPSIS_NAME = "..."


@fast_init  # built by the ten thousand: docref.core.frozen_init
@dataclass(frozen=True, slots=True)
class TypeExpr:
    """An immutable, canonical type: ``TypeExpr("list", (TypeExpr("str"),))`` is ``list[str]``.

    ``optional`` records a docstring's ``, optional`` marker. It takes no part in equality or
    hashing: ``int, optional`` parses to a ``TypeExpr`` equal to ``int`` (or to ``int | None``
    when the default is ``None``), with the marker kept for the C2 optional-flag rule.
    """

    name: str
    args: tuple[TypeExpr, ...] = ()
    optional: bool = field(default=False, compare=False)

    @property
    def is_union(self) -> bool:
        return self.name == UNION

    @property
    def members(self) -> tuple[TypeExpr, ...]:
        """The members of a union, or ``(self,)``."""
        return self.args if self.is_union else (self,)

    @property
    def is_none(self) -> bool:
        return self.name == NONE_NAME and not self.args

    def render(self) -> str:
        """The canonical spelling: ``int | None``, ``list[str]``, ``Literal['a', 'b']``."""
        if self.is_union:
            return " | ".join(member.render() for member in self.args)
        if self.name == LITERAL:
            return "Literal[" + ", ".join(value.name for value in self.args) + "]"
        if self.name == PARAMS:
            return "[" + ", ".join(arg.render() for arg in self.args) + "]"
        shown = _display_name(self.name)
        if not self.args:
            return shown
        return shown + "[" + ", ".join(arg.render() for arg in self.args) + "]"

    def __str__(self) -> str:
        return self.render()


NONE = TypeExpr(NONE_NAME)
ANY = TypeExpr("typing.Any")
ELLIPSIS = TypeExpr(ELLIPSIS_NAME)

_SHORT_PREFIXES = ("typing.", "collections.abc.", "builtins.")


def _display_name(name: str) -> str:
    for prefix in _SHORT_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


def _member_key(member: TypeExpr) -> tuple[bool, str]:
    return (member.is_none, member.render())


def make_literal(values: Iterable[str]) -> TypeExpr:
    """``Literal`` of value spellings (``"'a'"``, ``"1"``, ``"True"``); ``None`` splits off."""
    spelled = list(values)
    plain = {value for value in spelled if value != NONE_NAME}
    has_none = NONE_NAME in spelled
    members: list[TypeExpr] = []
    if plain:
        members.append(TypeExpr(LITERAL, tuple(TypeExpr(v) for v in sorted(plain))))
    if has_none:
        members.append(NONE)
    return make_union(members)


def make_union(members: Iterable[TypeExpr]) -> TypeExpr:
    """A flat, de-duplicated, sorted union; one member is returned as itself."""
    flat: list[TypeExpr] = []
    literal_values: set[str] = set()
    for member in members:
        for inner in member.members:
            if inner.name == LITERAL:
                literal_values.update(value.name for value in inner.args)
            elif inner not in flat:
                flat.append(TypeExpr(inner.name, inner.args))
    if literal_values:
        flat.append(TypeExpr(LITERAL, tuple(TypeExpr(v) for v in sorted(literal_values))))
    if not flat:
        return TypeExpr(UNION, ())
    if len(flat) == 1:
        return flat[0]
    return TypeExpr(UNION, tuple(sorted(flat, key=_member_key)))


# --------------------------------------------------------------------------- names

BUILTIN_CLASSES: frozenset[str] = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and name[0] != "_"
)

_TYPING_TO_BUILTIN = {
    "List": "list",
    "Dict": "dict",
    "Set": "set",
    "FrozenSet": "frozenset",
    "Tuple": "tuple",
    "Type": "type",
    "Text": "str",
}
_TYPING_TO_COLLECTIONS = {
    "DefaultDict": "collections.defaultdict",
    "OrderedDict": "collections.OrderedDict",
    "Counter": "collections.Counter",
    "Deque": "collections.deque",
    "ChainMap": "collections.ChainMap",
    "AbstractSet": "collections.abc.Set",
    "NoReturn": "typing.Never",
    "Pattern": "re.Pattern",
    "Match": "re.Match",
    "ContextManager": "contextlib.AbstractContextManager",
    "AsyncContextManager": "contextlib.AbstractAsyncContextManager",
}
ABC_NAMES = frozenset(
    {
        "Awaitable",
        "Coroutine",
        "AsyncIterable",
        "AsyncIterator",
        "AsyncGenerator",
        "Iterable",
        "Iterator",
        "Generator",
        "Reversible",
        "Container",
        "Collection",
        "Callable",
        "Hashable",
        "Sized",
        "Sequence",
        "MutableSequence",
        "MutableSet",
        "Mapping",
        "MutableMapping",
        "MappingView",
        "KeysView",
        "ItemsView",
        "ValuesView",
        "ByteString",
        "Buffer",
    }
)
TYPING_SPECIAL = frozenset(
    {
        "Any",
        "Optional",
        "Union",
        "Literal",
        "Annotated",
        "Final",
        "ClassVar",
        "Self",
        "Never",
        "IO",
        "TextIO",
        "BinaryIO",
        "Required",
        "NotRequired",
        "ReadOnly",
        "LiteralString",
        "TypeGuard",
        "TypeIs",
        "SupportsInt",
        "SupportsFloat",
        "SupportsIndex",
        "SupportsAbs",
        "SupportsBytes",
        "SupportsComplex",
        "SupportsRound",
    }
)
# Bare names assumed to come from ``typing`` when no import says otherwise.
_BARE_TYPING = (
    frozenset(_TYPING_TO_BUILTIN) | frozenset(_TYPING_TO_COLLECTIONS) | ABC_NAMES | TYPING_SPECIAL
)
# Names whose reading changes when the scope binds them to something else (a project class
# ``Text`` is not ``typing.Text``): the bare typing vocabulary and the builtin classes.
SHADOWABLE = _BARE_TYPING | BUILTIN_CLASSES
# Community-standard import aliases, used when the caller's ``aliases`` do not bind the name.
CONVENTIONAL_ALIASES = {"np": "numpy", "npt": "numpy.typing", "pd": "pandas"}
_QUALIFIED_RENAMES = {
    "types.NoneType": NONE_NAME,
    "NoneType": NONE_NAME,
    "numpy.array": "numpy.ndarray",
    "numpy.double": "numpy.float64",
    "numpy.float_": "numpy.float64",
    "numpy.int_": "numpy.int64",
    "numpy.bool": "numpy.bool_",
    "numpy.NDArray": "numpy.typing.NDArray",
    "numpy.ArrayLike": "numpy.typing.ArrayLike",
}


def canonical_name(dotted: str, aliases: Mapping[str, str] | None = None) -> str:
    """The canonical qualified name of a dotted name as written (``dt.date`` -> ``datetime.date``
    with ``aliases={"dt": "datetime"}``; ``typing.List`` -> ``list``; ``Optional`` ->
    ``typing.Optional``)."""
    head, _, rest = dotted.partition(".")
    if aliases and head in aliases:
        full = aliases[head] + ("." + rest if rest else "")
    elif rest and head in CONVENTIONAL_ALIASES:
        full = CONVENTIONAL_ALIASES[head] + "." + rest
    elif not rest:
        if head in BUILTIN_CLASSES:
            return head
        if head in _QUALIFIED_RENAMES:
            return _QUALIFIED_RENAMES[head]
        if head in _BARE_TYPING:
            full = "typing." + head
        else:
            return head
    else:
        full = dotted
    if full.startswith("typing_extensions."):
        full = "typing." + full[len("typing_extensions.") :]
    if full.startswith("builtins."):
        full = full[len("builtins.") :]
    module, _, leaf = full.rpartition(".")
    if module == "typing":
        if leaf in _TYPING_TO_BUILTIN:
            return _TYPING_TO_BUILTIN[leaf]
        if leaf in _TYPING_TO_COLLECTIONS:
            return _TYPING_TO_COLLECTIONS[leaf]
        if leaf in ABC_NAMES:
            return "collections.abc." + leaf
    return _QUALIFIED_RENAMES.get(full, full)
