"""False alarms of round 85j (benchmarks/PRECISION-java.md, "Round 85j") and two left by round
81j, each beside a consistent control that stays reported: a type annotation on a varargs
parameter (``Object @Nullable... arguments``) keeps the parameter; a Markdown-backticked
``cmin`` where the code has the member ``cMin`` is a format's key (Plotly's); "the patterns (as
String)" says each item's kind; "the SQL string and bindings" names two things held together;
"list of {@link CommandInfo}" of a ``Map<String, CommandInfo>`` lists its values; "the byte
value in a printable string form" names the String returned; ``@see sections 3.1 & 3.2 of the
RFC`` is a citation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_LOGGER = """\
package p;

public interface Logger {
    /**
     * Log a message at the DEBUG level according to the specified format and arguments.
     *
     * @param format the format string
     * @param DOCUMENTED a list of 3 or more arguments
     */
    void debug(String format, DECLARED);
}
"""


def _logger_rules(tmp_path: Path, documented: str, declared: str) -> list[str]:
    code = _LOGGER.replace("DOCUMENTED", documented).replace("DECLARED", declared)
    found = project_findings(tmp_path, {"p/Logger.java": code}, "p/Logger.java")
    return sorted(f.rule for f in found)


@pytest.mark.parametrize(
    ("declared", "documented", "rules"),
    [
        # reactor's Logger.debug/info/warn/error/trace
        ("@Nullable Object @Nullable... arguments", "arguments", []),
        ("Object @Nullable ... arguments", "arguments", []),
        ("String @Size(max = 3) ... arguments", "arguments", []),
        ("Object @org.jspecify.annotations.Nullable\n        ... arguments", "arguments", []),
        # controls: a parameter documented under another name is still reported, with the
        # annotation and without it
        ("@Nullable Object @Nullable... arguments", "args", ["C1-PARAM-UNKNOWN"]),
        ("Object... arguments", "args", ["C1-PARAM-UNKNOWN"]),
    ],
)
def test_an_annotated_varargs_parameter_is_read(
    tmp_path: Path, declared: str, documented: str, rules: list[str]
) -> None:
    assert _logger_rules(tmp_path, documented, declared) == rules


_MARKER = """\
package p;

public class Marker {
    private double cMin;
    private double cMax;
    private boolean cAuto;

    static class ColorScale {}

    /**
     * SENTENCE
     */
    public Marker cAuto(boolean b) {
        this.cAuto = b;
        return this;
    }
}
"""


def _marker_rules(tmp_path: Path, sentence: str) -> list[str]:
    code = _MARKER.replace("SENTENCE", sentence)
    found = project_findings(tmp_path, {"p/Marker.java": code}, "p/Marker.java")
    return sorted(f.rule for f in found if f.qualname.endswith("cAuto"))


@pytest.mark.parametrize(
    ("sentence", "rules"),
    [
        # Tablesaw's Plotly builders: Plotly.js's attribute names, copied with its reference
        ("Has an effect only if `cmin`, `cmax` are also set.", []),
        ("Defaults to `False` when `cmin` is set by the user.", []),
        # controls: a misspelling that is no mere change of case, and a class renamed by
        # case (Python's `Multigraph` for MultiGraph is a slip, and so is Java's)
        ("Has an effect only if `cMinn` is also set.", ["C1-NAME-UNRESOLVED"]),
        ("Uses the `Colorscale` given.", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_run_together_key_is_no_misspelt_member(
    tmp_path: Path, sentence: str, rules: list[str]
) -> None:
    assert _marker_rules(tmp_path, sentence) == rules


_RESOLVER = """\
package p;

import java.util.List;
import java.util.Map;
import java.util.Set;

public abstract class Resolver {
    /**
     * SUMMARY
     *
     * @return ENTRY
     */
    public abstract TYPE resolve();

    /** Bindings of one statement. */
    public static class SQLBindings {}

