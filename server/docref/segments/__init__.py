"""Docstring and prose segmentation with exact source positions.

* :func:`segment_prose` -- ReFEree's segmentation: plain English Punkt, exact NLTK
  ``sent_tokenize`` parity (what ``docref segment`` prints).
* :func:`segment_code_aware` -- Punkt plus merges where it split inside code-like tokens
  (``os.path.join``, ``e.g.``, inline code, URLs, ``{@link Foo#bar}``, versions).
* :func:`segment_docstring` -- a Python docstring literal or a Javadoc comment, parsed into
  summary / prose sentences and one segment per structured entry (Google, NumPy, reST,
  Epydoc, Javadoc), each with character offsets and an LSP (line, UTF-16 column) range.
* :class:`LineIndex`, :func:`byte_to_char`, :func:`char_to_byte` -- offset conversions.
"""

from __future__ import annotations

from docref.core.segment import (
    DocstringLanguage,
    DocstringStyle,
    ParsedDocstring,
    Position,
    Range,
    Segment,
    SegmentKind,
)

from .docstring import segment_docstring
from .positions import LineIndex, byte_to_char, char_to_byte, line_index
from .prose import TextSpan, segment_code_aware, segment_prose
from .punkt_model import get_punkt_tokenizer

__all__ = [
    "DocstringLanguage",
    "DocstringStyle",
    "LineIndex",
    "ParsedDocstring",
    "Position",
    "Range",
    "Segment",
    "SegmentKind",
    "TextSpan",
    "byte_to_char",
    "char_to_byte",
    "get_punkt_tokenizer",
    "line_index",
    "segment_code_aware",
    "segment_docstring",
    "segment_prose",
]
