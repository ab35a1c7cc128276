"""Java return claims of round 70j (benchmarks/PRECISION-java.md, "Round 70j"): "double" as a
count of quote characters names no type, beside consistent controls that stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type

from tests.static_helpers import static_input

_FORMATTER = """\
package p;

public class SheetNameFormatter {
    /**
     * Used to format sheet names as they would appear in cell formula expressions.
     * @return ENTRY
     */
    public static TYPE format(String rawSheetName) {
        return null;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # POI's SheetNameFormatter.format: a quote doubled, not a double value
        (
            "the sheet name enclosed in single quotes. Any single quotes already present"
            " will be converted to double single quotes ('').",
            "String",
            False,
        ),
        ("the text with every quote converted to double quotes.", "String", False),
        ("the text converted to double spacing.", "String", False),
        # controls: the type itself said as the conversion's target stays reported
        ("the sheet name converted to double.", "String", True),
        ("the sheet name converted to a double value.", "String", True),
        ("the width converted to double precision.", "String", True),
    ],
)
def test_double_as_a_count_of_characters_is_no_type(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    code = _FORMATTER.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(
        tmp_path, code, "SheetNameFormatter.format", filename="p/SheetNameFormatter.java"
    )
    assert bool(c2_javadoc_return_type(inp)) == flagged
