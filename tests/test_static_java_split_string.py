"""A Java return claim left from round 74j (benchmarks/PRECISION-java.md, "Round 74j" and
"Round 78j"): "the splitted string" is the string in parts (jOpenDocument's ``List<String>
split``), beside consistent controls that stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_GETTER = """\
package p;

import java.util.List;

public class Configuration {
    /**
     * Reads the setting.
     * @return ENTRY
     */
    public TYPE getLimit() {
        return null;
    }
}
"""


def _return_flagged(tmp_path: Path, entry: str, declared: str) -> bool:
    code = _GETTER.replace("ENTRY", entry).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Configuration.getLimit", filename="p/Configuration.java")
    return any(f.rule == "C2-PROSE-RETURN-TYPE" for f in c2_prose_return_type(inp))


@pytest.mark.parametrize(
    ("entry", "declared", "flagged"),
    [
        # jOpenDocument's CollectionUtils.split: the string in parts
        ('the splitted string, empty list if s is "".', "List<String>", False),
        ("the split string.", "List<String>", False),
        ("the tokenized string", "String[]", False),
        # controls: a plain string claim of a list stays reported
        ("the joined string.", "List<String>", True),
        ("the string.", "List<String>", True),
    ],
)
def test_a_split_string_is_the_string_in_parts(
    tmp_path: Path, entry: str, declared: str, flagged: bool
) -> None:
    assert _return_flagged(tmp_path, entry, declared) is flagged


_PYTHON = '''\
def split(s: str) -> list[str]:
    """Split the text.

    Returns:
        ENTRY
    """
    return s.split(",")
'''


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # the same words in a Python docstring: the string in parts
        ("The splitted string, an empty list if s is empty.", False),
        ("The tokenized string.", False),
        # control: a plain string claim of a list stays reported
        ("The joined string.", True),
    ],
)
def test_a_split_string_is_the_string_in_parts_in_python(
    tmp_path: Path, entry: str, flagged: bool
) -> None:
    inp = static_input(tmp_path, _PYTHON.replace("ENTRY", entry), "split")
    assert any(f.rule == "C2-PROSE-RETURN-TYPE" for f in c2_prose_return_type(inp)) is flagged
