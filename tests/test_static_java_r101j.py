"""False alarms of round 101j (benchmarks/PRECISION-java.md, "Round 101j"), each beside a
consistent control that stays reported: a compression dictionary declared ``byte @NotNull []``
(zstd-jni: the type-use annotation inside the array type hid that it is a ``byte[]``); "@see
JSL 14.3. Local Class Declarations" citing a section of the Java Language Specification
(Roaster); "the normalized string kernel between two strings" on a ``double`` (MALLET's
``StringKernel.K``: "string" modifies the measure); and round 98j's "must be of type {@code
QName}" (XMLBeans' SAAJ ``SOAPFault.setFaultCode(Name name)``): the JDK's
``javax.xml.namespace.QName``, no old name of the parameter."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.value_kinds import java_kinds
from docref.external.lookup import find_src_zip, jdk_api_type

from tests.static_helpers import project_findings

_CLASS = """\
package p;

import java.util.List;
import java.util.Map;

/** Holder of the method under test. */
public class Holder {

    /**
DOC
     */
    public RETURNS probe(DECLARED dict) {
        return BODY;
    }
}
"""


def _rules(
    tmp_path: Path, doc: list[str], declared: str = "String", returns: str = "String"
) -> list[str]:
    lines = "\n".join(f"     * {line}".rstrip() for line in doc)
    body = "0" if returns == "double" else "null"
    code = (
        _CLASS.replace("DOC", lines)
        .replace("DECLARED", declared)
        .replace("RETURNS", returns)
        .replace("BODY", body)
    )
    found = project_findings(tmp_path, {"p/Holder.java": code}, "p/Holder.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


_PARAM = "C2-PROSE-PARAM-TYPE"
_RETURN = "C2-PROSE-RETURN-TYPE"
_XREF = "C1-XREF-UNRESOLVED"


@pytest.mark.parametrize(
    ("declared", "kinds"),
    [
        # zstd-jni's Zstd.compressUsingDict(..., byte @NotNull [] dict, ...): raw bytes
        ("byte @NotNull []", None),
        ("byte @org.jetbrains.annotations.Nullable []", None),
        ("@Nullable String", {"str"}),
        ("@Size(max = 3) List<String>", {"list"}),
        # controls: an annotated array of strings is still a list, a plain byte[] unjudged
        ("String @NotNull []", {"list"}),
        ("byte[]", None),
        ("Map<String, byte[]>", {"dict"}),
    ],
)
def test_type_use_annotations_are_no_part_of_the_kind(
    declared: str, kinds: set[str] | None
) -> None:
    assert java_kinds(declared) == kinds


@pytest.mark.parametrize(
    ("entry", "declared", "rules"),
    [
        # zstd-jni: the dictionary a compressor is primed with is bytes
        ("the dictionary buffer", "byte @NotNull []", []),
        ("the dictionary or `null` to remove loaded dictionary", "byte @Nullable []", []),
        # controls: the same words on an annotated array of strings, and on a String
        ("the dictionary buffer", "String @NotNull []", [_PARAM]),
        ("the dictionary of names", "String", []),
        ("the dictionary of names", "List<String>", [_PARAM]),
    ],
)
def test_round_101j_dictionary_bytes(
    tmp_path: Path, entry: str, declared: str, rules: list[str]
) -> None:
    found = _rules(tmp_path, ["Compresses.", "", f"@param dict {entry}"], declared)
    assert [r for r in found if r == _PARAM] == rules


@pytest.mark.parametrize(
    ("see", "rules"),
    [
        # Roaster's JavaClass.isLocalClass: the specification (misspelt) and its section
        ("@see JSL 14.3. Local Class Declarations", []),
        ("@see JVMS 4.7.2 The ConstantValue Attribute", []),
        # controls: the acronym alone or with a word label, and a class name before a number
        ("@see JSL Local Class Declarations", [_XREF]),
        ("@see JSL", [_XREF]),
        ("@see Missing 14.3", [_XREF]),
    ],
)
def test_round_101j_see_section(tmp_path: Path, see: str, rules: list[str]) -> None:
    found = _rules(tmp_path, ["Checks a thing.", "", "@param dict the text", see])
    assert [r for r in found if r == _XREF] == rules


@pytest.mark.parametrize(
    ("summary", "returns", "rules"),
    [
        # MALLET's StringKernel.K: a similarity of two strings
        ("Computes the normalized string kernel between two strings.", "double", []),
        ("Returns the string distance between the two inputs.", "double", []),
        # controls: the string itself said of a double, and a kernel said of a String
        ("Returns the normalized string between two markers.", "double", [_RETURN]),
        ("Returns the string kernel between two strings.", "String", []),
    ],
)
def test_round_101j_measure_of_strings(
    tmp_path: Path, summary: str, returns: str, rules: list[str]
) -> None:
    found = _rules(tmp_path, [summary, "", "@param dict the text"], returns=returns)
    assert [r for r in found if r == _RETURN] == rules


_NEEDS_JDK_SOURCE = pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip")

_SET = """\
package q;

import javax.xml.namespace.WORD;

/** A set of names. */
public final class WORDSet {
}
"""

_FAULT = """\
package p;

/** A fault. */
public interface Fault {
    /**
     * Sets this fault with the given fault code. A fault code is mandatory and must be of type
     * {@code WORD}.
     *
     * @param name a {@code Name} object giving the fault code to be set.
     */
    void setFaultCode(Name name);
}
"""


@_NEEDS_JDK_SOURCE
@pytest.mark.parametrize(
    ("word", "rules"),
    [
        # XMLBeans' SAAJ SOAPFault (round 98j): the XML type, javax.xml.namespace.QName
        ("QName", []),
        # control: a word no JDK type is named, beside the same project type
        ("XName", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_round_98j_jdk_type_is_no_old_parameter_name(
    tmp_path: Path, word: str, rules: list[str]
) -> None:
    files = {
        f"q/{word}Set.java": _SET.replace("WORD", word),
        "p/Fault.java": _FAULT.replace("WORD", word),
    }
    found = project_findings(tmp_path, files, "p/Fault.java")
    assert sorted(f.rule for f in found if f.qualname.endswith("setFaultCode")) == rules


@_NEEDS_JDK_SOURCE
@pytest.mark.parametrize(
    ("simple", "named"),
    [
        ("QName", True),
        ("RowSet", True),
        # controls: the wrong case, a misspelling, an internal class, a lower-case word
        ("Rowset", False),
        ("OutpuStream", False),
        ("Unsafe", False),
        ("name", False),
    ],
)
def test_jdk_api_type_names(simple: str, named: bool) -> None:
    assert jdk_api_type(simple) is named
