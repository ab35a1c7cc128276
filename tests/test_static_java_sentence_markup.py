"""Javadoc names in markup that opens a sentence: the sentence's text leaves the markup out,
so its segment starts at the name; the opener before it belongs to the segment too
(``names_mentions._window``, session 30)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved

from tests.names_helpers import messages
from tests.static_helpers import run_rule


def _method(doc: str, signature: str) -> str:
    return f"""
    package p;

    public class Conv {{
        /**
{doc}
         */
        public static {signature} {{
            System.out.println("x");
        }}

        public void helper() {{}}
    }}
    """


def test_html_code_opening_a_sentence_names_a_renamed_parameter(tmp_path: Path) -> None:
    doc = """         * Converts a sample of type <code>int</code> to bytes.
         * <code>sample</code> is interpreted as signed."""
    code = _method(doc, "void convert(int sampleValue)")
    found = run_rule(c1_name_unresolved, tmp_path, code, "Conv.convert", filename="p/Conv.java")
    assert messages(found) == [
        "`sample` names nothing in scope; it looks like the parameter `sampleValue` under its"
        " old name"
    ]
    assert found[0].fix_hint == "rename `sample` to `sampleValue` in this sentence"


def test_javadoc_code_tag_opening_a_sentence_names_a_renamed_parameter(tmp_path: Path) -> None:
    doc = """         * Converts a sample.
         * {@code sample} is interpreted as signed."""
    code = _method(doc, "void convert(int sampleValue)")
    found = run_rule(c1_name_unresolved, tmp_path, code, "Conv.convert", filename="p/Conv.java")
    assert [f.rule for f in found] == ["C1-PROSE-NAME-STALE"]


def test_link_opening_a_sentence_is_resolved(tmp_path: Path) -> None:
    doc = """         * Converts a sample.
         * {@link #helpr} is called first."""
    code = _method(doc, "void convert(int x)")
    found = run_rule(c1_xref_unresolved, tmp_path, code, "Conv.convert", filename="p/Conv.java")
    assert messages(found) == [
        "`#helpr` names nothing: class `Conv` has no `helpr`; did you mean `helper`?"
    ]


def test_markup_opening_a_sentence_that_names_the_parameter_is_silent(tmp_path: Path) -> None:
    # the control: the same sentences naming the current parameter and an existing method
    doc = """         * Converts a sample.
         * <code>sampleValue</code> is interpreted as signed.
         * {@code sampleValue} is never null. {@link #helper} is called first."""
    code = _method(doc, "void convert(int sampleValue)")
    for rule in (c1_name_unresolved, c1_xref_unresolved):
        assert run_rule(rule, tmp_path, code, "Conv.convert", filename="p/Conv.java") == []


# ----------------------------------------------------------------- another method's variable

_CONVERTER = """
    package p;

    public class Conv {{
        private int offset;

        public static void intToBytes(int sample, byte[] buffer, int at) {{
            buffer[at] = (byte) sample;
        }}

        /**
         * Reads the byte at {{@code at}} in <code>{name}</code> as a signed integer.
         */
        public static int bytesToInt(byte[] {param}, int at) {{
            {body}
        }}

        public static int length(Conv other) {{
            return other.size;
        }}
    }}
    """


def _converter(name: str, param: str, body: str = "return buf[at];") -> str:
    return _CONVERTER.format(name=name, param=param, body=body)


def test_old_parameter_name_another_method_declares_is_stale(tmp_path: Path) -> None:
    code = _converter("buffer", "buf")
    found = run_rule(c1_name_unresolved, tmp_path, code, "Conv.bytesToInt", filename="p/Conv.java")
    assert messages(found) == [
        "`buffer` is a variable only of other methods of the file, not of bytesToInt(); it"
        " looks like the parameter `buf` under its old name"
    ]
    assert found[0].fix_hint == "rename `buffer` to `buf` in this sentence"


def test_current_parameter_field_or_member_of_another_object_stays_resolved(
    tmp_path: Path,
) -> None:
    # the control: the method's own parameter; a field of the class; a name other code reads
    # as another object's member (``other.size``); a name the method's own code uses
    for name, param, body in (
        ("buffer", "buffer", "return buffer[at];"),
        ("offset", "offs", "return offs[at];"),
        ("size", "sizes", "return sizes[at];"),
        ("buffer", "buf", "byte[] buffer = buf; return buffer[at];"),
    ):
        code = _converter(name, param, body)
        assert (
            run_rule(c1_name_unresolved, tmp_path, code, "Conv.bytesToInt", filename="p/Conv.java")
            == []
        ), (name, param)


def test_name_near_a_method_not_a_parameter_stays_silent(tmp_path: Path) -> None:
    # rx-java's Flowable: "{@code onComplete}" is the signal another method's lambda parameter
    # is named for; the one name near it is a method (``onAssembly``), no parameter it became
    code = """
    package p;

    public class Flow {
        public static Flow onAssembly(Flow source) {
            return source;
        }

        public Flow subscribe(Runnable onComplete) {
            onComplete.run();
            return this;
        }

        /**
         * Collects the items; {@code onComplete} is signalled at the end.
         */
        public Flow collect(int capacityHint) {
            return onAssembly(this);
        }
    }
    """
    found = run_rule(c1_name_unresolved, tmp_path, code, "Flow.collect", filename="p/Flow.java")
    assert found == []
