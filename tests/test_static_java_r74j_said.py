"""Java return claims of round 74j (benchmarks/PRECISION-java.md, "Round 74j"): "the token to
parse as Integer" names what a caller makes of a returned String, not its type, beside
consistent controls that stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type

from tests.static_helpers import static_input

_READER = """\
package p;

public class SourceReader {
    /**
     * Reads a number token.
     * @return ENTRY
     */
    public final TYPE readIntegerNumber() {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # SAMBox's SourceReader: the String token is what a caller parses as a number
        ("the token to parse as Integer or Long.", "String", False),
        ("the token to parse as integer or real number.", "String", False),
        ("the text to be read as a long.", "String", False),
        ("the digits to be interpreted as an int.", "String", False),
        # controls: the type the value is returned as, or already parsed as, stays reported
        ("the token as Integer.", "String", True),
        ("the token parsed as an int.", "String", True),
        ("the token to parse, as a long.", "String", True),
        # and a purpose clause never hides a conversion the method does return
        ("the token to parse as Integer", "int", False),
    ],
)
def test_type_a_caller_will_parse_the_value_as_is_no_return_claim(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _READER.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(
        tmp_path, code, "SourceReader.readIntegerNumber", filename="p/SourceReader.java"
    )
    assert bool(c2_javadoc_return_type(inp)) == flagged
