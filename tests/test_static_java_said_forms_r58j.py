"""Javadoc that says the right thing in a form the checks misread (benchmarks/PRECISION-java.md,
"Round 58j"): "the same value as {@link Float#hashCode()}", "the parsed String as a 3- or
4-element array", a "whether" summary over an ``@return`` naming the constants that come back,
"a type among STR, CLASS, ...", and a simple class name the docstring also links qualified --
each beside a consistent control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_HASHES = """\
package p;

public class ObjectUtils {
    /**
     * SUMMARY
     */
    public static int hashCode(float flt) {
        return Float.floatToIntBits(flt);
    }
}
"""


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # a member of the type after "as" (Spring's ``ObjectUtils.hashCode(float)``): the value
        # of Float's hash code, an int
        ("Return the same value as {@link Float#hashCode()}.", False),
        ("Return the same value as {@code Float.hashCode()}.", False),
        # controls: the type itself after "as" is a conversion the int contradicts
        ("Return the same value as a {@link Float}.", True),
        ("Return the bits as float.", True),
    ],
)
def test_a_member_of_the_type_after_as(tmp_path: Path, summary: str, flagged: bool) -> None:
    code = _HASHES.replace("SUMMARY", summary)
    inp = static_input(tmp_path, code, "ObjectUtils.hashCode", filename="p/ObjectUtils.java")
    assert bool(c2_prose_return_type(inp)) == flagged, summary


_PY_HASHES = '''\
def float_hash(value: float) -> int:
    """SUMMARY"""
    return hash(value)
'''


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # the same in a Python docstring: the member's value, not the type
        ("Return the same value as float.__hash__() gives.", False),
        ("Return the same value as ``float.__hash__``.", False),
        # control: the type after "as" stays a conversion
        ("Return the value as float.", True),
    ],
)
def test_a_member_of_the_type_after_as_python(tmp_path: Path, summary: str, flagged: bool) -> None:
    inp = static_input(tmp_path, _PY_HASHES.replace("SUMMARY", summary), "float_hash")
    assert bool(c2_prose_return_type(inp)) == flagged, summary


_TUPLES = """\
package p;

public class ColorStringParser {
    /**
     * Parses a 3- or 4-tuple, comma separated, to an array.
     *
     * @param s the String to be parsed to an array.
     * @return RETURN
     */
    private String[] tupleToArray(String s) {
        return s.split(",");
    }
}
"""


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        # the conversion names the array that comes back (JSAP's ``tupleToArray``)
        ("the parsed String as a 3- or 4-element array of Strings.", False),
        ("the parsed String as an array of its parts.", False),
        ("the parsed String as a new array.", False),
        # controls: the string alone, or converted to another single string, stays reported
        ("the parsed String.", True),
        ("the parsed String as one line.", True),
    ],
)
def test_a_string_said_to_come_as_an_array(tmp_path: Path, said: str, flagged: bool) -> None:
    code = _TUPLES.replace("RETURN", said)
    inp = static_input(
        tmp_path, code, "ColorStringParser.tupleToArray", filename="p/ColorStringParser.java"
    )
    assert bool(c2_prose_return_type(inp)) == flagged, said


_LABELS = """\
package p;

public class GmlExporter {
    public static final Integer PRINT_NO_LABELS = 1;
    public static final Integer PRINT_EDGE_LABELS = 2;
    private Integer printLabels = PRINT_NO_LABELS;

    /**
     * Get whether to export the vertex and edge labels.
     *
     * @return RETURN
     */
    public Integer getPrintLabels() {
        return printLabels;
    }
}
"""


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        # the tag names the constants that come back (JGraphT's ``GmlExporter``): the
        # "whether" summary describes the setting, the tag its values
        ("One of the {@link #PRINT_NO_LABELS} or {@link #PRINT_EDGE_LABELS}.", False),
        ("either <code>PRINT_NO_LABELS</code> or <code>PRINT_EDGE_LABELS</code>", False),
        # controls: a tag naming no constant leaves the summary's claim standing
        ("the labels setting", True),
        ("the labels setting, see GmlExporter", True),
    ],
)
def test_whether_over_a_tag_naming_the_constants(tmp_path: Path, said: str, flagged: bool) -> None:
    code = _LABELS.replace("RETURN", said)
    inp = static_input(tmp_path, code, "GmlExporter.getPrintLabels", filename="p/GmlExporter.java")
    assert bool(c2_prose_return_type(inp)) == flagged, said


_ITEMS = """\
package p;

