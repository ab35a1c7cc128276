"""Javadoc segmentation: tags, inline tags, HTML, exact offsets, malformed comments."""

from __future__ import annotations

import json
import re

from docref.segments import ParsedDocstring, segment_docstring

from tests.shared_data import require_java_dev


def _utf16_position(text: str, offset: int) -> tuple[int, int]:
    lines = re.split(r"\r\n|\r|\n", text[:offset])
    return len(lines) - 1, len(lines[-1].encode("utf-16-le")) // 2


def parse(source: str) -> ParsedDocstring:
    start = source.index("/**")
    end = source.index("*/", start) + 2 if "*/" in source[start:] else len(source)
    parsed = segment_docstring(source, start, end, "java")
    assert parsed.style == "javadoc"
    for seg in parsed.segments:
        raw = source[seg.start : seg.end]
        assert raw and raw.strip() == raw
        assert start <= seg.start < seg.end <= end
        assert seg.range == (_utf16_position(source, seg.start), _utf16_position(source, seg.end))
        assert "*" not in seg.text.split()  # no leftover decoration
        if seg.name_span:
            assert source[seg.name_span[0] : seg.name_span[1]] == seg.name
    return parsed


JAVA = """class A {
  /**
   * Returns the {@code foo.bar} value. See {@link Foo#bar(int, String) the bar} and
   * {@link java.util.List#get(int)} for more.
   * <p>
   * Second paragraph, i.e. more text. Uses &lt;T&gt; types &amp; {@code Map<K, V>}.
   * <pre>
   *   code.here(); Not. Split.
   * @Override not a tag inside pre
   * </pre>
   * <ul><li>First item.</li><li>Second item.</li></ul>
   *
   * @param <T> the element type
   * @param x  the x value, e.g. 3.
   *           Continued on a second line.
   * @return the result, {@code null} if none
   * @throws IOException if I/O fails
   * @exception IllegalStateException when closed
   * @since 1.2
   */
  <T> int f(int x) { return 0; }
}"""


def test_javadoc_structure() -> None:
    parsed = parse(JAVA)
    assert parsed.warnings == []
    assert [(s.kind, s.name, s.type, s.section, s.text) for s in parsed.segments] == [
        ("summary", None, None, None, "Returns the foo.bar value."),
        ("prose", None, None, None, "See the bar and java.util.List#get(int) for more."),
        ("prose", None, None, None, "Second paragraph, i.e. more text."),
        ("prose", None, None, None, "Uses <T> types & Map<K, V>."),
        ("prose", None, None, None, "First item."),
        ("prose", None, None, None, "Second item."),
        ("param", "<T>", None, "@param", "@param <T> the element type"),
        (
            "param",
            "x",
            None,
            "@param",
            "@param x the x value, e.g. 3. Continued on a second line.",
        ),
        ("returns", None, None, "@return", "@return the result, null if none"),
        ("raises", "IOException", None, "@throws", "@throws IOException if I/O fails"),
        (
            "raises",
            "IllegalStateException",
            None,
            "@exception",
            "@exception IllegalStateException when closed",
        ),
        ("other", None, None, "@since", "@since 1.2"),
    ]
    summary = parsed.segments[0]
    assert JAVA[summary.start : summary.end] == "Returns the {@code foo.bar} value."
    assert summary.range == ((2, 5), (2, 39))
    see = parsed.segments[1]
    assert JAVA[see.start : see.end] == (
        "See {@link Foo#bar(int, String) the bar} and\n   * {@link java.util.List#get(int)}"
        " for more."
    )
    entities = parsed.segments[3]
    assert JAVA[entities.start : entities.end] == ("Uses &lt;T&gt; types &amp; {@code Map<K, V>}.")
    param_x = parsed.segments[7]
    assert param_x.range == ((13, 5), (14, 42))


def test_html_only_lines_make_no_segments() -> None:
    source = "/**\n * <p>\n * </p>\n * <br/>\n * <!-- hidden. comment -->\n * Real text.\n */"
    parsed = parse(source)
    assert [(s.kind, s.text) for s in parsed.segments] == [("summary", "Real text.")]


def test_inline_tag_variants() -> None:
    source = (
        "/** {@inheritDoc} Uses {@linkplain Foo label text} and {@value #MAX}. "
        "{@return the count} {@literal a<b} */"
    )
    parsed = parse(source)
    assert [s.text for s in parsed.segments] == [
        "Uses label text and #MAX.",
        "Returns the count a<b",
    ]


def test_at_sign_inside_an_inline_code_spanning_lines_is_not_a_tag() -> None:
    source = "/**\n * Example {@code\n * @Override void f()} done.\n * @return x\n */"
    parsed = parse(source)
    assert [(s.kind, s.text) for s in parsed.segments] == [
        ("summary", "Example @Override void f() done."),
        ("returns", "@return x"),
    ]


def test_unicode_crlf_javadoc() -> None:
    source = (
        "class A {\r\n  /**\r\n   * Émoji 😀 first. 漢字 second.\r\n   * @param x the 😀 x\r\n   */"
    )
    parsed = parse(source)
    first, second, param = parsed.segments
    assert first.range == ((2, 5), (2, 20))
    assert second.range == ((2, 21), (2, 31))
    assert param.range == ((3, 5), (3, 22))
    assert param.text == "@param x the 😀 x"


def test_half_javadoc_returns_partial_result_with_warnings() -> None:
    source = "/**\n * Returns the {@code foo\n * bar. Second"
    parsed = segment_docstring(source, 0, len(source), "java")
    assert any("unterminated" in w for w in parsed.warnings)
    assert any("unclosed inline tag" in w for w in parsed.warnings)
    assert [s.text for s in parsed.segments] == ["Returns the foo bar.", "Second"]
    assert parsed.segments[0].start == source.index("Returns")
    assert parsed.segments[-1].end == len(source)

    not_javadoc = segment_docstring("// nope. really", 0, 15, "java")
    assert not_javadoc.warnings and not_javadoc.style == "javadoc"

    block = segment_docstring("/* Plain comment. */", 0, 20, "java")
    assert any("not a /**" in w for w in block.warnings)
    assert [s.text for s in block.segments] == ["Plain comment."]

    for cut in range(len(JAVA)):
        segment_docstring(JAVA, JAVA.index("/**"), cut, "java")  # never raises


def test_empty_javadoc() -> None:
    for source in ("/***/", "/** */", "/**\n *\n */", "/** {@inheritDoc} */"):
        parsed = segment_docstring(source, 0, len(source), "java")
        assert parsed.segments == [] and parsed.warnings == [], source


def test_benchmark_javadocs() -> None:
    lines = require_java_dev().read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    kinds: dict[str, int] = {}
    for row in rows:
        source = row["docstring"].rstrip()
        parsed = parse(source)
        assert parsed.warnings == []
        params = re.findall(r"@param\s+(\S+)", source)
        assert [s.name for s in parsed.segments if s.kind == "param"] == params
        returns = len(re.findall(r"@return\b", source))
        assert sum(s.kind == "returns" for s in parsed.segments) == returns
        for seg in parsed.segments:
            kinds[seg.kind] = kinds.get(seg.kind, 0) + 1
            assert not re.search(r"</?\w+>|\{@|&\w+;", seg.text), seg.text
    assert kinds == {
        "summary": 80,
        "param": 68,
        "returns": 49,
        "prose": 23,
        "other": 3,
        "raises": 2,
    }
