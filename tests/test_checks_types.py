"""The canonical type normaliser behind every C2 rule: parsing, rendering, the four verdicts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from docref.checks.types import (
    TypeExpr,
    Verdict,
    compare,
    parse_annotation,
    parse_doc_type,
)

EQUAL = Verdict.EQUAL
EQUIVALENT = Verdict.EQUIVALENT
COMPATIBLE = Verdict.COMPATIBLE
INCOMPATIBLE = Verdict.INCOMPATIBLE
SILENT = {EQUAL, EQUIVALENT}
ALIASES = {"dt": "datetime", "np": "numpy", "npt": "numpy.typing", "Opt": "typing.Optional"}


def _verdict(documented: str, annotation: str, **options: Any) -> Verdict | None:
    default_is_none = options.pop("default_is_none", False)
    doc = parse_doc_type(documented, default_is_none=default_is_none, aliases=ALIASES)
    ann = parse_annotation(annotation, aliases=ALIASES)
    assert doc is not None, f"docstring type {documented!r} did not parse"
    assert ann is not None, f"annotation {annotation!r} did not parse"
    return compare(doc, ann, **options)


# (documented, annotation, expected verdict, keyword options)
_NO_SUBCLASS: dict[str, Any] = {"is_subclass": lambda c, p: False}

CASES: list[tuple[str, str, Verdict | None, dict[str, Any]]] = [
    # --- the peers' string-comparison false alarms: all silent
    ("Optional[int]", "int | None", EQUAL, {}),
    ("int | None", "Optional[int]", EQUAL, {}),
    # a type predicate's caller gets a bool (the argument is the narrowed type, not the value)
    ("bool", "TypeGuard[list[str]]", EQUAL, {}),
    ("bool", "typing.TypeIs[int]", EQUAL, {}),
    ("list of str", "TypeGuard[list[str]]", INCOMPATIBLE, {}),
    ("Union[int, None]", "int | None", EQUAL, {}),
    ("Opt[int]", "Union[None, int]", EQUAL, {}),
    ("List[int]", "list[int]", EQUAL, {}),
    ("typing.List[int]", "list[int]", EQUAL, {}),
    ("int, optional", "int | None", EQUAL, {"default_is_none": True}),
    ("int, optional", "int | None", EQUIVALENT, {}),
    ("int, optional, default None", "Optional[int]", EQUAL, {}),
    ("datetime.date", "dt.date", EQUAL, {}),
    ("dt.date", "datetime.date", EQUAL, {}),
    ("str or int", "int | str", EQUAL, {}),
    ("int | str", "Union[str, int]", EQUAL, {}),
    ("int or None", "Optional[int]", EQUAL, {}),
    ("str, default 'x'", "str", EQUAL, {}),
    ("int, default: 5", "int", EQUAL, {}),
    ("bool (default True)", "bool", EQUAL, {}),
    ("int (optional)", "int", EQUAL, {}),
    ("Dict[str, Any]", "dict[str, typing.Any]", EQUAL, {}),
    ("collections.abc.Iterator[str]", "typing.Iterator[str]", EQUAL, {}),
    (":obj:`int`, optional", "int", EQUAL, {}),
    (":class:`~pkg.Foo`", "pkg.Foo", EQUAL, {}),
    ("``str``", "str", EQUAL, {}),
    ("Foo", '"Foo"', EQUAL, {}),
    ("Optional[Foo]", 'Optional["Foo"]', EQUAL, {}),
    ("Self", "Self", EQUAL, {}),
    # --- NumPy vocabulary
    ("list of str", "List[str]", EQUAL, {}),
    ("tuple of (int, str)", "Tuple[int, str]", EQUAL, {}),
    ("tuple of int", "tuple[int, ...]", EQUAL, {}),
    ("{'a', 'b'}", "Literal['b', 'a']", EQUAL, {}),
    ('{"a", None}', "Optional[Literal['a']]", EQUAL, {}),
    ("dict of {str: int}", "dict[str, int]", EQUAL, {}),
    ("dict of str to list of int", "dict[str, list[int]]", EQUAL, {}),
    ("str or list of str, optional", "str | list[str]", EQUAL, {}),
    ("int, float, or None", "float | int | None", EQUAL, {}),
    ("positive int", "int", EQUAL, {}),
    ("string", "str", EQUAL, {}),
    # --- equivalent: different canonical forms, same type
    ("Iterator[str]", "Generator[str, None, None]", EQUIVALENT, {}),
    ("generator of str", "Iterator[str]", EQUIVALENT, {}),
    ("iterator of str", "Generator[str]", EQUIVALENT, {}),
    ("list", "list[int]", EQUIVALENT, {}),
    ("dict", "Dict[str, int]", EQUIVALENT, {}),
    ("date", "datetime.date", EQUIVALENT, {}),
    ("Foo", "pkg.models.Foo", EQUIVALENT, {}),
    ("array_like", "np.ndarray", EQUIVALENT, {}),
    ("array-like", "npt.NDArray[np.float64]", EQUIVALENT, {}),
    ("array-like of shape (n_samples, n_features)", "npt.ArrayLike", EQUAL, {}),
    ("ndarray", "numpy.typing.NDArray[numpy.float64]", EQUIVALENT, {}),
    ("ndarray of float", "npt.NDArray[np.float64]", EQUIVALENT, {}),
    ("ndarray, shape (n,)", "np.ndarray", EQUAL, {}),
    ("callable", "Callable[[int], str]", EQUIVALENT, {}),
    # --- compatible: the documented type is a supertype (or a loose-annotation refinement)
    ("Sequence[int]", "list[int]", COMPATIBLE, {}),
    ("Iterable", "Iterator[str]", COMPATIBLE, {}),
    ("iterable of str", "list[str]", COMPATIBLE, {}),
    ("Mapping[str, int]", "dict[str, int]", COMPATIBLE, {}),
    ("sequence of float", "tuple[int, ...]", COMPATIBLE, {}),
    ("Iterator[str]", "Generator[str, int, None]", COMPATIBLE, {}),
    ("float", "int", COMPATIBLE, {}),
    ("complex", "bool", COMPATIBLE, {}),
    ("object", "int", COMPATIBLE, {}),
    ("Any", "list[int]", COMPATIBLE, {}),
    ("int", "Any", COMPATIBLE, {}),
    ("int or str", "int", COMPATIBLE, {}),
    ("int, str or None", "str | None", COMPATIBLE, {}),
    ("str, optional", "str", COMPATIBLE, {"default_is_none": True}),
    ("Foo", "Self", COMPATIBLE, {"self_class": "Foo"}),
    ("type[Foo]", "type[Self]", COMPATIBLE, {"self_class": "pkg.Foo"}),
    ("int", "int | None", COMPATIBLE, {}),
    ("list of int", "list", COMPATIBLE, {}),
    ("{'a', 'b'}", "str", COMPATIBLE, {}),
    ("str", "Literal['a', 'b']", COMPATIBLE, {}),
    ("{'a', 'b', 'c'}", "Literal['a', 'b']", COMPATIBLE, {}),
    ("array_like", "list[float]", COMPATIBLE, {}),
    ("scalar", "float", COMPATIBLE, {}),
    ("file-like object", "TextIO", COMPATIBLE, {}),
    ("path-like", "str | os.PathLike[str]", COMPATIBLE, {}),
    ("pathlib.PurePath", "pathlib.Path", COMPATIBLE, {}),
    ("Callable[[int], Any]", "Callable[[float], int]", COMPATIBLE, {}),
    ("list", "MyList", COMPATIBLE, {"is_subclass": lambda c, p: (c, p) == ("MyList", "list")}),
    # a strict subtype documented: narrower than the annotation, not contradicted by it
    ("list", "Sequence[int]", COMPATIBLE, {}),
    ("int", "float", COMPATIBLE, {}),
    ("OrderedDict", "dict", COMPATIBLE, {}),
    # issue 12, pattern 3: numpydoc / napoleon vocabulary
    ("int or array of ints", "int | Sequence[int]", COMPATIBLE, {}),
    ("scalar, optional", "Hashable | None", COMPATIBLE, {}),
    ("function", "Callable", EQUAL, {}),
    ("int", "int | np.integer", COMPATIBLE, {}),
    ("int", "np.int64", COMPATIBLE, {}),
    ("bool", "np.bool_", COMPATIBLE, {}),
    # round 9 (scipy's ``differential_entropy``): ``float`` for the ``numpy.float64`` of a
    # reduction annotated ``np.number | np.ndarray``; controls: no shared scalar, no number
    ("float", "np.number | np.ndarray", COMPATIBLE, {}),
    ("float", "np.floating", COMPATIBLE, {}),
    ("int", "np.floating", INCOMPATIBLE, {}),
    ("str", "np.number", INCOMPATIBLE, {}),
    ("list of ints", "list[int]", EQUAL, {}),
    ("tuple of floats", "tuple[float, ...]", EQUAL, {}),
    ("list of dictionaries", "list[dict]", EQUAL, {}),
    ("{None, int}, optional", "Optional[int]", EQUAL, {}),
    ("float in [0, 1]", "float", EQUAL, {}),
    ("int >= 0, default 3", "int", EQUAL, {}),
    ("array-like, default None", "Sequence[float] | None", COMPATIBLE, {}),
    ("float or sequence of float", "npt.ArrayLike", COMPATIBLE, {}),
    ("dict", "npt.ArrayLike", INCOMPATIBLE, {}),
    # issue 12, pattern 2: a documented member of the annotated union names part of it
    ("int", "int | str", COMPATIBLE, {}),
    ("str, optional", "Union[str, Style]", COMPATIBLE, {"is_subclass": lambda c, p: False}),
    ("str or int", "int | str | bytes", COMPATIBLE, {}),
    # issue 12: a documented subset of the annotated choices, a parameterised subtype
    ("{'a', 'b'}", "Literal['a', 'b', 'c']", COMPATIBLE, {}),
    ("Iterator[str]", "Iterable[str]", COMPATIBLE, {}),
    ("list of str", "Iterable[Hashable]", COMPATIBLE, {}),
    ("Dict[str, int]", "Mapping[str, int | str]", COMPATIBLE, {}),
    ("mapping of hashable to tuple of int", "Mapping[Any, int | tuple[int, int]]", COMPATIBLE, {}),
    ("list of bytes", "list[int | str]", INCOMPATIBLE, {}),
    ("Iterable[list[int]]", "tuple[list[int], bool]", INCOMPATIBLE, {}),
    # round 5: an item of a tuple narrower than the annotated item union (dask ``Blockwise``),
    # and a class documented by its name for ``type[C]`` (tornado)
    ("tuple[str, int]", "tuple[str | Dep, int]", COMPATIBLE, _NO_SUBCLASS),
    (
        "tuple[tuple[str, tuple[str, ...] | None], ...]",
        "Iterable[tuple[Dep | Ref | str, Iterable[str] | None]]",
        COMPATIBLE,
        _NO_SUBCLASS,
    ),
    ("tuple[bytes, int]", "tuple[str | Dep, int]", INCOMPATIBLE, _NO_SUBCLASS),
    ("RequestHandler", "type[RequestHandler]", COMPATIBLE, {}),
    ("Other", "type[RequestHandler]", INCOMPATIBLE, {}),
    # --- incompatible: unrelated (findings)
    ("list of str", "Iterator[str]", INCOMPATIBLE, {}),
    ("str", "int", INCOMPATIBLE, {}),
    ("bool", "str", INCOMPATIBLE, {}),
    ("list[str]", "list[int]", INCOMPATIBLE, {}),
    ("dict of str to int", "dict[str, str]", INCOMPATIBLE, {}),
    ("bytes", "int | str", INCOMPATIBLE, {}),
    # pattern 3 controls: the vocabulary normalises, contradictions stay
    ("array of ints", "dict[str, int]", INCOMPATIBLE, {}),
    ("list of strings", "list[int]", INCOMPATIBLE, {}),
    ("int", "np.float64", INCOMPATIBLE, {}),
    ("{None, int}", "str", INCOMPATIBLE, {}),
    ("float in [0, 1]", "str", INCOMPATIBLE, {}),
    ("scalar", "list[int]", INCOMPATIBLE, {}),
    ("int", "str | Style", INCOMPATIBLE, {"is_subclass": lambda c, p: False}),
    ("int or bytes", "int | str", INCOMPATIBLE, {}),
    ("tuple of (int, str)", "tuple[int, str, bytes]", INCOMPATIBLE, {}),
    ("{'a', 'd'}", "Literal['a', 'b', 'c']", INCOMPATIBLE, {}),
    ("list of int", "Iterable[str]", INCOMPATIBLE, {}),
    ("{'a', 'b'}", "int", INCOMPATIBLE, {}),
    ("Foo", "Bar", INCOMPATIBLE, {}),
    ("pkg.Foo", "other.Bar", INCOMPATIBLE, {}),
    ("Foo", "int", INCOMPATIBLE, {}),
    ("None", "int", INCOMPATIBLE, {}),
    ("str", "pathlib.Path", INCOMPATIBLE, {}),
    ("array_like", "dict[str, int]", INCOMPATIBLE, {}),
    ("ndarray of int", "npt.NDArray[np.float64]", INCOMPATIBLE, {}),
    ("callable", "int", INCOMPATIBLE, {}),
    ("dict", "list[str]", INCOMPATIBLE, {}),
    ("list", "MyList", INCOMPATIBLE, {"is_subclass": lambda c, p: False}),
    # round 8: ``[X]`` is a list of X (polars' ``include_cols : [column], optional``)
    ("[column]", "Sequence[column] | column | None", COMPATIBLE, {}),
    ("[str]", "list[str]", EQUAL, {}),
    ("[int]", "list[str]", INCOMPATIBLE, {}),
    # --- no verdict: the relation needs a symbol table
    ("Sequence[int]", "MyList", None, {}),
    ("Foo", "pkg.Bar", None, {}),
    ("a.Foo", "b.Foo", None, {}),
    ("whatever", "int", None, {}),
    ("array_like", "pd.Series", None, {}),
    ("Foo", "Self", None, {}),
]


@pytest.mark.parametrize(
    ("documented", "annotation", "expected", "options"),
    CASES,
    ids=[f"{c[0]} ~ {c[1]}" for c in CASES],
)
def test_verdict_table(
    documented: str, annotation: str, expected: Verdict | None, options: dict[str, Any]
) -> None:
    assert _verdict(documented, annotation, **dict(options)) == expected


def test_table_is_large_and_covers_every_verdict() -> None:
    assert len(CASES) >= 60
    assert {case[2] for case in CASES} == {EQUAL, EQUIVALENT, COMPATIBLE, INCOMPATIBLE, None}


@pytest.mark.parametrize(
    ("documented", "annotation", "options"),
    [
        ("Optional[int]", "int | None", {}),
        ("List[int]", "list[int]", {}),
        ("int, optional", "int | None", {"default_is_none": True}),
        ("dt.date", "datetime.date", {}),
        ("datetime.date", "dt.date", {}),
        ("int or str or None", "None | str | int", {}),
        ("Union[str, bytes]", "bytes | str", {}),
    ],
)
def test_known_peer_false_alarms_are_silent(
    documented: str, annotation: str, options: dict[str, Any]
) -> None:
    assert _verdict(documented, annotation, **options) in SILENT


def test_verdict_values_are_the_four_strings() -> None:
    assert [v.value for v in Verdict] == ["equal", "equivalent", "compatible", "incompatible"]


# --------------------------------------------------------------------------- prose


@pytest.mark.parametrize(
    "text",
    [
        "the number of items",
        "a mapping from names to values",
        "number of items to skip",
        "If true, print more output",
        "list of the things to do",
        "",
        "   ",
        "optional",
        "default None",
        "See :func:`foo` for details",
    ],
)
def test_prose_is_not_a_type(text: str) -> None:
    assert parse_doc_type(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "foo(",
        "1 + 2",
        "lambda: 0",
        "x[0](1)",
        "__import__('os').system('echo hi')",
        "Optional",
        "Optional[int, str]",
        "[x for x in y]",
        "'unbalanced[",
    ],
)
def test_non_type_annotations_are_none(text: str) -> None:
    assert parse_annotation(text) is None


# --------------------------------------------------------------------------- render


@pytest.mark.parametrize(
    ("annotation", "rendered"),
    [
        ("Optional[int]", "int | None"),
        ("Union[None, str, int]", "int | str | None"),
        ("typing.List[typing.Dict[str, int]]", "list[dict[str, int]]"),
        ("collections.abc.Iterator[str]", "Iterator[str]"),
        ("typing.Iterator[str]", "Iterator[str]"),
        ("Callable[[int, str], bool]", "Callable[[int, str], bool]"),
        ("Callable[..., Any]", "Callable[..., Any]"),
        ("Literal['b', 'a']", "Literal['a', 'b']"),
        ("Literal['a', None]", "Literal['a'] | None"),
        ("npt.NDArray[np.float64]", "numpy.typing.NDArray[numpy.float64]"),
        ("np.ndarray[Any, np.dtype[np.float64]]", "numpy.typing.NDArray[numpy.float64]"),
        ("'Foo'", "Foo"),
        ("list['Foo | None']", "list[Foo | None]"),
        ("Annotated[int, 'meta']", "int"),
        ("ClassVar[list[str]]", "list[str]"),
        ("TypeGuard[list[str]]", "bool"),
        ("typing_extensions.TypeIs[int]", "bool"),
        ("type(None)", "None"),
        ("NoneType", "None"),
        ("Opt[int]", "int | None"),
        ("tuple[int, ...]", "tuple[int, ...]"),
        ("typing_extensions.Self", "Self"),
        ("typing.NoReturn", "Never"),
        ("typing.DefaultDict[str, int]", "collections.defaultdict[str, int]"),
        ("int | str | int", "int | str"),
    ],
)
def test_annotation_render(annotation: str, rendered: str) -> None:
    parsed = parse_annotation(annotation, aliases=ALIASES)
    assert parsed is not None
    assert parsed.render() == rendered
    assert str(parsed) == rendered


@pytest.mark.parametrize(
    ("documented", "rendered"),
    [
        ("str or list of str, optional", "list[str] | str"),
        ("{'a', None}", "Literal['a'] | None"),
        ("list of list of int", "list[list[int]]"),
        ("tuple of (int, str)", "tuple[int, str]"),
        ("callable", "Callable"),
        ("file-like", "IO"),
        ("iterable of str", "Iterable[str]"),
        ("int, optional, default: 3", "int"),
        ("np.ndarray", "numpy.ndarray"),
        ("int or None", "int | None"),
    ],
)
def test_doc_render(documented: str, rendered: str) -> None:
    parsed = parse_doc_type(documented)
    assert parsed is not None
    assert parsed.render() == rendered


def test_optional_is_noted_but_not_part_of_equality() -> None:
    noted = parse_doc_type("int, optional")
    assert noted is not None
    assert noted.optional
    assert noted == TypeExpr("int")
    assert hash(noted) == hash(TypeExpr("int"))
    with_none = parse_doc_type("int, optional", default_is_none=True)
    assert with_none is not None
    assert with_none.optional
    assert with_none.render() == "int | None"
    plain = parse_doc_type("int")
    assert plain is not None
    assert not plain.optional


def test_type_expr_is_immutable_and_unions_are_canonical() -> None:
    first = parse_annotation("Union[str, None, int]")
    second = parse_annotation("None | int | str")
    assert first is not None
    assert first == second
    assert first.is_union
    assert [member.render() for member in first.members] == ["int", "str", "None"]
    with pytest.raises(AttributeError):
        first.name = "x"  # type: ignore[misc]


def test_doc_aliases_resolve_like_code_aliases() -> None:
    assert parse_doc_type("dt.date", aliases={"dt": "datetime"}) == TypeExpr("datetime.date")
    # An import of ``array`` shadows the docstring word "array".
    assert parse_doc_type("array", aliases={"array": "array.array"}) == TypeExpr("array.array")
    # the bare word is numpydoc's loose array-like (issue 12); ``ndarray`` names the class
    assert parse_doc_type("array") == TypeExpr("numpy.typing.ArrayLike")
    assert parse_doc_type("ndarray") == TypeExpr("numpy.ndarray")
    # a value range after the type is a constraint, not prose (issue 12)
    assert parse_doc_type("int > 0") == TypeExpr("int")


# --------------------------------------------------------------------------- robustness

_ALPHABET = [
    *"[]{}()|,.:'\"`~!-_ =<>*\\\n\t0123456789",
    "int",
    "str",
    "None",
    "Optional",
    "Union",
    "Literal",
    "list of ",
    " or ",
    "dict of ",
    " to ",
    "tuple of ",
    ", optional",
    ", default ",
    "Callable",
    "...",
    "array_like",
    "np.",
    "typing.",
    "Self",
    "Generator",
    "lambda",
    "\x00",
    "é",
]


def test_never_raises_on_garbage() -> None:
    rng = random.Random(20240611)
    documented: list[TypeExpr] = []
    annotated: list[TypeExpr] = []
    for _ in range(3000):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 14)))
        doc = parse_doc_type(text, default_is_none=rng.random() < 0.5, aliases=ALIASES)
        ann = parse_annotation(text, aliases=ALIASES)
        for parsed, bucket in ((doc, documented), (ann, annotated)):
            assert parsed is None or isinstance(parsed, TypeExpr)
            if parsed is not None:
                parsed.render()
                bucket.append(parsed)
    assert documented
    assert annotated
    for _ in range(3000):
        verdict = compare(rng.choice(documented), rng.choice(annotated), self_class="Foo")
        assert verdict is None or isinstance(verdict, Verdict)


@pytest.mark.parametrize(
    "text",
    [
        "List[" * 300 + "int" + "]" * 300,
        "list of " * 300 + "int",
        "'" * 50 + "int" + "'" * 50,
        '"\'"\'"\'"List[int]"\'"\'"\'"',
        "x" * 100_000,
        "(" * 1000,
        "{" * 1000,
    ],
)
def test_never_raises_on_pathological_input(text: str) -> None:
    doc = parse_doc_type(text)
    ann = parse_annotation(text)
    if doc is not None and ann is not None:
        compare(doc, ann)


def test_compare_never_raises_on_hand_built_nonsense() -> None:
    weird = TypeExpr("Union", ())
    assert compare(weird, TypeExpr("int")) in (None, *Verdict)
    deep = TypeExpr("int")
    for _ in range(5000):
        deep = TypeExpr("list", (deep,))
    assert compare(deep, TypeExpr("list", (TypeExpr("str"),))) in (None, *Verdict)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("list[[`Info`]]", "list[Info]"), ("[Info][pkg.Info]", "Info"), ("[`Foo`]", "Foo")],
)
def test_markdown_autoref_links_in_types_stand_for_the_name(text: str, expected: str) -> None:
    assert parse_doc_type(text) == parse_doc_type(expected)


def test_type_aliases_expand_on_both_sides() -> None:
    # issue 12, pattern 4: the alias stands for its expression, before the typing vocabulary
    expand = {"KeyFunc": "Optional[Callable[[str], int]]", "Text": "bytes"}
    ann = parse_annotation("KeyFunc", type_aliases=expand)
    assert ann is not None and ann.render() == "Callable[[str], int] | None"
    assert parse_annotation("Text", type_aliases=expand) == TypeExpr("bytes")
    assert parse_doc_type("KeyFunc", type_aliases=expand) == ann
    # a self-referencing or unparsable alias leaves the name as it is, never raises
    assert parse_annotation("A", type_aliases={"A": "Optional[A]"}) is not None
    assert parse_annotation("B", type_aliases={"B": "TypeVar('B')"}) == TypeExpr("B")
