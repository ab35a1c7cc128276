"""Javadoc that says the right thing in a form the checks misread (benchmarks/PRECISION-java.md,
"Round 62j"): a count said of an array of numbers (one count per item), and "a flag whether
string properties ..." (a clause after "whether", not an adjective of "string") -- each beside a
consistent control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_COUNTS = """\
package p;

public class Finder {
    /**
     * @param stateCount SAID
     * @return true if the proportions match
     */
    protected static boolean foundPatternCross(TYPE stateCount) {
        return stateCount.length > 0;
    }
}
"""


@pytest.mark.parametrize(
    ("said", "declared", "flagged"),
    [
        # zxing's finder-pattern finders (round 62j) and JGraphT's ``numVertices`` (round 58j):
        # an array of numbers holds one count per run, per partition
        ("count of black/white/black/white/black pixels just read", "int[]", False),
        ("number of vertices in the k partitions", "int []", False),
        ("the number of rows in the block", "long[][]", False),
        ("the number of samples read", "Integer[]", False),
        # controls: a count said of an array of strings, of a scalar string, stays reported
        ("count of black/white/black/white/black pixels just read", "String[]", True),
        ("count of pixels just read", "String", True),
        ("count of pixels just read", "Object[]", True),
    ],
)
def test_a_count_said_of_an_array_of_numbers(
    tmp_path: Path, said: str, declared: str, flagged: bool
) -> None:
    code = _COUNTS.replace("SAID", said).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Finder.foundPatternCross", filename="p/Finder.java")
    assert bool(c2_prose_param_type(inp)) == flagged, (said, declared)


_FLAG = """\
package p;

public class SubsetConfiguration {
    private boolean disabled;

    /**
     * SAID
     */
    public boolean isDelimiterParsingDisabled() {
        return disabled;
    }
}
"""


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        # Commons Configuration's ``SubsetConfiguration`` (round 62j): the flag is the boolean,
        # "whether" opens a clause whose subject is "string properties"
        ("Returns a flag whether string properties should be checked for delimiters.", False),
        ("Returns a flag if string properties are trimmed.", False),
        ("Returns the flag that string properties are split.", False),
        # controls: "string" with adjectives before it is still the noun that comes back
        ("Returns the delimiter string.", True),
        ("Returns a flag string.", True),
    ],
)
def test_a_clause_after_a_flag_is_no_string(tmp_path: Path, said: str, flagged: bool) -> None:
    code = _FLAG.replace("SAID", said)
    inp = static_input(
        tmp_path,
        code,
        "SubsetConfiguration.isDelimiterParsingDisabled",
        filename="p/SubsetConfiguration.java",
    )
    assert bool(c2_prose_return_type(inp)) == flagged, said


_PY_FLAG = '''\
def is_delimiter_parsing_disabled(config) -> bool:
    """SAID"""
    return config.disabled
'''


@pytest.mark.parametrize(
    ("said", "flagged"),
    [
        ("Return a flag whether string properties should be checked for delimiters.", False),
        # control: the string itself
        ("Return the delimiter string.", True),
    ],
)
def test_a_clause_after_a_flag_is_no_string_python(
    tmp_path: Path, said: str, flagged: bool
) -> None:
    code = _PY_FLAG.replace("SAID", said)
    inp = static_input(tmp_path, code, "is_delimiter_parsing_disabled")
    assert bool(c2_prose_return_type(inp)) == flagged, said
