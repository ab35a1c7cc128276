"""C2-PARAM-TYPE: narrower documented types the comparison missed (session 20, round 24's
FALSE still firing at main): the byte strings under ``ByteString``/``Buffer`` (pydicom's
``expand_ybr422``: "bytes or bytearray") and a callable returning one member of the
annotated callable's return union (panel's ``state.execute``); controls stay reported."""

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


@pytest.mark.parametrize(
    ("documented", "reported"),
    [
        ("Callable[[], None]", False),
        ("Callable[[], Coroutine[Any, Any, None]]", False),
        ("Callable[[], int]", True),
        ("Callable[[int], None]", True),
    ],
    ids=["sync-member", "async-member", "control-other-return", "control-other-params"],
)
def test_a_callable_returning_a_member_of_the_union(
    tmp_path: Path, documented: str, reported: bool
) -> None:
    # round 24 (panel ``state.execute``): ``Callable[[], None]`` documented for
    # ``Callable[[], Coroutine[Any, Any, None] | None]`` -- the return is covariant, the
    # documented callable returns one member of the union; another return type or other
    # parameters stay reported
    code = f'''
    from typing import Any, Callable, Coroutine

    def execute(callback: Callable[[], Coroutine[Any, Any, None] | None]) -> None:
        """Execute a callback.

        Args:
            callback ({documented}): Callback to execute.
        """
        callback()
    '''
    found = messages(run_rule(c2_param_type, tmp_path, code, "execute"))
    assert bool(found) == reported, found
