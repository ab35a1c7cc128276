"""Java claims that name what a method's text is made of (benchmarks/PRECISION-java.md, "Round
31j"): several strings said of an array or list of strings, a number said of a method named
for its text, and exception tags on a body not written yet -- each beside a consistent control
that stays reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_raises_unraised

from tests.static_helpers import project_input, static_input

_NAMES = """\
package p;

public class Names {
    /**
     * Creates the names.
     *
     * @param names ENTRY
     */
    public Names(TYPE names) {
    }

    /**
     * Returns the names.
     *
     * @return ENTRY
     */
    public TYPE names() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # a plural head noun after "string": several strings, one per item
        ("the string representations of this option", "List<String>", False),
        ("the string forms.", "String[]", False),
        # "a string of <plural>": a series of them, the array or list itself
        ("a string of patterns, which included files should match.", "String[]", False),
        ("a string of file names", "List<String>", False),
        # a string given for each of several things: one per item
        ("the String representation for each day of the week, never null.", "String[]", False),
        ("the display string for every column", "List<String>", False),
        ("a label string per row", "String[]", False),
        # a table of strings: one per cell
        ("a string representations of all cells; no alignment considered.", "String[][]", False),
        # controls: one string, a verb after "string", the things said to be written out in
        # one text, and a number array stay reported
        ("the string representation of this option", "List<String>", True),
        ("the string contains the names", "String[]", True),
        ("a string of comma-separated names", "List<String>", True),
        ("a string of names, one per line", "String[]", True),
        ("the string representations of this option", "int[]", True),
        ("a string of patterns", "int[]", True),
        # one thing after "for", or the distributive said of a single String, stays reported
        ("the String representation for this day of the week", "String[]", True),
        ("the String representation for each day of the week", "int[]", True),
        ("the string representation of this table", "String[][]", True),
        ("a string of characters", "String[]", True),
        ("a string of hex digits", "List<String>", True),
        # the words before the claim say it is one text holding them all (the prose probe's
        # "a comma-separated String of account codes" on a List<String>)
        ("a comma-separated String of account codes", "List<String>", True),
        ("a space-delimited string of names", "String[]", True),
    ],
)
def test_several_strings_said_of_strings(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _NAMES.replace("ENTRY", entry).replace("TYPE", declared)
    param = static_input(tmp_path, code, "Names.Names", filename="p/Names.java")
    ret = static_input(tmp_path / "r", code, "Names.names", filename="p/Names.java")
    assert bool(c2_prose_param_type(param)) == flagged
    assert bool(c2_prose_return_type(ret)) == flagged


_COUNTER = """\
package p;

public class Counter {
    /**
     * Counts the nodes.
     *
     * @return ENTRY
     */
    public TYPE NAME() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("name", "entry", "declared", "flagged"),
    [
        # the method is named for the text of the thing the claim names: the thing as text
        ("getCountString", "The count of nodes", "String", False),
        ("countAsString", "the number of nodes", "String", False),
        ("getNumberString", "The number of nodes", "String", False),
        # controls: a name that says nothing of it, a name for another thing's text, or
        # another return type stay reported
        ("getLabel", "The count of nodes", "String", True),
        ("getNameString", "The count of nodes", "String", True),
        ("toString", "The count of nodes", "String", True),
        ("getCountString", "The count of nodes", "boolean", True),
    ],
)
def test_a_number_said_of_a_method_named_for_its_text(
    tmp_path: Path, name: str, entry: str, declared: str, flagged: bool
) -> None:
    code = _COUNTER.replace("ENTRY", entry).replace("TYPE", declared).replace("NAME", name)
    inp = static_input(tmp_path, code, f"Counter.{name}", filename="p/Counter.java")
    assert bool(c2_prose_return_type(inp)) == flagged


def _raises(tmp_path: Path, body: str, modifiers: str = "private") -> int:
    member = textwrap.dedent(
        f"""\
        /**
         * Copies characters.
         *
         * @exception IndexOutOfBoundsException if an index is out of range
         * @exception NullPointerException if dst is null
         */
        {modifiers} void getChars(int begin, int end, char[] dst) {body}
        """
    )
    code = "package p;\npublic class Buffer {\n" + textwrap.indent(member, "    ") + "}\n"
    inp = project_input(tmp_path, {"p/Buffer.java": code}, "p/Buffer.java", "Buffer.getChars")
    return len(c3_raises_unraised(inp))


@pytest.mark.parametrize(
    ("body", "modifiers", "expected"),
    [
        # an empty body whose comment says it is still to be written: the tags specify it
        ("{\n    // %TBD% Joe needs to write this function.\n}", "private", 0),
        ("{\n    // TODO implement\n}", "private", 0),
        ("{\n    /* not yet implemented */\n}", "public final", 0),
        # controls: an empty body with another comment or none, and a written body whose
        # comment says TODO, stay reported
        ("{\n    // nothing to copy here\n}", "private", 2),
        ("{\n}", "private", 2),
        # (a written body: its null dst is the caller's contract, the index one is reported)
        ("{\n    // TODO faster\n    int n = end - begin;\n}", "private", 1),
    ],
)
def test_exception_tags_on_a_body_still_to_be_written(
    tmp_path: Path, body: str, modifiers: str, expected: int
) -> None:
    assert _raises(tmp_path, body, modifiers) == expected


_NULLABLE = """\
package p;

public class Expr {
    static final int NULLABLE = 1;
    static final int NO_NULLS = 0;
    private int count;
    private boolean flag;

    /**
     * Check whether this expression can store NULL.
     *
     * @return ENTRY
     */
    public TYPE getNullable() {
        BODY
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "body", "flagged"),
    [
        # a "whether" answered by named constants: the int is a code for the answer
        ("whether NULL is allowed", "int", "return Column.NULLABLE_UNKNOWN;", False),
        ("whether NULL is allowed", "int", "return flag ? NULLABLE : NO_NULLS;", False),
        (
            "whether NULL is allowed",
            "int",
            "if (flag) {\n            return (NULLABLE);\n        }\n        return NO_NULLS;",
            False,
        ),
        # controls: a computed number, a literal, a constant or a count, a "true if" claim,
        # and a String method stay reported
        ("whether NULL is allowed", "int", "return count;", True),
        ("whether NULL is allowed", "int", "return 0;", True),
        ("whether NULL is allowed", "int", "return flag ? NULLABLE : count;", True),
        ("true if NULL is allowed", "int", "return NULLABLE;", True),
        ("whether NULL is allowed", "String", "return NULLABLE_TEXT;", True),
    ],
)
def test_a_whether_answered_by_the_constants_returned(
    tmp_path: Path, entry: str, declared: str, body: str, flagged: bool
) -> None:
    code = _NULLABLE.replace("ENTRY", entry).replace("TYPE", declared).replace("BODY", body)
    inp = static_input(tmp_path, code, "Expr.getNullable", filename="p/Expr.java")
    assert bool(c2_prose_return_type(inp)) == flagged


_CONFIG = """\
package p;

public class Config {
    private Integer iterations;

    /**
     * Sets the iterations.
     *
     * @param iterations ENTRY
     */
    public void setIterations(final TYPE iterations) {
        MAKE
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "make", "flagged"),
    [
        # a count given as text that the setter turns into a number with a number class's
        # constructor, as with a parse call
        (
            "the number of iterations.",
            "String",
            "this.iterations = new Integer(iterations);",
            False,
        ),
        (
            "the number of iterations.",
            "String",
            "total = new java.math.BigInteger(iterations);",
            False,
        ),
        # controls: a constructor of another class, a String kept as text, a list
        ("the number of iterations.", "String", "this.name = new StringBuilder(iterations);", True),
        ("the number of iterations.", "String", "this.text = iterations;", True),
        (
            "the number of iterations.",
            "List<String>",
            "this.iterations = new Integer(iterations);",
            True,
        ),
    ],
)
def test_a_count_the_setter_makes_a_number_of(
    tmp_path: Path, entry: str, declared: str, make: str, flagged: bool
) -> None:
    code = _CONFIG.replace("ENTRY", entry).replace("TYPE", declared).replace("MAKE", make)
    inp = static_input(tmp_path, code, "Config.setIterations", filename="p/Config.java")
    assert bool(c2_prose_param_type(inp)) == flagged


_LIMITS = """\
package p;

public class Column {
    /**
     * Finds the intersection of the line and the bounds.
     *
     * @return ENTRY
     */
    protected TYPE findLimits() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # an array type with its length written in is the array, not its element type
        ("a <CODE>float[2]</CODE>with the x coordinates of the intersection", "float[]", False),
        ("an {@code int[3]} of the values", "int[]", False),
        ("a String[] of size two", "String[]", False),
        # controls: the element type alone stays reported
        ("a float with the x coordinate of the intersection", "float[]", True),
        ("a String holding the names", "String[]", True),
    ],
)
def test_an_array_type_with_its_length(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _LIMITS.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Column.findLimits", filename="p/Column.java")
    assert bool(c2_prose_return_type(inp)) == flagged
