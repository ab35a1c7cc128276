"""Session 21 (round 36's shapes, tuned after its held-out first pass):

* C3-RAISES: a method returning a new instance of a project iterator class documents what
  consuming it raises -- the class's ``__next__``/``__anext__`` is a callee (six FALSE);
* C3-RETURNS-YIELDS: a coroutine documented with Yields in the ``@asyncio.coroutine`` style
  (its entries describe the awaited value) moves to the opt-in C3-RETURNS-WEAK (13 DEBATABLE);
* ``:return void:`` claims no value (one FALSE).

Each beside a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.return_weak import c3_returns_weak
from docref.checks.static.returns_raises import (
    c3_raises_unraised,
    c3_returns_vs_yields,
    c3_returns_without_value,
)

from tests.names_helpers import messages
from tests.static_helpers import project_input

_RAISES = {
    "google": (
        "Yields:\n            bytes: the chunks.\n\n"
        "        Raises:\n            StreamError: the peer closed the stream."
    ),
    "numpy": (
        "Yields\n        ------\n        bytes\n            The chunks.\n\n"
        "        Raises\n        ------\n        StreamError\n"
        "            The peer closed the stream."
    ),
    "rest": ":raises StreamError: the peer closed the stream.",
}

_CLIENT = '''
class StreamError(Exception):
    pass


class ChunkIterator:
    def __init__(self, client, request):
        self.client, self.request = client, request

    def __iter__(self):
        return self

    def __next__(self):
        chunk = self.client.read()
        if chunk is None:
            raise StreamError("closed")
        if not chunk:
            raise StopIteration
        return chunk


class AsyncChunkIterator:
    def __init__(self, client):
        self.client = client

    def __aiter__(self):
        return self

    async def __anext__(self):
        return await self._read_next()

    async def _read_next(self):
        raise StreamError("closed")


class Quiet:
    def __init__(self, client):
        self.client = client

    def __iter__(self):
        return iter(())


class Client:
    def read(self):
        return b""

    def stream(self, request):
        """Stream a response.

        {doc}
        """
        return ChunkIterator(self, request)

    def stream_async(self):
        """Stream a response asynchronously.

        {doc}
        """
        return AsyncChunkIterator(self)

    def quiet(self):
        """A stream that never fails.

        {doc}
        """
        return Quiet(self)
'''


def _raises(tmp_path: Path, doc: str, qualname: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/client.py": _CLIENT.replace("{doc}", doc)}
    inp = project_input(tmp_path, files, "pkg/client.py", qualname)
    return messages(c3_raises_unraised(inp))


@pytest.mark.parametrize("doc", list(_RAISES.values()), ids=list(_RAISES))
def test_what_consuming_the_returned_stream_raises_is_raised(tmp_path: Path, doc: str) -> None:
    assert _raises(tmp_path / "a", doc, "Client.stream") == []
    # ``__anext__`` awaits a method of its own class: one hop further, not known to raise
    # nothing, so not reported either
    assert _raises(tmp_path / "b", doc, "Client.stream_async") == []


@pytest.mark.parametrize("doc", list(_RAISES.values()), ids=list(_RAISES))
def test_a_returned_stream_that_raises_nothing_stays_reported(tmp_path: Path, doc: str) -> None:
    assert _raises(tmp_path, doc, "Client.quiet") == [
        "documents raising StreamError, but quiet() neither raises it nor calls anything that does"
    ]


_YIELDS = {
    "google": "Yields:\n            tuple: the error indication and the bindings.",
    "numpy": "Yields\n    ------\n    errorIndication : str\n        The error indication.",
    "rest": ":yields: the error indication and the bindings.",
}

_TUPLE = "tuple[str, list]"

_COROUTINE = '''
async def get_cmd(engine, *names) -> "tuple[str, list]":
    """Create a get command.

    {doc}
    """
    return await engine.send(names)


def get_sync(engine, *names) -> "tuple[str, list]":
    """Create a get command.

    {doc}
    """
    return engine.send(names)


async def close(engine):
    """Close the engine.

    {doc}
    """
    await engine.close()
'''


def _yields(tmp_path: Path, doc: str, qualname: str) -> tuple[list[str], list[str]]:
    files = {"m.py": _COROUTINE.replace("{doc}", doc)}
    inp = project_input(tmp_path, files, "m.py", qualname)
    return messages(c3_returns_vs_yields(inp)), messages(c3_returns_weak(inp))


@pytest.mark.parametrize("doc", list(_YIELDS.values()), ids=list(_YIELDS))
def test_a_coroutine_documented_with_yields_is_the_weak_rule(tmp_path: Path, doc: str) -> None:
    default, weak = _yields(tmp_path, doc, "get_cmd")
    assert default == []
    assert weak == [
        "documents yielded values, but get_cmd() is annotated to return tuple[str, list]"
    ]


@pytest.mark.parametrize("doc", list(_YIELDS.values()), ids=list(_YIELDS))
def test_yields_on_a_plain_function_or_an_empty_coroutine_stay_reported(
    tmp_path: Path, doc: str
) -> None:
    default, _ = _yields(tmp_path / "a", doc, "get_sync")
    assert default == [
        "documents yielded values, but get_sync() is annotated to return tuple[str, list]"
    ]
    default, _ = _yields(tmp_path / "b", doc, "close")
    assert default == ["documents yielded values, but close() neither yields nor returns anything"]


_VOID = '''
def change_password(user, new):
    """Change a password.

    :param user: the account.
    :param new: the new password.
    :return {kind}: Raise an PasswordError exception on error.
    """
    if not new:
        raise ValueError(user)
'''


@pytest.mark.parametrize(("kind", "reported"), [("void", False), ("None", False), ("bool", True)])
def test_a_void_return_field_claims_no_value(tmp_path: Path, kind: str, reported: bool) -> None:
    files = {"m.py": _VOID.replace("{kind}", kind)}
    found = messages(
        c3_returns_without_value(project_input(tmp_path, files, "m.py", "change_password"))
    )
    assert bool(found) is reported, found
