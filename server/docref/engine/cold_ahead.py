"""A cold run's worker segments the docstrings of each file it extracts right after extracting
it, before it checks the file (:mod:`docref.engine.cold_worker`).

Segmenting depends on a docstring's text alone (the parsed-docstring store keys a file's rows
by its content hash): it is the same work whenever it is done.  Done at once, while the file's
text is still in the processor's caches, it costs less than the same segmentation done by the
check much later (cold astropy, alternated pairs: ~5-9% less CPU for the whole run; the
single-process run segments as a side job of extraction for the same reason).  So a worker
queues each file it extracted and segments it before taking the next (:meth:`Ahead.finish`);
the check then takes the rows from the store instead of segmenting (:class:`Ahead` is what
:func:`~docref.segments.whole_file.segment_extract` computes, one docstring per step).  The
source text of the files queued or done and not yet checked is bounded (:data:`AHEAD_BYTES`):
past it, the check segments a file itself.  Only whole files' rows are used, and a file leaves
the queue when its check starts.
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
"""At most this much source text is queued or segmented and waiting for its check (the files'
UTF-8 bytes: the rows keep the text's line index): a project of ~8 MB (astropy, two workers)
is segmented whole at extraction, a larger one as far as this goes."""


class Ahead:
    """The files a worker extracted, waiting to have their docstrings segmented before their
    check, and the rows of those done (by language and content hash, as the store keys
    them)."""

    def __init__(self, budget: int = AHEAD_BYTES) -> None:
        self._budget = budget
        self._queue: OrderedDict[str, tuple[FileExtract, bytes]] = OrderedDict()
        self._queued = 0  # bytes of text in the queue
        self._current: tuple[str, Iterator[None], int] | None = None  # (.., its bytes)
        self._done_bytes = 0  # bytes of text of the files in ``_done``
        # the rows of each file done, its text's line index (handed to the check with them)
        # and its bytes
        self._done: dict[
            tuple[DocstringLanguage, str], tuple[dict[Span, ParsedDocstring], LineIndex, int]
        ] = {}

    def add(self, fe: FileExtract, data: bytes) -> None:
        """Queue ``fe`` (extracted from ``data``) if it documents something and the budget
        allows (the text queued, being segmented and done but not taken)."""
        current = self._current[2] if self._current is not None else 0
        held = self._queued + current + self._done_bytes
        if held + len(data) > self._budget or not _docstrings(fe):
            return
        self._queue[fe.path] = (fe, data)
        self._queued += len(data)

    def finish(self) -> None:
        """Segment everything queued now."""
        while self.pending:
            self.step()

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
            self._queued -= len(data)
            self._current = rel, self._segment(fe, data), len(data)
        rel, steps, _ = self._current
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
            self._queued -= len(item[1])
        if self._current is not None and self._current[0] == rel:
            self._current = None

    def clear(self) -> None:
        """Nothing queued or done and not taken will be checked here (the other worker took
        those files): segment no more ahead, and let the rows go."""
        self._queue.clear()
        self._queued = 0
        self._current = None
        self._done.clear()
        self._done_bytes = 0

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
        self._done_bytes -= done[2]
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
        key = (language, fe.content_hash)
        if key not in self._done:
            self._done_bytes += len(data)
        self._done[key] = (parsed, index, len(data))


def _docstrings(fe: FileExtract) -> list[Docstring]:
    """The docstrings a check segments: documented functions', and Python classes' (as
    :func:`~docref.segments.whole_file.segment_extract`)."""
    found = [fn.docstring for fn in fe.functions if fn.docstring is not None]
    if fe.language != "java":
        found += [cls.docstring for cls in fe.classes if cls.docstring is not None]
    return found
