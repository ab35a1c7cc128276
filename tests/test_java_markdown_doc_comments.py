"""Markdown documentation comments (JEP 467, Java 23): contiguous ``///`` lines before a
declaration are its doc comment, read as a Javadoc one (the same ``@param``/``@return``/
``@throws`` tags; ``code`` spans in backticks, fenced code blocks).  Round 101j's FastCSV had
0 documented methods because they were read as plain line comments.  Controls: a consistent
``///`` comment is not reported; ``//`` line comments, ``////`` banners (pre-23 code's section
separators) and a ``///`` remark after code are no doc comments."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.graph.java_extract import extract_java
from docref.segments import segment_docstring

from tests.static_helpers import project_findings

_CLASS = """\
package p;

/// Holder of the method under test.
public final class Holder {

DOC
    public static boolean probe(final char ch, final String text) {
        return ch == '\\n' && text.isEmpty();
    }
}
"""


def _source(doc: list[str], lead: str = "    /// ") -> str:
    lines = "\n".join(f"{lead}{line}".rstrip() for line in doc)
    return _CLASS.replace("DOC", lines)


def _findings(tmp_path: Path, source: str) -> list[tuple[str, int]]:
    found = project_findings(tmp_path, {"p/Holder.java": source}, "p/Holder.java")
    return sorted((f.rule, f.line) for f in found if f.qualname.endswith("probe"))


def _doc(source: str) -> str | None:
    fe = extract_java(source.encode(), "p/Holder.java", "h")
    fn = next(f for f in fe.functions if f.name == "probe")
    return fn.docstring.text if fn.docstring is not None else None


_STALE = [
    "Checks if the given character is a newline character.",
    "",
    "@param character character to test.",
    "@param text the text, a `List<String>` never",
    "@return `true` if the argument is a line break",
]


def test_a_stale_param_of_a_markdown_comment_is_reported(tmp_path: Path) -> None:
    # ``@param character`` is on the comment's third line: line 8 of the file
    assert _findings(tmp_path, _source(_STALE)) == [("C1-PARAM-UNKNOWN", 8)]


def test_a_consistent_markdown_comment_is_not_reported(tmp_path: Path) -> None:
    doc = ["Checks the character.", "", "@param ch the character", "@param text the text"]
    assert _findings(tmp_path, _source(doc)) == []


def test_the_markdown_comment_is_the_methods_docstring(tmp_path: Path) -> None:
    assert _doc(_source(["Sums.", "@param ch the character"])) == (
        "/// Sums.\n    /// @param ch the character"
    )


def test_a_fenced_code_block_holds_no_block_tag(tmp_path: Path) -> None:
    doc = [
        "Checks the character.",
        "",
        "```java",
        "@param notATag an example, not a tag",
        "```",
        "@param ch the character",
        "@param text the text",
    ]
    assert _findings(tmp_path, _source(doc)) == []


def test_the_stale_param_behind_a_fence_is_still_reported(tmp_path: Path) -> None:
    doc = ["Checks.", "", "```", "probe('a', \"\");", "```", "@param character stale"]
    assert _findings(tmp_path, _source(doc)) == [("C1-PARAM-UNKNOWN", 11)]


@pytest.mark.parametrize("lead", ["    // ", "    //// "])
def test_line_comments_and_banners_are_no_doc_comment(tmp_path: Path, lead: str) -> None:
    source = _source(_STALE, lead=lead)
    assert _doc(source) is None
    assert _findings(tmp_path, source) == []


def test_a_section_title_between_banners_documents_no_method() -> None:
    banner = "    " + "/" * 40
    source = _CLASS.replace("DOC", f"{banner}\n    /// Public methods\n{banner}\n")
    assert _doc(source) is None


def test_a_blank_line_starts_a_new_markdown_comment() -> None:
    # javadoc keeps only the last of two ``///`` comments a blank line separates
    source = _source(["Old comment.", "@param gone stale"]).replace(
        "stale\n", "stale\n\n    /// Checks.\n    /// @param ch the character\n"
    )
    assert _doc(source) == "/// Checks.\n    /// @param ch the character"


def test_a_remark_after_code_is_no_doc_line() -> None:
    source = _CLASS.replace("DOC", "    private int x; /// @param character no doc\n")
    assert _doc(source) is None


def test_segments_strip_the_slashes_and_keep_code_spans() -> None:
    source = "/// Returns `List<String>` items.\n///\n/// @param n the `n` count\nclass A {}\n"
    end = source.index("\nclass")
    parsed = segment_docstring(source, 0, end, "java")
    texts = [(s.kind, s.name, s.text) for s in parsed.segments]
    assert texts[0] == ("summary", None, "Returns `List<String>` items.")
    assert texts[-1] == ("param", "n", "@param n the `n` count")
    assert parsed.warnings == []
    # offsets point into the source: the parameter's name is the ``n`` after ``@param``
    param = parsed.segments[-1]
    assert param.name_span is not None
    assert source[param.name_span[0] : param.name_span[1]] == "n"


def test_a_javadoc_comment_is_read_as_before() -> None:
    source = "/**\n * Returns {@code x}.\n * @param n the count\n */\nclass A {}\n"
    end = source.index("\nclass")
    parsed = segment_docstring(source, 0, end, "java")
    assert [(s.kind, s.text) for s in parsed.segments] == [
        ("summary", "Returns x."),
        ("param", "@param n the count"),
    ]


# ---- reference links (JEP 467): ``[Foo#bar]``, ``[label][Foo#bar]`` are ``{@link}``s ----

_LINKS = """\
package p;

