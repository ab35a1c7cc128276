"""False alarms of round 98j (benchmarks/PRECISION-java.md, "Round 98j"), each beside a
consistent control that stays reported: "a string split into an array" said of a ``String[]``
(ActiveJDBC); "a float buffer" of a ``float[]`` (TarsosDSP); "The {@link Map<String, String>}
instance" of a map, whose link text was cut at its comma (sql2o); "Returns true if ..." on an
``int`` method whose ``@return`` gives the truth as 1 and 0 (ode4j's libccd port); and
"@see JLS8, section 7.6, ..." citing the Java Language Specification (Janino); and three of
C1-PROSE-NAME-STALE: SSLContext identifiers listed in ``{@code}`` ("{@code TLS}, {@code SSL},
and {@code Default}", Conscrypt), a pattern for a family of methods (Spoon's `byXxxx(...)`)
and the parameter of the overload the sentence links (Vert.x's "Like {@link
#createSharedWorkerExecutor(String, int, long, TimeUnit)} but with the default {@code
maxExecuteTimeUnit}")."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names_stale_cues import one_of_values, stands_for_names

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


_CONSCRYPT = (
    "Specifies what the default TLS protocol should be for SSLContext identifiers\n"
    "     * {@code TLS}, {@code SSL}, and {@code Default}."
)


@pytest.mark.parametrize(
    ("sentence", "word", "params", "values"),
    [
        # Conscrypt's ProviderBuilder.defaultTlsProtocol: three identifiers, in Javadoc markup
        (_CONSCRYPT, "{@code Default}", ["defaultTlsProtocol"], True),
        (
            "the <code>r</code>, <code>g</code> or <code>b</code> channel",
            "<code>b</code>",
            ["blue"],
            True,
        ),
        # controls: two items only, and a list of the method's other parameters
        (
            "the {@code TLS} or {@code Default} protocol",
            "{@code Default}",
            ["defaultTlsProtocol"],
            False,
        ),
        (
            "uses {@code name}, {@code size} and {@code kind}",
            "{@code kind}",
            ["name", "size", "type"],
            False,
        ),
    ],
)
def test_round_98j_values_in_javadoc_markup(
    sentence: str, word: str, params: list[str], values: bool
) -> None:
    assert one_of_values(sentence, sentence.index(word), params) is values


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("byXxxx", True),  # Spoon's "using `byXxxx(...)` methods of this class"
        ("getXXX", True),
        ("xxx_handler", True),
        ("setXxx", True),
        # controls: names that only hold x's
        ("maxX", False),
        ("boxXml", False),
        ("xxhash", False),
        ("exxon", False),
    ],
)
def test_round_98j_pattern_names(name: str, pattern: bool) -> None:
    assert stands_for_names(name) is pattern


_OVERLOADS = """\
package p;

import java.util.concurrent.TimeUnit;

/** The core. */
public interface Vertx {

  /**
   * LINKED
   */
  Object createExecutor(String name, long maxExecuteTime);

  /**
   * Creates a named executor.
   *
   * @param name the name of the executor
   * @param maxExecuteTime the max execute time
   * @param maxExecuteTimeUnit the unit of the max execute time
   * @return the executor
   */
  Object createExecutor(String name, long maxExecuteTime, TimeUnit maxExecuteTimeUnit);

  /**
   * Creates a pool.
   *
   * @param poolSize the size
   * @return the pool
   */
  Object createPool(int poolSize);
}
"""


@pytest.mark.parametrize(
    ("linked", "rules"),
    [
        # Vert.x's createSharedWorkerExecutor: the linked overload's parameter, defaulted here
        (
            "Like {@link #createExecutor(String, long, TimeUnit)} but with the default {@code"
            " maxExecuteTimeUnit}.",
            [],
        ),
        # controls: a link to a method without that parameter, and no link at all
        (
            "Like {@link #createPool(int)} but with the default {@code maxExecuteTimeUnit}.",
            ["C1-PROSE-NAME-STALE"],
        ),
        (
            "Creates an executor with the default {@code maxExecuteTimeUnit}.",
            ["C1-PROSE-NAME-STALE"],
        ),
    ],
)
def test_round_98j_linked_overload_parameter(tmp_path: Path, linked: str, rules: list[str]) -> None:
    code = _OVERLOADS.replace("LINKED", linked)
    found = project_findings(tmp_path, {"p/Vertx.java": code}, "p/Vertx.java")
    stale = [f.rule for f in found if f.rule.startswith("C1-PROSE") and f.line < 12]
    assert stale == rules
