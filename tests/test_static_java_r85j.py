"""False alarms of round 85j (benchmarks/PRECISION-java.md, "Round 85j"), each beside a
consistent control that stays reported: a type annotation on a varargs parameter (``Object
@Nullable... arguments``) keeps the parameter; a Markdown-backticked ``cmin`` where the code has
the member ``cMin`` is a format's key (Plotly's), not the member misspelt."""

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
