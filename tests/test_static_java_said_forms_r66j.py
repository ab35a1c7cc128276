"""Javadoc that says the right thing in a form the checks misread (benchmarks/PRECISION-java.md,
"Round 66j"): a value said to come "as a String[]" (the declared array spelled as Java spells
it), "the list of font mappings" of a map (what a map holds is mappings), and round 54j's
"Get a string ... and return ProtocolConfigurations for it" (the string is the input) -- each
beside a consistent control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_ARRAY = """\
package p;

public class Utils {
    /**
     * This takes a String in the form of that returned from arrayToString and returns an array.
     *
     * @param str the String to convert back into an array.
     * @return RETURN
     */
    public static TYPE stringToArray(String str) {
        return str.split(",");
    }
}
"""


@pytest.mark.parametrize(
    ("said", "declared", "flagged"),
    [
        # JCSP's ``Utils.stringToArray`` (round 66j): the "as" phrase names the declared type
        ("the converted String as a String[].", "String[]", False),
        ("the converted String as a String [].", "String[]", False),
        ("the converted String as a java.lang.String[].", "String[]", False),
        ("the converted String as String[][].", "String[][]", False),
        # controls: the string alone, or said to come as another array type, stays reported
        ("the converted String.", "String[]", True),
        ("the converted String as an int[].", "String[]", True),
        ("the converted String as a String[].", "String[][]", True),
    ],
)
def test_a_string_said_to_come_as_the_declared_array(
    tmp_path: Path, said: str, declared: str, flagged: bool
) -> None:
    code = _ARRAY.replace("RETURN", said).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Utils.stringToArray", filename="p/Utils.java")
    assert bool(c2_prose_return_type(inp)) == flagged, (said, declared)


_MAPPINGS = """\
package p;

import java.util.HashMap;

public class RtfImportMappings {
    private HashMap fontMappings = new HashMap();

    /**
     * SUMMARY
     *
     * @return RETURN
     */
    public HashMap getFontMappings() {
        return fontMappings;
    }
}
"""


@pytest.mark.parametrize(
    ("summary", "returned", "flagged"),
    [
        # iText RTF's ``RtfImportMappings`` getters (round 66j): the things listed are the
        # mapping's own entries
        ("Gets the list of font mappings. String to String.", "The font mappings.", False),
        ("Gets the list of List mappings.", "The List mappings.", False),
        ("Gets the list of Stylesheet mappings.", "The mappings.", False),
        ("Gets the fonts.", "the list of font name mappings", False),
        ("Gets the fonts.", "a list of key/value pairs", False),
        ("Gets the fonts.", "the list of entries", False),
        # controls: a list of things that are not entries stays reported (in either place)
        ("Gets the list of font names.", "The font names.", True),
        ("Gets the list of fonts.", "The fonts.", True),
        ("Gets the fonts.", "the list of font names", True),
        ("Gets the fonts.", "the list of mapped font names", True),
    ],
)
def test_a_list_of_mappings_said_of_a_map(
    tmp_path: Path, summary: str, returned: str, flagged: bool
) -> None:
    code = _MAPPINGS.replace("SUMMARY", summary).replace("RETURN", returned)
    inp = static_input(
        tmp_path, code, "RtfImportMappings.getFontMappings", filename="p/RtfImportMappings.java"
    )
    assert bool(c2_prose_return_type(inp)) == flagged, (summary, returned)


_PARSE = """\
package p;

import java.util.LinkedList;
import java.util.List;

public class Configurator {
    /**
     * SUMMARY
     * @param config_str Configuration string
     */
    private static List<String> parseProtocols(String config_str) {
        return new LinkedList<String>();
    }
}
"""


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # JGroups' ``Configurator.parseProtocols`` (round 54j): "Get" takes the input string,
        # the "and return" clause names what comes back
        ('Get a string of the form "P1:P2:P3" and return ProtocolConfigurations for it.', False),
        ("Get the configuration string and returns the protocol names in order.", False),
        # controls: no other returned thing, or "and return it" (the string itself), stays
        ('Get a string of the form "P1:P2:P3".', True),
        ("Get the configuration string and return it.", True),
        ("Get the configuration string.", True),
    ],
)
def test_a_string_taken_then_something_else_returned(
    tmp_path: Path, summary: str, flagged: bool
) -> None:
    code = _PARSE.replace("SUMMARY", summary)
    inp = static_input(
        tmp_path, code, "Configurator.parseProtocols", filename="p/Configurator.java"
    )
    assert bool(c2_prose_return_type(inp)) == flagged, summary