    /** A filter. */
    public interface Filter {}
}
"""


def _resolver_rules(tmp_path: Path, summary: str, entry: str, declared: str) -> list[str]:
    code = _RESOLVER.replace("SUMMARY", summary).replace("ENTRY", entry).replace("TYPE", declared)
    found = project_findings(tmp_path, {"p/Resolver.java": code}, "p/Resolver.java")
    return sorted(f.rule for f in found if f.qualname.endswith("resolve"))


@pytest.mark.parametrize(
    ("summary", "entry", "declared", "rules"),
    [
        # Thymeleaf's getCacheablePatterns and its two siblings
        (
            "Returns the patterns (as String) specified for establishing which templates apply.",
            "the patterns",
            "Set<String>",
            [],
        ),
        # Querydsl's AbstractSQLClause.getSQL
        ("Get the SQL string and bindings", "SQL and bindings", "List<SQLBindings>", []),
        # round 81j's Jedis commandInfo()/commandDocs() and Pebble's Extension.getFilters()
        ("Gets the commands.", "list of {@link Filter}", "Map<String, Filter>", []),
        (
            "Provides custom filters.",
            "A list of filters. It is okay to return null.",
            "Map<String, Filter>",
            [],
        ),
        # controls: one pattern said "as String"; the string alone, or one it goes on to
        # transform; a list of other things than the map's values
        (
            "Returns the pattern (as String) specified for establishing which templates apply.",
            "the patterns",
            "Set<String>",
            ["C2-PROSE-RETURN-TYPE"],
        ),
        ("Get the SQL string", "SQL and bindings", "List<SQLBindings>", ["C2-PROSE-RETURN-TYPE"]),
        (
            "Get the SQL string and bind the parameters into it",
            "SQL and bindings",
            "List<SQLBindings>",
            ["C2-PROSE-RETURN-TYPE"],
        ),
        (
            "Provides custom filters.",
            "A list of names.",
            "Map<String, Filter>",
            ["C2-PROSE-RETURN-TYPE"],
        ),
    ],
)
def test_what_a_return_claim_goes_on_to_say(
    tmp_path: Path, summary: str, entry: str, declared: str, rules: list[str]
) -> None:
    assert _resolver_rules(tmp_path, summary, entry, declared) == rules


@pytest.mark.parametrize(
    ("entry", "rules"),
    [
        # Chronicle Bytes' RandomDataInput.printable(offset)
        ("the byte value in a printable string form.", []),
        ("the int value in its string representation.", []),
        # controls: the form named is not the type returned, or none is named
        ("the byte value in a printable int form.", ["C2-JAVADOC-RETURN-TYPE"]),
        ("the byte value.", ["C2-JAVADOC-RETURN-TYPE"]),
    ],
)
def test_the_form_a_value_is_written_in_is_returned(
    tmp_path: Path, entry: str, rules: list[str]
) -> None:
    summary = "Reads a byte value and converts it into a printable string."
    assert _resolver_rules(tmp_path, summary, entry, "String") == rules


_MD4 = """\
package p;

public class MD4 {
    /**
     * Pads the message.
     *
     * @param message the message
     * @see SEE
     */
    public byte[] pad(byte[] message) {
        return message;
    }
}
"""


@pytest.mark.parametrize(
    ("see", "rules"),
    [
        # smbj's MD4.pad (round 81jb)
        ("sections 3.1 & 3.2 of the RFC 1320.", []),
        ("page 12 of the specification", []),
        # controls: a reference that names nothing, with a label and without one
        ("#padding the padding", ["C1-XREF-UNRESOLVED"]),
        ("#padd", ["C1-XREF-UNRESOLVED"]),
    ],
)
def test_a_see_citation_in_plain_text_is_no_reference(
    tmp_path: Path, see: str, rules: list[str]
) -> None:
    found = project_findings(tmp_path, {"p/MD4.java": _MD4.replace("SEE", see)}, "p/MD4.java")
    assert sorted(f.rule for f in found) == rules
