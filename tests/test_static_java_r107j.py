"""False alarms of round 107j (benchmarks/PRECISION-java.md, "Round 107j"), each beside a
consistent control that stays reported: Jython's "Ready-to-expose implementation of Python
{@code find( sub [, start [, end ]] )}. ... Arguments {@code start} and {@code end} ... are
interpreted as in slice notation" on ``basebytes_find(PyObject sub, PyObject ostart, PyObject
oend)`` (the names of the signature the docstring quotes, in the bracket notation of optional
arguments no Java call has, which ``ostart``/``oend`` carry: no old names); and grpc-java's
"Gets a string from an object for the given key, parsed as a duration" on ``Long
getStringAsDuration`` (what is parsed is the string; the duration is what returns)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_BYTES = """\
package p;

/** Bytes with Python's methods. */
public class Bytes {

    /**
DOC
     * @param sub bytes to find
     * @param ostart of slice to search
     * @param oend of slice to search
     * @return index of the occurrence
     */
    final int basebytes_find(Object sub, Object ostart, Object oend) {
        return find(sub, ostart, oend);
    }

    private int find(Object sub, Object start, Object end) {
        int from = start.hashCode();
        int to = end.hashCode();
        return sub.hashCode() + from + to;
    }
}
"""


def _stale(tmp_path: Path, doc: list[str]) -> list[str]:
    code = _BYTES.replace("DOC", "\n".join(f"     * {line}".rstrip() for line in doc))
    found = project_findings(tmp_path, {"p/Bytes.java": code}, "p/Bytes.java")
    return sorted(f.message.split("`")[1] for f in found if f.rule == "C1-PROSE-NAME-STALE")


_ARGUMENTS = "is found. Arguments {@code start} and {@code end} are read as in slice notation."


@pytest.mark.parametrize(
    "signature",
    [
        "{@code find( sub [, start [, end ]] )}",
        "<code>find(sub[, start[, end]])</code>",
        "{@code count(sub [,start [,end]])}",
    ],
)
def test_the_names_of_a_quoted_signature_with_optional_arguments_are_no_old_names(
    tmp_path: Path, signature: str
) -> None:
    doc = [f"Implementation of Python {signature}. Return the lowest index where sub", _ARGUMENTS]
    assert _stale(tmp_path, doc) == []


@pytest.mark.parametrize(
    "signature",
    [
        "",  # no signature: the old names of ``ostart``/``oend``
        "{@code find(sub, start, end)}",  # a Java call, no signature notation
        "{@code find( sub [, begin ] )}",  # a signature naming other arguments
    ],
)
def test_old_names_beside_no_such_signature_are_still_reported(
    tmp_path: Path, signature: str
) -> None:
    doc = [
        f"Implementation of Python find {signature}. Return the lowest index where sub",
        _ARGUMENTS,
    ]
    assert _stale(tmp_path, doc) == ["start"]


_JSON = """\
package p;

import java.util.Map;

/** JSON helpers. */
public final class JsonUtil {

    /**
     * DOC
     */
    public static DECLARED get(Map<String, ?> obj, String key) {
        return null;
    }
}
"""


def _return_claims(tmp_path: Path, summary: str, declared: str) -> list[str]:
    code = _JSON.replace("DOC", summary).replace("DECLARED", declared)
    found = project_findings(tmp_path, {"p/JsonUtil.java": code}, "p/JsonUtil.java")
    return [f.rule for f in found if f.rule == "C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    "summary",
    [
        "Gets a string from an object for the given key, parsed as a duration (protobuf's).",
        "Gets a string for the given key, then parsed into a timestamp.",
        "Gets a string for the given key, parsed as an integer.",
    ],
)
def test_what_a_string_was_parsed_into_comes_back(tmp_path: Path, summary: str) -> None:
    assert _return_claims(tmp_path, summary, "Long") == []


@pytest.mark.parametrize(
    ("summary", "declared"),
    [
        ("Gets a string from an object for the given key.", "Long"),  # no parsing said
        ("Gets a string for the given key, to be parsed as a duration.", "Long"),
        ("Gets a string, parsed as a string.", "Long"),  # parsed into the kind claimed
    ],
)
def test_a_string_not_parsed_or_parsed_into_another_kind_is_still_reported(
    tmp_path: Path, summary: str, declared: str
) -> None:
    assert _return_claims(tmp_path, summary, declared) == ["C2-PROSE-RETURN-TYPE"]


_MEDIA = """\
package p;

/** A media element. */
public final class Media {

    /**
     * Determines whether the specified media type can be played back.
     * @param type the media type
     * RETURN
     */
    public static String canPlayType(final String type) {
        return type.isEmpty() ? "" : Codecs.answer(type);
    }
}
"""


def _whether_claims(tmp_path: Path, tag: str) -> list[str]:
    code = _MEDIA.replace("RETURN", tag)
    found = project_findings(tmp_path, {"p/Media.java": code}, "p/Media.java")
    return [f.rule for f in found if f.rule == "C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    "tag", ['@return "probably", "maybe", or ""', '@return {@code "yes"} or {@code "no"}']
)
def test_whether_answered_by_the_strings_the_tag_quotes(tmp_path: Path, tag: str) -> None:
    # HtmlUnit's ``canPlayType``: the DOM method answers its question with these strings
    assert _whether_claims(tmp_path, tag) == []


@pytest.mark.parametrize(
    "tag", ["@return the answer", '@return "probably" when it can', "@return the MIME type"]
)
def test_whether_over_a_string_tag_quoting_fewer_values_is_still_reported(
    tmp_path: Path, tag: str
) -> None:
    assert _whether_claims(tmp_path, tag) == ["C2-PROSE-RETURN-TYPE"]
