"""Java extraction: declarations, spans, Javadoc, references, edges, bad input."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

import pytest
from docref.graph.java_extract import extract_java, java_language, parse, parser, raw_type
from docref.graph.model import (
    Class,
    Edge,
    FileExtract,
    Function,
    Import,
    Param,
    Reference,
    Span,
    Variable,
)

FIXTURE = (
    Path(__file__).parent / "fixtures" / "java" / "com" / "example" / "shop" / "Inventory.java"
)
REL_PATH = "tests/fixtures/java/com/example/shop/Inventory.java"
SRC = FIXTURE.read_bytes()


@pytest.fixture(scope="module")
def fe() -> FileExtract:
    return extract_java(SRC, REL_PATH, "hash-1")


def text(span: Span, src: bytes = SRC) -> str:
    return src[span.start_byte : span.end_byte].decode()


def point(src: bytes, offset: int) -> tuple[int, int]:
    row = src.count(b"\n", 0, offset)
    col = offset - (src.rfind(b"\n", 0, offset) + 1)
    return row, col


def fn(fe: FileExtract, qualname: str, index: int = 0) -> Function:
    found = [f for f in fe.functions if f.qualname == qualname]
    assert len(found) > index, f"{qualname} not extracted"
    return found[index]


def cls(fe: FileExtract, qualname: str) -> Class:
    (found,) = [c for c in fe.classes if c.qualname == qualname]
    return found


def var(fe: FileExtract, qualname: str) -> Variable:
    (found,) = [v for v in fe.variables if v.qualname == qualname]
    return found


def refs(f: Function) -> list[tuple[str, str, int, int]]:
    return [(r.name, r.kind, r.line, r.count) for r in f.references]


def line_of(needle: str, occurrence: int = 0) -> int:
    """0-based row of the ``occurrence``-th appearance of ``needle`` in the fixture."""
    offset = -1
    for _ in range(occurrence + 1):
        offset = SRC.index(needle.encode(), offset + 1)
    return SRC.count(b"\n", 0, offset)


# ---- file level -------------------------------------------------------------------------


def test_file_metadata(fe: FileExtract) -> None:
    assert fe.path == REL_PATH
    assert fe.language == "java"
    assert fe.content_hash == "hash-1"
    assert fe.package == "com.example.shop"
    assert fe.module_docstring is None  # the licence header is /* */, not /** */
    assert fe.errors == []


def test_imports(fe: FileExtract) -> None:
    assert fe.imports == [
        Import("java.util", "ArrayList", None, 0, 5),
        Import("java.util", "List", None, 0, 6),
        Import("java.util", "*", None, 0, 7),
        Import("java.util.Collections", "sort", None, 0, 8, is_static=True),
        Import("java.lang.Math", "*", None, 0, 9, is_static=True),
    ]
    assert [i.bound_name for i in fe.imports[:2]] == ["ArrayList", "List"]


def test_all_spans_are_consistent(fe: FileExtract) -> None:
    spans: list[Span] = []
    for c in fe.classes:
        spans += [c.span, c.header_span]
        if c.docstring:
            spans.append(c.docstring.span)
    for f in fe.functions:
        spans += [f.span, f.header_span]
        if f.docstring:
            spans.append(f.docstring.span)
    spans += [v.span for v in fe.variables]
    for sp in spans:
        assert 0 <= sp.start_byte <= sp.end_byte <= len(SRC)
        assert (sp.start_line, sp.start_col) == point(SRC, sp.start_byte)
        assert (sp.end_line, sp.end_col) == point(SRC, sp.end_byte)
    for c in fe.classes:
        assert c.span.contains(c.header_span)
    for f in fe.functions:
        assert f.span.contains(f.header_span)
        assert f.docstring is None or f.docstring.span.end_byte <= f.span.start_byte


# ---- classes ----------------------------------------------------------------------------


def test_classes(fe: FileExtract) -> None:
    assert [(c.qualname, c.name, c.kind, c.parent_class) for c in fe.classes] == [
        ("Inventory", "Inventory", "class", None),
        ("Inventory.Entry", "Entry", "class", "Inventory"),
        ("Inventory.Auditable", "Auditable", "interface", "Inventory"),
        ("Inventory.Status", "Status", "enum", "Inventory"),
        ("Inventory.Price", "Price", "record", "Inventory"),
    ]


def test_top_class_details(fe: FileExtract) -> None:
    c = cls(fe, "Inventory")
    assert c.bases == ["BaseStore<T>", "Iterable<T>", "Auditable"]
    assert c.decorators == ['SuppressWarnings("unchecked")']
    assert text(c.header_span) == (
        '@SuppressWarnings("unchecked")\n'
        "public class Inventory<T extends Comparable<T>> extends BaseStore<T>"
        " implements Iterable<T>, Auditable"
    )
    body = text(c.span)
    assert body.startswith('@SuppressWarnings("unchecked")\npublic class Inventory<')
    assert body.endswith("    }\n}")
    assert c.span.end_byte == len(SRC.rstrip())
    assert c.docstring is not None
    assert c.docstring.text == "/**\n * Keeps items in stock.\n *\n * @param <T> the item type\n */"
    assert text(c.docstring.span) == c.docstring.text
    assert c.docstring.span.start_line == line_of("/**\n * Keeps items")


def test_nested_class_details(fe: FileExtract) -> None:
    entry = cls(fe, "Inventory.Entry")
    assert entry.bases == ["Comparable<Entry>"]
    assert text(entry.header_span) == "public static class Entry implements Comparable<Entry>"
    assert text(entry.span).endswith("return sku.compareTo(other.sku);\n        }\n    }")
    assert entry.docstring is not None
    assert entry.docstring.text == "/** An entry of the inventory. */"

    aud = cls(fe, "Inventory.Auditable")
    assert aud.bases == []
    assert text(aud.header_span) == "interface Auditable"
    assert (
        aud.docstring is not None and aud.docstring.text == "/** Something that can be audited. */"
    )

    status = cls(fe, "Inventory.Status")
    assert status.bases == ["Auditable"]
    assert text(status.header_span) == "enum Status implements Auditable"
    assert status.docstring is not None and status.docstring.text == "/** Stock status. */"

    price = cls(fe, "Inventory.Price")
    assert price.bases == ["Comparable<Price>"]
    assert text(price.header_span) == (
        "public record Price(String currency, long cents) implements Comparable<Price>"
    )
    assert text(price.span).startswith("public record Price(")
    assert text(price.span).endswith("o.cents); }\n    }")


# ---- methods ----------------------------------------------------------------------------


def test_function_order_and_overloads(fe: FileExtract) -> None:
    assert [f.qualname for f in fe.functions] == [
        "Inventory.Inventory",
        "Inventory.add",
        "Inventory.add",
        "Inventory.sorted",
        "Inventory.helper",
        "Inventory.Entry.Entry",
        "Inventory.Entry.compareTo",
        "Inventory.Auditable.audit",
        "Inventory.Status.Status",
        "Inventory.Status.audit",
        "Inventory.Price.Price",
        "Inventory.Price.compareTo",
    ]
    for f in fe.functions:
        assert f.parent_class == f.qualname.rsplit(".", 1)[0]
        assert f.name == f.qualname.rsplit(".", 1)[1]
        assert not f.is_async


def test_constructor(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.Inventory")
    assert f.params == [Param("name", "String")]
    assert f.returns is None
    assert f.modifiers == ["public"]
    assert f.decorators == []
    assert f.throws == []
    assert text(f.header_span) == "public Inventory(String name)"
    assert text(f.span) == (
        "public Inventory(String name) {\n        super(name);\n        this.count = 0;\n    }"
    )
    assert f.docstring is not None
    assert f.docstring.text == (
        "/**\n     * Creates an empty inventory.\n     *\n"
        "     * @param name the store name\n     */"
    )
    assert text(f.docstring.span) == f.docstring.text


def test_method_with_javadoc_tags(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.add", 0)
    assert f.params == [Param("item", "T", None, "positional")]
    assert f.returns == "boolean"
    assert f.throws == ["IllegalStateException"]
    assert f.modifiers == ["public", "synchronized"]
    assert f.decorators == ["Override"]
    assert text(f.header_span) == (
        "@Override\n    public synchronized boolean add(T item) throws IllegalStateException"
    )
    assert text(f.span).startswith("@Override\n    public synchronized boolean add(T item)")
    assert text(f.span).endswith("return true;\n    }")
    assert f.docstring is not None
    doc = f.docstring.text
    assert doc.startswith("/**\n     * Adds an item.")
    assert "@param item the item to add" in doc
    assert "@return true if the item was added" in doc
    assert "@throws IllegalStateException if the inventory is full" in doc
    assert doc.endswith("*/")
    # the Javadoc sits before the annotation, which belongs to the declaration
    assert f.docstring.span.end_line + 1 == f.span.start_line


def test_overload_with_varargs(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.add", 1)
    assert f.params == [Param("first", "T"), Param("rest", "T", None, "vararg")]
    assert f.returns == "int"
    assert f.modifiers == ["public"]
    assert text(f.header_span) == "public int add(T first, T... rest)"
    assert f.docstring is not None and "@param rest the other items" in f.docstring.text
    assert f.local_names == ["added", "item"]


def test_generic_static_method(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.sorted")
    assert f.params == [Param("source", "List<E>")]
    assert f.returns == "List<E>"
    assert f.throws == ["java.io.IOException", "InterruptedException"]
    assert f.modifiers == ["public", "static"]
    assert text(f.header_span) == (
        "public static <E extends Comparable<E>> List<E> sorted(List<E> source)\n"
        "            throws java.io.IOException, InterruptedException"
    )
    assert f.docstring is not None and f.docstring.text == "/** Sorted copy of the items. */"
    assert f.local_names == ["copy", "label"]


def test_line_comment_is_not_a_docstring(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.helper")
    assert f.docstring is None
    assert f.returns == "void"
    assert f.modifiers == ["private"]
    assert text(f.span) == "private void helper() {}"
    assert text(f.header_span) == "private void helper()"


def test_interface_enum_record_members(fe: FileExtract) -> None:
    audit = fn(fe, "Inventory.Auditable.audit")
    assert text(audit.span) == "void audit() throws AuditException;"
    assert text(audit.header_span) == "void audit() throws AuditException"
    assert audit.throws == ["AuditException"]
    assert audit.docstring is not None and audit.docstring.text == "/** Runs the audit. */"

    ctor = fn(fe, "Inventory.Status.Status")
    assert ctor.params == [Param("label", "String")]
    assert ctor.returns is None
    assert ctor.modifiers == []

    compact = fn(fe, "Inventory.Price.Price")
    assert compact.params == [Param("currency", "String"), Param("cents", "long")]
    assert compact.returns is None
    assert text(compact.header_span) == "public Price"
    assert compact.docstring is not None
    assert compact.docstring.text == "/** Validates the amount. */"

    cmp = fn(fe, "Inventory.Entry.compareTo")
    assert cmp.decorators == ["Override"]
    assert cmp.params == [Param("other", "Entry")]
    assert cmp.returns == "int"


# ---- references -------------------------------------------------------------------------


def test_references_of_add(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.add", 0)
    header = line_of("public synchronized boolean add")
    assert refs(f) == [
        ("T", "annotation", header, 1),
        # ``throws IllegalStateException`` then ``new IllegalStateException(..)``
        ("IllegalStateException", "call", header, 2),
        ("count", "name", line_of("if (count >= limit)"), 1),
        ("limit", "name", line_of("if (count >= limit)"), 1),
        ("items.add", "call", line_of("items.add(item)"), 1),
        ("this.count", "attribute", line_of("this.count++"), 1),
        ("Collections.sort", "call", line_of("Collections.sort(items)"), 1),
        ("items", "name", line_of("Collections.sort(items)"), 1),
        ("helper", "call", line_of("        helper();"), 1),
        ("this.helper", "call", line_of("this.helper()"), 1),
    ]
    assert f.local_names == []


def test_references_of_overload(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.add", 1)
    assert refs(f) == [
        ("T", "annotation", line_of("public int add(T first"), 3),
        ("add", "call", line_of("if (add(item))"), 2),
        ("item", "name", line_of("if (add(item))"), 1),
        ("added", "name", line_of("added++"), 2),
    ]
    # parameter names (first, rest) are bindings, not references
    assert {r.name for r in f.references}.isdisjoint({"first", "rest"})


def test_references_of_generic_method(fe: FileExtract) -> None:
    f = fn(fe, "Inventory.sorted")
    header = line_of("public static <E extends")
    label = line_of("String label = ")
    assert refs(f) == [
        ("E", "annotation", header, 6),
        ("Comparable", "annotation", header, 1),
        ("List", "annotation", header, 3),
        ("java.io.IOException", "annotation", header + 1, 1),
        ("InterruptedException", "annotation", header + 1, 1),
        ("ArrayList", "call", line_of("new ArrayList<E>"), 1),
        ("sort", "call", line_of("sort(copy)"), 1),
        ("copy", "name", line_of("sort(copy)"), 3),
        ("String", "annotation", label, 2),
        # chained: only the call on a plain chain keeps its object
        ("Labels.of", "call", label, 1),
        ("first", "call", label, 1),
        ("toString", "call", label, 1),
    ]


def test_references_in_nested_members(fe: FileExtract) -> None:
    assert refs(fn(fe, "Inventory.Entry.compareTo")) == [
        ("Entry", "annotation", line_of("compareTo(Entry other)"), 1),
        ("sku.compareTo", "call", line_of("sku.compareTo("), 1),
        ("other.sku", "attribute", line_of("sku.compareTo("), 1),
    ]
    assert refs(fn(fe, "Inventory.Price.compareTo")) == [
        ("Price", "annotation", line_of("compareTo(Price o)"), 1),
        ("Long.compare", "call", line_of("Long.compare"), 1),
        ("cents", "name", line_of("Long.compare"), 1),
        ("o.cents", "attribute", line_of("Long.compare"), 1),
    ]
    # in the compact constructor the record components are its parameters
    assert refs(fn(fe, "Inventory.Price.Price")) == [
        ("IllegalArgumentException", "call", line_of("new IllegalArgumentException"), 1)
    ]
    assert refs(fn(fe, "Inventory.helper")) == []


# ---- variables --------------------------------------------------------------------------


def test_fields(fe: FileExtract) -> None:
    got = [(v.qualname, v.scope, v.owner, v.annotation, v.value_refs) for v in fe.variables]
    assert got == [
        ("Inventory.MAX_ITEMS", "class", "Inventory", "int", ["Config.MAX"]),
        ("Inventory.items", "class", "Inventory", "List<T>", ["ArrayList"]),
        ("Inventory.count", "class", "Inventory", "int", []),
        ("Inventory.limit", "class", "Inventory", "int", ["MAX_ITEMS"]),
        ("Inventory.tags", "class", "Inventory", "String[]", ["DEFAULT_TAG"]),
        ("Inventory.Entry.sku", "class", "Inventory.Entry", "String", []),
        ("Inventory.Status.IN_STOCK", "class", "Inventory.Status", None, []),
        ("Inventory.Status.SOLD_OUT", "class", "Inventory.Status", None, ["Labels.SOLD_OUT"]),
        ("Inventory.Status.label", "class", "Inventory.Status", "String", []),
        ("Inventory.Price.currency", "class", "Inventory.Price", "String", []),
        ("Inventory.Price.cents", "class", "Inventory.Price", "long", []),
    ]
    assert [v.name for v in fe.variables][:3] == ["MAX_ITEMS", "items", "count"]


def test_field_spans(fe: FileExtract) -> None:
    assert text(var(fe, "Inventory.MAX_ITEMS").span) == (
        "public static final int MAX_ITEMS = Config.MAX * 2;"
    )
    count, limit = var(fe, "Inventory.count"), var(fe, "Inventory.limit")
    assert count.span == limit.span
    assert text(count.span) == "private int count, limit = MAX_ITEMS;"
    assert text(var(fe, "Inventory.Status.SOLD_OUT").span) == "SOLD_OUT(Labels.SOLD_OUT)"
    assert text(var(fe, "Inventory.Price.cents").span) == "long cents"


# ---- edges ------------------------------------------------------------------------------


def test_edges(fe: FileExtract) -> None:
    edges = fe.edges()
    assert len(edges) == fe.edge_count()
    expected = [
        Edge("inherits", "Inventory", "BaseStore<T>"),
        Edge("inherits", "Inventory", "Iterable<T>"),
        Edge("inherits", "Inventory", "Auditable"),
        Edge("inherits", "Inventory.Status", "Auditable"),
        Edge("typeof", "Inventory.sorted", "List<E>"),
        Edge("typeof", "Inventory.sorted.source", "List<E>"),
        Edge("typeof", "Inventory.add.rest", "T"),
        Edge("typeof", "Inventory.items", "List<T>"),
        Edge("refers", "Inventory.add", "Collections.sort"),
        Edge("refers", "Inventory.add", "this.helper"),
        Edge("refers", "Inventory.sorted", "Labels.of"),
        Edge("assign", "Inventory.MAX_ITEMS", "Config.MAX"),
        Edge("assign", "Inventory.limit", "MAX_ITEMS"),
        Edge("assign", "Inventory.Status.SOLD_OUT", "Labels.SOLD_OUT"),
    ]
    for edge in expected:
        assert edge in edges, edge
    assert not [e for e in edges if e.kind == "as"]
    assert Edge("typeof", "Inventory.Inventory", "None") not in edges


# ---- JSON -------------------------------------------------------------------------------


def test_json_round_trip(fe: FileExtract) -> None:
    data = json.loads(json.dumps(fe.to_json()))
    assert FileExtract.from_json(data) == fe


def test_json_round_trip_of_broken_file() -> None:
    broken = extract_java(SRC[: len(SRC) // 2], "x/Broken.java", "h")
    assert broken.errors
    assert FileExtract.from_json(json.loads(json.dumps(broken.to_json()))) == broken


# ---- smaller cases ----------------------------------------------------------------------


def one(body: str, sig: str = "void f()") -> Function:
    src = f"class A {{ {sig} {{\n{body}\n}} }}".encode()
    out = extract_java(src, "A.java", "h")
    assert out.errors == [], out.errors
    (f,) = out.functions
    return f


def names(f: Function) -> list[tuple[str, str]]:
    return [(r.name, r.kind) for r in f.references]


def test_reference_kinds_and_chains() -> None:
    f = one(
        "Foo.bar().baz(); a.b(x).c.d(); java.util.List.of(1); this.x.y.z(); super.go();"
        " String::valueOf; this::run; Foo::new; foo().bar;"
        " new java.util.ArrayList<String>(); new Outer.Inner(); Class<?> k = Map.Entry.class;"
    )
    assert names(f) == [
        ("Foo.bar", "call"),
        ("baz", "call"),
        ("a.b", "call"),
        ("x", "name"),
        ("d", "call"),
        ("java.util.List.of", "call"),
        ("this.x.y.z", "call"),
        ("super.go", "call"),
        ("String.valueOf", "call"),
        ("this.run", "call"),
        ("Foo", "call"),
        ("foo", "call"),
        ("java.util.ArrayList", "call"),
        ("String", "annotation"),
        ("Outer.Inner", "call"),
        ("Class", "annotation"),
        ("Map.Entry", "annotation"),
    ]


def test_reference_counts_and_first_line() -> None:
    f = one("int n = size;\nn = size + size;\nlog(n);\nlog(size);")
    assert refs(f) == [("size", "name", 1, 4), ("n", "name", 2, 2), ("log", "call", 3, 2)]
    assert f.local_names == ["n"]


def test_locals_and_lambdas_and_patterns() -> None:
    f = one(
        "for (var e : items) { use(e); }\n"
        "try (Res r = open()) { } catch (IOException ex) { log(ex); }\n"
        "if (o instanceof String s) { use(s); }\n"
        "Runnable run = () -> go(x -> x + 1);\n"
        "outer: while (ok) { break outer; }\n"
        "new Object() { void inner() { hidden(); } };",
        "void f(Object o, String... items)",
    )
    assert f.local_names == ["e", "r", "ex", "s", "run"]
    got = names(f)
    assert ("Object", "call") in got  # param type then ``new Object()``: call wins
    assert ("hidden", "call") in got  # anonymous class bodies count for the method
    assert ("var", "annotation") not in got
    assert ("outer", "name") not in got
    assert ("o", "name") not in got  # parameters are not references
    assert ("ok", "name") in got
    assert ("ex", "name") in got
    assert ("go", "call") in got
    assert [n for n, _ in got].count("x") == 1  # the lambda body uses x once


def test_annotation_arguments_are_not_references() -> None:
    f = one(
        "@Local(Local.X) int v = Config.LIMIT;",
        "@Target(ElementType.METHOD) @Outer(inner = @Inner(1), other = Y.Z, k = K)"
        " int f(@Named(KEY) int a)",
    )
    assert names(f) == [("Config.LIMIT", "attribute")]
    assert f.decorators == [
        "Target(ElementType.METHOD)",
        "Outer(inner = @Inner(1), other = Y.Z, k = K)",
    ]
    assert f.params == [Param("a", "int")]


def test_javadoc_placement() -> None:
    src = b"""/** Package doc. */
