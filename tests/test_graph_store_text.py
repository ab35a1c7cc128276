"""The serialised form of a graph entry (``graph/store.py``): the text :func:`json.dumps`
gives with compact separators and raw non-ASCII characters, made by one encoder without the
cycle check -- byte for byte, so caches and the cold pool's blob read the same entries."""

from __future__ import annotations

import json

from docref.graph.extraction import extract
from docref.graph.store import Entry

_SOURCE = '''"""Modul für Grüße."""

import os
from typing import Any


class Gruß:
    """Ein Gruß: ``text`` ist "hallo", ``wert`` ist 1.5e-3."""

    wert: float = 1.5e-3

    def sage(self, text: str = "héllo\\n", *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Sag ``text`` -- ein Zeichen wie \\u00e9 oder ✓.

        Args:
            text: Der Text.
        """
        return {"text": os.path.join(text, "ü"), "n": [1, 2.5, None, True]}
'''


def test_an_entry_serialises_to_the_json_dumps_text_and_reads_back() -> None:
    data = _SOURCE.encode("utf-8")
    fe = extract("python", data, "pkg/gruss.py", "hash")
    entry = Entry.from_extract(fe, data)
    raw = entry.serialise()
    head, _, body = raw.partition("\n")
    plain = {"separators": (",", ":"), "ensure_ascii": False}
    assert body == json.dumps(fe.to_json(), **plain)  # type: ignore[arg-type]
    assert json.dumps(json.loads(head), **plain) == head  # type: ignore[arg-type]
    assert "Grüße" in raw and "✓" in raw  # not escaped
    back = Entry.deserialise("pkg/gruss.py", raw)
    assert back.extract.to_json() == fe.to_json()
    assert back.serialise() == raw
