"""False alarms of round 81j (benchmarks/PRECISION-java.md, "Round 81j"), each beside a
consistent control that stays reported: a ``{@link Boolean#hashCode()}`` after "as" is a
member compared with, "Get a String ... and append to an Appendable" hands the string on,
"the string as a byte-array" names ``byte[]``, ``<code>arctan(y / x)</code>`` is a formula."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_CLASS = """\
package p;

public class Buffer {
    /**
     * SUMMARY
     *
     * @param index at which the value begins.
     * @return ENTRY
     */
    public TYPE read(int index) {
        return VALUE;
    }

    static double atan(double z) {
        return z;
    }
}
"""
_VALUES = {"int": "0", "byte[]": "null", "double": "atan(index)"}


def _rules(tmp_path: Path, summary: str, entry: str, declared: str) -> list[str]:
    code = (
        _CLASS.replace("SUMMARY", summary)
        .replace("ENTRY", entry)
        .replace("TYPE", declared)
        .replace("VALUE", _VALUES[declared])
    )
    found = project_findings(tmp_path, {"p/Buffer.java": code}, "p/Buffer.java")
    return sorted(f.rule for f in found if f.qualname.endswith("read"))


@pytest.mark.parametrize(
    ("entry", "rules"),
    [
        # JJWT's Objects.hashCode(boolean) and its Double/Float/Long siblings
        ("the same value as {@link Boolean#hashCode()}.", []),
        ("the same value as Long#hashCode().", []),
        # controls: the boxed type itself after "as" names the value's type
        ("the value as Boolean.", ["C2-JAVADOC-RETURN-TYPE"]),
        ("the hash as a long.", ["C2-JAVADOC-RETURN-TYPE"]),
    ],
)
def test_a_member_reference_after_as_is_no_returned_type(
    tmp_path: Path, entry: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, "Hashes the value.", entry, "int") == rules


@pytest.mark.parametrize(
    ("summary", "rules"),
    [
        # Agrona's DirectBuffer.getStringAscii(index, appendable) and its siblings
        (
            "Get a String from bytes encoded in ASCII format and append to an {@link Appendable}.",
            [],
        ),
        ("Get a String from the bytes and copy into the builder.", []),
        # controls: the string got is what comes back, or is said to be returned
        ("Get a String from bytes encoded in ASCII format.", ["C2-PROSE-RETURN-TYPE"]),
        ("Get a String from the bytes and return it.", ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_what_is_got_and_handed_on_is_not_returned(
    tmp_path: Path, summary: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, summary, "the count of the bytes.", "int") == rules


@pytest.mark.parametrize(
    ("entry", "rules"),
    [
        # sshj's Buffer.readStringAsBytes
        ("the string as a byte-array", []),
        ("the string as a byte array", []),
        ("the string as byte[]", []),
        # controls: a string, or a string in another form, on byte[]
        ("the string", ["C2-PROSE-RETURN-TYPE"]),
        ("the string as a char sequence", ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_a_string_said_as_a_byte_array_is_the_byte_array(
    tmp_path: Path, entry: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, "Reads an SSH string.", entry, "byte[]") == rules


@pytest.mark.parametrize(
    ("entry", "rules"),
    [
        # apfloat's ApcomplexMath.arg (its code calls atan2)
        ("<code>arctan(y / x)</code> from the appropriate branch.", []),
        ("{@code sqrt(x^2 + y^2)}, the modulus.", []),
        # controls: an identifier or one variable as the argument may be a call of code
        ("<code>arctan(value)</code> from the appropriate branch.", ["C1-NAME-UNRESOLVED"]),
        ("<code>arctan(y)</code> from the appropriate branch.", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_an_elementary_function_of_arithmetic_is_a_formula(
    tmp_path: Path, entry: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, "Angle of the vector.", entry, "double") == rules
