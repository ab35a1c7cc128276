"""What a cold run's worker does while it waits for the parent: segmenting the docstrings of
the files it extracted, before it checks them (:mod:`docref.engine.cold_worker`).

A worker waits on its pipe between its extract chunks and, longest, between its last chunk
and the project's graph (until the other worker's last chunk is in and the parent has linked
the project), and again between two check chunks: on a two-core machine each wait is a core
with nothing to do.  Segmenting depends on a docstring's text alone (the parsed-docstring
store keys a file's rows by its content hash): it is the same work whenever it is done.  So a
worker keeps the files it extracted, in the order it will check them, and segments their
docstrings one at a time while nothing waits on its pipe; the check then takes them from the
store instead of segmenting (:class:`Ahead` is what :func:`~docref.segments.whole_file.
segment_extract` computes, one docstring per step).  Nothing is done that a check would not
do: a file leaves the queue when its check starts, and only its finished rows are used.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterator
from typing import TYPE_CHECKING

from docref.core.segment import DocstringLanguage, ParsedDocstring

if TYPE_CHECKING:
    from docref.graph.model import Docstring, FileExtract
    from docref.segments.positions import LineIndex

__all__ = ["AHEAD_BYTES", "Ahead"]

log = logging.getLogger(__name__)

Span = tuple[int, int]

AHEAD_BYTES = 4_000_000
"""At most this much source text is kept waiting to be segmented (the files' UTF-8 bytes,
which the worker would otherwise let go after extracting them).  A wait rarely lasts long
enough for more: ~0.1 s segments ~5% of a large project's docstrings."""


class Ahead:
    """The files a worker extracted, waiting to have their docstrings segmented while the
    worker has nothing else to do, and the rows of those done (by language and content
    hash, as the store keys them)."""

    def __init__(self, budget: int = AHEAD_BYTES) -> None:
        self._budget = budget
        self._queue: OrderedDict[str, tuple[FileExtract, bytes]] = OrderedDict()
        self._held = 0  # bytes of text in the queue
        self._current: tuple[str, Iterator[None]] | None = None
        # the rows of each file done, and its text's line index (handed to the check with them)
        self._done: dict[
            tuple[DocstringLanguage, str], tuple[dict[Span, ParsedDocstring], LineIndex]
        ] = {}

    def add(self, fe: FileExtract, data: bytes) -> None:
        """Queue ``fe`` (extracted from ``data``) if it documents something and the budget
        allows."""
        if self._held + len(data) > self._budget or not _docstrings(fe):
            return
        self._queue[fe.path] = (fe, data)
        self._held += len(data)

    @property
    def pending(self) -> bool:
        """Whether a docstring is left to segment."""
        return self._current is not None or bool(self._queue)

    def step(self) -> None:
        """Segment one docstring (the next of the first queued file)."""
        if self._current is None:
            if not self._queue:
                return
            rel, (fe, data) = self._queue.popitem(last=False)
            self._held -= len(data)
            self._current = rel, self._segment(fe, data)
        rel, steps = self._current
        try:
            next(steps)
        except StopIteration:
            self._current = None
        except Exception as exc:  # the check segments it again and reports what fails
            log.debug("segmenting %s ahead failed: %s", rel, exc)
            self._current = None

    def drop(self, rel: str) -> None:
        """``rel`` is about to be checked: segmenting it here is no longer ahead of time."""
        item = self._queue.pop(rel, None)
        if item is not None:
            self._held -= len(item[1])
        if self._current is not None and self._current[0] == rel:
            self._current = None

    def clear(self) -> None:
        """Nothing queued will be checked here: segment no more ahead."""
        self._queue.clear()
        self._held = 0
        self._current = None

    def take(
        self, language: DocstringLanguage, content_hash: str
    ) -> dict[Span, ParsedDocstring] | None:
        """The rows segmented ahead for this file version (once), else ``None``; the check
        that takes them finds the text's line index built (:func:`~docref.segments.
        positions.keep_line_index`)."""
        from docref.segments.positions import keep_line_index

        done = self._done.pop((language, content_hash), None)
        if done is None:
            return None
        keep_line_index(done[1])
        return done[0]

    def _segment(self, fe: FileExtract, data: bytes) -> Iterator[None]:
        from docref.segments.docstring import segment_docstring
        from docref.segments.positions import line_index
        from docref.segments.whole_file import docstring_chars

        language: DocstringLanguage = "java" if fe.language == "java" else "python"
        # the graph's bytes are the UTF-8 encoding of the text the checks read (graph.source)
        source = data.decode("utf-8", "surrogatepass")
        index = line_index(source)
        wheres = list(dict.fromkeys(docstring_chars(index, d) for d in _docstrings(fe)))
        parsed: dict[Span, ParsedDocstring] = {}
        for n, where in enumerate(wheres, 1):
            parsed[where] = segment_docstring(source, *where, language, index=index)
            if n < len(wheres):
                yield
        self._done[(language, fe.content_hash)] = (parsed, index)


def _docstrings(fe: FileExtract) -> list[Docstring]:
    """The docstrings a check segments: documented functions', and Python classes' (as
    :func:`~docref.segments.whole_file.segment_extract`)."""
    found = [fn.docstring for fn in fe.functions if fn.docstring is not None]
    if fe.language != "java":
        found += [cls.docstring for cls in fe.classes if cls.docstring is not None]
    return found
