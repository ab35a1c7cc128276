"""Segmenting every docstring of one extracted file at once.

The static tier segments the docstring of every documented function, and of every documented
Python class (checked against its constructor).  On a cold start that work can be done where
the file is extracted: :func:`segment_extract` is the side job the CLI hands to indexing, run
in the extraction workers, and its result is exactly what
:meth:`~docref.segments.store.ParsedDocstringStore.load` gives back for that file version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docref.core.segment import DocstringLanguage, ParsedDocstring

from .docstring import segment_docstring
from .positions import LineIndex, line_index
from .store import encode_rows

if TYPE_CHECKING:
    from docref.graph.model import Docstring, FileExtract

__all__ = ["docstring_chars", "segment_extract", "within"]


def docstring_chars(index: LineIndex, docstring: Docstring) -> tuple[int, int]:
    """Character span of a docstring (its graph span is in UTF-8 bytes) in ``index``'s text."""
    span = docstring.span
    return index.byte_to_char(span.start_byte), index.byte_to_char(span.end_byte)


def segment_extract(fe: FileExtract, data: bytes, under: tuple[str, ...] = ()) -> str | None:
    """The encoded parsed docstrings (see :func:`~docref.segments.store.encode_rows`) of the
    documented functions and, in Python, documented classes of ``fe``, which was extracted
    from ``data``; ``None`` when the file documents none of them, or when ``under`` names
    workspace-relative files or folders and ``fe`` is none of them and in none of them."""
    if under and not within(fe.path, under):
        return None
    language: DocstringLanguage = "java" if fe.language == "java" else "python"
    docstrings = [fn.docstring for fn in fe.functions if fn.docstring is not None]
    if language == "python":
        docstrings += [cls.docstring for cls in fe.classes if cls.docstring is not None]
    if not docstrings:
        return None
    # the graph's bytes are the UTF-8 encoding of the text the checks read (graph.source)
    source = data.decode("utf-8", "surrogatepass")
    index = line_index(source)
    parsed: dict[tuple[int, int], ParsedDocstring] = {}
    for docstring in docstrings:
        where = docstring_chars(index, docstring)
        if where not in parsed:
            parsed[where] = segment_docstring(source, *where, language, index=index)
    return encode_rows(parsed)


def within(path: str, under: tuple[str, ...]) -> bool:
    """Whether the workspace-relative ``path`` is one of ``under`` or inside one of them
    (``"."`` or ``""`` stands for the whole workspace)."""
    for folder in under:
        folder = folder.rstrip("/")
        if folder in ("", ".") or path == folder or path.startswith(folder + "/"):
            return True
    return False
