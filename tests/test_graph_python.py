"""Python extraction: declarations, signatures, spans, variables, imports, references, edges."""

from __future__ import annotations

import json

import pytest
from docref.graph.model import Edge, FileExtract, Function, Param
from docref.graph.python_extract import extract_python
from docref.graph.python_refs import ReferenceMemo
from docref.graph.source import content_hash

SAMPLE = '''\
"""Module docstring: é and 😀."""
from __future__ import annotations

import os
import os.path as osp
from . import sibling
from ..pkg import y as z
from typing import TYPE_CHECKING

try:
    import ujson as json
except ImportError:
    import json

if TYPE_CHECKING:
    from collections.abc import Iterator

A = B = 1
first, (second, third) = 1, (2, 3)
LIMIT: int = 10
CWD = os.getcwd()


class Meta(type):
    pass


@dataclass(frozen=True)
class Thing(Base, mixins.Mixin, metaclass=Meta):
    """Thing docstring."""

    size: int = 3
    count = 0

    class Inner:
        """Inner docstring."""

        deep = 1

    def __init__(self, value: int = 0) -> None:
        self.value = value
        self.cache: dict[str, int] = {}
        if value:
            self.flag = True

    @property
    def double(self) -> int:
        return self.value * 2

    def helper(self):
        return 1

    def run(self):
        self.helper()
        return self.cache.get("key")


@decorator
@other.deco(1)
async def fetch(a, b: int, /, c: str = "x", *args: int, d, e=5, **kw: str) -> list[str]:
    r"""Fetch things \\o/."""
    import shutil as sh
    local = os.path.join(a, "sys.argv")  # comment: mentioned()
    # a whole comment line: commented.call()
    print(f"{local}", sep="", end=TERMINATOR)
    "a bare string naming_in_string"
    total = helper(b) + Thing.count + len(d)
    return [str(item) for item in kw]
'''


@pytest.fixture(scope="module")
def sample() -> tuple[bytes, FileExtract]:
    data = SAMPLE.encode("utf-8")
    return data, extract_python(data, "pkg/sample.py", content_hash(data))


def _fn(fe: FileExtract, qualname: str) -> Function:
    matches = [f for f in fe.functions if f.qualname == qualname]
    assert len(matches) == 1, [f.qualname for f in fe.functions]
    return matches[0]


def _slice(data: bytes, span: object) -> str:
    return data[span.start_byte : span.end_byte].decode("utf-8")  # type: ignore[attr-defined]


def _refs(fn: Function) -> dict[str, str]:
    return {r.name: r.kind for r in fn.references}


# ---- module / classes ---------------------------------------------------------------------


def test_module_docstring_text_and_span(sample: tuple[bytes, FileExtract]) -> None:
    data, fe = sample
    assert fe.path == "pkg/sample.py"
    assert fe.language == "python"
    assert fe.content_hash == content_hash(data)
    assert fe.errors == []
    doc = fe.module_docstring
    assert doc is not None
    assert doc.text == '"""Module docstring: é and 😀."""'
    assert _slice(data, doc.span) == doc.text
    # byte offsets, not characters: é is 2 bytes, 😀 is 4
    assert doc.span.start_byte == 0
    assert doc.span.end_byte == len(doc.text.encode("utf-8"))
    assert (doc.span.start_line, doc.span.start_col, doc.span.end_line) == (0, 0, 0)
    assert doc.span.end_col == doc.span.end_byte


def test_classes_bases_decorators_nesting(sample: tuple[bytes, FileExtract]) -> None:
    data, fe = sample
    by_name = {c.qualname: c for c in fe.classes}
    assert list(by_name) == ["Meta", "Thing", "Thing.Inner"]
    thing = by_name["Thing"]
    # the metaclass keyword is not a base
    assert thing.bases == ["Base", "mixins.Mixin"]
    assert thing.decorators == ["dataclass(frozen=True)"]
    assert thing.parent_class is None
    assert thing.kind == "class"
    assert thing.docstring is not None
    assert thing.docstring.text == '"""Thing docstring."""'
    assert _slice(data, thing.docstring.span) == '"""Thing docstring."""'
    # the span starts at the decorator, the header at ``class``
    assert _slice(data, thing.span).startswith("@dataclass(frozen=True)\nclass Thing(")
    assert _slice(data, thing.span).endswith('return self.cache.get("key")')
    assert _slice(data, thing.header_span) == "class Thing(Base, mixins.Mixin, metaclass=Meta):"
    inner = by_name["Thing.Inner"]
    assert inner.name == "Inner"
    assert inner.parent_class == "Thing"
    assert inner.bases == []
    assert _slice(data, inner.header_span) == "class Inner:"
    assert thing.span.contains(inner.span)
    assert by_name["Meta"].bases == ["type"]
    assert by_name["Meta"].docstring is None


