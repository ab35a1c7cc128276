"""An installed module's text with its function bodies left out, for a faster :mod:`ast` parse.

A summary (:mod:`docref.external.py_source`) keeps of each function only its signature,
decorators and docstring: the rest of the body is parsed and thrown away.  On a cold run of a
scientific project 150-250 installed modules are parsed (numpy, scipy, matplotlib, the standard
library), ~2 s of CPU, a tenth of the run, and most of their text is function bodies.
:func:`skeleton` cuts each ``def``'s indented body down to its first statement when that
starts with a string (the docstring, kept whole) or to ``pass`` otherwise; everything else --
module and class bodies, headers, decorators -- is kept as written, so the summary built from
the skeleton's tree is the one built from the whole file's.

Finding the bodies needs Python's tokens only for strings, comments, brackets, line
continuations and indentation: string literals and comments are masked by one regex pass (in
C), then each ``def``'s body ends at the first logical line indented no deeper than the
``def``.  The cut is made only where it is exact:

* the interpreter is 3.11 (3.12 tokenises f-strings anew: quotes may nest inside them);
* the text compiled on this interpreter: a ``__pycache__`` file of the same mtime and size
  exists (installers compile what they install) -- a syntax error inside a body would
  otherwise make the whole file unreadable but not the skeleton;
* no tab or form feed in the code (indentation widths then need the tokenizer's rules);
* the skeleton parses; otherwise the caller parses the whole text, as before.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator

__all__ = ["EXACT_TOKENS", "compiled_here", "exact_mask", "mask_code", "skeleton"]

EXACT_TOKENS = sys.version_info[:2] == (3, 11)

# A string literal (any prefix, triple or single quoted, backslash escapes -- also of a
# newline -- skipped as the tokenizer does) or a comment.
_STRING_OR_COMMENT = re.compile(
    r"""(?=[rRbBuUfF"'#])"""
    r'(?:(?P<s>[rRbBuUfF]{0,2}(?:"""[^"\\]*(?:(?:\\[\s\S]|"(?!""))[^"\\]*)*"""'
    r"|'''[^'\\]*(?:(?:\\[\s\S]|'(?!''))[^'\\]*)*'''"
    r'|"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*"'
    r"|'[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*'))"
    r"|#[^\n]*)"
)
# ``def `` anywhere, then its line checked (:func:`_defs`); the text gets a newline in front
_DEF_WORD = re.compile(r"def ")
_DEF_PREFIX = re.compile(r"[ ]*(?:async[ ]+)?\Z")  # what may precede ``def`` on its line
_HEADER_MARK = re.compile(r"[()\[\]{}:]")
_LINE_END = re.compile(r"[()\[\]{}\n\\]")
_STRING_RUN = re.compile(r"S*")
_CONTENT = re.compile(r"[^ \n]")
_OPENERS = "([{"
_DEDENTS: dict[int, re.Pattern[str]] = {}  # indent -> a line indented no deeper
_CLOSERS = ")]}"


def compiled_here(path: str, stamp: tuple[int, int]) -> bool:
    """Whether this interpreter compiled the file at ``path`` as it is now (``stamp``: its
    mtime in nanoseconds and size): a timestamp-checked ``.pyc`` of the same mtime and size.
    A stub (``.pyi``) is never compiled (its name would lead to the ``.py`` file's cache)."""
    if not path.endswith(".py"):
        return False
    try:
        cached = importlib.util.cache_from_source(path)
        with open(cached, "rb") as handle:
            head = handle.read(16)
    except (OSError, ValueError, NotImplementedError):
        return False
    if len(head) < 16 or head[:4] != importlib.util.MAGIC_NUMBER:
        return False
    flags = int.from_bytes(head[4:8], "little")
    mtime = int.from_bytes(head[8:12], "little")
    size = int.from_bytes(head[12:16], "little")
    seconds = stamp[0] // 1_000_000_000
    return flags == 0 and mtime == seconds & 0xFFFFFFFF and size == stamp[1] & 0xFFFFFFFF


def mask_code(text: str) -> str:
    """``text`` with every string literal turned into ``S`` (its newlines too: they start no
    line) and every comment into spaces, offsets unchanged."""
    return _STRING_OR_COMMENT.sub(
        lambda m: "S" * len(m[0]) if m.lastgroup == "s" else " " * len(m[0]), text
    )


def _header_end(masked: str, start: int) -> int | None:
    """The offset of the colon ending the ``def`` header that starts at ``start``."""
    depth = 0
    for mark in _HEADER_MARK.finditer(masked, start):
        char = mark[0]
        if char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth -= 1
        elif depth == 0:
            return mark.start()
    return None


def _logical_end(masked: str, start: int) -> int:
    """The offset just past the newline that ends the logical line starting at ``start``."""
    depth = 0
    position = start
    while True:
        # a docstring is one long run of ``S``: skipped in one step, not a search per character
        run = _STRING_RUN.match(masked, position)
        position = run.end() if run is not None else position  # (``S*`` always matches)
        mark = _LINE_END.search(masked, position)
        if mark is None:
            return len(masked)
        char, position = mark[0], mark.end()
        if char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth -= 1
        elif char == "\\":
            position += masked.startswith("\n", position)  # a line continuation
        elif depth <= 0:
            return position


def _block_end(masked: str, start: int, indent: int) -> int:
    """Where the block whose lines start at ``start`` ends: the start of the first logical
    line indented ``indent`` columns or less (or the end of the text)."""
    dedent = _DEDENTS.get(indent)
    if dedent is None:
        dedent = _DEDENTS[indent] = re.compile(rf"\n(?=[ ]{{0,{indent}}}[^ \n])")
    position = start
    depth = 0
    for found in dedent.finditer(masked, start - 1):
        line = found.end()
        piece = masked[position:line]
        depth += sum(piece.count(c) for c in _OPENERS) - sum(piece.count(c) for c in _CLOSERS)
        position = line
        if depth <= 0 and masked[found.start() - 1] != "\\":
            return line
    return len(masked)


def _defs(masked: str) -> Iterator[tuple[int, int, int]]:
    """Each ``def`` at a line start (the matches of ``\\n([ ]*)(?:async[ ]+)?def[ ]``): the
    offset of the newline before it, its indentation and the offset after ``def ``.

    Searched as the literal ``def `` and its line checked, not as the pattern: the regex
    engine stopped at every newline of the text to try the rest (a module has ~40 lines per
    ``def``), 9x the time of this on the 166 installed modules of a cold astropy run."""
    rfind = masked.rfind
    for found in _DEF_WORD.finditer(masked):
        start = found.start()
        line = rfind("\n", 0, start) + 1
        prefix = masked[line:start]
        if not prefix.strip(" ") or _DEF_PREFIX.match(prefix):
            yield line - 1, len(prefix) - len(prefix.lstrip(" ")), found.end()


def exact_mask(text: str) -> str | None:
    """``text`` masked (:func:`mask_code`) behind a newline, so offsets in it are one more
    than in ``text`` and every line starts after a newline; ``None`` when a cut made on it
    would not be exact here (another tokenizer, tabs or form feeds, a mask that moved
    offsets)."""
    if not EXACT_TOKENS:
        return None
    masked = "\n" + mask_code(text)
    if "\t" in masked or "\f" in masked or len(masked) != len(text) + 1:
        return None
    return masked


def skeleton(text: str) -> str | None:
    """``text`` with its ``def`` bodies cut down (see the module docstring), or ``None`` when
    the cut would not be exact here (the caller then parses ``text`` itself)."""
    masked = exact_mask(text)  # offsets in ``masked`` are one more than in ``text``
    if masked is None:
        return None
    text = "\n" + text
    pieces: list[str] = []
    kept = 0  # text[:kept] is in pieces
    for newline, indent, after in _defs(masked):
        if newline + 1 < kept:  # (the def's line starts after the newline found)
            continue  # a def inside a body already cut
        colon = _header_end(masked, after)
        if colon is None:
            return None
        line_end = masked.find("\n", colon)
        if line_end == -1 or masked[colon + 1 : line_end].strip():
            continue  # ``def f(): return 1``: a body on the header's line, kept
        first = _CONTENT.search(masked, line_end + 1)
        if first is None:
            return None
        first_line = masked.rfind("\n", 0, first.start()) + 1
        if first.start() - first_line <= indent:
            return None  # no indented body: not a valid def (the whole text decides)
        if masked[first.start()] == "S":
            # a statement starting with a string: the docstring (or not), kept whole
            pieces.append(text[kept : _logical_end(masked, first.start())])
        else:
            pieces.append(text[kept:first_line])
            pieces.append(" " * (first.start() - first_line) + "pass\n")
        kept = _block_end(masked, first_line, indent)
    pieces.append(text[kept:])
    return "".join(pieces)[1:]
