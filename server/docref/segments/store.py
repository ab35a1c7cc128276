"""Parsed docstrings of a file version, kept in the on-disk cache.

Segmenting is the static tier's biggest cost (Punkt over every prose paragraph, and importing
NLTK at all), and its result depends only on the file's text and on the segmenter's own code.
So the parsed docstrings of a file are stored under the file's content hash plus a fingerprint
of the :mod:`docref.segments` sources: an unchanged file is never re-segmented, and any change
to the segmenter (or to the Punkt parameters package) invalidates every entry without anyone
having to remember a version number.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from functools import cache
from typing import TYPE_CHECKING, Any

from docref.core.segment import DocstringLanguage, ParsedDocstring

if TYPE_CHECKING:
    import diskcache

log = logging.getLogger(__name__)

Span = tuple[int, int]


@cache
def segmenter_fingerprint() -> str:
    """A hash of every source file of :mod:`docref.segments` and of the English Punkt parameters."""
    digest = hashlib.sha256()
    folder = os.path.dirname(os.path.abspath(__file__))
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as fh:
                digest.update(name.encode() + b"\0" + fh.read() + b"\0")
    # the English Punkt parameters ship beside the code (punkt_english/): hashed the same way
    data = os.path.join(folder, "punkt_english", "english.json")
    with contextlib.suppress(OSError), open(data, "rb") as fh:
        digest.update(b"english.json\0" + fh.read())
    return digest.hexdigest()[:20]


def encode_rows(parsed: dict[Span, ParsedDocstring]) -> str:
    """The stored form of one file version's parsed docstrings (by character span)."""
    return json.dumps([[start, end, p.to_json()] for (start, end), p in sorted(parsed.items())])


class ParsedDocstringStore:
    """Read and write the parsed docstrings of one file version (by content hash).

    Without a cache (``cache=None``: disabled or unusable) lookups miss and nothing is stored
    on disk, except that rows handed to :meth:`remember` are kept in memory until their first
    :meth:`load`; a corrupt or foreign entry is a miss, never an error.
    """

    def __init__(self, cache: diskcache.Cache | None) -> None:
        self._cache = cache
        # rows segmented elsewhere this run (extraction workers): served once from memory
        # (decoded then: as objects they take several times the room), and written to the
        # cache together by flush()
        self._kept: dict[str, str] = {}
        self._unwritten: list[tuple[str, str]] = []

    @classmethod
    def open(cls, directory: str | None = None) -> ParsedDocstringStore:
        """The store in the user cache directory (or ``directory``)."""
        from docref.cache import open_cache

        return cls(open_cache("segments", directory))

    def _key(self, language: DocstringLanguage, content_hash: str) -> str:
        return f"{segmenter_fingerprint()}:{language}:{content_hash}"

    def load(self, language: DocstringLanguage, content_hash: str) -> dict[Span, ParsedDocstring]:
        """The parsed docstrings stored for this file version, by character span."""
        key = self._key(language, content_hash)
        kept = self._kept.pop(key, None)
        if kept is not None:
            return _decode(kept)
        if self._cache is None:
            return {}
        try:
            raw = self._cache.get(key)
        except Exception as exc:  # a damaged cache must not stop a check
            log.debug("segment cache read failed: %s", exc)
            return {}
        return _decode(raw)

    def save(
        self,
        language: DocstringLanguage,
        content_hash: str,
        parsed: dict[Span, ParsedDocstring],
    ) -> None:
        """Store every parsed docstring of this file version (replacing what was there)."""
        if self._cache is None:
            return
        try:
            self._cache.set(self._key(language, content_hash), encode_rows(parsed))
        except Exception as exc:
            log.debug("segment cache write failed: %s", exc)

    def remember(self, language: DocstringLanguage, content_hash: str, rows: str) -> None:
        """Take rows made by :func:`encode_rows` elsewhere: kept in memory for this file
        version's next :meth:`load`, and written to the cache by :meth:`flush`."""
        key = self._key(language, content_hash)
        self._kept[key] = rows
        if self._cache is not None:
            self._unwritten.append((key, rows))

    def flush(self) -> None:
        """Write the rows taken by :meth:`remember` to the cache, in one transaction."""
        unwritten, self._unwritten = self._unwritten, []
        if self._cache is None or not unwritten:
            return
        try:
            with self._cache.transact():
                for key, rows in unwritten:
                    self._cache.set(key, rows)
        except Exception as exc:
            log.debug("segment cache write failed: %s", exc)

    def close(self) -> None:
        if self._cache is not None:
            self._cache.close()


def _decode(raw: object) -> dict[Span, ParsedDocstring]:
    """Stored rows back into parsed docstrings; a foreign or corrupt value gives ``{}``."""
    if not isinstance(raw, str):
        return {}
    try:
        rows: list[Any] = json.loads(raw)
        return {
            (int(start), int(end)): ParsedDocstring.from_json(parsed) for start, end, parsed in rows
        }
    except (ValueError, TypeError, KeyError) as exc:
        log.debug("segment cache entry ignored: %s", exc)
        return {}
