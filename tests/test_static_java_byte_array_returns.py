"""A Javadoc string claim over a ``byte[]`` return (C2-PROSE-RETURN-TYPE, session 30): the text
a change from ``String`` to bytes left behind, beside the claims a byte array keeps."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_METHOD = """\
package p;

public class Item {
    private String text = "x";

    /**
     * DOC
     */
    public TYPE describe() {
        return null;
    }
}
"""


def _rules(tmp_path: Path, doc: str, declared: str) -> list[str]:
    code = _METHOD.replace("DOC", doc).replace("TYPE", declared)
    inp = static_input(tmp_path, code, "Item.describe", filename="p/Item.java")
    return [f.rule for f in c2_prose_return_type(inp)]


@pytest.mark.parametrize(
    "doc",
    [
        "Returns a string representation of this item.",
        "@return the literal string",
        "@return a String naming the item",
    ],
)
def test_string_claim_over_a_byte_array_is_reported(tmp_path: Path, doc: str) -> None:
    assert _rules(tmp_path, doc, "byte[]") == ["C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    ("doc", "declared"),
    [
        # the same claims over the types they name, or a string-like one: no finding
        ("Returns a string representation of this item.", "String"),
        ("@return the literal string", "CharSequence"),
        # a byte array said to be bytes, the string's bytes, a string encoded as bytes,
        # or a count: only a string claim is judged against it
        ("@return the String value encoded as UTF-8 bytes", "byte[]"),
        ("@return the bytes of the string", "byte[]"),
        ("@return the number of bytes written", "byte[]"),
        ("@return true if the item is known", "char[]"),
    ],
)
def test_byte_array_said_as_bytes_and_string_types_stay_silent(
    tmp_path: Path, doc: str, declared: str
) -> None:
    assert _rules(tmp_path, doc, declared) == []
