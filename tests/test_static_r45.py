"""Static rules: mechanism gaps behind round 45's false alarms (session 22's public tuning
round: robotframework, faker), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input

_DOCS = {
    "google": '"""Encode the value.\n\n    Returns:\n        {claim}\n    """',
    "numpy": '"""Encode the value.\n\n    Returns\n    -------\n    {claim}\n    """',
    "rest": '"""Encode the value.\n\n    :returns: {claim}\n    """',
    "body": '"""Return {claim}"""',
}

_ENCODE = """
def encode(string: str, encoding: str) -> {returned}:
    {doc}
    return {value}
"""
_VALUES = {"bytes": "string.encode(encoding)", "str": "string", "int": "len(string)"}


@pytest.mark.parametrize("style", sorted(_DOCS))
@pytest.mark.parametrize(
    ("claim", "returned", "expected"),
    [
        ("The input string encoded to bytes.", "bytes", 0),
        ("the input string, encoded as bytes.", "bytes", 0),
        ("The string converted to an integer.", "int", 0),
        ("The input string encoded to bytes.", "str", 1),
        ("The string converted to lowercase.", "bytes", 1),
        ("The input string.", "bytes", 1),
        ("A string encoding the value.", "bytes", 1),
    ],
    ids=[
        "encoded-to-bytes",
        "encoded-as-bytes",
        "converted-to-int",
        "control-bytes-said-of-str",
        "control-no-kind-after",
        "control-plain-string",
        "control-present-participle",
    ],
)
def test_a_noun_converted_to_a_kind_claims_the_kind_it_becomes(
    tmp_path: Path, style: str, claim: str, returned: str, expected: int
) -> None:
    # round 45 (robotframework ``String.encode_string_to_bytes``, 1 FALSE): "Returns: The
    # input string encoded to bytes." on ``-> bytes`` -- the participle phrase makes the string
    # what was encoded; the value is the kind after "to"/"as"/"into".  That kind said of
    # another annotation, a conversion naming no kind ("converted to lowercase"), the plain
    # noun and a present participle ("a string encoding ...": still a string) stay reported.
    doc = _DOCS[style].format(claim=claim)
    code = _ENCODE.format(doc=doc, returned=returned, value=_VALUES[returned])
    found = c2_prose_return_type(static_input(tmp_path, code, "encode"))
    assert len(found) == expected, [f.message for f in found]
