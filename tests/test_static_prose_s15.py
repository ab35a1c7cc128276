"""Session 15 (issue 12): prose type claims whose words a second phrase or the parameter's
kind settles, each with a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import RULE_PROSE_PARAM, c2_prose_param_type
from docref.checks.static.prose_returns import RULE_PROSE_RETURN, c2_prose_return_type

from tests.static_helpers import rule_ids


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ('The URL query string, as raw bytes, excluding the leading b"?".', []),
        ("The URL query string, as a bytes object.", []),
        ("The URL query string, as raw text.", [RULE_PROSE_RETURN]),
        ('The URL query string, excluding the leading "?".', [RULE_PROSE_RETURN]),
    ],
    ids=["as-raw-bytes", "as-a-bytes-object", "control-as-text", "control-no-as"],
)
def test_a_return_claim_whose_sentence_says_as_the_annotated_kind(
    tmp_path: Path, summary: str, expected: list[str]
) -> None:
    # round 19 (httpx ``URL.query``): "string" names the URL component, "as raw bytes" the
    # value's kind; another kind after "as", or none, stays reported
    code = f'''
    class URL:
        def query(self) -> bytes:
            """{summary}"""
            return self._query
    '''
    assert rule_ids(c2_prose_return_type, tmp_path, code, "URL.query") == expected


@pytest.mark.parametrize(
    ("signature", "expected"),
    [
        ("data: bytes, **attrs: bytes | str", []),
        ("data: bytes, attrs: bytes | str = b''", [RULE_PROSE_PARAM]),
        ("data: bytes, *attrs: bytes | str", [RULE_PROSE_PARAM]),
    ],
    ids=["kwargs", "control-plain-parameter", "control-varargs"],
)
def test_a_mapping_said_of_keyword_arguments(
    tmp_path: Path, signature: str, expected: list[str]
) -> None:
    # round 19 (google-cloud-pubsub ``Client.publish``): ``**attrs: bytes | str`` types each
    # value; "A dictionary of attributes" is the mapping of them all.  The same words on a
    # plain parameter, or on ``*attrs`` (a tuple), stay reported
    code = f'''
    def publish({signature}) -> None:
        """Publish a message.

        Args:
            data: The message payload.
            attrs: A dictionary of attributes to be sent as metadata.
        """
    '''
    assert rule_ids(c2_prose_param_type, tmp_path, code, "publish") == expected


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("The number of the character reference, as obtained by html.parser.", []),
        ("The number of the reference.", []),
        ("The number of the references, as obtained by html.parser.", [RULE_PROSE_PARAM]),
        ("The number of references to resolve.", [RULE_PROSE_PARAM]),
    ],
    ids=["number-of-the-thing", "number-of-the-short", "control-plural", "control-count"],
)
def test_the_number_one_thing_bears_is_no_count(
    tmp_path: Path, entry: str, expected: list[str]
) -> None:
    # round 17 (bs4 ``_dereference_numeric_character_reference``): "The number of the
    # character reference" on ``name: str`` is the reference's numeric value, not a count;
    # "the number of the references" and "the number of references" stay counts
    code = f'''
    def deref(name: str) -> str:
        """Dereference.

        :param name: {entry}
        """
        return name
    '''
    assert rule_ids(c2_prose_param_type, tmp_path, code, "deref") == expected
