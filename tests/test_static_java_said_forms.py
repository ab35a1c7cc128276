"""Javadoc that says the right thing in a form the checks misread (benchmarks/PRECISION-java.md,
"Round 54j"): an array type after a capitalised article, a URL in a link tag, ``@return void;``
on a ``void`` method, a "whether" summary over an ``@return`` saying which number comes back --
each beside a consistent control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_xref_unresolved
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_returns_without_value

from tests.static_helpers import static_input

_ARRAYS = """\
package p;

public class ArrayUtil {
    /**
     * Drops the trailing blank strings.
     *
     * @param array PARAM
     * @return RETURN
     */
    public static TYPE dropFromEndWhile(TYPE array) {
        return array;
    }
}
"""


@pytest.mark.parametrize(
    ("said", "declared", "flagged"),
    [
        # the array type written out after an article that opens the sentence (MINA's
        # ``ArrayUtil.dropFromEndWhile``): the array, not its element type
        ("The String[] array to process", "String[]", False),
        ("The resulting String[] which only contains non-empty Strings", "String[]", False),
        ("A String[] of the names", "String[]", False),
        # controls: the element type alone after the same article stays reported
        ("The String holding the names", "String[]", True),
        ("The resulting String which holds the names", "String[]", True),
    ],
)
def test_an_array_type_after_a_capitalised_article(
    tmp_path: Path, said: str, declared: str, flagged: bool
) -> None:
    for tag, rule in (("RETURN", c2_prose_return_type), ("PARAM", c2_prose_param_type)):
        other = "PARAM" if tag == "RETURN" else "RETURN"
        code = _ARRAYS.replace(tag, said).replace(other, "the names").replace("TYPE", declared)
        inp = static_input(tmp_path, code, "ArrayUtil.dropFromEndWhile", filename="p/A.java")
        assert bool(rule(inp)) == flagged, (tag, said)


_PRICE = """\
package p;

public class Price {
    private String currency;

    /**
     * use ISO 4217 {@link LINK} for currency codes.
     *
     * @return ISO 4217 currency code
     */
    public String getCurrency() {
        return currency;
    }
}
"""


@pytest.mark.parametrize(
    ("link", "flagged"),
    [
        # a URL written in a link tag (ROME's ``Price``): malformed Javadoc, no code reference
        ("http://en.wikipedia.org/wiki/ISO_4217", False),
        ("https://www.iso.org/iso-4217-currency-codes.html", False),
        # controls: a class or a member that does not exist stays reported
        ("Iso4217", True),
        ("#getCode()", True),
    ],
)
def test_a_url_in_a_link_tag_is_not_a_reference(tmp_path: Path, link: str, flagged: bool) -> None:
    code = _PRICE.replace("LINK", link)
    inp = static_input(tmp_path, code, "Price.getCurrency", filename="p/Price.java")
    assert bool(c1_xref_unresolved(inp)) == flagged


_LOADER = """\
package p;

public class Loader {
    private String driverName;

    /**
     * Loads the driver using the driver class name.
     *
     * @return RETURN
     */
    private void loadDriver() throws Exception {
        Class.forName(driverName);
    }
}
"""


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        # the tag says the method returns nothing, which it does (JGroups'
        # ``DBPersistenceManager``): a redundant tag, no contradiction
        ("void;", False),
        ("void", False),
        ("{@code void}", False),
        # controls: a value documented on the void method stays reported, also one whose
        # description starts with a word like "void"
        ("the loaded driver class", True),
        ("voided entries of the table", True),
    ],
)
def test_a_return_tag_saying_void_on_a_void_method(
    tmp_path: Path, said: str, flagged: bool
) -> None:
    code = _LOADER.replace("RETURN", said)
    inp = static_input(tmp_path, code, "Loader.loadDriver", filename="p/Loader.java")
    assert bool(c3_returns_without_value(inp)) == flagged


_GROUPING = """\
package p;

public class Grouping {
    private int[] order;

    /**
     * SUMMARY
     *
     * @param row the new row
     * RETURN
     */
    private TYPE sameGroupingValues(int[] row) {
        for (int index = 0; index < order.length; index++) {
            if (row[index] != order[index]) {
                return index;
            }
        }
        return order.length;
    }
}
"""

_ASKS = "Return whether or not the new row has the same values as the current row."
_INDEX = "@return The order index which first told the rows apart, or order.length if they match."


@pytest.mark.parametrize(
    ("summary", "tag", "declared", "flagged"),
    [
        # a "whether" summary over an @return tag saying which number comes back (an index,
        # -1, 0: Derby's ``sameGroupingValues``, ``allTopCRsFromSameTable``,
        # ``uniqueJoinWithOuterTable``): the question is what the number answers
        (_ASKS, _INDEX, "int", False),
        (_ASKS, "@return -1 if the rows differ in no column, else the column", "int", False),
        (
            "Tells whether the row is unique, and if so, how many times it can be seen.",
            "@return &lt;= 0 means no uniqueness condition",
            "double",
            False,
        ),
        # controls: no @return tag, an @return naming no number, one that says "true if"
        # itself, and a summary naming true or false stay reported
        (_ASKS, "", "int", True),
        (_ASKS, "@return the size of the group", "int", True),
        (_ASKS, "@return true if the rows have the same values", "int", True),
        ("Returns true if the new row has the same values.", _INDEX, "int", True),
    ],
)
def test_a_whether_summary_over_a_return_tag_saying_the_number(
    tmp_path: Path, summary: str, tag: str, declared: str, flagged: bool
) -> None:
    code = _GROUPING.replace("SUMMARY", summary).replace("RETURN", tag)
    code = code.replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Grouping.sameGroupingValues", filename="p/G.java")
    assert bool(c2_prose_return_type(inp)) == flagged
