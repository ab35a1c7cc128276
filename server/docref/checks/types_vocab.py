"""The docstring type vocabulary (numpydoc, Google, reST prose words) and what each means.

Shared by the type parser and by rules that must treat these words as known names
(``C1-DOCTYPE-UNRESOLVED``: ``array_like``, ``scalar``, ``callable``, ``file-like`` resolve).
"""

from __future__ import annotations

from .types_expr import ANY, TypeExpr, make_union

__all__ = [
    "ARRAY_LIKE",
    "DOC_WORDS",
    "DTYPE",
    "MAPPING_WORDS",
    "NDARRAY",
    "NDARRAY_ALIAS",
    "OF_CONTAINERS",
    "QUALIFIERS",
]

_STR = TypeExpr("str")
_BYTES = TypeExpr("bytes")
_ABC = "collections.abc."
ARRAY_LIKE = "numpy.typing.ArrayLike"
NDARRAY = "numpy.ndarray"
NDARRAY_ALIAS = "numpy.typing.NDArray"
DTYPE = "numpy.dtype"

# Docstring words (bare, lower case) with a type meaning.
DOC_WORDS: dict[str, TypeExpr] = {
    "array_like": TypeExpr(ARRAY_LIKE),
    "arraylike": TypeExpr(ARRAY_LIKE),
    "file_like": TypeExpr("typing.IO"),
    "list_like": TypeExpr(_ABC + "Iterable"),
    "dict_like": TypeExpr(_ABC + "Mapping"),
    "path_like": make_union([_STR, _BYTES, TypeExpr("os.PathLike")]),
    "callable": TypeExpr(_ABC + "Callable"),
    "function": TypeExpr(_ABC + "Callable"),
    "iterable": TypeExpr(_ABC + "Iterable"),
    "iterator": TypeExpr(_ABC + "Iterator"),
    "generator": TypeExpr(_ABC + "Generator"),
    "sequence": TypeExpr(_ABC + "Sequence"),
    "mapping": TypeExpr(_ABC + "Mapping"),
    "collection": TypeExpr(_ABC + "Collection"),
    "scalar": TypeExpr("scalar"),
    "number": TypeExpr("numbers.Number"),
    "numeric": TypeExpr("numbers.Number"),
    "integer": TypeExpr("int"),
    "string": _STR,
    "boolean": TypeExpr("bool"),
    "dictionary": TypeExpr("dict"),
    # the English word "array" is numpydoc's loose array-like (``int or array of ints`` for
    # ``int | Sequence[int]``); ``ndarray`` names the class
    "array": TypeExpr(ARRAY_LIKE),
    "ndarray": TypeExpr(NDARRAY),
    "any": ANY,
    "class": TypeExpr("type"),
}
# ``<word> of X``: the container each word makes (``None``: keeps no element type).
OF_CONTAINERS: dict[str, str | None] = {
    "list": "list",
    "set": "set",
    "frozenset": "frozenset",
    "deque": "collections.deque",
    "iterable": _ABC + "Iterable",
    "iterator": _ABC + "Iterator",
    "generator": _ABC + "Generator",
    "sequence": _ABC + "Sequence",
    "collection": _ABC + "Collection",
    "list_like": _ABC + "Iterable",
    "array": None,
    "ndarray": NDARRAY_ALIAS,
    "numpy.ndarray": NDARRAY_ALIAS,
    "np.ndarray": NDARRAY_ALIAS,
    "array_like": None,
}
MAPPING_WORDS = {
    "dict": "dict",
    "dictionary": "dict",
    "mapping": _ABC + "Mapping",
    "dict_like": _ABC + "Mapping",
}
QUALIFIERS = frozenset(
    {
        "keyword-only",
        "keyword only",
        "kw-only",
        "keyword",
        "positional-only",
        "positional only",
        "read-only",
        "readonly",
        "deprecated",
        "required",
    }
)
