"""Round 102 (session 38, private): erddapy's ``urlopen`` says "See requests.get docs for the
`params` and `kwargs` options" beside its parameter ``requests_kwargs``: the names are
``requests.get``'s own (``requests.get(url, params=None, **kwargs)``), not an old name of the
parameter (1 FALSE C1-PROSE-NAME-STALE) -- beside the controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_URLOPEN = '''
from typing import Any

import requests


def _urlopen(url: str, **kwargs: Any) -> bytes:
    return requests.get(url, timeout=60, **kwargs).content


def urlopen(url: str, *, requests_kwargs: dict | None = None) -> bytes:
    """Thin wrapper around requests get content.

    {sentence}

    """
    return _urlopen(url, **(requests_kwargs or {{}}))
'''


def _stale(tmp_path: Path, sentence: str) -> list[str]:
    code = _URLOPEN.format(sentence=sentence)
    found = default_findings(tmp_path, code)
    return [f.message.split("`")[1] for f in found if f.rule == "C1-PROSE-NAME-STALE"]


def test_names_another_callables_docs_describe_are_its_own(tmp_path: Path) -> None:
    sentence = "See requests.get docs for the `params` and `kwargs` options."
    assert _stale(tmp_path / "a", sentence) == []
    assert _stale(tmp_path / "b", "See ``requests.get``'s documentation for `kwargs`.") == []


def test_the_old_name_without_another_owner_stays_reported(tmp_path: Path) -> None:
    # the sentence's subject is the function's own (old) keyword arguments
    assert _stale(tmp_path / "a", "The `kwargs` are passed on to requests.") == ["kwargs"]
    # "the docs" name no callable
    assert _stale(tmp_path / "b", "See the docs for the `kwargs` options.") == ["kwargs"]
    # the function's own documentation is no other callable's
    assert _stale(tmp_path / "c", "See urlopen() docs for the `kwargs` options.") == ["kwargs"]