# ---- functions ----------------------------------------------------------------------------


def test_function_params_kinds_annotations_defaults(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    fetch = _fn(fe, "fetch")
    assert fetch.params == [
        Param("a", None, None, "positional_only"),
        Param("b", "int", None, "positional_only"),
        Param("c", "str", '"x"', "positional"),
        Param("args", "int", None, "vararg"),
        Param("d", None, None, "keyword_only"),
        Param("e", None, "5", "keyword_only"),
        Param("kw", "str", None, "kwarg"),
    ]
    assert fetch.returns == "list[str]"
    assert fetch.is_async is True
    assert fetch.decorators == ["decorator", "other.deco(1)"]
    assert fetch.parent_class is None
    init = _fn(fe, "Thing.__init__")
    assert init.params == [
        Param("self", None, None, "positional"),
        Param("value", "int", "0", "positional"),
    ]
    assert init.returns == "None"
    assert init.is_async is False
    assert init.parent_class == "Thing"


def test_function_docstring_and_spans(sample: tuple[bytes, FileExtract]) -> None:
    data, fe = sample
    fetch = _fn(fe, "fetch")
    assert fetch.docstring is not None
    literal = 'r"""Fetch things \\o/."""'
    assert fetch.docstring.text == literal
    assert _slice(data, fetch.docstring.span) == literal
    start = data.index(literal.encode())
    assert fetch.docstring.span.start_byte == start
    assert fetch.docstring.span.end_byte == start + len(literal.encode())
    line = SAMPLE.splitlines().index('    r"""Fetch things \\o/."""')
    assert (fetch.docstring.span.start_line, fetch.docstring.span.start_col) == (line, 4)
    header = 'async def fetch(a, b: int, /, c: str = "x", *args: int, d, e=5, **kw: str)'
    assert _slice(data, fetch.header_span) == header + " -> list[str]:"
    whole = _slice(data, fetch.span)
    assert whole.startswith("@decorator\n@other.deco(1)\nasync def fetch(")
    assert whole.endswith("return [str(item) for item in kw]")
    double = _fn(fe, "Thing.double")
    assert double.decorators == ["property"]
    assert _slice(data, double.header_span) == "def double(self) -> int:"
    assert _slice(data, double.span).startswith("@property\n    def double")
    assert double.docstring is None
    assert [f.qualname for f in fe.functions] == [
        "Thing.__init__",
        "Thing.double",
        "Thing.helper",
        "Thing.run",
        "fetch",
    ]


def test_multiline_header_and_docstring_not_fstring() -> None:
    src = (
        "def f(\n"
        "    a,\n"
        "    b=1,\n"
        ") -> int:\n"
        '    f"""not a docstring {a}"""\n'
        "    return a\n"
        "\n"
        "def g():\n"
        "    '''Single-quoted\n"
        "    multi-line.'''\n"
    )
    data = src.encode()
    fe = extract_python(data, "m.py", "h")
    f, g = fe.functions
    assert _slice(data, f.header_span) == "def f(\n    a,\n    b=1,\n) -> int:"
    assert f.header_span.start_line == 0
    assert f.header_span.end_line == 3
    assert f.docstring is None
    assert g.docstring is not None
    assert g.docstring.text == "'''Single-quoted\n    multi-line.'''"
    assert _slice(data, g.docstring.span) == g.docstring.text
    assert (g.docstring.span.start_line, g.docstring.span.end_line) == (8, 9)


@pytest.mark.parametrize(
    ("src", "module_doc", "function_doc"),
    [
        # a licence header above the module's docstring, a comment above a function's: both
        # still docstrings (comments are no statements), as Python's __doc__ has them
        (
            '# Copyright 2020 Someone\n# Licensed under X\n"""The module."""\n\n'
            'def f():\n    # a note\n    """The function."""\n    return 1\n',
            '"""The module."""',
            '"""The function."""',
        ),
        # controls: a statement before the string makes it no docstring
        (
            'import os\n"""Not the module\'s."""\n\n'
            'def f():\n    x = 1\n    """Not the function\'s."""\n    return x\n',
            None,
            None,
        ),
    ],
    ids=["after-comments", "after-a-statement"],
)
def test_a_docstring_after_comments(
    src: str, module_doc: str | None, function_doc: str | None
) -> None:
    fe = extract_python(src.encode(), "m.py", "h")
    assert (fe.module_docstring.text if fe.module_docstring else None) == module_doc
    (f,) = fe.functions
    assert (f.docstring.text if f.docstring else None) == function_doc


# ---- variables ----------------------------------------------------------------------------


def test_module_and_class_variables(sample: tuple[bytes, FileExtract]) -> None:
    data, fe = sample
    mod = [v for v in fe.variables if v.scope == "module"]
    assert [v.qualname for v in mod] == ["A", "B", "first", "second", "third", "LIMIT", "CWD"]
    by_q = {v.qualname: v for v in fe.variables}
    # chained assignment: both names, same statement span
    assert by_q["A"].span == by_q["B"].span
    assert _slice(data, by_q["A"].span) == "A = B = 1"
    assert _slice(data, by_q["third"].span) == "first, (second, third) = 1, (2, 3)"
    assert by_q["LIMIT"].annotation == "int"
    assert by_q["A"].annotation is None
    assert by_q["CWD"].value_refs == ["os.getcwd"]
    assert all(v.owner is None for v in mod)
    cls_vars = [v for v in fe.variables if v.scope == "class"]
    assert [(v.qualname, v.owner) for v in cls_vars] == [
        ("Thing.size", "Thing"),
        ("Thing.count", "Thing"),
        ("Thing.Inner.deep", "Thing.Inner"),
    ]
    assert by_q["Thing.size"].annotation == "int"
    # locals of functions are not variables
    assert not {"local", "total", "sh"} & {v.name for v in fe.variables}


def test_instance_attributes(sample: tuple[bytes, FileExtract]) -> None:
    data, fe = sample
    inst = [v for v in fe.variables if v.scope == "instance"]
    assert [(v.name, v.qualname, v.owner) for v in inst] == [
        ("value", "Thing.value", "Thing"),
        ("cache", "Thing.cache", "Thing"),
        ("flag", "Thing.flag", "Thing"),  # inside ``if value:``
    ]
    by_name = {v.name: v for v in inst}
    assert by_name["cache"].annotation == "dict[str, int]"
    assert by_name["value"].value_refs == ["value"]
    assert _slice(data, by_name["flag"].span) == "self.flag = True"


def test_instance_attributes_first_assignment_wins_and_tuple_targets() -> None:
    src = (
        "class P:\n"
        "    def __init__(self):\n"
        "        self.x, self.y = 1, 2\n"
        "        other.z = 3\n"
        "    def reset(self):\n"
        "        self.x = compute()\n"
        "        self.w = 0\n"
    )
    fe = extract_python(src.encode(), "p.py", "h")
    inst = [(v.name, v.span.start_line) for v in fe.variables if v.scope == "instance"]
    assert inst == [("x", 2), ("y", 2), ("w", 6)]


# ---- imports ------------------------------------------------------------------------------


def test_imports(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    inner_line = SAMPLE.splitlines().index("    import shutil as sh")
    got = [(i.module, i.name, i.alias, i.level, i.line, i.scope, i.in_try) for i in fe.imports]
    assert got == [
        ("__future__", "annotations", None, 0, 1, "", False),
        ("os", None, None, 0, 3, "", False),
        ("os.path", None, "osp", 0, 4, "", False),
        ("", "sibling", None, 1, 5, "", False),
        ("pkg", "y", "z", 2, 6, "", False),
        ("typing", "TYPE_CHECKING", None, 0, 7, "", False),
        ("ujson", None, "json", 0, 10, "", True),
        ("json", None, None, 0, 12, "", True),
        ("collections.abc", "Iterator", None, 0, 15, "", False),
        ("shutil", None, "sh", 0, inner_line, "fetch", False),
    ]
    bound = [i.bound_name for i in fe.imports]
    assert bound == [
        "annotations", "os", "osp", "sibling", "z", "TYPE_CHECKING", "json", "json",
        "Iterator", "sh",
    ]  # fmt: skip


def test_imports_nested_scopes_wildcard_and_parenthesised() -> None:
    src = (
        "from .. import *\n"
        "from .mod import (a, b as c)\n"
        "import a.b.c\n"
        "class K:\n"
        "    def m(self):\n"
        "        try:\n"
        "            from ...deep.pkg import thing\n"
        "        finally:\n"
        "            pass\n"
        "        def inner():\n"
        "            import late\n"
    )
    fe = extract_python(src.encode(), "x.py", "h")
    got = [(i.module, i.name, i.alias, i.level, i.scope, i.in_try) for i in fe.imports]
    assert got == [
        ("", "*", None, 2, "", False),
        ("mod", "a", None, 1, "", False),
        ("mod", "b", "c", 1, "", False),
        ("a.b.c", None, None, 0, "", False),
        ("deep.pkg", "thing", None, 3, "K.m", True),
        ("late", None, None, 0, "K.m.inner", False),
    ]
    assert fe.imports[3].bound_name == "a"


# ---- references ---------------------------------------------------------------------------


def test_references_dotted_calls_and_exclusions(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    fetch = _fn(fe, "fetch")
    refs = _refs(fetch)
    # a dotted chain is one reference, never split into its parts
    assert refs["os.path.join"] == "call"
    assert "os" not in refs
    assert "os.join" not in refs
    assert "os.path" not in refs
    assert refs["helper"] == "call"
    assert refs["print"] == "call"
    assert refs["len"] == "call"
    assert refs["Thing.count"] == "attribute"
    assert refs["TERMINATOR"] == "name"  # a keyword argument's value is a use
    assert refs["int"] == "annotation"
    # ``str`` is both an annotation and a call: the stronger kind wins, all uses counted
    assert refs["str"] == "call"
    assert next(r for r in fetch.references if r.name == "str").count == 4
    # parameters and locals are not references
    for bound in ("a", "b", "c", "d", "e", "kw", "args", "local", "total", "item", "sh"):
        assert bound not in refs, bound
    # keyword argument names are bindings, not uses
    assert "sep" not in refs
    assert "end" not in refs
    # names inside strings, comments and the docstring are not uses
    for hidden in ("sys.argv", "mentioned", "commented.call", "naming_in_string", "Fetch"):
        assert hidden not in refs, hidden
    # first use, 0-based rows
    lines = SAMPLE.splitlines()
    join_line = next(i for i, text in enumerate(lines) if "os.path.join(" in text)
    helper_line = next(i for i, text in enumerate(lines) if "helper(b)" in text)
    by_name = {r.name: r for r in fetch.references}
    assert by_name["os.path.join"].line == join_line
    assert by_name["helper"].line == helper_line
    assert by_name["helper"].count == 1


def test_references_self_calls_and_attributes(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    run = _fn(fe, "Thing.run")
    assert _refs(run) == {"self.helper": "call", "self.cache.get": "call"}
    double = _fn(fe, "Thing.double")
    # the decorator is a use too (evaluated where the function is defined)
    assert _refs(double) == {"int": "annotation", "self.value": "attribute", "property": "name"}
    assert "self" not in _refs(_fn(fe, "Thing.__init__"))


def test_references_counts_and_local_names() -> None:
    src = (
        "def f(items, n: Count = DEFAULT):\n"
        "    total = 0\n"
        "    for i, (k, v) in enumerate(items):\n"
        "        total += weigh(v) + weigh(k)\n"
        "    with open(PATH) as fh:\n"
        "        data = fh.read()\n"
        "    if (m := pattern.match(data)):\n"
        "        return m\n"
        "    key = lambda row: row.key\n"
        "    return sorted(items, key=key), obj.attr.deep, obj.attr\n"
    )
    fe = extract_python(src.encode(), "r.py", "h")
    fn = fe.functions[0]
    refs = {r.name: (r.kind, r.count, r.line) for r in fn.references}
    assert refs["weigh"] == ("call", 2, 3)
    assert refs["enumerate"] == ("call", 1, 2)
    assert refs["open"] == ("call", 1, 4)
    assert refs["PATH"] == ("name", 1, 4)
    assert refs["pattern.match"] == ("call", 1, 6)
    assert refs["sorted"] == ("call", 1, 9)
    assert refs["obj.attr.deep"] == ("attribute", 1, 9)
    assert refs["obj.attr"] == ("attribute", 1, 9)
    assert refs["Count"] == ("annotation", 1, 0)
    for bound in ("items", "n", "total", "i", "k", "v", "fh", "data", "m", "key", "row"):
        assert bound not in refs, bound
    assert "fh.read" not in refs  # a chain rooted at a local
    assert "row.key" not in refs
    assert set(fn.local_names) >= {"total", "i", "k", "v", "fh", "data", "m", "key", "row"}
    assert "items" not in fn.local_names


def test_loop_names_are_the_locals_bound_only_as_for_targets() -> None:
    # what ``C1-NAME-UNRESOLVED`` takes for a placeholder of the code (names_introduced)
    src = (
        "def f(items, n):\n"
        "    total, last = 0, None\n"
        "    for i, (k, v) in enumerate(items):\n"
        "        total += v\n"
        "    for last in items:\n"
        "        pass\n"
        "    with open(n) as fh:\n"
        "        rows = [row for row in fh]\n"
        "    key = lambda row: row\n"
        "    for fh in rows:\n"
        "        pass\n"
        "    for n in items:\n"
        "        pass\n"
        "    # for ghost in items\n"
        "    return 'for spirit in items', [w for w in items if (x := w)], x\n"
    )
    memo: ReferenceMemo = {}
    for _ in range(2):  # the second extraction replays the first from the memo
        fn = extract_python(src.encode(), "r.py", "h", memo=memo).functions[0]
        # ``i``, ``k``, ``v``, ``row`` (a lambda's parameter too), ``w``: only loop targets;
        # ``last`` is assigned, ``fh`` bound by ``as``, ``x`` by ``:=``, ``n`` a parameter
        assert sorted(fn.loop_names) == ["i", "k", "row", "v", "w"]
        assert {"last", "fh", "x", "total"} <= set(fn.local_names)
        assert not {"ghost", "spirit"} & set(fn.local_names)
    assert memo
    assert Function.from_json(json.loads(json.dumps(fn.to_json()))).loop_names == fn.loop_names


def test_references_inside_fstring_fields() -> None:
    src = (
        "def show(x):\n"
        '    return f"{render(x)!r:>{WIDTH}} {"not.a.name"} {obj.attr=}" + "{plain}"\n'
    )
    fe = extract_python(src.encode(), "s.py", "h")
    refs = _refs(fe.functions[0])
    assert refs == {"render": "call", "WIDTH": "name", "obj.attr": "attribute"}


# ---- edges, JSON --------------------------------------------------------------------------


def test_edges_cover_the_five_kinds(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    edges = fe.edges()
    assert {e.kind for e in edges} == {"as", "inherits", "refers", "typeof", "assign"}
    expected = [
        Edge("as", "osp", "os.path"),
        Edge("as", "z", "y"),
        Edge("as", "json", "ujson"),
        Edge("as", "sh", "shutil"),
        Edge("inherits", "Thing", "Base"),
        Edge("inherits", "Thing", "mixins.Mixin"),
        Edge("inherits", "Meta", "type"),
        Edge("refers", "fetch", "os.path.join"),
        Edge("refers", "Thing.run", "self.helper"),
        Edge("typeof", "fetch", "list[str]"),
        Edge("typeof", "fetch.b", "int"),
        Edge("typeof", "fetch.kw", "str"),
        Edge("typeof", "LIMIT", "int"),
        Edge("typeof", "Thing.cache", "dict[str, int]"),
        Edge("assign", "CWD", "os.getcwd"),
        Edge("assign", "Thing.value", "value"),
    ]
    for edge in expected:
        assert edge in edges, edge
    assert Edge("inherits", "Thing", "Meta") not in edges
    assert fe.edge_count() == len(edges)


def test_json_round_trip(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    doc = fe.to_json()
    again = FileExtract.from_json(json.loads(json.dumps(doc)))
    assert again == fe
    assert again.to_json() == doc
    assert FileExtract.from_json(fe.to_json()) == fe


def test_json_rejects_other_versions(sample: tuple[bytes, FileExtract]) -> None:
    _, fe = sample
    doc = fe.to_json()
    doc["v"] = -1
    with pytest.raises(ValueError, match="version"):
        FileExtract.from_json(doc)


# ---- damaged and degenerate files ---------------------------------------------------------


def test_syntax_error_keeps_what_parsed() -> None:
    src = (
        "def good(a):\n"
        '    """Fine."""\n'
        "    return a + 1\n"
        "\n"
        "def broken(:\n"
        "    pass\n"
        "\n"
        "class K:\n"
        "    def method(self):\n"
        "        return helper()\n"
        "\n"
        "def after(x):\n"
        "    return other(x)\n"
    )
    data = src.encode()
    fe = extract_python(data, "bad.py", "h")
    names = [f.qualname for f in fe.functions]
    assert {"good", "K.method", "after"} <= set(names)
    assert [c.qualname for c in fe.classes] == ["K"]
    assert len(fe.errors) == 1
    assert "syntax error" in fe.errors[0]
    assert "line 5" in fe.errors[0]
    good = _fn(fe, "good")
    assert good.docstring is not None
    assert _slice(data, good.docstring.span) == '"""Fine."""'
    assert _refs(_fn(fe, "after")) == {"other": "call"}
    assert FileExtract.from_json(fe.to_json()) == fe


@pytest.mark.parametrize("src", ["", "# only a comment\n# and another one\n", "\n\n   \n"])
def test_empty_and_comment_only_files(src: str) -> None:
    fe = extract_python(src.encode(), "e.py", "h")
    assert fe.module_docstring is None
    assert fe.functions == []
    assert fe.classes == []
    assert fe.variables == []
    assert fe.imports == []
    assert fe.errors == []
    assert fe.edges() == []
    assert FileExtract.from_json(fe.to_json()) == fe


def test_references_of_nested_defs_imports_decorators_and_defaults() -> None:
    src = (
        b"import functools\n"
        b"@functools.lru_cache(maxsize=CACHE)\n"
        b"def f(a, t=DEFAULT):\n"
        b"    import json as j\n"
        b"    def inner(x):\n"
        b"        return secret(x)\n"
        b"    return j.loads(a) + inner(t)\n"
    )
    fe = extract_python(src, "m.py", content_hash(src))
    outer = next(fn for fn in fe.functions if fn.qualname == "f")
    names = {r.name: r.kind for r in outer.references}
    # decorator and default value are uses; the function-level import binds, not uses;
    # what the nested function uses belongs to it
    assert names == {
        "functools.lru_cache": "call",
        "CACHE": "name",
        "DEFAULT": "name",
        "j.loads": "call",
    }
    assert "inner" in outer.local_names
    inner = next(fn for fn in fe.functions if fn.qualname == "f.inner")
    assert [r.name for r in inner.references] == ["secret"]


def test_pep695_type_alias_is_a_module_variable() -> None:
    # issue 12, pattern 4: ``type X = …`` is recorded like ``X: TypeAlias = …``
    data = b"type KeyFunc = Callable[[str], int] | None\ntype Pair[T] = tuple[T, T]\n"
    fe = extract_python(data, "m.py", "h")
    found = [(v.name, v.scope, v.annotation) for v in fe.variables]
    assert found == [("KeyFunc", "module", "TypeAlias"), ("Pair", "module", "TypeAlias")]
    span = fe.variables[0].span
    assert data[span.start_byte : span.end_byte].startswith(b"type KeyFunc =")
