"""A return claim naming bytes by the plural noun -- "the bytes read", "the received bytes"
(anyio's ``BufferedByteReceiveStream.receive_exactly`` and ``ByteReceiveStream.receive``,
session 38 recall misses after ``-> bytes`` became ``-> str``) -- is a bytes claim:
C2-PROSE-RETURN-TYPE compares it with the annotation.  "the bytes" qualifying another noun
("the hidden bytes value"), a measure ("the total bytes written", "the number of bytes
read") and an annotation that agrees stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_claim_kinds import claimed_kind
from docref.checks.static.prose_returns import c2_prose_return_type

from .static_helpers import rule_ids

STALE = {
    "rest": '''
def receive_exactly(nbytes: int) -> str:
    """Read exactly the given amount of bytes from the stream.

    :param nbytes: the number of bytes to read
    :return: the bytes read
    """
    return ""
''',
    "google": '''
def receive(max_bytes: int = 65536) -> str:
    """Receive at most ``max_bytes`` bytes from the peer.

    Args:
        max_bytes: maximum number of bytes to receive

    Returns:
        The received bytes.
    """
    return ""
''',
    "numpy": '''
def read_block(size: int) -> str:
    """Read one block.

    Parameters
    ----------
    size : int
        How much to read.

    Returns
    -------
    The raw bytes from the device.
    """
    return ""
''',
}
QUALNAME = {"rest": "receive_exactly", "google": "receive", "numpy": "read_block"}


@pytest.mark.parametrize("style", sorted(STALE))
def test_the_bytes_said_of_a_string_is_stale(tmp_path: Path, style: str) -> None:
    ids = rule_ids(c2_prose_return_type, tmp_path, STALE[style], QUALNAME[style])
    assert ids == ["C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    ("style", "old", "new"),
    [
        ("rest", "-> str:", "-> bytes:"),
        ("google", "-> str:", "-> bytes:"),
        ("numpy", "-> str:", "-> bytes:"),
        # a noun the word qualifies, a measure: no bytes claimed
        ("rest", ":return: the bytes read", ":return: the bytes value read"),
        ("rest", ":return: the bytes read", ":return: the total bytes read"),
    ],
    ids=["agrees-rest", "agrees-google", "agrees-numpy", "qualifies-a-noun", "a-measure"],
)
def test_bytes_that_agree_or_are_no_claim_stay_silent(
    tmp_path: Path, style: str, old: str, new: str
) -> None:
    code = STALE[style]
    assert old in code
    assert rule_ids(c2_prose_return_type, tmp_path, code.replace(old, new), QUALNAME[style]) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("the bytes read", "bytes"),
        ("The received bytes.", "bytes"),
        ("the bytes to send", "bytes"),
        ("the number of bytes read", "int"),
        ("the hidden bytes value", None),
        ("the maximum bytes allowed", None),
    ],
)
def test_the_claimed_kind_of_bytes_words(text: str, kind: str | None) -> None:
    found = claimed_kind(text)
    assert (found[0] if found else None) == kind
