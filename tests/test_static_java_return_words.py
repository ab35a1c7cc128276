"""Java return claims of held-out library rounds (benchmarks/PRECISION-java.md, "Round 27j"
and "Round 29j"): words that name no type there, each beside a consistent control that stays
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_RESOURCE = """\
package p;

public class Item {
    /**
     * Get a long String representation of this Item.
     *
     * @return ENTRY
     */
    public final TYPE toDetailedString() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # "long" and "short" before a noun are adjectives of it, not Java's types
        ("this Item formatted as a long String.", "String", False),
        ("the name as a short string", "String", False),
        ("the value as a long text", "String", False),
        # controls: the type said alone, or of the value, stays reported
        ("this Item formatted as a long.", "String", True),
        ("the size as a long value", "String", True),
        ("the value as a String", "int", True),
    ],
)
def test_a_size_adjective_before_a_noun_is_no_type(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _RESOURCE.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Item.toDetailedString", filename="p/Item.java")
    assert bool(c2_javadoc_return_type(inp)) == flagged


_TOKENS = """\
package p;

import java.util.HashMap;

public class Grammar {
    /**
     * Get the list of tokens that can follow.
     * This is the main autocomplete method.
     *
     * @param query the start of the statement
     * @return ENTRY
     */
    public HashMap<String, String> nextTokenList(String query) {
        return new HashMap<>();
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # the @return tag names the declared kind in Java's word for it: the summary's "list"
        # is loose wording the tag corrects
        ("the map of possible token types / tokens", False),
        ("a Map from token to completion", False),
        # control: a tag that names no kind leaves the summary's claim judged
        ("the possible token types / tokens", True),
    ],
)
def test_a_return_tag_naming_the_map(tmp_path: Path, entry: str, flagged: bool) -> None:
    code = _TOKENS.replace("ENTRY", entry)
    inp = static_input(tmp_path, code, "Grammar.nextTokenList", filename="p/Grammar.java")
    assert bool(c2_prose_return_type(inp)) == flagged


_CONSTRUCTOR = """\
package p;

public class Pool {
    /**
     * Determines whether the structure at the given index represents the initializer
     * of the given class.
     *ENTRY
     */
    public int isInitializer(String classname, int index) {
        return index;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # the @return tag says how the answer comes back: an index, 0 for no
        (
            "\n     * @return the index of that initializer, 0 if it is not.",
            False,
        ),
        ("\n     * @return the index of its descriptor", False),
        ("\n     * @return the descriptor_index. If it is not, isInitializer() returns 0.", False),
        # controls: no @return tag, the summary's "whether" is the claim; a tag that says
        # no number (the prose probe's "Tells whether ..." over "@return the size" on a
        # String stays caught too); a tag that says "true if" is judged itself
        ("", True),
        ("\n     * @return the descriptor of that constructor", True),
        ("\n     * @return true if it is the initializer", True),
    ],
)
def test_a_question_summary_defers_to_the_return_tag(
    tmp_path: Path, entry: str, flagged: bool
) -> None:
    code = _CONSTRUCTOR.replace("ENTRY", entry)
    inp = static_input(tmp_path, code, "Pool.isInitializer", filename="p/Pool.java")
    assert bool(c2_prose_return_type(inp)) == flagged


_ROLES = """\
package p;

public class Roles {
    /**
     * Gets the role authority as a ENTRY object.
     * @return the role authority represented as a ENTRY.
     */
    public TYPE getAuthorityAsString() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # the array type in markup, after "as a": the array, not its element type
        ("<code>String[]</code> array", "String[]", False),
        ("{@code String[]}", "String[]", False),
        # control: "as a String" on the array stays reported
        ("String", "String[]", True),
    ],
)
def test_a_java_array_type_after_as(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _ROLES.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Roles.getAuthorityAsString", filename="p/Roles.java")
    assert bool(c2_prose_return_type(inp)) == flagged


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # "integer" in lower case is a whole number, which a long (or short, byte) is: the
        # number kind of a format ("the dictionary object that is expected to be an integer")
        ("The integer value.", "long", False),
        ("the value as an integer", "long", False),
        ("The integer value.", "short", False),
        # controls: Java's own names of the 32-bit type, and a whole number said of a
        # floating-point or boolean value, stay reported
        ("The int value of this object.", "long", True),
        ("The Integer value.", "long", True),
        ("The integer value.", "double", True),
        ("the 32 bits as an integer", "boolean", True),
    ],
)
def test_the_word_integer_is_any_whole_number(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _RESOURCE.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Item.toDetailedString", filename="p/Item.java")
    assert bool(c2_javadoc_return_type(inp)) == flagged


_TAG = """\
package p;

public interface IterationTag {
    /**
     * Process body (re)evaluation.
     *BODY
     * @return ENTRY
     */
    TYPE doAfterBody();
}
"""


@pytest.mark.parametrize(
    ("body", "entry", "declared", "flagged"),
    [
        # the docstring names the constants that answer the question
        (
            "\n     * If doAfterBody returns EVAL_BODY_AGAIN, the body is evaluated again."
            "\n     * If doAfterBody returns SKIP_BODY, no more evaluations occur.\n     *",
            "whether additional evaluations of the body are desired",
            "int",
            False,
        ),
        (
            "\n     * Currently this always returns an Integer whose value is NOT_PSEUDO.\n     *",
            "whether the column is a pseudo column",
            "Integer",
            False,
        ),
        (
            "\n     * It returns {@link #SKIP_BODY} when done.\n     *",
            "whether additional evaluations of the body are desired",
            "int",
            False,
        ),
        # controls: no sentence names the returned number; a "true if" claim; a boolean
        # said of a String; a constant that is not returned
        ("", "whether additional evaluations of the body are desired", "int", True),
        (
            "\n     * If doAfterBody returns EVAL_BODY_AGAIN, the body is evaluated again.\n     *",
            "true if a vertex has degree 1",
            "int",
            True,
        ),
        (
            "\n     * If doAfterBody returns EVAL_BODY_AGAIN, the body is evaluated again.\n     *",
            "whether additional evaluations of the body are desired",
            "String",
            True,
        ),
        (
            "\n     * The body is evaluated again while EVAL_BODY_AGAIN is set.\n     *",
            "whether additional evaluations of the body are desired",
            "int",
            True,
        ),
    ],
)
def test_a_whether_answered_by_a_named_constant(
    tmp_path: Path, body: str, entry: str, declared: str, flagged: bool
) -> None:
    code = _TAG.replace("BODY", body).replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "IterationTag.doAfterBody", filename="p/IterationTag.java")
    assert bool(c2_prose_return_type(inp)) == flagged


_POLY = """\
package p;

public class Poly {
    /**
     * Creates a new polynomial from the given coefficients.
     *
     * @param is ENTRY
     */
    public Poly(TYPE is) {
    }

    /**
     * Returns the coefficients.
     *
     * @return ENTRY
     */
    public TYPE coefficients() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # the array's element kind before "string": a string of those, the array itself
        ("the integer string", "int[]", False),
        ("a bit string", "boolean[]", False),
        ("the number string", "long[]", False),
        # controls: a plain string, a string of another kind, or a string said of a scalar
        # or of an array of strings stay reported
        ("the string", "int[]", True),
        ("the integer string", "boolean[]", True),
        ("the integer string", "String[]", True),
        ("the integer string", "int", True),
    ],
)
def test_a_string_of_the_array_elements(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _POLY.replace("ENTRY", entry).replace("TYPE", declared)
    param = static_input(tmp_path, code, "Poly.Poly", filename="p/Poly.java")
    ret = static_input(tmp_path / "r", code, "Poly.coefficients", filename="p/Poly.java")
    assert bool(c2_prose_param_type(param)) == flagged
    assert bool(c2_prose_return_type(ret)) == flagged


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # a string of each of several things: one per item of the array or list of strings
        ("the string representation of the values the OIDs refer to.", "String[]", False),
        ("the string form of all entries", "List<String>", False),
        ("the string of the names", "String[]", False),
        # controls: one string (of one thing, or with a form) said of the array stays reported,
        # and so does a string of several things said of an array of numbers
        ("the string representation of the value", "String[]", True),
        ("a string with the form a,b", "List<String>", True),
        ("the string", "String[]", True),
        ("the string representation of the values", "int[]", True),
    ],
)
def test_a_string_of_several_things_said_of_strings(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _POLY.replace("ENTRY", entry).replace("TYPE", declared)
    param = static_input(tmp_path, code, "Poly.Poly", filename="p/Poly.java")
    ret = static_input(tmp_path / "r", code, "Poly.coefficients", filename="p/Poly.java")
    assert bool(c2_prose_param_type(param)) == flagged
    assert bool(c2_prose_return_type(ret)) == flagged
