"""C2-JAVADOC-RETURN-TYPE: explicit type phrases in @return against the declared type."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type

from tests.static_helpers import static_input

TEMPLATE = """\
package p;

public class C {{
    /**
     * Computes it.
     *
     * @return {doc}
     */
    public {ret} m() {{
        return {value};
    }}
}}
"""


def _findings(tmp_path: Path, doc: str, ret: str, value: str = "0") -> list[str]:
    code = TEMPLATE.format(doc=doc, ret=ret, value=value)
    inp = static_input(tmp_path, code, "C.m", filename="C.java")
    return [f.message for f in c2_javadoc_return_type(inp)]


@pytest.mark.parametrize(
    ("doc", "ret", "said"),
    [
        ("the total in euros as a double", "long", "as a double"),
        ("an int value counting items", "String", "an int value"),
        ("the boolean result of the test", "int", "the boolean result"),
        ("the count as long", "Integer", "as long"),
    ],
)
def test_contradicting_type_phrase_is_reported(
    tmp_path: Path, doc: str, ret: str, said: str
) -> None:
    [message] = _findings(tmp_path, doc, ret)
    assert f'says it returns "{said}"' in message and f"declared to return {ret}" in message


@pytest.mark.parametrize(
    ("doc", "ret"),
    [
        ("the total as a long", "long"),
        ("the count as an Integer", "int"),  # boxed and primitive are the same here
        ("the long description of the item", "String"),  # English, not a type
        ("the items as a list", "long"),  # not a primitive/String word
        ("the value as a double", "java.util.List<Double>"),  # declared type not judged
        ("a String value", "String"),
        ("the name", "String"),
    ],
)
def test_no_finding_without_a_contradiction(tmp_path: Path, doc: str, ret: str) -> None:
    assert _findings(tmp_path, doc, ret, "null") == []


def test_python_functions_are_not_judged(tmp_path: Path) -> None:
    code = (
        'def f() -> int:\n    """Do it.\n\n    Returns:\n        as a double.\n    """\n'
        "    return 1\n"
    )
    assert c2_javadoc_return_type(static_input(tmp_path, code, "f")) == []


# ---- a conversion clause names the final type (issue 12, pattern 10) -----------------------------


@pytest.mark.parametrize(
    ("doc", "ret"),
    [
        ("the double value represented by this object converted to type short", "short"),
        ("the numeric value of this object after conversion, cast to an int", "int"),
        ("the long value of this object as an int", "int"),
        ("the double value of this object in int", "int"),
        ("the float value, narrowed to the primitive type byte", "byte"),
    ],
)
def test_conversion_target_decides_not_the_first_type_word(
    tmp_path: Path, doc: str, ret: str
) -> None:
    assert _findings(tmp_path, doc, ret) == []


@pytest.mark.parametrize(
    ("doc", "ret", "said"),
    [
        # control: the conversion names a type the method does not return
        (
            "the double value represented by this object converted to type int",
            "short",
            "converted to type int",
        ),
        ("the long value of this object as an int", "long", "as an int"),
        # control: no conversion clause, the first type phrase still decides
        ("the double value of this object", "short", "the double value"),
    ],
)
def test_conversion_to_another_type_is_still_reported(
    tmp_path: Path, doc: str, ret: str, said: str
) -> None:
    [message] = _findings(tmp_path, doc, ret)
    assert f'says it returns "{said}"' in message


def test_in_clause_only_ever_agrees(tmp_path: Path) -> None:
    # "in long form" is English: it silences nothing it should not and reports nothing itself
    assert _findings(tmp_path, "the count stored in long form", "int") == []


# ---- a character returned in an int (round 11: ICU ``Utility.unescapeAt``) ------------------


@pytest.mark.parametrize(
    ("doc", "ret", "reported"),
    [
        # a code point (0 to 10FFFF) or -1: Java returns characters in an int
        ("character value from 0 to 10FFFF, or -1 on error.", "int", False),
        ("the character value or (-1) on conversion failure", "Integer", False),
        # controls: a character is no long, String or boolean; an int is no char
        ("the character value", "long", True),
        ("the character value", "String", True),
        ("the int value of the character", "char", True),
    ],
)
def test_a_character_value_in_an_int(tmp_path: Path, doc: str, ret: str, reported: bool) -> None:
    assert len(_findings(tmp_path, doc, ret, "null")) == int(reported)
