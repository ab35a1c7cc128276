"""Whether an installed module can bind a name at all, answered from its text without parsing.

Resolving a name that is *not* there is the expensive case of an external lookup: asked for
``scipy.signal.Figure``, :func:`~docref.external.python.lookup` reads ``scipy.signal`` and then
every module it star-imports (``from ._filter_design import *``: 200-400 KB files), each parsed
with :mod:`ast` only to learn that ``Figure`` is not among its top-level names.  On the
scientific projects most external lookups end that way (a bare name tried against each
``from m import *`` of the file), and parsing those modules was the largest part of their cost.

A module's summary binds only names written in its source: ``def``/``class`` names,
assignment targets, ``import``/``from … import`` names and aliases
(:func:`~docref.external.py_source.collect`).  The parser stores identifiers NFKC-normalised,
so the text is searched after the same normalisation (a no-op on ASCII files).  When the word
does not occur in that text and the text holds no ``import *`` (whose modules could bind it),
the summary cannot bind the word: the lookup goes on to submodules and stubs without parsing.
Any doubt (the word occurs anywhere, even in a comment; a ``*`` after ``import``; a file that
cannot be read or decoded) answers "it may": the summary is parsed as before, so lookups give
the same results.  Texts are cached per path, mtime and size, as summaries are.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from dataclasses import dataclass, field

from docref.external.lookup import LRU

__all__ = ["cannot_bind", "clear_caches", "never_mentions"]

# ``from m import *``, also across a line continuation; matched anywhere (strings included).
# The word boundary is checked behind the literal ``import`` rather than before it: a pattern
# that starts with a literal is searched for in C, one that starts with ``\b`` is tried at
# every position (the same matches, ~20x faster over a 400 KB module; every probed text pays it)
_STAR_RE = re.compile(r"import(?<=\bimport)[ \t\f\r\n\\]*\*")


@dataclass(frozen=True, eq=False)
class _Text:
    text: str  # NFKC-normalised, as the parser spells identifiers
    stars: bool  # something that may be a star import
    stamp: tuple[int, int]
    # word -> whether the text lacks it: the same miss is asked again and again (a bare
    # name tried against each star import of every file that uses it)
    lacks: dict[str, bool] = field(default_factory=dict)

    def lacks_word(self, word: str) -> bool:
        """Whether ``word`` occurs nowhere in the text (remembered per word)."""
        lacks = self.lacks.get(word)
        if lacks is None:
            lacks = self.lacks[word] = word not in self.text
        return lacks


# Only texts of modules not (yet) parsed are read here; ~100 KB each on average.
_TEXTS: LRU[str, _Text] = LRU(128)


def clear_caches() -> None:
    _TEXTS.clear()


def _read(path: str, stamp: tuple[int, int]) -> _Text | None:
    cached = _TEXTS.get(path)
    if cached is not None and cached.stamp == stamp:
        return cached
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = importlib.util.decode_source(data)  # as py_source reads it (PEP 263)
    except (OSError, UnicodeDecodeError, LookupError, SyntaxError, ValueError):
        return None
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    found = _Text(text, _STAR_RE.search(text) is not None, stamp)
    _TEXTS.put(path, found)
    return found


def cannot_bind(path: str, stamp: tuple[int, int], word: str) -> bool:
    """True only when the module source at ``path`` (mtime and size ``stamp``) surely binds
    no top-level ``word`` and star-imports nothing (its summary, were it parsed, would
    answer "not here")."""
    if stamp == (-1, -1):
        return False
    text = _read(path, stamp)
    if text is None or text.stars:
        return False
    return text.lacks_word(word)


def never_mentions(path: str, stamp: tuple[int, int], word: str) -> bool:
    """True only when the module source at ``path`` (mtime and size ``stamp``) surely does
    not hold ``word`` at all: no name its summary keeps (a parameter name included) is
    ``word``, whatever it star-imports."""
    if stamp == (-1, -1):
        return False
    text = _read(path, stamp)
    if text is None:
        return False
    return text.lacks_word(word)