package p.q;

/** Not attached: a declaration follows first. */
import java.util.List;

class A {
    /** Field doc is skipped, but it must not leak. */
    int x;
    void noDoc() {}
    /**/
    void emptyComment() {}
    /* plain block comment */
    void plainComment() {}
    @Deprecated
    /** Between annotation and modifiers. */
    public void inner() {}
    /** Kept over a line comment. */
    // TODO
    void overLine() {}
}
"""
    out = extract_java(src, "p/q/A.java", "h")
    assert out.module_docstring is not None
    assert out.module_docstring.text == "/** Package doc. */"
    assert out.package == "p.q"
    docs = {f.name: f.docstring.text if f.docstring else None for f in out.functions}
    assert docs == {
        "noDoc": None,
        "emptyComment": None,
        "plainComment": None,
        "inner": "/** Between annotation and modifiers. */",
        "overLine": "/** Kept over a line comment. */",
    }
    assert out.classes[0].docstring is None


def test_interface_constants_annotation_types_and_arrays() -> None:
    src = b"""package p;
public @interface Marker {
    int value() default 1;
    String[] names() default {};
}
interface Limits extends Base<String>, Other {
    int MAX = Defaults.MAX, MIN = 0;
    default int twice(int x) { return x * MAX; }
}
class Grid { int cells[][] = new int[SIZE][SIZE]; void f(int xs[], Object receiver) {} }
"""
    out = extract_java(src, "p/Marker.java", "h")
    assert out.errors == []
    assert [(c.qualname, c.kind, c.bases) for c in out.classes] == [
        ("Marker", "annotation", []),
        ("Limits", "interface", ["Base<String>", "Other"]),
        ("Grid", "class", []),
    ]
    value = out.functions[0]
    assert (value.qualname, value.returns, value.params) == ("Marker.value", "int", [])
    src_text = src.decode()
    start = value.header_span.start_byte
    assert src_text[start : value.header_span.end_byte] == "int value()"
    assert out.functions[1].returns == "String[]"
    twice = next(f for f in out.functions if f.name == "twice")
    assert twice.modifiers == ["default"]
    assert names(twice) == [("MAX", "name")]
    assert [(v.qualname, v.annotation, v.value_refs) for v in out.variables] == [
        ("Limits.MAX", "int", ["Defaults.MAX"]),
        ("Limits.MIN", "int", []),
        ("Grid.cells", "int[][]", ["SIZE"]),
    ]
    grid_f = next(f for f in out.functions if f.qualname == "Grid.f")
    assert grid_f.params == [Param("xs", "int[]"), Param("receiver", "Object")]


def test_receiver_parameter_is_skipped() -> None:
    f = one("", "void f(A this, int n)")
    assert f.params == [Param("n", "int")]


def test_raw_type() -> None:
    assert raw_type("List<String>") == "List"
    assert raw_type("Map<K, List<V>>") == "Map"
    assert raw_type("Map.Entry<K, V>") == "Map.Entry"
    assert raw_type("int[]") == "int"
    assert raw_type("@NonNull String") == "String"
    assert raw_type("Comparable<T>") == "Comparable"
    assert raw_type("Foo") == "Foo"


# ---- bad input --------------------------------------------------------------------------


def test_empty_file() -> None:
    out = extract_java(b"", "Empty.java", "h")
    assert out == FileExtract(path="Empty.java", language="java", content_hash="h")


def test_syntax_error_is_noted_and_rest_extracted() -> None:
    src = b"class A {\n  void ok() { a(); }\n  void broken( { b(); }\n  void later() { c(); }\n}\n"
    out = extract_java(src, "A.java", "h")
    assert len(out.errors) == 1
    assert out.errors[0].startswith("syntax error near line 3")
    assert "recovered" in out.errors[0]
    assert [f.qualname for f in out.functions] == ["A.ok", "A.broken", "A.later"]
    assert refs(out.functions[2]) == [("c", "call", 3, 1)]


def test_truncated_class() -> None:
    cut = SRC.index(b"items.add(item);")
    out = extract_java(SRC[:cut], "Inventory.java", "h")
    assert out.errors and "syntax error near line" in out.errors[0]
    assert out.package == "com.example.shop"
    assert len(out.imports) == 5
    assert [c.qualname for c in out.classes] == ["Inventory"]
    assert [f.qualname for f in out.functions] == ["Inventory.Inventory", "Inventory.add"]
    assert out.functions[1].docstring is not None
    assert "Inventory.MAX_ITEMS" in {v.qualname for v in out.variables}


def test_missing_class_name() -> None:
    out = extract_java(b"class { void f() { g(); } }", "A.java", "h")
    assert out.errors
    assert [(f.qualname, f.parent_class) for f in out.functions] == [("f", None)]


@pytest.mark.parametrize(
    "data",
    [
        b"\x00\x01\x02\xff\xfe\xfd" * 50,
        bytes(range(256)) * 8,
        b"\xef\xbb\xbfclass A { void f() { g(); } }",
        "class Café { /** Déjà vu. */ void f() { g(é); } }".encode("latin-1"),
        b"}}}}{{{{ class ;;; void ((( @@@ /** */",
        b"/** unterminated javadoc\nclass A { }",
        b"class A {" * 2000,
        b"class A { int x = " + b"(" * 3000 + b"1" + b")" * 3000 + b"; }",
        b'class A { String s = "unterminated; void f() {} }',
        b"package ;\nimport static ;\nimport .*;\n",
    ],
)
def test_bad_bytes_never_raise(data: bytes) -> None:
    out = extract_java(data, "Bad.java", "h")
    assert out.language == "java"
    assert FileExtract.from_json(json.loads(json.dumps(out.to_json()))) == out


def test_non_utf8_bytes_keep_byte_offsets() -> None:
    data = "class Caf\xe9 { void f() { g(); } }\nclass B { /** B doc */ void h() { i(); } }"
    raw = data.encode("latin-1")
    out = extract_java(raw, "Bad.java", "h")
    h = next(f for f in out.functions if f.name == "h")
    assert raw[h.span.start_byte : h.span.end_byte] == b"void h() { i(); }"
    assert h.docstring is not None and h.docstring.text == "/** B doc */"
    assert names(h) == [("i", "call")]


def test_fuzzed_slices_never_raise() -> None:
    rng = random.Random(1234)
    for _ in range(150):
        a = rng.randrange(len(SRC))
        b = rng.randrange(a, min(len(SRC), a + 400))
        for data in (SRC[:a] + SRC[b:], SRC[a:b], SRC[:a] + bytes([rng.randrange(256)]) + SRC[a:]):
            out = extract_java(data, "F.java", "h")
            for f in out.functions:
                assert f.span.contains(f.header_span)


# ---- parser -----------------------------------------------------------------------------


def test_parser_is_cached_per_thread() -> None:
    assert parser() is parser()
    assert java_language() is java_language()
    other: list[object] = []
    t = threading.Thread(target=lambda: other.append(parser()))
    t.start()
    t.join()
    assert other and other[0] is not parser()


def test_pre_parsed_tree_gives_same_result(fe: FileExtract) -> None:
    tree = parse(SRC)
    assert extract_java(SRC, REL_PATH, "hash-1", tree) == fe


def test_reference_model_types(fe: FileExtract) -> None:
    for f in fe.functions:
        for r in f.references:
            assert isinstance(r, Reference)
            assert r.kind in ("call", "attribute", "name", "annotation")
            assert r.count >= 1


def test_record_varargs_component_and_nameless_class() -> None:
    out = extract_java(
        b"record R(int a, String... more) { R { } }\n"
        b"class B { void (int x) {} class { void g() {} } }",
        "R.java",
        "h",
    )
    assert out.errors
    assert [c.qualname for c in out.classes] == ["R", "B"]
    assert [(v.qualname, v.annotation) for v in out.variables] == [
        ("R.a", "int"),
        ("R.more", "String"),
    ]
    compact = out.functions[0]
    assert compact.qualname == "R.R"
    assert compact.params == [Param("a", "int"), Param("more", "String", None, "vararg")]
    # the nameless nested class lends its member to the enclosing class
    assert [f.qualname for f in out.functions[1:]] == ["B.g"]


def test_comments_inside_argument_lists_and_initializers() -> None:
    f = one("g(a, // first\n b, /* second */ c);\nint[] xs = { /* lead */ D, // tail\n E };")
    assert names(f) == [
        ("g", "call"),
        ("a", "name"),
        ("b", "name"),
        ("c", "name"),
        ("D", "name"),
        ("E", "name"),
    ]


def test_deep_nesting_stays_linear() -> None:
    # generated code (e.g. charset tables) has ``"..." + "..." + ...`` chains thousands deep;
    # a query pattern rooted at the parent type would make this quadratic (many seconds)
    terms = 30_000
    chain = " + ".join(f'"s{i}"' if i % 3 else f"C{i}" for i in range(terms))
    src = f"class T {{ static final String S = {chain}; }}".encode()
    tree = parse(src)
    start = time.process_time()
    out = extract_java(src, "T.java", "h", tree)
    elapsed = time.process_time() - start
    (s_var,) = out.variables
    assert len(s_var.value_refs) == terms // 3
    # CPU seconds (other processes do not count); quadratic was well over a minute, linear ~0.3 s
    assert elapsed < 10.0, f"extraction took {elapsed:.2f} CPU s"
