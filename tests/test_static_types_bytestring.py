"""C2-PARAM-TYPE: the byte strings under ``ByteString``/``Buffer`` (session 20, round 24's
pydicom ``expand_ybr422``, FALSE): "bytes or bytearray" documented for ``ByteString`` is a
narrower documented type; a text type documented for it stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type

from tests.names_helpers import messages
from tests.static_helpers import run_rule


@pytest.mark.parametrize(
    ("annotation", "documented", "reported"),
    [
        ("ByteString", "bytes or bytearray", False),
        ("typing.ByteString", "bytes", False),
        ("collections.abc.Buffer", "bytes or memoryview", False),
        ("ByteString", "str", True),
        ("ByteString", "list of int", True),
    ],
    ids=["numpy-union", "typing-bytes", "buffer", "control-str", "control-list"],
)
def test_byte_strings(tmp_path: Path, annotation: str, documented: str, reported: bool) -> None:
    code = f'''
    import collections.abc
    import typing
    from typing import ByteString

    def expand(src: {annotation}) -> int:
        """Expand the pixel data.

        Parameters
        ----------
        src : {documented}
            The pixel data to be expanded.
        """
        return len(src)
    '''
    found = messages(run_rule(c2_param_type, tmp_path, code, "expand"))
    assert bool(found) == reported, found
