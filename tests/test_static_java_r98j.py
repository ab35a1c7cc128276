"""False alarms of round 98j (benchmarks/PRECISION-java.md, "Round 98j"), each beside a
consistent control that stays reported: "a string split into an array" said of a ``String[]``
(ActiveJDBC); "a float buffer" of a ``float[]`` (TarsosDSP); "The {@link Map<String, String>}
instance" of a map, whose link text was cut at its comma (sql2o); "Returns true if ..." on an
``int`` method whose ``@return`` gives the truth as 1 and 0 (ode4j's libccd port); and
"@see JLS8, section 7.6, ..." citing the Java Language Specification (Janino)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_METHOD = """\
package p;

import java.util.List;
import java.util.Map;

/** Holder of the method under test. */
public class Holder {

    /**
DOC
     */
    public DECLARED probe(String text) {
        return null;
    }
}
"""


def _rules(tmp_path: Path, doc: list[str], declared: str) -> list[str]:
    lines = "\n".join(f"     * {line}".rstrip() for line in doc)
    code = _METHOD.replace("DOC", lines).replace("DECLARED", declared)
    found = project_findings(tmp_path, {"p/Holder.java": code}, "p/Holder.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


_PROSE = "C2-PROSE-RETURN-TYPE"
_XREF = "C1-XREF-UNRESOLVED"


@pytest.mark.parametrize(
    ("doc", "declared", "rules"),
    [
        # ActiveJDBC's Util.split: the string is what is split, the array comes back
        (
            [
                "Splits a string.",
                "",
                "@return a string split into an array using provided delimiters",
            ],
            "String[]",
            [],
        ),
        (
            ["Splits a string.", "", "@return the text split into a list of words"],
            "List<String>",
            [],
        ),
        # controls: the same words on a string, and the string itself on an array
        (
            [
                "Splits a string.",
                "",
                "@return a string split into an array using provided delimiters",
            ],
            "int",
            [_PROSE],
        ),
        (["Reads a string.", "", "@return a string of the input"], "String[]", [_PROSE]),
        # TarsosDSP's DTMF.generateDTMFTone: a buffer of floats is the array
        (
            ["Generates a tone.", "", "@return a float buffer of predefined length (7168 samples)"],
            "float[]",
            [],
        ),
        # control: a float itself, on the array
        (["Generates a level.", "", "@return a float between 0 and 1"], "float[]", [_PROSE]),
        # sql2o's getDefaultColumnMappings: a link with type arguments is one reference
        (
            [
                "Gets the mappings.",
                "",
                "@return The {@link Map<String, String>} instance, which maps names",
            ],
            "Map<String, String>",
            [],
        ),
        # control: a link to String on the map
        (
            ["Gets the mappings.", "", "@return The {@link String} instance"],
            "Map<String, String>",
            [_PROSE],
        ),
        # ode4j's CCDMPR.ccdMPRIntersect: the @return spells the truth as 1 and 0
        (
            [
                "Returns true if two given objects intersect.",
                "",
                "@return 1 of objects intersect otherwise 0.",
            ],
            "int",
            [],
        ),
        (["Returns true if the point is inside.", "", "@return 0 if outside, else 1"], "long", []),
        # controls: another @return on the int, the same numbers said on a String
        (
            ["Returns true if two given objects intersect.", "", "@return the number of contacts"],
            "int",
            [_PROSE],
        ),
        (["Returns true if two given objects intersect."], "int", [_PROSE]),
        (
            [
                "Returns true if two given objects intersect.",
                "",
                "@return 1 if they intersect otherwise 0.",
            ],
            "String",
            [_PROSE],
        ),
    ],
)
def test_round_98j_return_claims(
    tmp_path: Path, doc: list[str], declared: str, rules: list[str]
) -> None:
    assert [r for r in _rules(tmp_path, doc, declared) if r == _PROSE] == rules


@pytest.mark.parametrize(
    ("see", "rules"),
    [
        # Janino's UnitCompiler: the specification and its section, cited
        ('@see JLS8, section 7.6, "Top Level Type Declarations"', []),
        ('@see JLS7, chapter 15 "Expressions"', []),
        # controls: a reference that names nothing, alone or with a label
        ("@see Missing", [_XREF]),
        ("@see Missing, for the widget", [_XREF]),
    ],
)
def test_round_98j_see_citation(tmp_path: Path, see: str, rules: list[str]) -> None:
    found = _rules(tmp_path, ["Checks a thing.", "", "@param text the text", see], "String")
    assert [r for r in found if r == _XREF] == rules
