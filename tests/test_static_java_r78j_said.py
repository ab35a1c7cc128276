"""Java @return type phrases of round 78j (benchmarks/PRECISION-java.md, "Round 78j"): a
boolean's "true if the value can be converted to a Byte" states a condition, and "as long as"
/ "as long there are" is a conjunction, beside consistent controls that stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type

from tests.static_helpers import static_input

_VALIDATOR = """\
package p;

public class GenericValidator {
    /**
     * Checks the value.
     * @return ENTRY
     */
    public static TYPE isByte(String value) {
        return VALUE;
    }
}
"""


def _flagged(tmp_path: Path, entry: str, declared: str) -> bool:
    value = {"boolean": "false", "int": "0", "long": "0L"}[declared]
    code = _VALIDATOR.replace("ENTRY", entry).replace("TYPE", declared).replace("VALUE", value)
    inp = static_input(
        tmp_path, code, "GenericValidator.isByte", filename="p/GenericValidator.java"
    )
    return bool(c2_javadoc_return_type(inp))


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # Commons Validator's isByte..isShort: the conversion is the condition of the true
        ("true if the value can be converted to a Byte.", "boolean", False),
        ("{@code true} if the value can be converted to an Integer.", "boolean", False),
        ("<code>false</code> when it cannot be cast to a long", "boolean", False),
        ("whether the text can be converted to a Short", "boolean", False),
        # controls: a boolean whose @return names another type as the value stays reported
        ("the value converted to an Integer.", "boolean", True),
        ("the flag as an int, 1 if set", "boolean", True),
    ],
)
def test_a_boolean_return_opening_with_its_value_states_a_condition(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    assert _flagged(tmp_path, entry, declared) is flagged


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # Commons Imaging's JpegInputStream.hasNext; "as long as" on any type
        ("true as long there are unread fields available, else false", "boolean", False),
        ("the index, as long as the stream is open", "int", False),
        ("the next byte as long as it is available", "int", False),
        # controls: "as long" naming the type stays reported, and agrees with a long
        ("the index as long.", "int", True),
        ("the index as long, or -1 if closed", "int", True),
        ("the index as long.", "long", False),
    ],
)
def test_as_long_as_is_a_conjunction_not_the_type(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    assert _flagged(tmp_path, entry, declared) is flagged