import java.util.List;

/// Holder of the method under test.
public final class Holder {

DOC
    public static boolean probe(final char ch, final String text) {
        return helper(ch) && text.isEmpty();
    }

    static boolean helper(char c) {
        return c == 'a';
    }
}
"""


def _link_findings(tmp_path: Path, doc: list[str], lead: str = "    /// ") -> list[str]:
    source = _LINKS.replace("DOC", "\n".join(f"{lead}{line}".rstrip() for line in doc))
    found = project_findings(tmp_path, {"p/Holder.java": source}, "p/Holder.java")
    return sorted(f.message.split("`")[1] for f in found if f.rule == "C1-XREF-UNRESOLVED")


@pytest.mark.parametrize(
    ("line", "target"),
    [
        ("Checks, as [Holder#gone] did.", "Holder#gone"),
        ("Checks, as [#gone] did.", "#gone"),
        ("Checks, as [Holder#gone(char, String)] did.", "Holder#gone"),
        ("Checks, as [the old probe][Holder#gone] did.", "Holder#gone"),
        ("[#gone] did this before.", "#gone"),
        ("Checks, as [Gone] did.", "Gone"),
    ],
)
def test_a_reference_link_to_nothing_is_reported(tmp_path: Path, line: str, target: str) -> None:
    doc = [line, "", "@param ch the character", "@param text the text"]
    assert _link_findings(tmp_path, doc) == [target]


@pytest.mark.parametrize(
    "line",
    [
        "Checks, as [#helper(char)] does, on a [List] or a [java.util.List].",
        "Checks, as [the helper][Holder#helper(char)] does.",
        "Checks; see [the page](https://example.com/Holder#gone).",  # an inline link
        "Checks `[Holder#gone]` in code.",  # brackets in a code span
        "Checks map[gone] by index.",  # an index, not a link
        "Checks [x] and [null].",  # no name to judge
        "Checks \\[Gone] (escaped).",
    ],
)
def test_links_that_resolve_and_other_brackets_are_not_reported(tmp_path: Path, line: str) -> None:
    doc = [line, "", "@param ch the character", "@param text the text"]
    assert _link_findings(tmp_path, doc) == []


def test_a_link_reference_definition_is_no_reference(tmp_path: Path) -> None:
    doc = ["Checks, as [the spec][gone] says.", "", "[gone]: https://example.com/spec"]
    assert _link_findings(tmp_path, [*doc, "@param ch c", "@param text the text"]) == []


def test_brackets_in_a_javadoc_comment_are_text(tmp_path: Path) -> None:
    # only a ``///`` comment has reference links: ``[Holder#gone]`` in ``/** */`` is text
    doc = ["/**", " * Checks, as [Holder#gone] did.", " * @param ch c", " * @param text t", " */"]
    assert _link_findings(tmp_path, doc, lead="    ") == []


def test_a_reference_link_renders_as_its_reference_or_label() -> None:
    source = "/// See [Foo#bar(int)] and [the label][Foo#baz], or [a page](https://x.org).\n"
    parsed = segment_docstring(source, 0, len(source) - 1, "java")
    assert parsed.segments[0].text == "See Foo#bar(int) and the label, or [a page](https://x.org)."
    javadoc = "/** See [Foo#bar(int)]. */\nclass A {}\n"
    parsed = segment_docstring(javadoc, 0, javadoc.index("\nclass"), "java")
    assert parsed.segments[0].text == "See [Foo#bar(int)]."


def test_a_long_comment_of_many_languages_reads_as_written() -> None:
    # the comment is decoded line by line as it grows: the text is the source's, byte for byte
    doc = ["Zählt die Zeichen — 文字を数える.", "", "@param ch das Zeichen ✓", "@param text Text"]
    source = _source(doc)
    start = source.index("/// Zählt")
    end = source.index("\n", source.index("@param text"))
    assert _doc(source) == source[start:end]