public class ClassWriter {
    /**
     * Adds a string reference to the constant pool.
     *
     * @param type PARAM
     * @param value string value of the reference.
     */
    void newStringishItem(final int type, final String value) {
        use(type, value);
    }

    private void use(int type, String value) {
    }
}
"""


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        # a choice among constants (ASM's ``ClassWriter.newStringishItem``): STR is one of them
        ("a type among STR, CLASS, MTYPE, MODULE or PACKAGE", False),
        ("a tag between STR and CLASS", False),
        # controls: a string said of the int stays reported
        ("a string naming the type", True),
        ("a type string among STR, CLASS or PACKAGE", True),
    ],
)
def test_a_type_among_constants(tmp_path: Path, said: str, flagged: bool) -> None:
    code = _ITEMS.replace("PARAM", said)
    inp = static_input(
        tmp_path, code, "ClassWriter.newStringishItem", filename="p/ClassWriter.java"
    )
    assert bool(c2_prose_param_type(inp)) == flagged, said


_FORMAT = """\
package p;

public @interface DateTimeFormat {
    /**
     * The custom pattern to use to format the field.
     * <p>Note: As a consequence, 'yy' characters indicate a year in the traditional
     * style, not a "year-of-era" as in the LINK specification (i.e. 'yy' turns into 'uu'
     * when going through that {@code DateTimeFormatter} with strict resolution mode).
     */
    String pattern() default "";
}
"""


@pytest.mark.parametrize(
    ("link", "flagged"),
    [
        # the docstring links the class qualified (Spring's ``DateTimeFormat.pattern``): the
        # simple name later is that JDK class, not an old name of ``DateTimeFormat``
        ("{@link java.time.format.DateTimeFormatter}", False),
        ("{@code java.time.format.DateTimeFormatter}", False),
        # controls: no qualified form, or another class qualified, leaves the stale reading
        ("ISO-8601", True),
        ("{@link java.time.format.DateTimeFormatterBuilder}", True),
    ],
)
def test_a_simple_name_the_docstring_links_qualified(
    tmp_path: Path, link: str, flagged: bool
) -> None:
    code = _FORMAT.replace("LINK", link)
    inp = static_input(tmp_path, code, "DateTimeFormat.pattern", filename="p/DateTimeFormat.java")
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert len(found) == (1 if flagged else 0), [f.message for f in found]


_GENES = """\
package p;

import java.util.LinkedHashMap;

public class ChromosomeSequence {
    private LinkedHashMap<String, Object> genes = new LinkedHashMap<String, Object>();

    /**
     * SUMMARY
     */
    public LinkedHashMap<String, Object> getGeneSequences() {
        return genes;
    }
}
"""


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # the sentence says the value is keyed (BioJava's ``getGeneSequences``,
        # ``buildFeatureAtrributeIndex``): "list" is the loose word for the map's values
        ("Get the list of genes that have been added where accession.toString is the key.", False),
        (
            "Build a list of genes; the index for the returned HashMap is the name.",
            False,
        ),
        ("Get the list of genes keyed by their accession.", False),
        # controls: a list said of the map with no word of keys stays reported (antlr3's
        # "Return a list of alts whose predicate context was insufficient", round 31j, TRUE)
        ("Get the list of genes that have been added.", True),
        ("Return a list of genes whose keys were dropped.", True),
    ],
)
def test_a_list_said_of_a_map_whose_sentence_says_it_is_keyed(
    tmp_path: Path, summary: str, flagged: bool
) -> None:
    code = _GENES.replace("SUMMARY", summary)
    inp = static_input(
        tmp_path, code, "ChromosomeSequence.getGeneSequences", filename="p/ChromosomeSequence.java"
    )
    assert bool(c2_prose_return_type(inp)) == flagged, summary
